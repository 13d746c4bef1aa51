import { formatCount, formatDateTime } from "~/utils/format";
import { useTimeZone } from "~/components/time-zone";
import type { WaitingNote } from "./note-queue";

/** The notes kept on this phone until they can be sent: each with its lead and when it was saved. */
export function WaitingNotes({ notes }: { notes: WaitingNote[] }) {
  const timeZone = useTimeZone();
  if (!notes.length) return null;
  return (
    <section
      aria-labelledby="waiting-heading"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 shadow-sm"
    >
      <h2 id="waiting-heading" className="font-semibold text-slate-900">
        Waiting to send ({formatCount(notes.length)})
      </h2>
      <p className="mt-1 text-sm text-slate-700">Kept on this phone, and sent when the connection returns.</p>
      <ul className="mt-2 divide-y divide-amber-200">
        {notes.map((note) => (
          <li key={note.key} className="min-w-0 py-2 text-sm">
            <p className="flex flex-wrap justify-between gap-x-3">
              <span className="min-w-0 break-words font-medium text-slate-900">{note.leadName}</span>
              <time dateTime={note.savedAt} className="text-slate-600">
                {formatDateTime(note.savedAt, timeZone)}
              </time>
            </p>
            <p className="truncate text-slate-700">
              {note.voice ? `Voice note (${note.voice.seconds}s)` : note.content}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
