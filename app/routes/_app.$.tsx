import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary, NotFound } from "~/components/error-boundary";
import { requireUser } from "~/auth/current-user.server";

export const meta: MetaFunction = () => [{ title: "404 Page Not Found | CRM" }];

/** Any other path: a signed-in user gets the 404 page inside the shell, with status 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  throw new Response("Not found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

// Its own boundary, so the 404 renders inside the shell (and a 401 still gets the login screen).
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
