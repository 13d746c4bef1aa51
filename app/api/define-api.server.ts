import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { requireApiActor } from "~/auth/current-user.server";
import { requireAdmin, requireDivisionAccess, type Actor } from "~/models/actor.server";
import { requireSignedInPerson } from "~/models/api-token.server";
import {
  apiRoute,
  jsonResponse,
  methodNotAllowed,
  parseInput,
  queryOf,
  readJson,
  requireDivisionParam,
} from "~/http/api.server";
import type { Division } from "~/utils/divisions";
import { recordId } from "~/utils/ids";
import type { Access, ApiOperation } from "./operation";

/**
 * A route module of the JSON API: its declared operations, and the loader and action that serve them.
 * Every app/routes/api.* module exports one as `api`, with `export const { loader, action } = api`; the
 * OpenAPI document is built from these exports (openapi.server.ts, docs/decisions/007-openapi.md).
 */
export type Api = {
  operations: readonly ApiOperation[];
  loader: (args: LoaderFunctionArgs) => Promise<Response>;
  action: (args: ActionFunctionArgs) => Promise<Response>;
};

export function defineApi(operations: ApiOperation[]): Api {
  const methods = operations.map((op) => op.method);
  if (new Set(methods).size !== methods.length) throw new Error(`One operation per method: ${methods}`);
  const allow = methods.join(", ");
  // Remix sends GET and HEAD to the loader and every other method to the action; either answers 405 with the
  // declared methods for one the route does not have.
  const serve = apiRoute(async ({ request, context, params }) => {
    const method = request.method === "HEAD" ? "GET" : request.method;
    const op = operations.find((candidate) => candidate.method === method);
    return op ? run(op, request, context, params) : methodNotAllowed(allow);
  });
  return { operations, loader: serve, action: serve };
}

const ANYONE: Access[] = ["public", "optional-session"];

/**
 * One operation, its checks in CONTRACT.md's order: signed in (401), a well-formed body (400, 413, 415), the
 * division in the path known (400), allowed (403), the record found (404), the input valid (400); then the
 * handler (which may still refuse, 409 ...). The models check access again themselves (decision 001).
 */
async function run(
  op: ApiOperation,
  request: Request,
  context: AppLoadContext,
  path: LoaderFunctionArgs["params"],
) {
  const actor = ANYONE.includes(op.access ?? "signed-in")
    ? undefined
    : await requireApiActor(request, context);
  const raw =
    op.body === undefined
      ? undefined
      : op.body instanceof z.ZodType
        ? await readJson(request)
        : await op.body.read(request);

  const declared = Object.entries(op.params ?? {});
  const params: Record<string, string> = {};
  for (const [name, param] of declared)
    if (param.kind === "division") params[name] = requireDivisionParam(path[name]);
  if (actor) allow(op, actor, params, raw);
  for (const [name, param] of declared) if (param.kind === "record") params[name] = recordId(path[name]);
  const found = await op.find?.({ actor, params, body: raw });

  const query = op.query && parseInput(op.query, queryOf(request));
  const body = op.body instanceof z.ZodType ? parseInput(op.body, raw) : raw;
  const answer = await op.handler({ request, context, actor, params, query, body, found });
  return answer instanceof Response ? answer : jsonResponse(answer, { status: successOf(op) });
}

/** The 403s, before any record is looked at: the role, the path's divisions, the operation's own. */
function allow(op: ApiOperation, actor: Actor, params: Record<string, string>, body: unknown) {
  if (op.access === "admin") requireAdmin(actor);
  if (op.access === "person") requireSignedInPerson(actor);
  for (const [name, param] of Object.entries(op.params ?? {}))
    if (param.kind === "division" && param.access) requireDivisionAccess(actor, params[name] as Division);
  op.allow?.(actor, body);
}

/** The status of a handler's JSON answer: the operation's declared success (201 for a create). */
function successOf(op: ApiOperation) {
  return Math.min(...Object.keys(op.answers).map(Number));
}

/**
 * `allow` for a create whose body names its division (POST /api/leads, /api/contacts): access to it is 403
 * before the other fields' 400 (CONTRACT.md's order). Without a valid division there is no access to check,
 * and the 400 names every field at fault.
 */
export function divisionInBody(divisionOnly: z.ZodType<{ companyDivision: Division }>) {
  return (actor: Actor, body: unknown) => {
    const division = divisionOnly.safeParse(body);
    if (division.success) requireDivisionAccess(actor, division.data.companyDivision);
  };
}
