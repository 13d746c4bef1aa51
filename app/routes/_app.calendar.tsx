import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { currentDivision } from "~/models/user.server";
import { requireUser } from "~/utils/auth.server";
import { brandingFor } from "~/utils/divisions";

export const meta: MetaFunction = () => [{ title: "Calendar | CRM" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { division: currentDivision(user) };
}

export default function Page() {
  const { division } = useLoaderData<typeof loader>();
  return <PageHeader title="Follow-up Calendar" subtitle={brandingFor(division).tagline} />;
}
