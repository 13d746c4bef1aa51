import { defineApi } from "~/api/define-api.server";
import { json, operation, recordOf, ref } from "~/api/operation";
import { requireNoteLead } from "~/models/note.server";
import { logActivity } from "~/models/timeline.server";
import { activityInputSchema } from "~/models/timeline.schema";

/** POST /api/leads/{id}/activities {kind, outcome, notes?}: log a call or e-mail; 201 with it. */
export const api = defineApi([
  operation({
    method: "POST",
    id: "logLeadActivity",
    tag: "Timeline",
    summary: "Log a call or e-mail on a lead",
    description:
      "A call's outcome is CONNECTED, LEFT_VOICEMAIL, NO_ANSWER or WRONG_NUMBER; an e-mail's SENT, REPLIED or " +
      "BOUNCED. Send an `Idempotency-Key` to log it once however often the request is retried.",
    params: { id: recordOf("lead") },
    body: activityInputSchema,
    answers: { 201: json("The logged call or e-mail.", ref("LeadActivity")) },
    find: ({ actor, params }) => requireNoteLead(actor, params.id),
    handler: ({ actor, params, body }) => logActivity(actor, params.id, body),
  }),
]);

export const { loader, action } = api;
