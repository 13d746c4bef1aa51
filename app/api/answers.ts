import * as z from "zod";
import { type AuditLogEntry } from "~/models/audit.schema";
import { AUDIT_ACTIONS } from "~/models/audit";
import type { ApiToken, CreatedApiToken, OwnedApiToken } from "~/models/api-token.schema";
import { TOKEN_SCOPES } from "~/models/api-token";
import type { Contact } from "~/models/contact.schema";
import type { DashboardStats } from "~/models/dashboard.schema";
import type { FollowUp } from "~/models/follow-up.schema";
import type { MyFollowUp } from "~/models/my-day.server";
import { REMINDER_MODES } from "~/models/my-day";
import { type Lead, type LeadDetail, LEAD_STATUSES } from "~/models/lead";
import { type Note } from "~/models/note.schema";
import type { BoardCard, BoardColumn, StageWeights } from "~/models/pipeline";
import { NOTE_TYPES } from "~/models/note";
import type { SavedView } from "~/models/saved-view";
import { type PersonRef, type User } from "~/models/user.schema";
import type { LeadActivity } from "~/models/timeline.schema";
import { ACTIVITY_KINDS, ACTIVITY_OUTCOMES, TIMELINE_TYPES, type TimelineEntry } from "~/models/timeline";
import { ROLES } from "~/models/user";
import type { GlobalSearch } from "~/models/search";
import { DIVISIONS } from "~/utils/divisions";

/**
 * The API's answers as zod schemas, which the operations name (operation.ts `ref`) and the OpenAPI document
 * lists as its components (openapi.server.ts). The models describe their objects as TypeScript types only;
 * each schema here is tied to its type as JSON carries it (`Wire`), so a field added to a model without its
 * schema here fails to compile.
 */

/** A model type as JSON sends it: dates become ISO strings. */
type Wire<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** Checks (at compile time) that a schema's output is the model type `T` on the wire. */
const wireOf =
  <T>() =>
  <S extends z.ZodType<Wire<T>>>(schema: S) =>
    schema;

// Timestamps are UTC ISO 8601 strings (CONTRACT.md "JSON API conventions").
const timestamp = z.iso.datetime();
const id = z.uuid();
const division = z.enum(DIVISIONS);

export const personRefAnswer = wireOf<PersonRef>()(
  z.object({ id, firstName: z.string(), lastName: z.string() }),
);

const leadFields = {
  id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string(),
  position: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  estimatedValue: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .nullable()
    .describe('A decimal string with two places ("12500.50"), or null'),
  notes: z.string().nullable(),
  companyDivision: division,
  isArchived: z.boolean(),
  archivedAt: timestamp.nullable(),
  createdBy: personRefAnswer.nullable(),
  assignedTo: personRefAnswer.nullable(),
  mainContactId: id.nullable(),
  version: z.int().min(1).describe("Raised by every update; send it back with PATCH to refuse stale saves"),
  createdAt: timestamp,
  updatedAt: timestamp,
};

export const leadAnswer = wireOf<Lead>()(z.object(leadFields));

const noteFields = {
  id,
  content: z.string(),
  noteType: z.enum(NOTE_TYPES),
  voiceDuration: z.string().regex(/^\d+$/).nullable().describe("Seconds, as a string"),
  hasAudio: z.boolean(),
  createdBy: personRefAnswer.nullable(),
  createdAt: timestamp,
  followUpDate: timestamp.nullable(),
  isFollowUpComplete: z.boolean(),
};

export const noteAnswer = wireOf<Note>()(z.object({ ...noteFields, leadId: id }));

/** A note as the lead detail lists it: the lead's own, so without its leadId. */
export const leadNoteAnswer = z.object(noteFields);

export const leadDetailAnswer = wireOf<LeadDetail>()(
  z.object({
    ...leadFields,
    leadNotes: z
      .string()
      .nullable()
      .describe("The lead's own notes text (`notes` is the list of notes here)"),
    progress: z
      .array(
        z.object({ id, status: z.enum(LEAD_STATUSES), notes: z.string().nullable(), createdAt: timestamp }),
      )
      .describe("One entry at creation and one at every status change, oldest first"),
    notes: z.array(leadNoteAnswer).describe("Newest first"),
  }),
);

export const contactAnswer = wireOf<Contact>()(
  z.object({
    id,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    company: z.string(),
    position: z.string().nullable(),
    companyDivision: division,
    createdAt: timestamp,
  }),
);

export const globalSearchAnswer = wireOf<GlobalSearch>()(
  z.object({
    leads: z
      .array(
        z.object({
          id,
          firstName: z.string(),
          lastName: z.string(),
          email: z.string(),
          company: z.string(),
          status: z.enum(LEAD_STATUSES),
          isArchived: z.boolean(),
        }),
      )
      .describe("Leads, active first, then newest update"),
    contacts: z
      .array(
        z.object({
          id,
          firstName: z.string(),
          lastName: z.string(),
          email: z.string().nullable(),
          company: z.string(),
        }),
      )
      .describe("Contacts, by company, then last and first name"),
    companies: z.array(z.string()).describe("Company names of the division's leads and contacts, by name"),
    more: z
      .object({ leads: z.boolean(), contacts: z.boolean(), companies: z.boolean() })
      .describe("Whether a group has more matches than it lists"),
  }),
);

export const followUpAnswer = wireOf<FollowUp>()(
  z.object({
    id,
    leadId: id,
    leadName: z.string().describe("The lead's first and last name"),
    content: z.string(),
    followUpDate: timestamp,
    isFollowUpComplete: z.boolean(),
  }),
);

export const myFollowUpAnswer = wireOf<MyFollowUp>()(
  followUpAnswer.extend({ company: z.string().describe("The lead's company") }),
);

const myDayGroup = z.object({
  followUps: z.array(myFollowUpAnswer).describe("The group's first follow-ups, soonest first"),
  total: z.int().describe("How many the group holds, counted up to 100 (100 means 100 or more)"),
});

/** GET /api/my-day/{division}. */
export const myDayAnswer = z.object({
  overdue: myDayGroup.describe("Due before today"),
  today: myDayGroup.describe("Due today"),
  upcoming: myDayGroup.describe("Due in the seven days after today"),
});

/** GET /api/reminders/{division}: the bell. */
export const bellAnswer = z.object({
  followUps: z
    .array(myFollowUpAnswer)
    .describe("Come due since the bell was last marked seen, soonest first"),
  total: z.int().describe("How many came due since then, counted up to 100"),
});

export const reminderSettingAnswer = z.object({
  mode: z
    .enum(REMINDER_MODES)
    .describe("EACH: an e-mail per follow-up as it comes due; DIGEST: one a day; OFF"),
  timeZone: z.string().describe("The IANA zone of the e-mails' times and of the digest's day"),
});

export const userAnswer = wireOf<User>()(
  z.object({
    id,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(ROLES),
    companyAccess: z.array(z.object({ company: division })),
    isActive: z.boolean(),
    createdAt: timestamp,
    profileImageUrl: z.string().nullable(),
    hasPassword: z.boolean().describe("Whether a password is set (the hash never leaves the server)"),
  }),
);

export const auditEntryAnswer = wireOf<AuditLogEntry>()(
  z.object({
    id,
    timestamp,
    userId: id.nullable(),
    userName: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    resource: z.string(),
    details: z.string(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
);

const percent = z.number().describe("Percent change from last month (UTC), rounded to one decimal");

export const dashboardStatsAnswer = wireOf<DashboardStats>()(
  z.object({
    totalLeads: z.int().min(0),
    activeProspects: z.int().min(0),
    closedDeals: z.int().min(0),
    revenue: z.number().min(0).describe("The sum of CLOSED_WON estimated values"),
    totalLeadsChange: percent,
    activeProspectsChange: percent,
    closedDealsChange: percent,
    revenueChange: percent,
  }),
);

const tokenFields = {
  id,
  name: z.string(),
  prefix: z.string().describe("The token's first characters, to tell tokens apart"),
  status: z.enum(["ACTIVE", "REVOKED", "EXPIRED"]),
  scope: z
    .enum(TOKEN_SCOPES)
    .describe(
      "What the token may do: read (GET only), write (also change the records of its user's divisions) or admin (user administration too; an admin's only)",
    ),
  createdAt: timestamp,
  expiresAt: timestamp,
  lastUsedAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
};

/** A personal API token as lists show it: never the token itself. */
export const apiTokenAnswer = wireOf<ApiToken>()(z.object(tokenFields));

export const ownedApiTokenAnswer = wireOf<OwnedApiToken>()(
  z.object({
    ...tokenFields,
    user: z.object({ id, firstName: z.string(), lastName: z.string(), email: z.string() }),
  }),
);

export const createdApiTokenAnswer = wireOf<CreatedApiToken>()(
  z.object({
    ...tokenFields,
    token: z.string().describe("The token, shown this once: send it as `Authorization: Bearer <token>`"),
  }),
);

export const timelineEntryAnswer = wireOf<TimelineEntry>()(
  z.object({
    id: id.describe("The note, progress entry, audit entry or logged call/e-mail the entry comes from"),
    type: z.enum(TIMELINE_TYPES),
    at: timestamp,
    by: z
      .object({ id: id.nullable(), name: z.string() })
      .nullable()
      .describe("Who did it; null when not known"),
    text: z
      .string()
      .nullable()
      .describe("The note, the status change's remark, the fields changed, or the call's or e-mail's notes"),
    status: z.enum(LEAD_STATUSES).nullable().describe("STATUS_CHANGED: the new status"),
    outcome: z.enum(ACTIVITY_OUTCOMES).nullable().describe("CALL_LOGGED, EMAIL_LOGGED: the outcome"),
    followUpDate: timestamp.nullable(),
    noteType: z.enum(NOTE_TYPES).nullable(),
    voiceDuration: z.string().regex(/^\d+$/).nullable().describe("Seconds, as a string"),
    hasAudio: z.boolean().describe("A voice note's recording: GET /api/notes/{id}/audio plays it"),
  }),
);

export const leadActivityAnswer = wireOf<LeadActivity>()(
  z.object({
    id,
    leadId: id,
    kind: z.enum(ACTIVITY_KINDS),
    outcome: z.enum(ACTIVITY_OUTCOMES),
    notes: z.string().nullable(),
    createdBy: personRefAnswer.nullable(),
    createdAt: timestamp,
  }),
);

const pounds = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .describe('A decimal string with two places ("12500.50")');

const boardCardAnswer = wireOf<BoardCard>()(
  z.object({
    id,
    firstName: z.string(),
    lastName: z.string(),
    company: z.string(),
    status: z.enum(LEAD_STATUSES),
    estimatedValue: leadFields.estimatedValue,
    version: leadFields.version,
    owner: personRefAnswer.nullable().describe("The lead's creator"),
    nextFollowUp: timestamp.nullable().describe("The lead's earliest follow-up not yet complete"),
  }),
);

const stageWeight = z.int().min(0).max(100).describe("Per cent");
export const stageWeightsAnswer = wireOf<StageWeights>()(
  z.object(
    Object.fromEntries(LEAD_STATUSES.map((status) => [status, stageWeight])) as Record<
      (typeof LEAD_STATUSES)[number],
      typeof stageWeight
    >,
  ),
);

export const pipelineColumnAnswer = wireOf<BoardColumn>()(
  z.object({
    status: z.enum(LEAD_STATUSES),
    count: z.int().min(0).describe("Active leads of the status under the filters; see countIsLowerBound"),
    countIsLowerBound: z
      .boolean()
      .describe(
        "A filtered column stops counting past 10,000 (shown as 10,000+); its sums are then of those",
      ),
    totalValue: pounds,
    weightPercent: stageWeight,
    weightedValue: pounds.describe("totalValue times weightPercent / 100, to the penny"),
    cards: z.array(boardCardAnswer).describe("The column's first page, last updated first"),
    nextCursor: z
      .string()
      .nullable()
      .describe("Send as `cursor` for this column's next page; null at its end"),
  }),
);

export const pipelineAnswer = z.object({ columns: z.array(pipelineColumnAnswer) });

/** A saved lead list (docs/decisions/031-saved-views.md). */
export const savedViewAnswer = wireOf<SavedView>()(
  z.object({
    id,
    name: z.string(),
    division,
    shared: z.boolean().describe("Seen by everyone with access to the division; else by its owner alone"),
    query: z.string().describe("The /leads query string it opens with (no `?`): open it at `/leads?{query}`"),
    owner: personRefAnswer,
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
);

/** CONTRACT.md's error body: every answer that is not a success. */
export const errorAnswer = z.object({
  message: z.string(),
  errors: z
    .record(z.string(), z.array(z.string()))
    .optional()
    .describe("Messages per input field, with a 400 Invalid input"),
});

/** Every answer schema, by the name it has in the document's components. */
export const ANSWERS = {
  Lead: leadAnswer,
  LeadDetail: leadDetailAnswer,
  LeadNote: leadNoteAnswer,
  Note: noteAnswer,
  PersonRef: personRefAnswer,
  Contact: contactAnswer,
  FollowUp: followUpAnswer,
  GlobalSearch: globalSearchAnswer,
  MyFollowUp: myFollowUpAnswer,
  MyDay: myDayAnswer,
  Bell: bellAnswer,
  ReminderSetting: reminderSettingAnswer,
  User: userAnswer,
  AuditEntry: auditEntryAnswer,
  DashboardStats: dashboardStatsAnswer,
  Pipeline: pipelineAnswer,
  PipelineColumn: pipelineColumnAnswer,
  StageWeights: stageWeightsAnswer,
  ApiToken: apiTokenAnswer,
  OwnedApiToken: ownedApiTokenAnswer,
  CreatedApiToken: createdApiTokenAnswer,
  TimelineEntry: timelineEntryAnswer,
  LeadActivity: leadActivityAnswer,
  SavedView: savedViewAnswer,
  Error: errorAnswer,
} as const;
export type AnswerName = keyof typeof ANSWERS;
