import { isProduction } from "./env.server";
import { createCookie, redirect } from "@remix-run/node";
import { sessionSecrets } from "./secret.server";
import type { Toast, ToastInput } from "./toast";

let cookie: ReturnType<typeof createCookie> | undefined;

/** A flash cookie: set before a redirect, read and cleared by the next page's root loader. */
function toastCookie() {
  cookie ??= createCookie("toast", {
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction(),
    path: "/",
    maxAge: 60,
    secrets: sessionSecrets(),
  });
  return cookie;
}

export async function toastHeader(toast: ToastInput): Promise<string> {
  return toastCookie().serialize({ ...toast, id: toast.id ?? crypto.randomUUID() });
}

export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const value = await toastCookie().parse(request.headers.get("cookie"));
  if (!value || typeof value !== "object" || typeof value.title !== "string")
    return { toast: null, clear: null };
  return { toast: value as Toast, clear: await toastCookie().serialize("", { maxAge: 0 }) };
}
