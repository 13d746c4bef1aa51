import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/app-link";
import { DivisionLogo } from "~/components/division-logo";
import { FieldNoteForm } from "./field-note-form";
import type { mobileAction, mobileLoader } from "./field-notes.server";
import { brandingFor } from "~/utils/divisions";

export const meta: MetaFunction = () => [{ title: "Field Notes | CRM" }];

/** Field notes for phones (SPEC.md "Mobile notes"): no shell, one column, large targets. */
export function FieldNotesPage() {
  const data = useLoaderData<typeof mobileLoader>();
  const result = useActionData<typeof mobileAction>();
  const brand = brandingFor(data.division);
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
