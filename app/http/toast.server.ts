import { redirect } from "@remix-run/node";
import { flashCookie } from "./flash-cookie.server";
import type { Toast, ToastInput } from "~/utils/toast";

const toastFlash = flashCookie<Toast>(
  "toast",
  (value): value is Toast =>
    !!value && typeof value === "object" && typeof (value as Toast).title === "string",
);

export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastFlash.set({ ...toast, id: toast.id ?? crypto.randomUUID() }));
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it. */
export async function takeToast(request: Request) {
  const { value, clear } = await toastFlash.take(request);
  return { toast: value, clear };
}
