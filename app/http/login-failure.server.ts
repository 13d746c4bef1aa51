import { flashCookie } from "./flash-cookie.server";
import type { LoginFailure } from "~/utils/sign-in-messages";

/**
 * A failed sign-in without JavaScript goes back to the page that was asked for; this flash carries the
 * message and the typed username there, so the login screen shows them at the same URL.
 */
const loginFailureFlash = flashCookie<LoginFailure>(
  "login-failure",
  (value): value is LoginFailure =>
    !!value &&
    typeof (value as LoginFailure).message === "string" &&
    typeof (value as LoginFailure).username === "string",
);

export function loginFailureHeader(failure: LoginFailure) {
  return loginFailureFlash.set({ ...failure, username: failure.username.slice(0, 254) });
}

export async function takeLoginFailure(request: Request) {
  const { value, clear } = await loginFailureFlash.take(request);
  return { failure: value, clear };
}
