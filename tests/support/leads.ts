// Leads and notes through the JSON API, for the integration tests of the leads and notes endpoints.
import crypto from "node:crypto";
import { expect } from "vitest";
import { signInAdmin, signedInUser, type ApiClient, type NewUser } from "./api-client";

export type PersonRef = { id: string; firstName: string; lastName: string };

/** CONTRACT.md's Lead object as it arrives over JSON. */
export type ApiLead = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  company: string;
  position: string | null;
  status: string;
  estimatedValue: string | null;
  notes: string | null;
  companyDivision: "TSS" | "NLH";
  isArchived: boolean;
  archivedAt: string | null;
  createdBy: PersonRef | null;
  assignedTo: PersonRef | null;
  mainContactId: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
};

export type ApiNote = {
  id: string;
  leadId: string;
  content: string;
  noteType: "TEXT" | "VOICE";
  voiceDuration: string | null;
  hasAudio: boolean;
  createdBy: PersonRef | null;
  createdAt: string;
  followUpDate: string | null;
  isFollowUpComplete: boolean;
};

/** CONTRACT.md's Note object, key by key (sorted); a lead's detail lists its notes without leadId. */
export const NOTE_KEYS = [
  "content",
  "createdAt",
  "createdBy",
  "followUpDate",
  "hasAudio",
  "id",
  "isFollowUpComplete",
  "leadId",
  "noteType",
  "voiceDuration",
];

export type ApiLeadDetail = Omit<ApiLead, "notes"> & {
  leadNotes: string | null;
  progress: { id: string; status: string; notes: string | null; createdAt: string }[];
  notes: Omit<ApiNote, "leadId">[];
};

export const LEAD_KEYS = [
  "archivedAt",
  "assignedTo",
  "company",
  "companyDivision",
  "createdAt",
  "createdBy",
  "email",
  "estimatedValue",
  "firstName",
  "id",
  "isArchived",
  "lastName",
  "mainContactId",
  "notes",
  "phone",
  "position",
  "status",
  "updatedAt",
  "version",
];

/** A token no other test uses: put it in a company name and search for it to see only this test's leads. */
export function uniqueToken(prefix = "tok") {
  return `${prefix}${crypto.randomBytes(5).toString("hex")}`;
}

/** A valid POST /api/leads body, with a unique e-mail; company defaults to "Acme <token>". */
export function leadInput(overrides: Record<string, unknown> = {}) {
  const token = uniqueToken("lead");
  return {
    firstName: "Lena",
    lastName: "Lead",
    email: `${token}@lead.example`,
    company: `Acme ${token}`,
    companyDivision: "TSS",
    ...overrides,
  };
}

/** Creates a lead through POST /api/leads (expects 201) and returns it. */
export async function createLead(
  client: ApiClient,
  overrides: Record<string, unknown> = {},
): Promise<ApiLead> {
  const result = await client.post<ApiLead>("/api/leads", leadInput(overrides));
  if (result.status !== 201)
    throw new Error(`Creating a lead failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

/** GET /api/leads/detail/{id}, expecting 200. */
export async function leadDetail(client: ApiClient, id: string): Promise<ApiLeadDetail> {
  const result = await client.get<ApiLeadDetail>(`/api/leads/detail/${id}`);
  expect(result.status).toBe(200);
  return result.body;
}

/** A lead list (active by default) with the given query, expecting 200; returns the leads and X-Total-Count. */
export async function listLeads(
  client: ApiClient,
  division: string,
  query: Record<string, string> = {},
  { archived = false } = {},
) {
  const qs = new URLSearchParams(query).toString();
  const result = await client.get<ApiLead[]>(
    `/api/leads/${division}${archived ? "/archived" : ""}${qs ? `?${qs}` : ""}`,
  );
  expect(result.status).toBe(200);
  expect(Array.isArray(result.body)).toBe(true);
  const total = result.headers.get("x-total-count");
  expect(total).toMatch(/^\d+$/);
  return { leads: result.body, total: Number(total), ids: result.body.map((lead) => lead.id) };
}

/** Creates a note through POST /api/notes (expects 201) and returns it. */
export async function createNote(
  client: ApiClient,
  leadId: string,
  overrides: Record<string, unknown> = {},
): Promise<ApiNote> {
  const result = await client.post<ApiNote>("/api/notes", { leadId, content: "A note", ...overrides });
  if (result.status !== 201)
    throw new Error(`Creating a note failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

/** The person reference of a user (as createUser answers it), as leads and notes carry it. */
export function personOf(user: { id: string } & Record<string, unknown>): PersonRef {
  return { id: user.id, firstName: String(user.firstName), lastName: String(user.lastName) };
}

export const STALE_MESSAGE = "This lead was changed by someone else. Reload and try again.";
export const STATUSES = ["NEW", "CONTACTED", "QUALIFIED", "PROPOSAL", "CLOSED_WON", "CLOSED_LOST"];

let admin: Promise<ApiClient> | undefined;

/** The first admin, signed in once per test file. */
export function adminClient() {
  admin ??= signInAdmin();
  return admin;
}

/** A new signed-in user with access to `companies`. */
export async function userWith(companies: NewUser["companies"], overrides: Partial<NewUser> = {}) {
  return signedInUser(await adminClient(), { companies, ...overrides });
}

/** The lead as a reader sees it now, through the detail endpoint, in the shape of the Lead object. */
export async function readLead(client: ApiClient, id: string): Promise<ApiLead> {
  const { leadNotes, progress: _progress, notes: _notes, ...lead } = await leadDetail(client, id);
  return { ...lead, notes: leadNotes };
}
