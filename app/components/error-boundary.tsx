import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { AppLink } from "./app-link";
import { LoginScreen } from "./login-screen";

/**
 * Every route's error boundary: 401 is the login screen at the same URL (CONTRACT.md "Signing in"),
 * 404 the not-found page, anything else a plain message without internals.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 401) return <LoginScreen />;
    if (error.status === 404) return <NotFound />;
    if (error.status === 403)
      return <ErrorPanel title="Forbidden" message="You do not have access to this page." />;
  }
  return (
    <ErrorPanel
      title="Something went wrong"
      message="Please try again. If it keeps happening, tell your administrator."
    />
  );
}

export function NotFound() {
  return <ErrorPanel title="404 Page Not Found" message="The page you are looking for does not exist." />;
}

function ErrorPanel({ title, message }: { title: string; message: string }) {
  return (
    <main className="flex min-h-[60vh] items-center justify-center p-6">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-600">{message}</p>
        <AppLink
          to="/"
          className="mt-6 inline-block rounded-md bg-slate-800 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700"
        >
          Go to Dashboard
        </AppLink>
      </div>
    </main>
  );
}
