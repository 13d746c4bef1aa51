import { Form } from "@remix-run/react";
import { buttonClass, Field } from "~/components/forms";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import type { SavedView } from "~/models/saved-view";
import { fullName } from "~/utils/format";
import { leadsView, type LeadsView } from "./leads-view";

/**
 * The saved views' forms (saved-view-actions.server.ts), plain POST forms that work without JavaScript: save
 * the list shown, folded in a <details>; and above a list opened from a view, its name with its owner's
 * Rename, Share and Delete.
 */

const checkboxClass = "h-4 w-4 rounded border-slate-300";

/** "Save view": the list as shown (the form posts to its URL), by name, shared with the division or not. */
export function SaveViewForm({ view }: { view: LeadsView }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">Save view</summary>
      <Form
        method="post"
        action={leadsView.href(view)}
        aria-label="Save view"
        className="mt-2 flex flex-wrap items-end gap-3"
      >
        <IdempotencyKeyField />
        <input type="hidden" name="intent" value="save-view" />
        <Field label="View name" id="save-view-name" name="name" required maxLength={100} />
        <label className="flex items-center gap-2 pb-2 text-slate-800">
          <input type="checkbox" name="shared" value="1" className={checkboxClass} />
          Share with the division
        </label>
        <button type="submit" className={buttonClass.primary}>
          Save
        </button>
      </Form>
    </details>
  );
}

/** The view the list was opened from: its name, whose it is, and its owner's controls. */
export function SavedViewBar({ view, saved, mine }: { view: LeadsView; saved: SavedView; mine: boolean }) {
  const here = leadsView.href(view, { savedView: saved.id });
  const hidden = (intent: string) => (
    <>
      <IdempotencyKeyField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="viewId" value={saved.id} />
    </>
  );
  return (
    <section
      aria-label="Saved view"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm"
    >
      <p className="min-w-0 flex-1 break-words text-slate-700">
        View: <strong className="text-slate-900">{saved.name}</strong>
        {saved.shared ? (
          <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            Shared
          </span>
        ) : null}
        {mine ? null : <span className="ml-2 text-slate-600">by {fullName(saved.owner)}</span>}
      </p>
      {mine ? (
        <>
          <details>
            <summary className="cursor-pointer font-medium text-slate-700">Rename</summary>
            <Form
              method="post"
              action={here}
              aria-label="Rename view"
              className="mt-2 flex flex-wrap items-end gap-2"
            >
              {hidden("rename-view")}
              <Field
                label="New name"
                id="rename-view-name"
                name="name"
                required
                maxLength={100}
                defaultValue={saved.name}
              />
              <button type="submit" className={buttonClass.secondary}>
                Rename
              </button>
            </Form>
          </details>
          <Form method="post" action={here}>
            {hidden("share-view")}
            <input type="hidden" name="shared" value={saved.shared ? "0" : "1"} />
            <button type="submit" className={buttonClass.secondary}>
              {saved.shared ? "Stop sharing" : "Share with the division"}
            </button>
          </Form>
          <Form method="post" action={here}>
            {hidden("delete-view")}
            <button type="submit" className={buttonClass.secondary}>
              Delete view
            </button>
          </Form>
        </>
      ) : null}
    </section>
  );
}
