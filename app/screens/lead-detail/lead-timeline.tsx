import type { SerializeFrom } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { STATUS_LABELS } from "~/models/lead";
import {
  changedFields,
  KIND_LABELS,
  OUTCOME_LABELS,
  TIMELINE_KINDS,
  type TimelineEntry,
  type TimelineKind,
} from "~/models/timeline";
import { formatDateTime } from "~/utils/format";
import { AppLink } from "~/components/app-link";
import { buttonClass } from "~/components/forms";
import { Icon, type IconName } from "~/components/icons";
import { useTimeZone } from "~/components/time-zone";
import { Section } from "./section";
import { timelineState, withTimeline } from "./timeline-view";

type Entry = SerializeFrom<TimelineEntry>;

/** A page of the timeline as the detail's loader reads it (timeline.server.ts). */
export type TimelinePage = { kind: TimelineKind | null; entries: Entry[]; older: string | null };

/**
 * The lead's timeline (docs/decisions/029-lead-timeline.md): everything done on it, newest first, with who and
 * when; a kind kept by the filter's links and older entries a page at a time, both in the address.
 */
export function LeadTimeline({ timeline }: { timeline: TimelinePage }) {
  const location = useLocation();
  const timeZone = useTimeZone();
  const href = (change: Parameters<typeof withTimeline>[1]) =>
    location.pathname + withTimeline(location.search, change);
  const paged = timelineState(location.search).older !== null;
  return (
    <Section title="Timeline">
      <nav aria-label="Show in timeline">
        <ul className="flex flex-wrap gap-1">
          {[null, ...TIMELINE_KINDS].map((kind) => {
            const current = kind === timeline.kind;
            return (
              <li key={kind ?? "all"}>
                <AppLink
                  to={href({ kind, older: null })}
                  replace
                  preventScrollReset
                  aria-current={current ? "true" : undefined}
                  className={`inline-block rounded-full border px-3 py-1 text-xs font-medium ${
                    current
                      ? "border-slate-800 bg-slate-800 text-white"
                      : "border-slate-300 text-slate-700 hover:bg-slate-100"
                  }`}
                >
                  {kind ? KIND_LABELS[kind] : "All"}
                </AppLink>
              </li>
            );
          })}
        </ul>
      </nav>
      {timeline.entries.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">Nothing here yet.</p>
      ) : (
        <ol className="mt-4 space-y-4" aria-label="Timeline entries">
          {timeline.entries.map((entry) => (
            <TimelineItem key={`${entry.type}:${entry.id}`} entry={entry} timeZone={timeZone} />
          ))}
        </ol>
      )}
      {paged || timeline.older ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {paged ? (
            <AppLink to={href({ older: null })} replace preventScrollReset className={buttonClass.secondary}>
              Newest
            </AppLink>
          ) : null}
          {timeline.older ? (
            <AppLink
              to={href({ older: timeline.older })}
              replace
              preventScrollReset
              className={buttonClass.secondary}
            >
              Older
            </AppLink>
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}

/** An entry's icon, its headline, and the text beneath it (null: none). */
function describe(entry: Entry, timeZone: string): { icon: IconName; title: string; text: string | null } {
  switch (entry.type) {
    case "NOTE":
      return {
        icon: "document",
        title:
          entry.noteType === "VOICE"
            ? `Voice note${entry.voiceDuration ? ` (${entry.voiceDuration}s)` : ""}`
            : "Note",
        text: entry.text,
      };
    case "FOLLOW_UP_SCHEDULED":
      return {
        icon: "calendar",
        title: `Follow-up scheduled for ${formatDateTime(entry.followUpDate!, timeZone)}`,
        text: entry.text,
      };
    case "FOLLOW_UP_COMPLETED":
      return { icon: "check", title: "Follow-up completed", text: entry.text };
    case "STATUS_CHANGED":
      return { icon: "leads", title: `Status: ${STATUS_LABELS[entry.status!]}`, text: entry.text };
    case "FIELDS_CHANGED":
      return { icon: "pencil", title: changedFields(entry.text ?? ""), text: null };
    case "ARCHIVED":
      return { icon: "trash", title: "Archived", text: null };
    case "RESTORED":
      return { icon: "restore", title: "Restored", text: null };
    case "CALL_LOGGED":
      return { icon: "phone", title: `Call: ${OUTCOME_LABELS[entry.outcome!]}`, text: entry.text };
    case "EMAIL_LOGGED":
      return { icon: "mail", title: `E-mail: ${OUTCOME_LABELS[entry.outcome!]}`, text: entry.text };
  }
}

function TimelineItem({ entry, timeZone }: { entry: Entry; timeZone: string }) {
  const { icon, title, text } = describe(entry, timeZone);
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700">
        <Icon name={icon} width={16} height={16} />
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium wrap-anywhere text-slate-900">{title}</p>
        {text ? <p className="whitespace-pre-line wrap-anywhere text-slate-700">{text}</p> : null}
        {entry.hasAudio && entry.type !== "FOLLOW_UP_COMPLETED" ? (
          <audio
            controls
            preload="none"
            src={`/api/notes/${entry.id}/audio`}
            aria-label={`Voice note by ${entry.by?.name ?? "Unknown"}`}
            className="mt-1 w-full"
          />
        ) : null}
        <p className="mt-0.5 text-xs text-slate-600">
          {entry.by?.name ?? "Unknown"} ·{" "}
          <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at, timeZone)}</time>
        </p>
      </div>
    </li>
  );
}
