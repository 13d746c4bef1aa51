import { listLeadPage } from "../app/models/lead.server";
import { leadsPageList } from "../app/features/leads/leads-page.server";
import { leadsView } from "../app/features/leads/leads-view";
import { getSessionUser } from "../app/models/session.server";
import { closeDatabase, connectDatabase } from "../app/utils/db.server";
const { sql } = await connectDatabase();
const [u] = await sql`select id from users where email = 'bulk-user-01@example.com'`;
const sid = "prof-" + Date.now();
await sql`insert into sessions (id, user_id, expires_at) values (${sid}, ${u.id}, now() + interval '1 day')`;
await sql`update users set selected_division = 'TSS' where id = ${u.id}`;
const user = await getSessionUser(sid);
const actor = { user: user!, info: { ipAddress: "127.0.0.1", userAgent: "q" } };
const [sample] = await sql`select company, email, last_name from leads where company_division = 'TSS' order by id limit 1 offset 777`;
const terms = (process.env.TERMS ?? `${sample.company}|${sample.lastName.slice(0,5)}|Smith|ash|an|zzzq`).split("|");
for (const term of terms) {
  for (const mode of ["api", "page"]) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 12; i++) {
      const t = performance.now();
      if (mode === "api") total = (await listLeadPage(actor as any, "TSS", { archived: false, search: term }, { limit: 50 })).total;
      else total = (await leadsPageList(actor as any, "TSS", leadsView.read(new URLSearchParams({ q: term })))).total ?? 0;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`${mode} ${JSON.stringify(term).padEnd(30)} total=${String(total).padStart(7)} p50=${times[6].toFixed(1)} max=${times[11].toFixed(1)}`);
  }
}
await closeDatabase();
