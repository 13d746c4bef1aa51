import { LEAD_STATUSES } from "~/models/lead";
import { db, type Tx } from "~/db/db.server";
import type { Division } from "~/utils/divisions";
import { hashPassword } from "~/utils/password.server";

export const DEMO_PASSWORD = "demo-password";

const DEMO_USERS: { email: string; firstName: string; lastName: string; divisions: Division[] }[] = [
  { email: "sarah.jones@example.com", firstName: "Sarah", lastName: "Jones", divisions: ["TSS"] },
  { email: "tom.baker@example.com", firstName: "Tom", lastName: "Baker", divisions: ["NLH"] },
  { email: "priya.shah@example.com", firstName: "Priya", lastName: "Shah", divisions: ["TSS", "NLH"] },
];

const PEOPLE = [
  ["James", "Whitaker"],
  ["Emma", "Clarke"],
  ["Oliver", "Hughes"],
  ["Amelia", "Patel"],
  ["Harry", "Wilson"],
  ["Isla", "Morgan"],
  ["George", "Evans"],
  ["Ava", "Thompson"],
  ["Noah", "Roberts"],
  ["Mia", "Walker"],
  ["Leo", "Wright"],
  ["Grace", "Robinson"],
  ["Arthur", "Green"],
  ["Freya", "Hall"],
  ["Oscar", "Lewis"],
  ["Lily", "Young"],
  ["Jack", "King"],
  ["Sophie", "Scott"],
] as const;

const COMPANIES: Record<Division, string[]> = {
  TSS: [
    "Cotswold Heritage Homes",
    "Harrow Roofing Ltd",
    "Pennine Stoneworks",
    "Bath Restoration Co",
    "Lakeland Builders",
    "Kensington Interiors",
    "Brecon Barn Conversions",
    "Thames Valley Developments",
    "Yorkshire Dales Estates",
    "Oxford Masonry Group",
    "Cornish Coastal Homes",
    "Chiltern Landscapes",
  ],
  NLH: [
    "Skybridge Aviation",
    "Northern Air Freight",
    "Heathrow Express Parts",
    "Solent Aero Services",
    "Midlands Cargo Link",
    "Highland Air Charter",
    "Aero Components UK",
    "Channel Wings Logistics",
    "Bristol Flight Academy",
    "Eastern Skies Maintenance",
    "Gatwick Ground Services",
    "Albion Jet Leasing",
  ],
};

const POSITIONS = [
  "Director",
  "Project Manager",
  "Procurement Lead",
  "Operations Manager",
  "Owner",
  "Architect",
];
const NOTE_TEXTS = [
  "Called to introduce ourselves; interested in a site visit.",
  "Sent brochure and price list by e-mail.",
  "Asked for samples to be delivered to site.",
  "Budget confirmed for next quarter.",
  "Meeting went well, waiting on a decision from the board.",
  "Follow up about the revised quote.",
];

/** A small deterministic generator, so every demo database looks the same. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/**
 * Fills an empty database (no leads, no contacts, only the first admin) with demo users, leads, contacts,
 * progress, notes and follow-ups in both divisions. Returns null when the database is not empty.
 */
export async function seedDemoData(): Promise<{ users: string[]; password: string } | null> {
  const sql = await db();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return sql.begin(async (tx) => {
    await tx`lock table users, leads, contacts in share row exclusive mode`;
    const [{ users, records }] = await tx<{ users: number; records: number }[]>`
      select (select count(*) from users)::int as users,
             ((select count(*) from leads) + (select count(*) from contacts))::int as records`;
    if (users > 1 || records > 0) return null;

    const ids: Record<Division, string[]> = { TSS: [], NLH: [] };
    const [admin] = await tx<{ id: string }[]>`select id from users order by created_at limit 1`;
    if (admin) {
      ids.TSS.push(admin.id);
      ids.NLH.push(admin.id);
    }
    for (const person of DEMO_USERS) {
      const [user] = await tx<{ id: string }[]>`
        insert into users (email, first_name, last_name, role, password_hash, created_at)
        values (${person.email}, ${person.firstName}, ${person.lastName}, 'SALES_USER', ${passwordHash},
                now() - interval '90 days')
        returning id`;
      for (const [index, division] of person.divisions.entries()) {
        await tx`
          insert into company_access (user_id, company, created_at)
          values (${user.id}, ${division}, now() - interval '90 days' + ${index} * interval '1 second')`;
        ids[division].push(user.id);
      }
    }
    for (const division of ["TSS", "NLH"] as const) {
      await seedDivision(tx, division, ids[division], generator(division === "TSS" ? 7 : 11));
    }
    return { users: DEMO_USERS.map((user) => user.email), password: DEMO_PASSWORD };
  });
}

async function seedDivision(tx: Tx, division: Division, userIds: string[], random: () => number) {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const domain = division === "TSS" ? "stone" : "air";
  for (const [index, [firstName, lastName]] of PEOPLE.entries()) {
    const company = COMPANIES[division][index % COMPANIES[division].length];
    const email =
      `${firstName}.${lastName}@${company.toLowerCase().replace(/[^a-z]+/g, "")}.${domain}.example`.toLowerCase();
    const phone = `07${String(700000000 + Math.floor(random() * 99999999)).slice(0, 9)}`;
    const position = pick(POSITIONS);
    const statusIndex = Math.floor(random() * LEAD_STATUSES.length);
    const status = LEAD_STATUSES[statusIndex];
    const value = random() < 0.85 ? (Math.round(random() * 9000) * 5 + 1500).toFixed(2) : null;
    const daysAgo = Math.floor(random() * 75) + 1;
    const owner = pick(userIds);
    const assignee = random() < 0.5 ? pick(userIds) : null;
    const archived = index >= PEOPLE.length - 2;
    const createdBy = owner;

    const [contact] = await tx<{ id: string }[]>`
      insert into contacts (first_name, last_name, email, phone, company, position, company_division,
                            created_by, created_at, updated_at)
      values (${firstName}, ${lastName}, ${email}, ${phone}, ${company}, ${position}, ${division},
              ${createdBy}, now() - ${daysAgo} * interval '1 day', now() - ${daysAgo} * interval '1 day')
      returning id`;
    const [lead] = await tx<{ id: string }[]>`
      insert into leads (first_name, last_name, email, phone, company, position, status, estimated_value, notes,
                         company_division, is_archived, archived_at, created_by, assigned_to, main_contact_id,
                         created_at, updated_at)
      values (${firstName}, ${lastName}, ${email}, ${phone}, ${company}, ${position}, ${status}, ${value},
              ${`Enquiry from ${company} about ${division === "TSS" ? "natural slate roofing" : "express wing parts"}.`},
              ${division}, ${archived}, ${archived ? new Date(Date.now() - 86_400_000) : null}, ${createdBy},
              ${assignee}, ${contact.id}, now() - ${daysAgo} * interval '1 day',
              now() - ${Math.floor(daysAgo / 3)} * interval '1 day' - ${index} * interval '1 minute')
      returning id`;
    // The progress timeline walks from NEW to the current status, one step every few days.
    const steps =
      status === "CLOSED_LOST"
        ? ["NEW", "CONTACTED", "CLOSED_LOST"]
        : LEAD_STATUSES.slice(0, statusIndex + 1);
    for (const [step, stepStatus] of steps.entries()) {
      await tx`
        insert into lead_progress (lead_id, status, notes, created_by, created_at)
        values (${lead.id}, ${stepStatus}, ${step === 0 ? "Lead created" : null}, ${createdBy},
                least(now(), now() - ${daysAgo} * interval '1 day' + ${step} * interval '2 days'))`;
    }
    const noteCount = 1 + Math.floor(random() * 3);
    for (let n = 0; n < noteCount; n++) {
      // Follow-ups around today: some overdue, some today, some upcoming, some already done.
      const followUpOffset = n === 0 && index % 2 === 0 ? Math.floor(random() * 21) - 7 : null;
      const followUp =
        followUpOffset === null
          ? null
          : new Date(Date.UTC(...todayUtc(), 9 + (index % 8), 0) + followUpOffset * 86_400_000);
      const done = followUpOffset !== null && followUpOffset < -3;
      await tx`
        insert into notes (lead_id, content, follow_up_date, is_follow_up_complete, follow_up_completed_at,
                           created_by, created_at)
        values (${lead.id}, ${pick(NOTE_TEXTS)}, ${followUp}, ${done}, ${done ? followUp : null},
                ${pick(userIds)}, now() - ${Math.max(0, daysAgo - n * 3)} * interval '1 day' - ${n} * interval '3 hours')`;
    }
  }
}

function todayUtc(): [number, number, number] {
  const now = new Date();
  return [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
}
