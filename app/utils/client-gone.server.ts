/** A client that went away mid-request is not an error of ours: one line, no stack. */
export function logClientGone(method: string, path: string) {
  console.warn(`Client went away: ${method} ${path}`);
}
