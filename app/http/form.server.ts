/**
 * The most fields a page's form may send. The largest form sends one per lead of a page (bulk archive, 50)
 * plus a few; Conform's parser copies a repeated field's list again for every repeat, so a form of ten
 * thousand repeats held the server for seconds (docs/decisions/022-turbo-stream-cve.md).
 */
export const MAX_FORM_FIELDS = 200;

/**
 * The names our forms' fields have: plain words. Conform reads `a.b` and `a[0]` in a name as nesting and its
 * reply echoes the nested value back into the page's data, as it does its own `__state__` and `__intent__`
 * fields (which this leaves out too): a crafted one nested thousands deep made the answer's encoder overflow
 * its stack (decision 022).
 */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * A page action's form body; anything but a form (a script posting JSON to a page) is a 415, not a 500. A
 * form with more fields than any page sends, or with a field name none of ours has, is refused (400) before
 * any parser sees it.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Response("Unsupported media type", { status: 415 });
  }
  let fields = 0;
  for (const [name] of form) {
    if (++fields > MAX_FORM_FIELDS || !FIELD_NAME.test(name)) {
      throw new Response("Bad request: this form is not one of the app's", { status: 400 });
    }
  }
  return form;
}
