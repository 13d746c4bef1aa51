import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/page-header";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Admin | CRM" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.role !== "ADMIN") {
    throw await redirectWithToast("/", {
      type: "error",
      title: "Unauthorized",
      description: "Admin access required",
    });
  }
  return null;
}

export default function AdminPage() {
  return <PageHeader title="Admin Control Panel" subtitle="Manage users, permissions, and system access." />;
}
