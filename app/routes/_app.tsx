import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { currentDivision, userDivisions } from "~/models/actor.server";
import { requirePageActor } from "~/auth/current-user.server";
import { myDayBounds } from "~/models/my-day";
import { myDayCounts } from "~/models/my-day.server";
import { listSidebarViews } from "~/models/saved-view.server";
import { savedViewHref } from "~/screens/leads/leads-view";
import { timeZoneOf } from "~/utils/time-zone.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const { user } = actor;
  const division = currentDivision(user);
  // The sidebar's saved views, and My Day's count (overdue and today) with the bell's: indexed reads, at once.
  const [savedViews, myDay] = await Promise.all([
    listSidebarViews(actor, division),
    userDivisions(user).includes(division)
      ? myDayCounts(actor, division, myDayBounds(timeZoneOf(request)))
      : { due: 0, unseen: 0 },
  ]);
  return {
    user: {
      firstName: user.firstName,
      email: user.email,
      role: user.role,
      profileImageUrl: user.profileImageUrl,
    },
    division,
    divisions: userDivisions(user),
    savedViews: savedViews.map((view) => ({
      id: view.id,
      name: view.name,
      shared: view.shared,
      href: savedViewHref(view),
    })),
    myDay,
  };
}

export default function AppLayout() {
  const { user, division, divisions, savedViews, myDay } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user} division={division} divisions={divisions} savedViews={savedViews} counts={myDay}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
