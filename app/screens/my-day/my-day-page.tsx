import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { useResultToast } from "~/components/toaster";
import { PageHeader } from "~/components/page-header";
import { pageTitle } from "~/components/page-title";
import { MyDayGroups } from "./my-day-list";
import type { myDayAction, myDayLoader } from "./my-day.server";
import { myDayLeadHref } from "./my-day-view";

export const meta = pageTitle("My Day | CRM");

/**
 * My Day (docs/decisions/028-my-day-and-reminders.md); a lead opens over it at /my-day/lead/{id}, in the
 * outlet.
 */
export function MyDayPage() {
  const { day, timeZone } = useLoaderData<typeof myDayLoader>();
  const refused = useActionData<typeof myDayAction>();
  useResultToast(refused);
  return (
    <div className="max-w-4xl">
      <PageHeader
        title="My Day"
        subtitle="Your open follow-ups on the leads you own or are assigned: overdue, today and the next 7 days."
      />
      <MyDayGroups day={day} timeZone={timeZone} leadHref={myDayLeadHref} refused={refused} />
      <Outlet />
    </div>
  );
}
