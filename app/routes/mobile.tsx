import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { currentDivision } from "~/models/user.server";
import { requireUser } from "~/utils/auth.server";
import { brandingFor } from "~/utils/divisions";

export const meta: MetaFunction = () => [{ title: "Field Notes | CRM" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { division: currentDivision(user) };
}

/** Field notes for phones: no shell, just the recorder. */
export default function MobileNotes() {
  const { division } = useLoaderData<typeof loader>();
  const brand = brandingFor(division);
  return (
    <div className="min-h-screen bg-slate-50">
      <header className={`${brand.headerClass} flex items-center justify-between px-4 py-3`}>
        <h1 className="text-lg font-bold">Field Notes</h1>
        <Link to="/" className="text-sm font-medium underline">
          {brand.title}
        </Link>
      </header>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
