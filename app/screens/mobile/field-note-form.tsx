import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { MOBILE_LEADS, mobileView } from "./field-notes-view";
import { type Note } from "~/models/note.schema";
import { NOTE_OR_RECORDING_MESSAGE, SELECT_LEAD_MESSAGE } from "~/models/note";
import type { Division } from "~/utils/divisions";
import { newIdempotencyKey } from "~/utils/idempotency-key";
import { isLoggedOut, JsonFetchError } from "~/utils/json-fetch";
import { errorToast, successToast } from "~/utils/toast";
import { useHydrated } from "~/components/use-hydrated";
import { useIsPending } from "~/components/use-is-pending";
import { buttonClass, ErrorList, FormErrors, StatusButton } from "~/components/forms";
import { Icon } from "~/components/icons";
import { LeadChoiceList } from "~/components/lead-choice-list";
import { useToast } from "~/components/toaster";
import { useJsonFetch } from "~/components/use-json-fetch";
import { keepChosen, useLeadSearch, type LeadChoice } from "~/components/use-lead-search";
import { VoiceRecorder, useVoiceRecorder, type Recording } from "./voice-recorder";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";

/**
 * Tries the upload a few times (a phone in the field loses its signal), every try with the same
 * Idempotency-Key, so an upload that got through before its answer was lost is not stored again: "stored",
 * "failed", or "logged-out" (the logged-out flow has told the user already).
 */
async function uploadRecording(
  jsonFetch: ReturnType<typeof useJsonFetch>,
  noteId: string,
  recording: Recording,
) {
  const idempotencyKey = newIdempotencyKey();
  for (const wait of [0, 1000, 3000]) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      await jsonFetch(`/api/notes/${noteId}/audio`, { method: "PUT", body: recording.blob, idempotencyKey });
      return "stored";
    } catch (error) {
      if (isLoggedOut(error)) return "logged-out";
      // A refusal (too large, a type the server does not take) will not change on retry.
      if (error instanceof JsonFetchError && error.status >= 400 && error.status < 500) return "failed";
    }
  }
  return "failed";
}

/**
 * Field Notes (SPEC.md "Mobile notes"): pick a lead, write a note and/or record one, Save Note. Without
 * JavaScript the search and the text note are plain forms; with it, the list follows the typing and a voice
 * note is saved through the API, its recording uploaded after the note (retried, and the user told if it
 * finally fails: the note itself is kept).
 */
export function FieldNoteForm({
  division,
  search,
  chosen: initiallyChosen,
  leads,
  anyLeads,
  result,
}: {
  division: Division;
  search: string;
  chosen: string;
  leads: LeadChoice[];
  anyLeads: boolean;
  result?: { result: SubmissionResult<string[]> };
}) {
  const hydrated = useHydrated();
  const showToast = useToast();
  const jsonFetch = useJsonFetch();
  const recorder = useVoiceRecorder();
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
  // One Idempotency-Key per note as it is sent: Save Note tapped again after a failure (a lost answer, a 503)
  // saves the same note once; a changed note, or the next one, gets a new key.
  const noteKey = useRef<{ key: string; sent: string } | null>(null);
  const pending = useIsPending({ intent: "save-note" });
  const errors = result?.result.error ?? {};

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const content = text.current?.value.trim() ?? "";
    const recording = recorder.recording;
    if (!chosen) return showToast(errorToast(SELECT_LEAD_MESSAGE));
    if (!content && !recording) return showToast(errorToast(NOTE_OR_RECORDING_MESSAGE));
    setSaving(true);
    const json = recording
      ? {
          leadId: chosen.id,
          content: content || "Voice note",
          noteType: "VOICE",
          voiceDuration: recording.seconds,
        }
      : { leadId: chosen.id, content, noteType: "TEXT" };
    const sent = JSON.stringify(json);
    if (noteKey.current?.sent !== sent) noteKey.current = { key: newIdempotencyKey(), sent };
    let note: Note;
    try {
      note = await jsonFetch<Note>("/api/notes", {
        method: "POST",
        idempotencyKey: noteKey.current.key,
        json,
      });
    } catch (error) {
      setSaving(false);
      if (!isLoggedOut(error)) showToast(errorToast("Failed to save note"));
      return;
    }
    noteKey.current = null;
    const upload = recording ? await uploadRecording(jsonFetch, note.id, recording) : "stored";
    setSaving(false);
    if (upload === "logged-out") return;
    if (text.current) text.current.value = "";
    recorder.discard();
    showToast(
      upload === "stored"
        ? successToast("Note saved successfully")
        : {
            type: "error",
            title: "Recording not uploaded",
            description:
              "The note is saved, but its voice recording could not be sent. Please record it again.",
          },
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
                  {anyLeads ? "No leads found" : "No leads available"}
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
    </div>
  );
}
