import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DivisionLogo } from "~/components/division-logo";
import { currentDivision } from "~/models/user.server";
import { requireUser } from "~/utils/auth.server";
import { brandingFor } from "~/utils/divisions";

export const meta: MetaFunction = () => [{ title: "Dashboard | CRM" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { division: currentDivision(user), firstName: user.firstName };
}

export default function Dashboard() {
  const { division, firstName } = useLoaderData<typeof loader>();
  const brand = brandingFor(division);
  return (
    <div>
      <h1 className="sr-only">Dashboard</h1>
      <section className={`${brand.headerClass} flex items-center gap-4 rounded-xl p-6 shadow`}>
        <DivisionLogo division={brand.division} className="h-14 w-14 shrink-0" />
        <div className="min-w-0">
          <p className="text-sm opacity-90">Welcome back{firstName ? `, ${firstName}` : ""}</p>
          <h2 className="text-2xl font-bold">{brand.title}</h2>
          <p className="font-medium">{brand.fullName}</p>
          <p className="mt-1 text-sm opacity-90">{brand.tagline}</p>
        </div>
      </section>
    </div>
  );
}
