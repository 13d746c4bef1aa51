/**
 * Only a path on this site: never let a redirectTo send the user elsewhere. Browsers drop tabs and newlines
 * and read "\\" as "/", so "/\t/evil.example" or "/\\evil.example" would leave the site: refuse those too.
 * DEL and characters beyond ASCII are percent-encoded (a Location header holds only Latin-1); text that
 * cannot be encoded (a lone surrogate) falls back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(to) || to.startsWith("//")) return fallback;
  try {
    return to.replace(/[\u007f-\uffff]+/g, (run) => encodeURIComponent(run));
  } catch {
    return fallback;
  }
}
