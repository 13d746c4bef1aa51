import { STATUS_LABELS, type LeadStatus } from "~/models/lead.schema";

const COLOURS: Record<LeadStatus, string> = {
  NEW: "bg-sky-100 text-sky-800",
  CONTACTED: "bg-amber-100 text-amber-800",
  QUALIFIED: "bg-violet-100 text-violet-800",
  PROPOSAL: "bg-orange-100 text-orange-800",
  CLOSED_WON: "bg-emerald-100 text-emerald-800",
  CLOSED_LOST: "bg-red-100 text-red-800",
};

/** A status in its colour; `label` replaces the usual wording where a screen says it otherwise. */
export function StatusBadge({
  status,
  label = STATUS_LABELS[status],
}: {
  status: LeadStatus;
  label?: string;
}) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${COLOURS[status]}`}
    >
      {label}
    </span>
  );
}
