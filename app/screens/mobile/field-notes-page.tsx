import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { AppLink } from "~/components/app-link";
import { DivisionLogo } from "~/components/division-logo";
import { FieldNoteForm } from "./field-note-form";
import type { mobileAction, mobileLoader } from "./field-notes.server";
import { brandingFor } from "~/utils/divisions";

export const meta: MetaFunction = () => [{ title: "Field Notes | CRM" }];

/**
 * The service worker that lets this page open without a connection (it keeps the page's offline copy and its
 * built assets, nothing else): registered from this page only, for /mobile only.
 */
function useOfflineCopy() {
  useEffect(() => {
    // Only in a secure context (https, localhost), and never a reason for the page to fail; after the page
    // has loaded, so that what it keeps does not compete with the page's own first load.
    const register = () =>
      navigator.serviceWorker?.register("/mobile-sw.js", { scope: "/mobile" }).catch(() => undefined);
    if (document.readyState === "complete") return void register();
    window.addEventListener("load", register, { once: true });
    return () => window.removeEventListener("load", register);
  }, []);
}

/** How often the offline copy asks whether the server answers again, when the browser believes it is online. */
const PROBE_EVERY_MS = 30_000;

/**
 * The offline copy gives way to the page itself once the server answers: reloaded when the browser says it
 * is online again, or when the app answers although the browser did not say it was offline (a network that
 * carried nothing for a while, or a worker that saw the connection return later than the page). A reload
 * that fails shows the offline copy again, where a revalidation would show an error.
 */
function useReopenWhenOnline(offline: boolean) {
  useEffect(() => {
    if (!offline) return;
    const reopen = () => window.location.reload();
    const probe = async () => {
      if (
        navigator.onLine &&
        (await fetch("/healthz").then(
          (answer) => answer.ok,
          () => false,
        ))
      )
        reopen();
    };
    const soon = window.setTimeout(probe, 1_000);
    const later = window.setInterval(probe, PROBE_EVERY_MS);
    window.addEventListener("online", reopen);
    return () => {
      window.clearTimeout(soon);
      window.clearInterval(later);
      window.removeEventListener("online", reopen);
    };
  }, [offline]);
}

/** Field notes for phones (SPEC.md "Mobile notes"): no shell, one column, large targets. */
export function FieldNotesPage() {
  const data = useLoaderData<typeof mobileLoader>();
  const result = useActionData<typeof mobileAction>();
  const brand = brandingFor(data.division);
  useOfflineCopy();
  useReopenWhenOnline(data.offline);
  return (
    <div className="min-h-screen bg-slate-50">
      <header className={`${brand.headerClass} flex items-center justify-between gap-3 px-4 py-3`}>
        <div className="flex items-center gap-3">
          <DivisionLogo division={brand.division} className="h-8 w-8" />
          <h1 className="text-lg font-bold">Field Notes</h1>
        </div>
        <AppLink to="/" className="text-sm font-medium underline">
          {brand.title}
        </AppLink>
      </header>
      <main className="mx-auto max-w-lg p-4">
        <FieldNoteForm
          key={data.view.q}
          userId={data.userId}
          offline={data.offline}
          division={data.division}
          search={data.view.q}
          chosen={data.chosen}
          leads={data.leads}
          anyLeads={data.anyLeads}
          result={result}
        />
      </main>
    </div>
  );
}
