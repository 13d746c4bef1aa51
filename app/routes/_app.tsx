import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { currentDivision, userDivisions } from "~/models/actor.server";
import { requirePageActor } from "~/auth/current-user.server";
import { myDayBounds } from "~/models/my-day";
import { myDayCounts } from "~/models/my-day.server";
import { timeZoneOf } from "~/utils/time-zone.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const { user } = actor;
  const division = currentDivision(user);
  return {
    user: {
      firstName: user.firstName,
      email: user.email,
      role: user.role,
      profileImageUrl: user.profileImageUrl,
    },
    division,
    divisions: userDivisions(user),
    // My Day's count (overdue and today) and the bell's: one statement of capped index scans.
    myDay: userDivisions(user).includes(division)
      ? await myDayCounts(actor, division, myDayBounds(timeZoneOf(request)))
      : { due: 0, unseen: 0 },
  };
}

export default function AppLayout() {
  const { user, division, divisions, myDay } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user} division={division} divisions={divisions} counts={myDay}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
