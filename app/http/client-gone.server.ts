import { logLine } from "~/utils/log-line";

/** A client that went away mid-request is not an error of ours: one line, no stack. */
export function logClientGone(method: string, path: string) {
  console.warn(logLine`Client went away: ${method} ${path}`);
}
