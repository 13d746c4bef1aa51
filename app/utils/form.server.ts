/** A page action's form body; anything but a form (a script posting JSON to a page) is a 415, not a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("Unsupported media type", { status: 415 });
  }
}
