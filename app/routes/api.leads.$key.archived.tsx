import { defineApi } from "~/api/define-api.server";
import { leadListOperation } from "~/screens/leads/lead-list-operation.server";

/** GET /api/leads/{division}/archived: the division's archived leads, with the list's query options. */
export const api = defineApi([leadListOperation(true)]);

export const { loader, action } = api;
