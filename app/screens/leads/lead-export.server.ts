import type { Actor } from "~/models/actor.server";
import { type Lead, STATUS_LABELS } from "~/models/lead";
import { streamLeadExport } from "~/models/lead-list.server";
import { csvRow } from "~/utils/csv";
import { batchStream } from "~/http/batch-stream";
import type { Division } from "~/utils/divisions";
import { fullName } from "~/utils/format";

export const EXPORT_HEADER = [
  "ID",
  "First Name",
  "Last Name",
  "Email",
  "Phone",
  "Company",
  "Position",
  "Status",
  "Estimated Value (GBP)",
  "Owner",
  "Assigned To",
  "Created",
  "Last Update",
  "Archived",
];

function exportRow(lead: Lead) {
  return csvRow([
    lead.id,
    lead.firstName,
    lead.lastName,
    lead.email,
    lead.phone,
    lead.company,
    lead.position,
    STATUS_LABELS[lead.status],
    lead.estimatedValue,
    fullName(lead.createdBy),
    fullName(lead.assignedTo),
    lead.createdAt.toISOString(),
    lead.updatedAt.toISOString(),
    lead.isArchived ? "Yes" : "No",
  ]);
}

/**
 * Export Report (CONTRACT.md): the division's leads as a CSV attachment, written batch by batch as they are
 * read, so memory stays flat for any number of leads; the batches end when the request is aborted. The export
 * is in the audit log.
 */
export async function leadExportResponse(actor: Actor, division: Division, request: Request) {
  // A HEAD request asks only about the file: nothing is exported, so nothing is recorded.
  const batches = await streamLeadExport(actor, division, { audit: request.method !== "HEAD" });
  const body = await batchStream(batches, {
    head: csvRow(EXPORT_HEADER),
    write: (leads) => leads.map(exportRow).join(""),
    signal: request.signal,
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${division.toLowerCase()}-leads-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
