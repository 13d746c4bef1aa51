import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { currentDivision, userDivisions } from "~/models/actor.server";
import { listSidebarViews } from "~/models/saved-view.server";
import { requirePageActor } from "~/auth/current-user.server";
import { savedViewHref } from "~/screens/leads/leads-view";

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
    savedViews: (await listSidebarViews(actor, division)).map((view) => ({
      id: view.id,
      name: view.name,
      shared: view.shared,
      href: savedViewHref(view),
    })),
  };
}

export default function AppLayout() {
  const { user, division, divisions, savedViews } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user} division={division} divisions={divisions} savedViews={savedViews}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
