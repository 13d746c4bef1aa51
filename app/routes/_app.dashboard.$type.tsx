import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { currentDivision } from "~/models/user.server";
import { requireUser } from "~/utils/auth.server";
import { brandingFor } from "~/utils/divisions";

const DETAILS: Record<string, { title: string; subtitle: string }> = {
  "total-leads": { title: "Total Leads", subtitle: "All leads in your pipeline" },
  "active-prospects": { title: "Active Prospects", subtitle: "Leads currently being worked on" },
  "closed-deals": { title: "Closed Deals", subtitle: "Successfully closed opportunities" },
  revenue: { title: "Revenue Details", subtitle: "Revenue from closed deals" },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Details"} | CRM` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const details = DETAILS[params.type ?? ""] ?? { title: "Details", subtitle: "" };
  return { ...details, division: currentDivision(user) };
}

export default function DashboardDetails() {
  const { title, subtitle, division } = useLoaderData<typeof loader>();
  return (
    <div>
      <Link to="/" className="text-sm font-medium text-slate-700 hover:underline">
        Back to Dashboard
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">
        {subtitle} for {brandingFor(division).fullName}
      </p>
    </div>
  );
}
