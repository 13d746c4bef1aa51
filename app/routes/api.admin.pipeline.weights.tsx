import { defineApi } from "~/api/define-api.server";
import { json, operation, ref } from "~/api/operation";
import { stageWeightsSchema } from "~/models/pipeline.schema";
import { getStageWeights, setStageWeights } from "~/models/pipeline.server";

/**
 * GET and PUT /api/admin/pipeline/weights: each status's probability, by which the board weighs its columns
 * (every board column also carries its weight, for everyone).
 */
export const api = defineApi([
  operation({
    method: "GET",
    id: "getStageWeights",
    tag: "Administration",
    summary: "The stage weights",
    description: "Each status's probability in whole per cent, for the whole company. Admins only.",
    access: "admin",
    answers: { 200: json("The weights.", ref("StageWeights")) },
    handler: ({ actor }) => getStageWeights(actor),
  }),
  operation({
    method: "PUT",
    id: "setStageWeights",
    tag: "Administration",
    summary: "Set the stage weights",
    description: "Every status's weight, a whole number from 0 to 100. Admins only.",
    access: "admin",
    body: stageWeightsSchema,
    answers: { 200: json("The weights now.", ref("StageWeights")) },
    handler: ({ actor, body }) => setStageWeights(actor, body),
  }),
]);

export const { loader, action } = api;
