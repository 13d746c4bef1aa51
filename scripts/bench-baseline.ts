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
import { listSidebarViews } from "../app/models/saved-view.server";
import { getSessionUser } from "../app/models/session.server";
import { listAssignableUsers } from "../app/models/user.server";
import { leadsPageList } from "../app/screens/leads/leads-page.server";
import { leadsView } from "../app/screens/leads/leads-view";
import { boardColumns } from "../app/screens/pipeline/pipeline-page.server";
import { boardState } from "../app/screens/pipeline/pipeline-view";
import { globalSearchSchema } from "../app/models/search.schema";
import { globalSearch } from "../app/models/search.server";
import { searchView } from "../app/screens/search/search-view";
import { connectDatabase } from "../app/db/db.server";
import { myDayBounds } from "../app/models/my-day";
import { listMyDay, myDayCounts } from "../app/models/my-day.server";
import { MY_DAY_PANEL_PER_GROUP, MY_DAY_PER_GROUP } from "../app/screens/my-day/my-day-view";
import { DEFAULT_TIME_ZONE } from "../app/utils/time-zone";

const sessionId = process.env.BENCH_SESSION_ID!;
await connectDatabase();

/** What the shell's loader reads beside every page: the sidebar's saved views, My Day's and the bell's counts. */
async function shellData(actor: Actor) {
  const division = currentDivision(actor.user);
  const [savedViews, counts] = await Promise.all([
    listSidebarViews(actor, division),
    myDayCounts(actor, division, myDayBounds(DEFAULT_TIME_ZONE)),
  ]);
  return { savedViews, counts };
}

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
  [
    "GET",
    /^\/api\/search\/(TSS|NLH)$/,
    async (actor, url) => {
      const { q } = globalSearchSchema.parse(Object.fromEntries(url.searchParams));
      return { body: await globalSearch(actor, url.pathname.slice(-3) as "TSS" | "NLH", q) };
    },
  ],
  // The pages' data: what their loaders read, and the shell's (routes/_app.tsx) beside each page's own.
  [
    "GET",
    /^\/search$/,
    async (actor, url) => {
      const view = searchView.read(url.searchParams);
      const division = currentDivision(actor.user);
      const [shell, found] = await Promise.all([
        shellData(actor),
        view.q ? globalSearch(actor, division, view.q) : null,
      ]);
      return { body: { shell, view, found } };
    },
  ],
  [
    "GET",
    /^\/leads$/,
    async (actor, url) => {
      const division = currentDivision(actor.user);
      const [shell, list, owners] = await Promise.all([
        shellData(actor),
        leadsPageList(actor, division, leadsView.read(url.searchParams)),
        listAssignableUsers(actor, division),
      ]);
      return { body: { shell, ...list, owners } };
    },
  ],
  [
    "GET",
    /^\/pipeline$/,
    async (actor, url) => {
      const division = currentDivision(actor.user);
      const [shell, columns, owners] = await Promise.all([
        shellData(actor),
        boardColumns(actor, division, leadsView.read(url.searchParams), boardState.read(url.searchParams)),
        listAssignableUsers(actor, division),
      ]);
      return { body: { shell, columns, owners } };
    },
  ],
  [
    "GET",
    /^\/$/,
    async (actor) => {
      const division = currentDivision(actor.user);
      const [shell, stats, recent, myDay] = await Promise.all([
        shellData(actor),
        dashboardStats(actor, division),
        listLeadPage(actor, division, { archived: false }, { limit: 5 }),
        listMyDay(actor, division, myDayBounds(DEFAULT_TIME_ZONE), MY_DAY_PANEL_PER_GROUP),
      ]);
      return { body: { shell, stats, recentLeads: recent.leads.map(leadRow), myDay } };
    },
  ],
  [
    "GET",
    /^\/my-day$/,
    async (actor) => {
      const division = currentDivision(actor.user);
      const [shell, myDay] = await Promise.all([
        shellData(actor),
        listMyDay(actor, division, myDayBounds(DEFAULT_TIME_ZONE), MY_DAY_PER_GROUP),
      ]);
      return { body: { shell, myDay } };
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
