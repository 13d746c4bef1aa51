import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { currentDivision, userDivisions } from "~/models/actor.server";
import { requireUser } from "~/auth/current-user.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return {
    user: {
      firstName: user.firstName,
      email: user.email,
      role: user.role,
      profileImageUrl: user.profileImageUrl,
    },
    division: currentDivision(user),
    divisions: userDivisions(user),
  };
}

export default function AppLayout() {
  const { user, division, divisions } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user} division={division} divisions={divisions}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
