import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { brandingFor } from "~/utils/divisions";
import { JsonFetchError } from "~/utils/json-fetch";
import { safeRedirect } from "~/utils/safe-redirect";
import { SIGN_IN_MESSAGES, type LoginFailure } from "~/utils/sign-in-messages";
import { DivisionLogo } from "./division-logo";
import { useToast } from "./toaster";
import { useJsonFetch } from "./use-json-fetch";

/**
 * The sign-in form, shown at whatever URL was asked for. Without JavaScript it posts to /login, which
 * returns to this URL: signed in, or with the failure's message (root loader's loginFailure). With
 * JavaScript it calls POST /api/auth/login and reloads the page on success (SPEC.md section 7).
 */
export function LoginScreen({ redirectTo }: { redirectTo?: string }) {
  const location = useLocation();
  const showToast = useToast();
  const jsonFetch = useJsonFetch();
  const failure = useRouteLoaderData<{ loginFailure: LoginFailure | null }>("root")?.loginFailure;
  const [message, setMessage] = useState(failure?.message);
  const [busy, setBusy] = useState(false);
  const brand = brandingFor(undefined);
  const target = safeRedirect(
    redirectTo ?? (location.pathname === "/login" ? "/" : location.pathname + location.search),
  );

  function fail(text: string) {
    setMessage(text);
    showToast({ type: "error", title: "Login Failed", description: text });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const credentials = {
      username: String(form.get("username") ?? ""),
      password: String(form.get("password") ?? ""),
    };
    if (!credentials.username.trim() || !credentials.password.trim()) return fail(SIGN_IN_MESSAGES.blank);
    setBusy(true);
    try {
      // A 401 here is the answer to wrong credentials, not a lost session: no logged-out flow.
      await jsonFetch("/api/auth/login", { method: "POST", json: credentials, loginPath: false });
      window.location.assign(target);
      return;
    } catch (error) {
      if (!(error instanceof JsonFetchError)) fail(SIGN_IN_MESSAGES.offline);
      else fail(error.body?.errors?.username?.[0] ?? error.serverMessage ?? SIGN_IN_MESSAGES.invalid);
    }
    setBusy(false);
  }

  const fieldClass =
    "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 shadow-sm focus:border-slate-500 focus:ring-2 focus:ring-slate-400 focus:outline-none";
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200 p-4">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-lg">
        <div className="flex flex-col items-center text-center">
          <DivisionLogo division={brand.division} className="h-12 w-12" />
          <h1 className="mt-3 text-2xl font-bold text-slate-900">{brand.title}</h1>
          <p className="mt-1 text-sm text-slate-500">Sign in to continue</p>
        </div>
        <form method="post" action="/login" onSubmit={onSubmit} className="mt-6 space-y-4" noValidate>
          <input type="hidden" name="redirectTo" value={target} />
          <div>
            <label htmlFor="login-username" className="block text-sm font-medium text-slate-700">
              Username
            </label>
            <input
              id="login-username"
              name="username"
              type="text"
              autoComplete="username"
              defaultValue={failure?.username ?? ""}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? "login-error" : undefined}
              className={fieldClass}
            />
          </div>
          <div>
            <label htmlFor="login-password" className="block text-sm font-medium text-slate-700">
              Password
            </label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? "login-error" : undefined}
              className={fieldClass}
            />
          </div>
          {message ? (
            <p id="login-error" role="alert" className="text-sm text-red-700">
              {message}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-md bg-slate-800 px-4 py-2 font-medium text-white hover:bg-slate-700 disabled:opacity-70"
          >
            {busy ? "Signing in..." : "Sign in"}
          </button>
        </form>
        <p className="mt-4 text-center text-sm text-slate-500">
          Contact your administrator if you need access
        </p>
        <a
          href="/api/admin/login"
          className="mt-4 block w-full rounded-md border border-slate-300 px-4 py-2 text-center text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Admin Access
        </a>
      </div>
    </main>
  );
}
