import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
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

/** Field notes for phones (SPEC.md "Mobile notes"): no shell, one column, large targets. */
export function FieldNotesPage() {
  const data = useLoaderData<typeof mobileLoader>();
  const result = useActionData<typeof mobileAction>();
  const brand = brandingFor(data.division);
  useOfflineCopy();
  // The offline copy gets the real page's data as soon as the connection returns.
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!data.offline) return;
    window.addEventListener("online", revalidate);
    return () => window.removeEventListener("online", revalidate);
  }, [data.offline, revalidate]);
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
          key={`${data.view.q} ${data.offline}`}
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
