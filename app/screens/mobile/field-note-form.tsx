import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { MOBILE_LEADS, mobileView } from "./field-notes-view";
import { NOTE_OR_RECORDING_MESSAGE, SELECT_LEAD_MESSAGE } from "~/models/note";
import type { Division } from "~/utils/divisions";
import { newIdempotencyKey } from "~/utils/idempotency-key";
import { errorToast, successToast } from "~/utils/toast";
import { useHydrated } from "~/components/use-hydrated";
import { useIsPending } from "~/components/use-is-pending";
import { buttonClass, ErrorList, FormErrors, StatusButton } from "~/components/forms";
import { Icon } from "~/components/icons";
import { LeadChoiceList } from "~/components/lead-choice-list";
import { useToast } from "~/components/toaster";
import { keepChosen, useLeadSearch, type LeadChoice } from "~/components/use-lead-search";
import { VoiceRecorder, useVoiceRecorder } from "./voice-recorder";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import type { WaitingNote } from "./note-queue";
import { RECORDING_REFUSED_TOAST, useWaitingNotes } from "./use-waiting-notes";
import { WaitingNotes } from "./waiting-notes";

const WAITING_TOAST = {
  type: "info",
  title: "Waiting to send",
  description: "The note is kept on this phone and sent when the connection returns.",
} as const;

/**
 * Field Notes (SPEC.md "Mobile notes"): pick a lead, write a note and/or record one, Save Note. Without
 * JavaScript the search and the text note are plain forms; with it, the list follows the typing and a note is
 * saved through the API, a voice note's recording uploaded after it. A note that cannot be sent (no
 * connection) waits on the phone and is sent when the connection returns (use-waiting-notes.ts). `offline`:
 * the page's offline copy (public/mobile-sw.js), which has no leads to choose from and names no user.
 */
export function FieldNoteForm({
  userId,
  offline,
  division,
  search,
  chosen: initiallyChosen,
  leads,
  anyLeads,
  result,
}: {
  userId: string | null;
  offline: boolean;
  division: Division;
  search: string;
  chosen: string;
  leads: LeadChoice[];
  anyLeads: boolean;
  result?: { result: SubmissionResult<string[]> };
}) {
  const hydrated = useHydrated();
  const showToast = useToast();
  const recorder = useVoiceRecorder();
  const waiting = useWaitingNotes(userId);
  const {
    results,
    loading,
    search: searchLeads,
  } = useLeadSearch({
    division,
    limit: MOBILE_LEADS,
    query: search,
    results: leads,
  });
  // A Save Note refused without JavaScript comes back with what was sent: the lead and the text stay.
  const sent = result?.result.initialValue as { leadId?: string; content?: string } | null | undefined;
  const [chosen, setChosen] = useState(() => {
    const id = sent?.leadId ?? initiallyChosen;
    return leads.find((lead) => lead.id === id) ?? null;
  });
  const [saving, setSaving] = useState(false);
  const text = useRef<HTMLTextAreaElement>(null);
  const pending = useIsPending({ intent: "save-note" });
  const errors = result?.result.error ?? {};

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const content = text.current?.value.trim() ?? "";
    const recording = recorder.recording;
    if (!chosen) return showToast(errorToast(SELECT_LEAD_MESSAGE));
    if (!content && !recording) return showToast(errorToast(NOTE_OR_RECORDING_MESSAGE));
    setSaving(true);
    // Its keys are made now, once: every later try of this note carries the same ones.
    const note: Omit<WaitingNote, "userId"> = {
      key: newIdempotencyKey(),
      leadId: chosen.id,
      leadName: chosen.name,
      content: content || "Voice note",
      noteType: recording ? "VOICE" : "TEXT",
      savedAt: new Date().toISOString(),
      voice: recording
        ? {
            audio: await recording.blob.arrayBuffer(),
            type: recording.blob.type,
            seconds: recording.seconds,
            key: newIdempotencyKey(),
          }
        : null,
    };
    const sent = await waiting.save(note);
    setSaving(false);
    if (sent === "signed-out") return;
    if (sent === "refused" || sent === "unsent") return showToast(errorToast("Failed to save note"));
    if (text.current) text.current.value = "";
    recorder.discard();
    showToast(
      sent === "stored"
        ? successToast("Note saved successfully")
        : sent === "waiting"
          ? WAITING_TOAST
          : RECORDING_REFUSED_TOAST,
    );
  }

  const found = (hydrated ? results : undefined) ?? leads;
  const list = keepChosen(found, chosen) ?? [];
  return (
    <div className="space-y-5">
      <section
        aria-labelledby="pick-lead"
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="pick-lead" className="font-semibold text-slate-900">
          1. Lead
        </h2>
        <Form
          method="get"
          action="/mobile"
          role="search"
          className="mt-3 flex gap-2"
          onSubmit={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            // The box's own text: what was typed before the page hydrated counts too.
            searchLeads(new FormData(event.currentTarget).get("q")?.toString() ?? "");
          }}
        >
          {chosen ? <input type="hidden" name="lead" value={chosen.id} /> : null}
          <label htmlFor="mobile-search" className="sr-only">
            Search leads
          </label>
          <input
            id="mobile-search"
            name="q"
            type="search"
            defaultValue={search}
            placeholder="Search leads..."
            onChange={(event) => searchLeads(event.target.value)}
            className="block min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-3 text-base shadow-sm"
          />
          <button type="submit" className={buttonClass.secondary} aria-label="Search">
            <Icon name="search" />
          </button>
        </Form>
      </section>

      <Form
        method="post"
        action={mobileView.href({ q: search })}
        onSubmit={hydrated ? save : undefined}
        className="space-y-5"
      >
        <IdempotencyKeyField />
        <input type="hidden" name="intent" value="save-note" />
        {/* min-w-0: a fieldset is as wide as its widest word unless told otherwise. */}
        <fieldset
          className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          aria-describedby="lead-error"
        >
          <legend className="sr-only">Choose a lead</legend>
          {loading ? (
            <p className="py-3 text-sm text-slate-600">Loading leads...</p>
          ) : (
            <>
              {found.length === 0 ? (
                <p className="py-3 text-sm text-slate-600">
                  {offline
                    ? "No connection: the leads show when it returns."
                    : anyLeads
                      ? "No leads found"
                      : "No leads available"}
                </p>
              ) : null}
              {list.length ? (
                <LeadChoiceList leads={list} chosen={chosen} onChoose={setChosen} size="large" />
              ) : null}
            </>
          )}
          <ErrorList id="lead-error" errors={errors.leadId} />
        </fieldset>

        <section
          aria-labelledby="note-heading"
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 id="note-heading" className="font-semibold text-slate-900">
            2. Note
          </h2>
          <label htmlFor="mobile-note" className="sr-only">
            Note
          </label>
          <textarea
            id="mobile-note"
            ref={text}
            name="content"
            defaultValue={sent?.content ?? ""}
            rows={4}
            placeholder="Add a note..."
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={errors.content ? "mobile-note-error" : undefined}
            className="mt-3 block w-full rounded-md border border-slate-300 px-3 py-3 text-base shadow-sm"
          />
          <ErrorList id="mobile-note-error" errors={errors.content} />
        </section>

        <section
          aria-labelledby="voice-heading"
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 id="voice-heading" className="mb-3 font-semibold text-slate-900">
            3. Voice note
          </h2>
          <VoiceRecorder recorder={recorder} />
        </section>

        {/* A save the server refused (its lead gone from the user's divisions), posted without JavaScript. */}
        <FormErrors id="mobile-form-error" errors={errors[""]} />
        <StatusButton
          pending={pending || saving}
          pendingText="Saving..."
          disabled={recorder.state === "recording"}
          className={`${buttonClass.primary} w-full py-3 text-base`}
        >
          Save Note
        </StatusButton>
      </Form>
      <WaitingNotes notes={waiting.notes} />
    </div>
  );
}
