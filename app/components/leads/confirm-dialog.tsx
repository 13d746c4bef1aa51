import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import type { Lead } from "~/models/lead.server";
import { leadsHref, type LeadsView } from "~/utils/leads-url";
import { buttonClass } from "../forms";
import { Modal } from "../modal";

export type Confirmation =
  { kind: "archive" | "restore"; lead: Lead } | { kind: "bulk-archive" | "bulk-restore"; ids: string[] };

/** The confirmation step before archiving or restoring, one lead or the selected ones (SPEC.md section 4). */
export function ConfirmDialog({ view, confirm }: { view: LeadsView; confirm: SerializeFrom<Confirmation> }) {
  const listHref = leadsHref(view);
  const archiving = confirm.kind === "archive" || confirm.kind === "bulk-archive";
  const count = "ids" in confirm ? confirm.ids.length : 1;
  const title = archiving
    ? count === 1
      ? "Archive Lead"
      : "Archive Leads"
    : count === 1
      ? "Restore Lead"
      : "Restore Leads";
  return (
    <Modal title={title} closeHref={listHref}>
      {"lead" in confirm ? (
        <p className="text-sm text-slate-600">
          {confirm.lead.firstName} {confirm.lead.lastName}, {confirm.lead.company}
        </p>
      ) : null}
      {count === 0 ? (
        <p className="mt-2 text-slate-800">Select at least one lead first.</p>
      ) : (
        <p className={`mt-2 font-semibold ${archiving ? "text-red-700" : "text-slate-800"}`}>
          {archiving
            ? count === 1
              ? "YOU ARE ABOUT TO TRASH THIS LEAD"
              : `YOU ARE ABOUT TO TRASH THESE ${count} LEADS`
            : count === 1
              ? "Are you sure you want to restore this lead?"
              : `Are you sure you want to restore these ${count} leads?`}
        </p>
      )}
      <Form method="post" action={listHref} className="mt-6 flex flex-wrap justify-end gap-2">
        <Link to={listHref} className={buttonClass.secondary}>
          Cancel
        </Link>
        {"lead" in confirm ? (
          <input type="hidden" name="leadId" value={confirm.lead.id} />
        ) : (
          confirm.ids.map((id) => <input key={id} type="hidden" name="ids" value={id} />)
        )}
        {count > 0 ? (
          <button
            type="submit"
            name="intent"
            value={confirm.kind}
            className={archiving ? buttonClass.danger : buttonClass.primary}
          >
            {title}
          </button>
        ) : null}
      </Form>
    </Modal>
  );
}
