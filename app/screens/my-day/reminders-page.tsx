import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/app-link";
import { PageHeader } from "~/components/page-header";
import { pageTitle } from "~/components/page-title";
import { cappedCount } from "~/models/my-day";
import { formatDateTime } from "~/utils/format";
import type { remindersLoader } from "./my-day.server";
import { myDayLeadHref } from "./my-day-view";

export const meta = pageTitle("Reminders | CRM");

/** The bell's list: follow-ups come due since the user last looked; looking marks them seen. */
export function RemindersPage() {
  const { followUps, total, timeZone } = useLoaderData<typeof remindersLoader>();
  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Reminders"
        subtitle={
          total
            ? `${cappedCount(total)} follow-up${total === 1 ? "" : "s"} came due since you last looked.`
            : "No follow-ups have come due since you last looked."
        }
      />
      {followUps.length ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {followUps.map((item) => (
            <li key={item.id} className="px-3 py-3 text-sm" data-testid="reminder-item">
              <AppLink
                to={myDayLeadHref(item.leadId)}
                className="font-medium break-words text-slate-900 hover:underline"
              >
                {item.leadName}
              </AppLink>
              <span className="text-slate-600"> · {item.company}</span>
              <p className="break-words whitespace-pre-line text-slate-700">{item.content}</p>
              <p className="text-xs text-slate-600">Due {formatDateTime(item.followUpDate, timeZone)}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-4 text-sm">
        <AppLink to="/my-day" className="font-medium text-slate-900 underline">
          Open My Day
        </AppLink>{" "}
        for everything due.
      </p>
    </div>
  );
}
