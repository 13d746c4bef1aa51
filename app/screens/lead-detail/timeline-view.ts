/**
 * The lead timeline's URL state, beside the page's own (docs/decisions/029-lead-timeline.md): the kind kept
 * (`?timeline=call`), the page (`?older=<cursor>`, the last entry shown) and the call or e-mail being logged
 * (`?log=call`), so the filter, the "Older" link and the log form work without JavaScript.
 */
import { TIMELINE_KINDS, type TimelineKind } from "~/models/timeline";

export const LOG_KINDS = ["call", "email"] as const;
export type LogKind = (typeof LOG_KINDS)[number];

const KIND_PARAM = "timeline";
const OLDER_PARAM = "older";
const LOG_PARAM = "log";

export type TimelineState = { kind: TimelineKind | null; older: string | null; log: LogKind | null };

export function timelineState(search: string): TimelineState {
  const params = new URLSearchParams(search);
  const kind = params.get(KIND_PARAM);
  const log = params.get(LOG_PARAM);
  return {
    kind: TIMELINE_KINDS.includes(kind as TimelineKind) ? (kind as TimelineKind) : null,
    older: params.get(OLDER_PARAM) || null,
    log: LOG_KINDS.includes(log as LogKind) ? (log as LogKind) : null,
  };
}

/** `search` with the timeline's parameters changed (null removes one), the page's own kept. */
export function withTimeline(search: string, change: Partial<TimelineState>) {
  const params = new URLSearchParams(search);
  const names: Record<keyof TimelineState, string> = { kind: KIND_PARAM, older: OLDER_PARAM, log: LOG_PARAM };
  for (const [key, value] of Object.entries(change) as [keyof TimelineState, string | null][]) {
    if (value) params.set(names[key], value);
    else params.delete(names[key]);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}
