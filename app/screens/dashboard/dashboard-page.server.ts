import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePageActor } from "~/auth/current-user.server";
import { currentDivision } from "~/models/actor.server";
import { leadRow } from "~/models/lead";
import { dashboardFigures } from "~/models/dashboard.server";
import { listLeadPage } from "~/models/lead-list.server";
import { myDayBounds } from "~/models/my-day";
import { listMyDay } from "~/models/my-day.server";
import { timeZoneOf } from "~/utils/time-zone.server";
import { MY_DAY_PANEL_PER_GROUP } from "../my-day/my-day-view";

/**
 * The dashboard behind its dialogs and behind a lead opened over it (/lead/{id}): its figures and two charts
 * (one query of the kept counts) and the five most recently updated leads.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const division = currentDivision(actor.user);
  const timeZone = timeZoneOf(request);
  const [figures, recent, myDay] = await Promise.all([
    dashboardFigures(actor, division),
    listLeadPage(actor, division, { archived: false }, { limit: 5 }),
    listMyDay(actor, division, myDayBounds(timeZone), MY_DAY_PANEL_PER_GROUP),
  ]);
  return {
    division,
    firstName: actor.user.firstName,
    ...figures,
    recentLeads: recent.leads.map(leadRow),
    myDay,
    timeZone,
  };
}
