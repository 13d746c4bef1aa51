// Who may reach what: every route of the built app (page loaders and actions, every /api route, and the
// data forms of each page: `.data` and `?_data=`) against each kind of visitor — signed out, sales users with
// TSS, NLH or both, an admin, a user deactivated after signing in, an admin demoted after signing in — and
// each kind of record: in TSS, in NLH, missing. The test walks the route list of the build and fails for a
// route without a row here. Each division's records carry a marker; no answer may show a marker of a division
// the visitor does not have (HTML, JSON, CSV, error text, counts).
import crypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiClient,
  baseUrl,
  createUser,
  signIn,
  signInAdmin,
  uniqueAddress,
  type NewUser,
  deactivateUser,
} from "../support/api-client";
import { createContact } from "../support/contacts";
import { createLead, createNote } from "../support/leads";

type Persona = "anon" | "tss" | "nlh" | "both" | "admin" | "deactivated" | "demoted";
const PERSONAS: Persona[] = ["anon", "tss", "nlh", "both", "admin", "deactivated", "demoted"];
type Division = "TSS" | "NLH";

/** The divisions each visitor has; none for the signed out and the deactivated. */
const ACCESS: Record<Persona, Division[]> = {
  anon: [],
  deactivated: [],
  tss: ["TSS"],
  nlh: ["NLH"],
  both: ["TSS", "NLH"],
  admin: ["TSS", "NLH"],
  demoted: ["TSS", "NLH"],
};
const signedIn = (p: Persona) => p !== "anon" && p !== "deactivated";
const isAdmin = (p: Persona) => p === "admin";

type Expect = (p: Persona) => number;
type Case = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: { type: string; data: Uint8Array<ArrayBuffer> };
  expect: Expect;
  /** A page: its `.data` and `?_data=` forms are checked too. */
  page?: string;
};

// Expectation builders.
const always =
  (status: number): Expect =>
  () =>
    status;
/** Any signed-in visitor: `status`; otherwise 401 (the login screen for pages, JSON for the API). */
const member =
  (status: number): Expect =>
  (p) =>
    signedIn(p) ? status : 401;
/** A division in the path: 403 without it (CONTRACT.md). */
const inDivision =
  (division: Division, status: number): Expect =>
  (p) =>
    !signedIn(p) ? 401 : ACCESS[p].includes(division) ? status : 403;
/** A record: 404 when it is in a division the visitor does not have, or does not exist. */
const record =
  (division: Division | null, status: number): Expect =>
  (p) =>
    !signedIn(p) ? 401 : division && ACCESS[p].includes(division) ? status : 404;
/** Administration: 403 for everyone else signed in. */
const adminApi =
  (status: number): Expect =>
  (p) =>
    !signedIn(p) ? 401 : isAdmin(p) ? status : 403;
/** A record of another user that only an admin may reach (an API token): 404 for everyone else. */
const adminRecord =
  (status: number): Expect =>
  (p) =>
    !signedIn(p) ? 401 : isAdmin(p) ? status : 404;
/** Another user's shared view: seen (so 403 to change) with its division, not found without. */
const othersView =
  (division: Division): Expect =>
  (p) =>
    !signedIn(p) ? 401 : ACCESS[p].includes(division) ? 403 : 404;
/** A page's record (the lead detail over a list): not found is a redirect with a toast. */
const pageRecord =
  (division: Division | null): Expect =>
  (p) =>
    !signedIn(p) ? 401 : division && ACCESS[p].includes(division) ? 200 : 302;

type Ids = {
  leadTSS: string;
  leadNLH: string;
  contactTSS: string;
  contactNLH: string;
  noteTSS: string;
  noteNLH: string;
  user: string;
  token: string;
  viewTSS: string;
  viewNLH: string;
  missing: string;
};

const bad = { "content-type": "application/json" };

/** The lead detail opened over another page, at `{page}/lead/{id}` (app/utils/list-state.ts parentHref; `/lead/{id}` over the dashboard). */
function leadOverPage(page: string, ids: Ids): Case[] {
  return [
    {
      method: "GET",
      path: `${page}/lead/${ids.leadTSS}`,
      page: `${page}/lead/:id`,
      expect: pageRecord("TSS"),
    },
    {
      method: "GET",
      path: `${page}/lead/${ids.leadNLH}`,
      page: `${page}/lead/:id`,
      expect: pageRecord("NLH"),
    },
    { method: "POST", path: `${page}/lead/${ids.leadTSS}`, form: { intent: "nothing" }, expect: member(400) },
  ];
}

/**
 * One row per route of the build: what each visitor gets for each request. Unsafe requests are sent with
 * input the route refuses after its access checks (a 400), so the matrix changes nothing it cannot undo.
 */
const MATRIX: Record<string, ((ids: Ids) => Case[]) | "layout"> = {
  root: "layout",
  "routes/_app": "layout",
  "routes/_app._dashboard": () => [{ method: "GET", path: "/", page: "/", expect: member(200) }],
  "routes/_app._dashboard._index": () => [
    { method: "GET", path: "/?new=lead", page: "/", expect: member(200) },
    { method: "POST", path: "/?index", form: { intent: "nothing" }, expect: member(400) },
  ],
  "routes/_app._dashboard.lead.$leadId": (ids) => leadOverPage("", ids),
  "routes/_app.leads": (ids): Case[] => [
    { method: "GET", path: "/leads", page: "/leads", expect: member(200) },
    { method: "GET", path: "/leads?tab=archive&q=MARKER", page: "/leads", expect: member(200) },
    // A saved view of another division: the list without it (its name is not shown).
    { method: "GET", path: `/leads?savedView=${ids.viewNLH}`, page: "/leads", expect: member(200) },
    { method: "POST", path: "/leads", form: { intent: "nothing" }, expect: member(400) },
    {
      method: "POST",
      path: "/leads",
      form: { intent: "delete-view", viewId: ids.viewTSS },
      expect: member(302),
    },
  ],
  "routes/_app.leads.$leadId": (ids) => [
    { method: "GET", path: `/leads/${ids.leadTSS}`, page: "/leads/:id", expect: pageRecord("TSS") },
    { method: "GET", path: `/leads/${ids.leadNLH}`, page: "/leads/:id", expect: pageRecord("NLH") },
    { method: "GET", path: `/leads/${ids.missing}`, page: "/leads/:id", expect: pageRecord(null) },
    { method: "POST", path: `/leads/${ids.leadTSS}`, form: { intent: "nothing" }, expect: member(400) },
  ],
  "routes/_app.contacts": (ids) => [
    // Searched for the markers: the list's first page depends on what else the suite has made by then.
    { method: "GET", path: "/contacts?q=MARKER-", page: "/contacts", expect: member(200) },
    { method: "GET", path: `/contacts?contactId=${ids.contactNLH}`, page: "/contacts", expect: member(200) },
    {
      method: "GET",
      path: `/contacts?edit=${ids.contactNLH}&report=ALL`,
      page: "/contacts",
      expect: member(200),
    },
    { method: "POST", path: "/contacts", form: { intent: "nothing" }, expect: member(400) },
  ],
  "routes/_app.calendar": (ids) => [
    { method: "GET", path: "/calendar", page: "/calendar", expect: member(200) },
    {
      method: "GET",
      path: `/calendar?schedule=2026-11-24&leadId=${ids.leadNLH}&pick=MARKER`,
      page: "/calendar",
      expect: member(200),
    },
    { method: "POST", path: "/calendar", form: { intent: "schedule" }, expect: member(400) },
  ],
  "routes/_app.calendar.lead.$leadId": (ids) => leadOverPage("/calendar", ids),
  "routes/_app.pipeline": (ids): Case[] => [
    { method: "GET", path: "/pipeline?q=MARKER", page: "/pipeline", expect: member(200) },
    // A stale version: refused (a toast) whoever's the lead is, and nothing moves.
    {
      method: "POST",
      path: "/pipeline",
      form: { intent: "move", leadId: ids.leadNLH, status: "CONTACTED", version: "999999" },
      expect: member(302),
    },
    { method: "POST", path: "/pipeline", form: { intent: "nothing" }, expect: member(400) },
  ],
  "routes/_app.pipeline.lead.$leadId": (ids) => leadOverPage("/pipeline", ids),
  "routes/_app.my-day": () => [
    { method: "GET", path: "/my-day", page: "/my-day", expect: member(200) },
    { method: "POST", path: "/my-day", form: { intent: "reschedule" }, expect: member(400) },
  ],
  "routes/_app.my-day.lead.$leadId": (ids) => leadOverPage("/my-day", ids),
  "routes/_app.reminders": () => [
    { method: "GET", path: "/reminders", page: "/reminders", expect: member(200) },
  ],
  "routes/_app.contacts.lead.$leadId": (ids) => leadOverPage("/contacts", ids),
  "routes/_app.search": () => [
    { method: "GET", path: "/search?q=MARKER", page: "/search", expect: member(200) },
  ],
  "routes/_app.search.lead.$leadId": (ids) => leadOverPage("/search", ids),
  "routes/_app.dashboard.$type": () => [
    { method: "GET", path: "/dashboard/total-leads", page: "/dashboard/:type", expect: member(200) },
    { method: "GET", path: "/dashboard/revenue", page: "/dashboard/:type", expect: member(200) },
  ],
  "routes/_app.dashboard.$type.$leadId": (ids) => [
    {
      method: "GET",
      path: `/dashboard/total-leads/${ids.leadTSS}`,
      page: "/dashboard/:type/:id",
      expect: pageRecord("TSS"),
    },
    {
      method: "GET",
      path: `/dashboard/total-leads/${ids.leadNLH}`,
      page: "/dashboard/:type/:id",
      expect: pageRecord("NLH"),
    },
    {
      method: "POST",
      path: `/dashboard/total-leads/${ids.leadTSS}`,
      form: { intent: "nothing" },
      expect: member(400),
    },
  ],
  "routes/_app.admin": () => [
    // A non-admin goes to the dashboard with 'Admin access required'.
    {
      method: "GET",
      path: "/admin?audit=1",
      page: "/admin",
      expect: (p) => (!signedIn(p) ? 401 : isAdmin(p) ? 200 : 302),
    },
    {
      method: "POST",
      path: "/admin",
      form: { intent: "nothing" },
      expect: (p) => (!signedIn(p) ? 401 : isAdmin(p) ? 400 : 302),
    },
  ],
  "routes/_app.settings": (ids) => [
    { method: "GET", path: "/settings", page: "/settings", expect: member(200) },
    { method: "GET", path: `/settings?revoke=${ids.token}`, page: "/settings", expect: member(200) },
    { method: "POST", path: "/settings", form: { intent: "create-token" }, expect: member(400) },
  ],
  "routes/_app.$": () => [{ method: "GET", path: "/no-such-page", page: "/*", expect: member(404) }],
  "routes/mobile": () => [
    { method: "GET", path: "/mobile?q=MARKER", page: "/mobile", expect: member(200) },
    { method: "POST", path: "/mobile", form: { content: "" }, expect: member(400) },
  ],
  "routes/login": () => [
    { method: "GET", path: "/login", page: "/login", expect: (p) => (signedIn(p) ? 302 : 200) },
    // A failed sign-in goes back to the page asked for, with the reason.
    {
      method: "POST",
      path: "/login",
      form: { username: "", password: "", redirectTo: "/leads" },
      expect: always(302),
    },
  ],
  "routes/division": () => [
    { method: "GET", path: "/division", expect: always(302) },
    // Signed out, back to the page named, whose login screen asks to sign in.
    { method: "POST", path: "/division", form: { division: "NOPE", redirectTo: "/" }, expect: always(302) },
  ],
  "routes/api.login": () => [{ method: "GET", path: "/api/login", expect: always(302) }],
  "routes/api.admin.login": () => [{ method: "GET", path: "/api/admin/login", expect: always(302) }],
  // Signing out is tried with a client of its own (below): it would end the visitor's session.
  "routes/api.logout": () => [],
  "routes/api.$": () => [
    { method: "GET", path: "/api/no-such-thing", expect: always(404) },
    { method: "POST", path: "/api/no-such-thing", json: {}, expect: always(404) },
  ],
  "routes/api.auth.login": () => [
    { method: "POST", path: "/api/auth/login", json: { username: "", password: "" }, expect: always(400) },
    { method: "GET", path: "/api/auth/login", expect: always(405) },
    { method: "DELETE", path: "/api/auth/login", expect: always(405) },
  ],
  // The API's description is public: it holds no record, only the shapes every client may send.
  "routes/api.openapi[.]json": () => [
    { method: "GET", path: "/api/openapi.json", expect: always(200) },
    { method: "POST", path: "/api/openapi.json", json: {}, expect: always(405) },
  ],
  "routes/api.docs": () => [{ method: "GET", path: "/api/docs", expect: always(200) }],
  "routes/api.auth.user": () => [
    { method: "GET", path: "/api/auth/user", expect: member(200) },
    { method: "POST", path: "/api/auth/user", json: {}, expect: always(405) },
  ],
  "routes/api.leads": () => [
    { method: "POST", path: "/api/leads", json: { companyDivision: "NLH" }, expect: inDivision("NLH", 400) },
    { method: "POST", path: "/api/leads", json: { companyDivision: "TSS" }, expect: inDivision("TSS", 400) },
    { method: "GET", path: "/api/leads", expect: always(405) },
  ],
  "routes/api.leads.$key": (ids) => [
    { method: "GET", path: "/api/leads/TSS?search=MARKER", expect: inDivision("TSS", 200) },
    { method: "GET", path: "/api/leads/NLH?search=MARKER&limit=5", expect: inDivision("NLH", 200) },
    { method: "GET", path: "/api/leads/XYZ", expect: member(400) },
    {
      method: "PATCH",
      path: `/api/leads/${ids.leadTSS}`,
      json: { firstName: "" },
      expect: record("TSS", 400),
    },
    {
      method: "PATCH",
      path: `/api/leads/${ids.leadNLH}`,
      json: { firstName: "" },
      expect: record("NLH", 400),
    },
    {
      method: "PATCH",
      path: `/api/leads/${ids.missing}`,
      json: { firstName: "" },
      expect: record(null, 400),
    },
    { method: "DELETE", path: `/api/leads/${ids.leadNLH}`, expect: record("NLH", 200) },
    { method: "DELETE", path: `/api/leads/${ids.missing}`, expect: record(null, 200) },
  ],
  "routes/api.leads.$key.unarchive": (ids) => [
    { method: "PATCH", path: `/api/leads/${ids.leadNLH}/unarchive`, expect: record("NLH", 200) },
    { method: "PATCH", path: `/api/leads/${ids.leadTSS}/unarchive`, expect: record("TSS", 200) },
    { method: "PATCH", path: `/api/leads/${ids.missing}/unarchive`, expect: record(null, 200) },
    { method: "GET", path: `/api/leads/${ids.leadTSS}/unarchive`, expect: always(405) },
  ],
  "routes/api.leads.$key.archived": () => [
    { method: "GET", path: "/api/leads/TSS/archived?search=MARKER", expect: inDivision("TSS", 200) },
    { method: "GET", path: "/api/leads/NLH/archived", expect: inDivision("NLH", 200) },
  ],
  "routes/api.leads.$key.duplicates": () => [
    {
      method: "GET",
      path: "/api/leads/NLH/duplicates?firstName=Mark&lastName=Er",
      expect: inDivision("NLH", 200),
    },
    {
      method: "GET",
      path: "/api/leads/TSS/duplicates?firstName=Mark&lastName=Er",
      expect: inDivision("TSS", 200),
    },
  ],
  "routes/api.leads.$key.export[.]csv": () => [
    { method: "GET", path: "/api/leads/TSS/export.csv", expect: inDivision("TSS", 200) },
    { method: "GET", path: "/api/leads/NLH/export.csv", expect: inDivision("NLH", 200) },
  ],
  "routes/api.leads.detail.$id": (ids) => [
    { method: "GET", path: `/api/leads/detail/${ids.leadTSS}`, expect: record("TSS", 200) },
    { method: "GET", path: `/api/leads/detail/${ids.leadNLH}`, expect: record("NLH", 200) },
    { method: "GET", path: `/api/leads/detail/${ids.missing}`, expect: record(null, 200) },
    { method: "GET", path: "/api/leads/detail/not-an-id", expect: record(null, 200) },
  ],
  "routes/api.leads.$id.timeline": (ids) => [
    { method: "GET", path: `/api/leads/${ids.leadTSS}/timeline`, expect: record("TSS", 200) },
    { method: "GET", path: `/api/leads/${ids.leadNLH}/timeline?kind=note`, expect: record("NLH", 200) },
    { method: "GET", path: `/api/leads/${ids.missing}/timeline`, expect: record(null, 200) },
  ],
  "routes/api.leads.$id.activities": (ids) => [
    // The lead is looked up before the body (CONTRACT.md's order): 404 outside the division, else 400.
    {
      method: "POST",
      path: `/api/leads/${ids.leadTSS}/activities`,
      json: { kind: "CALL", outcome: "SENT" },
      expect: record("TSS", 400),
    },
    {
      method: "POST",
      path: `/api/leads/${ids.leadNLH}/activities`,
      json: { kind: "CALL" },
      expect: record("NLH", 400),
    },
  ],
  "routes/api.contacts": () => [
    {
      method: "POST",
      path: "/api/contacts",
      json: { companyDivision: "NLH" },
      expect: inDivision("NLH", 400),
    },
    { method: "GET", path: "/api/contacts", expect: always(405) },
  ],
  "routes/api.contacts.$key": (ids) => [
    { method: "GET", path: "/api/contacts/TSS?search=MARKER", expect: inDivision("TSS", 200) },
    { method: "GET", path: "/api/contacts/NLH?search=MARKER&limit=5", expect: inDivision("NLH", 200) },
    {
      method: "PATCH",
      path: `/api/contacts/${ids.contactTSS}`,
      json: { firstName: "" },
      expect: record("TSS", 400),
    },
    {
      method: "PATCH",
      path: `/api/contacts/${ids.contactNLH}`,
      json: { firstName: "" },
      expect: record("NLH", 400),
    },
    {
      method: "PATCH",
      path: `/api/contacts/${ids.missing}`,
      json: { firstName: "" },
      expect: record(null, 400),
    },
  ],
  "routes/api.contacts.$id.leads": (ids) => [
    { method: "GET", path: `/api/contacts/${ids.contactTSS}/leads`, expect: record("TSS", 200) },
    { method: "GET", path: `/api/contacts/${ids.contactNLH}/leads`, expect: record("NLH", 200) },
    { method: "GET", path: `/api/contacts/${ids.missing}/leads`, expect: record(null, 200) },
  ],
  "routes/api.companies.$division": () => [
    { method: "GET", path: "/api/companies/NLH?search=MARKER", expect: inDivision("NLH", 200) },
    { method: "GET", path: "/api/companies/TSS?search=MARKER", expect: inDivision("TSS", 200) },
  ],
  "routes/api.search.$division": () => [
    { method: "GET", path: "/api/search/NLH?q=MARKER", expect: inDivision("NLH", 200) },
    { method: "GET", path: "/api/search/TSS?q=MARKER", expect: inDivision("TSS", 200) },
  ],
  "routes/api.dashboard.stats.$division": () => [
    { method: "GET", path: "/api/dashboard/stats/NLH", expect: inDivision("NLH", 200) },
    { method: "GET", path: "/api/dashboard/stats/TSS", expect: inDivision("TSS", 200) },
  ],
  "routes/api.pipeline.$division": () => [
    { method: "GET", path: "/api/pipeline/NLH", expect: inDivision("NLH", 200) },
    { method: "GET", path: "/api/pipeline/TSS?search=MARKER", expect: inDivision("TSS", 200) },
  ],
  "routes/api.follow-ups.$division": () => [
    {
      method: "GET",
      path: "/api/follow-ups/NLH?from=2031-01-01&to=2031-12-31",
      expect: inDivision("NLH", 200),
    },
    {
      method: "GET",
      path: "/api/follow-ups/TSS?from=2031-01-01&to=2031-12-31",
      expect: inDivision("TSS", 200),
    },
  ],
  "routes/api.my-day.$division": () => [
    { method: "GET", path: "/api/my-day/NLH", expect: inDivision("NLH", 200) },
    { method: "GET", path: "/api/my-day/TSS", expect: inDivision("TSS", 200) },
  ],
  "routes/api.reminders.$division": () => [
    { method: "GET", path: "/api/reminders/NLH", expect: inDivision("NLH", 200) },
    { method: "GET", path: "/api/reminders/TSS", expect: inDivision("TSS", 200) },
  ],
  "routes/api.reminders.seen": () => [{ method: "POST", path: "/api/reminders/seen", expect: member(200) }],
  "routes/api.reminder-setting": () => [
    { method: "GET", path: "/api/reminder-setting", expect: member(200) },
    { method: "PUT", path: "/api/reminder-setting", json: { mode: "NOPE" }, expect: member(400) },
  ],
  "routes/api.notes": (ids) => [
    {
      method: "POST",
      path: "/api/notes",
      json: { leadId: ids.leadNLH, content: "" },
      expect: record("NLH", 400),
    },
    {
      method: "POST",
      path: "/api/notes",
      json: { leadId: ids.missing, content: "" },
      expect: record(null, 400),
    },
  ],
  "routes/api.notes.$id": (ids) => [
    {
      method: "PATCH",
      path: `/api/notes/${ids.noteTSS}`,
      json: { isFollowUpComplete: false },
      expect: record("TSS", 400),
    },
    {
      method: "PATCH",
      path: `/api/notes/${ids.noteNLH}`,
      json: { isFollowUpComplete: false },
      expect: record("NLH", 400),
    },
  ],
  "routes/api.notes.$id.audio": (ids) => [
    { method: "GET", path: `/api/notes/${ids.noteTSS}/audio`, expect: record("TSS", 200) },
    { method: "GET", path: `/api/notes/${ids.noteNLH}/audio`, expect: record("NLH", 200) },
    // The type is checked before the note (CONTRACT.md's order: a malformed request before a missing record).
    {
      method: "PUT",
      path: `/api/notes/${ids.noteNLH}/audio`,
      body: { type: "text/plain", data: new Uint8Array([1]) },
      expect: member(415),
    },
    {
      method: "PUT",
      path: `/api/notes/${ids.missing}/audio`,
      body: { type: "audio/webm", data: new Uint8Array([1]) },
      expect: record(null, 200),
    },
  ],
  "routes/api.admin.users": () => [
    { method: "GET", path: "/api/admin/users?search=MARKER", expect: adminApi(200) },
    { method: "POST", path: "/api/admin/users", json: {}, expect: adminApi(400) },
  ],
  "routes/api.admin.users.$userId.role": (ids) => [
    {
      method: "PATCH",
      path: `/api/admin/users/${ids.user}/role`,
      json: { role: "OWNER" },
      expect: adminApi(400),
    },
    {
      method: "PATCH",
      path: `/api/admin/users/${ids.missing}/role`,
      json: { role: "OWNER" },
      expect: adminApi(404),
    },
  ],
  "routes/api.admin.users.$userId.company-access": (ids) => [
    {
      method: "POST",
      path: `/api/admin/users/${ids.user}/company-access`,
      json: { company: "X" },
      expect: adminApi(400),
    },
  ],
  "routes/api.admin.users.$userId.company-access.$company": (ids) => [
    { method: "DELETE", path: `/api/admin/users/${ids.missing}/company-access/TSS`, expect: adminApi(404) },
  ],
  "routes/api.admin.users.$userId.password": (ids) => [
    {
      method: "PATCH",
      path: `/api/admin/users/${ids.user}/password`,
      json: { newPassword: "short" },
      expect: adminApi(400),
    },
    {
      method: "POST",
      path: `/api/admin/users/${ids.user}/password`,
      json: { password: "short" },
      expect: adminApi(400),
    },
  ],
  "routes/api.admin.users.$userId.status": (ids) => [
    {
      method: "PATCH",
      path: `/api/admin/users/${ids.user}/status`,
      json: { isActive: "no" },
      expect: adminApi(400),
    },
  ],
  "routes/api.tokens": () => [
    { method: "GET", path: "/api/tokens", expect: member(200) },
    { method: "POST", path: "/api/tokens", json: { name: "" }, expect: member(400) },
  ],
  "routes/api.views.$key": (ids) => [
    { method: "GET", path: "/api/views/TSS", expect: inDivision("TSS", 200) },
    { method: "GET", path: "/api/views/NLH", expect: inDivision("NLH", 200) },
    { method: "GET", path: "/api/views/XYZ", expect: member(400) },
    { method: "POST", path: "/api/views/NLH", json: { name: "" }, expect: inDivision("NLH", 400) },
    { method: "PATCH", path: `/api/views/${ids.viewTSS}`, json: { name: "" }, expect: othersView("TSS") },
    { method: "DELETE", path: `/api/views/${ids.viewNLH}`, expect: othersView("NLH") },
    { method: "DELETE", path: `/api/views/${ids.missing}`, expect: member(404) },
  ],
  "routes/api.tokens.$id": (ids) => [
    // Another user's token: revoked by an admin, not found for anyone else.
    { method: "DELETE", path: `/api/tokens/${ids.token}`, expect: adminRecord(200) },
    { method: "DELETE", path: `/api/tokens/${ids.missing}`, expect: member(404) },
    { method: "GET", path: `/api/tokens/${ids.token}`, expect: always(405) },
  ],
  "routes/api.admin.tokens": () => [
    { method: "GET", path: "/api/admin/tokens", expect: adminApi(200) },
    { method: "POST", path: "/api/admin/tokens", json: {}, expect: always(405) },
  ],
  "routes/api.admin.pipeline.weights": () => [
    { method: "GET", path: "/api/admin/pipeline/weights", expect: adminApi(200) },
    { method: "PUT", path: "/api/admin/pipeline/weights", json: { NEW: 101 }, expect: adminApi(400) },
  ],
  "routes/api.admin.audit-log": () => [
    { method: "GET", path: "/api/admin/audit-log?limit=5&search=MARKER", expect: adminApi(200) },
    { method: "GET", path: "/api/admin/audit-log?action=NOPE", expect: adminApi(400) },
  ],
};

/** The `.data` and `?_data=` forms of a page request: a redirect there is 202 and 204. */
function dataForms(path: string, routeId: string, status: number): { path: string; status: number }[] {
  const url = new URL(path, "http://x");
  const dataPath = `${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`;
  url.searchParams.set("_data", routeId);
  return [
    { path: dataPath, status: status === 302 ? 202 : status },
    { path: url.pathname + url.search, status: status === 302 ? 204 : status },
  ];
}

const token = crypto.randomBytes(4).toString("hex");
const MARKER: Record<Division, string> = { TSS: `MARKER-TSS-${token}`, NLH: `MARKER-NLH-${token}` };
const clients = {} as Record<Persona, ApiClient>;
let ids: Ids;
let routeIds: string[];

beforeAll(async () => {
  // A runtime path, as server.ts loads it: the build is made by `npm test` after the typecheck.
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  routeIds = Object.keys(build.routes);
  const admin = await signInAdmin();
  const person = async (overrides: Partial<NewUser>) => {
    const user = await createUser(admin, overrides);
    return { user, client: await signIn(user.email, user.password, { "x-forwarded-for": uniqueAddress() }) };
  };
  const tss = await person({ companies: ["TSS"] });
  const nlh = await person({ companies: ["NLH"] });
  const both = await person({ companies: ["TSS", "NLH"] });
  const adminPerson = await person({ role: "ADMIN", companies: ["TSS", "NLH"] });
  const deactivated = await person({ companies: ["TSS", "NLH"] });
  const demoted = await person({ role: "ADMIN", companies: ["TSS", "NLH"] });
  await deactivateUser(admin, deactivated.user.id);
  expect((await admin.patch(`/api/admin/users/${demoted.user.id}/role`, { role: "SALES_USER" })).status).toBe(
    200,
  );
  Object.assign(clients, {
    anon: new ApiClient(),
    tss: tss.client,
    nlh: nlh.client,
    both: both.client,
    admin: adminPerson.client,
    deactivated: deactivated.client,
    demoted: demoted.client,
  });

  const records = async (division: Division) => {
    const marker = MARKER[division];
    const lead = await createLead(admin, {
      companyDivision: division,
      firstName: "Mark",
      lastName: "Er",
      company: `${marker} Ltd`,
      notes: marker,
    });
    const contact = await createContact(admin, {
      companyDivision: division,
      company: `${marker} Ltd`,
      lastName: marker,
    });
    const note = await createNote(admin, lead.id, {
      content: `${marker} voice`,
      noteType: "VOICE",
      voiceDuration: 3,
      followUpDate: "2031-06-01T09:00:00Z",
    });
    const audio = await fetch(`${baseUrl()}/api/notes/${note.id}/audio`, {
      method: "PUT",
      headers: { cookie: admin.cookie!, "content-type": "audio/webm" },
      body: new TextEncoder().encode(marker),
    });
    expect(audio.status).toBe(200);
    const view = await admin.post(`/api/views/${division}`, {
      name: `${marker} view`,
      query: "status=NEW",
      shared: true,
    });
    expect(view.status).toBe(201);
    return { lead: lead.id, contact: contact.id, note: note.id, view: view.body.id as string };
  };
  const inTss = await records("TSS");
  const inNlh = await records("NLH");
  const target = await createUser(admin, { lastName: "Target" });
  const targetToken = await (
    await signIn(target.email, target.password)
  ).post("/api/tokens", {
    name: "Target's script",
    expiresInDays: 7,
  });
  expect(targetToken.status).toBe(201);
  ids = {
    leadTSS: inTss.lead,
    leadNLH: inNlh.lead,
    contactTSS: inTss.contact,
    contactNLH: inNlh.contact,
    noteTSS: inTss.note,
    noteNLH: inNlh.note,
    user: target.id,
    token: targetToken.body.id,
    viewTSS: inTss.view,
    viewNLH: inNlh.view,
    missing: crypto.randomUUID(),
  };
  // Users with both divisions see the TSS pages until they switch: switch one of them to NLH.
  expect((await clients.both.postForm("/division", { division: "NLH", redirectTo: "/" })).status).toBe(302);
}, 120_000);

afterAll(async () => {
  // The matrix archived the NLH lead (DELETE as a visitor with NLH): restore it for the other tests.
  const admin = await signInAdmin();
  await admin.patch(`/api/leads/${ids.leadNLH}/unarchive`);
});

async function send(
  client: ApiClient,
  testCase: Pick<Case, "method" | "json" | "form" | "body">,
  path: string,
) {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (testCase.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(testCase.form);
  } else if (testCase.json !== undefined) {
    Object.assign(headers, bad);
    body = JSON.stringify(testCase.json);
  } else if (testCase.body) {
    headers["content-type"] = testCase.body.type;
    body = testCase.body.data;
  }
  if (client.cookie) headers.cookie = client.cookie;
  const response = await fetch(baseUrl() + path, {
    method: testCase.method,
    headers,
    body,
    redirect: "manual",
  });
  return { status: response.status, text: await response.text() };
}

/** No answer shows a marker of a division the visitor does not have. */
function expectNoForeignMarker(persona: Persona, where: string, text: string) {
  for (const division of ["TSS", "NLH"] as const) {
    if (ACCESS[persona].includes(division)) continue;
    expect(text.includes(MARKER[division]), `${persona} saw ${division}'s marker at ${where}`).toBe(false);
  }
}

describe("the authorization matrix", () => {
  it("has a row for every route of the built app", () => {
    const missing = routeIds.filter((id) => !(id in MATRIX));
    expect(missing, "routes without a row in the matrix").toEqual([]);
    const stale = Object.keys(MATRIX).filter((id) => !routeIds.includes(id));
    expect(stale, "rows for routes the app no longer has").toEqual([]);
  });

  it("answers every visitor as the matrix says, and never shows another division's records", async () => {
    const failures: string[] = [];
    for (const routeId of routeIds) {
      const row = MATRIX[routeId];
      if (!row || row === "layout") continue;
      for (const testCase of row(ids)) {
        for (const persona of PERSONAS) {
          const expected = testCase.expect(persona);
          const forms = [{ path: testCase.path, status: expected }];
          if (testCase.page && testCase.method === "GET")
            forms.push(...dataForms(testCase.path, routeId, expected));
          for (const form of forms) {
            const { status, text } = await send(clients[persona], testCase, form.path);
            const where = `${testCase.method} ${form.path}`;
            if (status !== form.status)
              failures.push(`${persona} ${where}: ${status}, expected ${form.status}`);
            expectNoForeignMarker(persona, where, text);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it("the markers are there to be seen by those who may (so the check above can fail)", async () => {
    for (const [persona, division, path] of [
      ["tss", "TSS", `/api/leads/detail/${ids.leadTSS}`],
      ["nlh", "NLH", `/api/notes/${ids.noteNLH}/audio`],
      ["nlh", "NLH", "/api/leads/NLH/export.csv"],
      ["tss", "TSS", "/contacts?q=MARKER-"],
    ] as const) {
      const { text } = await send(clients[persona], { method: "GET" }, path);
      expect(text, `${persona} ${path}`).toContain(MARKER[division]);
    }
  });

  it("signing out ends only that session; signed out, it goes home", async () => {
    const user = await createUser(await signInAdmin());
    const first = await signIn(user.email, user.password);
    const second = await signIn(user.email, user.password);
    expect((await first.request("POST", "/api/logout")).status).toBe(302);
    expect((await first.get("/api/auth/user")).status).toBe(401);
    expect((await second.get("/api/auth/user")).status).toBe(200);
    expect((await new ApiClient().get("/api/logout")).status).toBe(302);
    expect((await second.request("DELETE", "/api/logout")).status).toBe(405);
    expect((await second.get("/api/auth/user")).status).toBe(200);
  });
});
