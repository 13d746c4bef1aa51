// The benchmark's baseline (scripts/bench.ts): the physical limit of this design. A bare node:http server
// that runs, for each endpoint the benchmark drives, the app's own model functions (so the identical SQL
// through the same postgres.js pool) and JSON serialisation, and nothing else: no Express, no Remix, no
// Fetch conversion, no cookie signature, no React. The session is looked up by its id (BENCH_SESSION_ID) with
// the app's query on every request, as the app does. The pages are answered with their loaders' data as JSON.
import http from "node:http";
import { dashboardStats } from "../app/models/dashboard.server";
import { currentDivision, type Actor } from "../app/models/actor.server";
import { createLeadSchema, leadListParamsSchema } from "../app/models/lead.schema";
import { leadRow } from "../app/models/lead";
import { createLead, getLeadDetail } from "../app/models/lead.server";
import { listLeadPage } from "../app/models/lead-list.server";
import { getSessionUser } from "../app/models/session.server";
import { leadsPageList } from "../app/screens/leads/leads-page.server";
import { leadsView } from "../app/screens/leads/leads-view";
import { connectDatabase } from "../app/db/db.server";
import { myDayBounds } from "../app/models/my-day";
import { listMyDay, myDayCounts } from "../app/models/my-day.server";
import { MY_DAY_PANEL_PER_GROUP, MY_DAY_PER_GROUP } from "../app/screens/my-day/my-day-view";
import { DEFAULT_TIME_ZONE } from "../app/utils/time-zone";

const sessionId = process.env.BENCH_SESSION_ID!;
await connectDatabase();

type Answer = { status?: number; body: unknown; total?: number };
type Handler = (actor: Actor, url: URL, body: () => Promise<unknown>) => Promise<Answer>;

const routes: [method: string, path: RegExp, handler: Handler][] = [
  [
    "GET",
    /^\/api\/leads\/(TSS|NLH)$/,
    async (actor, url) => {
      const division = url.pathname.slice(-3) as "TSS" | "NLH";
      const { limit, offset, cursor, dir, ...filters } = leadListParamsSchema.parse(
        Object.fromEntries(url.searchParams),
      );
      const page = await listLeadPage(
        actor,
        division,
        { ...filters, archived: false, direction: dir },
        { limit: limit ?? 50, offset, cursor },
      );
      return { body: page.leads, total: page.total };
    },
  ],
  [
    "GET",
    /^\/api\/dashboard\/stats\/(TSS|NLH)$/,
    async (actor, url) => ({ body: await dashboardStats(actor, url.pathname.slice(-3) as "TSS" | "NLH") }),
  ],
  [
    "GET",
    /^\/api\/leads\/detail\/[0-9a-f-]{36}$/,
    async (actor, url) => ({ body: await getLeadDetail(actor, url.pathname.split("/").pop()!) }),
  ],
  [
    "POST",
    /^\/api\/leads$/,
    async (actor, _url, body) => {
      const { companyDivision, ...input } = createLeadSchema.parse(await body());
      return { status: 201, body: await createLead(actor, companyDivision, input) };
    },
  ],
  // The pages' data: what their loaders read, the shell's counts (routes/_app.tsx) beside the page's own.
  [
    "GET",
    /^\/leads$/,
    async (actor, url) => {
      const division = currentDivision(actor.user);
      const [counts, list] = await Promise.all([
        myDayCounts(actor, division, myDayBounds(DEFAULT_TIME_ZONE)),
        leadsPageList(actor, division, leadsView.read(url.searchParams)),
      ]);
      return { body: { counts, list } };
    },
  ],
  [
    "GET",
    /^\/$/,
    async (actor) => {
      const division = currentDivision(actor.user);
      const bounds = myDayBounds(DEFAULT_TIME_ZONE);
      const [counts, stats, recent, myDay] = await Promise.all([
        myDayCounts(actor, division, bounds),
        dashboardStats(actor, division),
        listLeadPage(actor, division, { archived: false }, { limit: 5 }),
        listMyDay(actor, division, bounds, MY_DAY_PANEL_PER_GROUP),
      ]);
      return { body: { counts, stats, recentLeads: recent.leads.map(leadRow), myDay } };
    },
  ],
  [
    "GET",
    /^\/my-day$/,
    async (actor) => {
      const division = currentDivision(actor.user);
      const bounds = myDayBounds(DEFAULT_TIME_ZONE);
      const [counts, myDay] = await Promise.all([
        myDayCounts(actor, division, bounds),
        listMyDay(actor, division, bounds, MY_DAY_PER_GROUP),
      ]);
      return { body: { counts, myDay } };
    },
  ],
];

const server = http.createServer(async (req, res) => {
  const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
    res.end(JSON.stringify(body));
  };
  try {
    const url = new URL(req.url ?? "/", "http://baseline");
    const route = routes.find(([method, path]) => method === req.method && path.test(url.pathname));
    if (!route) return send(404, { message: "Not found" });
    const user = await getSessionUser(sessionId);
    if (!user) return send(401, { message: "Unauthorized" });
    const actor: Actor = {
      user,
      info: { ipAddress: req.socket.remoteAddress ?? "", userAgent: req.headers["user-agent"] ?? "" },
    };
    const readBody = async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      return JSON.parse(Buffer.concat(chunks).toString("utf8"));
    };
    const answer = await route[2](actor, url, readBody);
    send(
      answer.status ?? 200,
      answer.body,
      answer.total === undefined ? {} : { "X-Total-Count": String(answer.total) },
    );
  } catch (error) {
    console.error(error);
    send(500, { message: "Internal server error" });
  }
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("baseline ready"));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(0));
