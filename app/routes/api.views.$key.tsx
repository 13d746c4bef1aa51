import { defineApi } from "~/api/define-api.server";
import { COUNTED, division, json, listOf, operation, recordOf, ref } from "~/api/operation";
import { listResponse } from "~/http/api.server";
import { createSavedViewSchema, updateSavedViewSchema } from "~/models/saved-view.schema";
import {
  createSavedView,
  deleteSavedView,
  getSavedView,
  listSavedViews,
  updateSavedView,
} from "~/models/saved-view.server";
import { savedViewQuery } from "~/screens/leads/leads-view";

/**
 * GET /api/views/{division}: the saved views the caller sees there (X-Total-Count); POST creates one.
 * PATCH /api/views/{id} changes one of the caller's own; DELETE deletes it. A view's `query` is kept as
 * /leads writes it (screens/leads/leads-view.ts savedViewQuery): what the list does not know is dropped.
 */
const QUERY_NOTE =
  "`query` is a /leads query string (`status=NEW,QUALIFIED&minValue=1000&overdue=1`), kept as the list " +
  "writes it: parameters the list does not know, and `page`, are dropped.";

export const api = defineApi([
  operation({
    method: "GET",
    id: "listSavedViews",
    tag: "Saved views",
    summary: "A division's saved views",
    description: "Your own views first, then those others share with the division, each by name.",
    params: { key: division() },
    answers: { 200: json("The views.", listOf("SavedView"), COUNTED) },
    handler: async ({ actor, params }) => {
      const views = await listSavedViews(actor, params.key);
      return listResponse(views, views.length);
    },
  }),
  operation({
    method: "POST",
    id: "createSavedView",
    tag: "Saved views",
    summary: "Save a view",
    description: `A view of yours in the division; \`shared\` shows it to everyone with the division. ${QUERY_NOTE}`,
    params: { key: division() },
    body: createSavedViewSchema,
    answers: { 201: json("The created view.", ref("SavedView")) },
    errors: { 409: "You already have a view of that name in the division (any case), or 50 views there." },
    handler: ({ actor, params, body }) =>
      createSavedView(actor, params.key, { ...body, query: savedViewQuery(body.query) }),
  }),
  operation({
    method: "PATCH",
    id: "updateSavedView",
    tag: "Saved views",
    summary: "Rename, share or change a view",
    description: `Here \`{key}\` is a view's id. Any of \`name\`, \`shared\`, \`query\`. ${QUERY_NOTE}`,
    params: { key: recordOf("view") },
    body: updateSavedViewSchema,
    answers: { 200: json("The updated view.", ref("SavedView")) },
    errors: {
      403: "`Forbidden`: the view is shared with you but not yours.",
      409: "You already have a view of that name in the division.",
    },
    find: ({ actor, params }) => getSavedView(actor, params.key, { own: true }),
    handler: ({ actor, params, body }) =>
      updateSavedView(actor, params.key, {
        ...body,
        query: body.query === undefined ? undefined : savedViewQuery(body.query),
      }),
  }),
  operation({
    method: "DELETE",
    id: "deleteSavedView",
    tag: "Saved views",
    summary: "Delete a view",
    description: "Here `{key}` is a view's id. Answers the view as it was.",
    params: { key: recordOf("view") },
    answers: { 200: json("The deleted view.", ref("SavedView")) },
    errors: { 403: "`Forbidden`: the view is shared with you but not yours." },
    handler: ({ actor, params }) => deleteSavedView(actor, params.key),
  }),
]);

export const { loader, action } = api;
