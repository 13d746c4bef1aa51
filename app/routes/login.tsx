import { type MetaFunction } from "@remix-run/node";
import { useSearchParams } from "@remix-run/react";
import { LoginScreen } from "~/components/login-screen";
import { safeRedirect } from "~/utils/safe-redirect";

export { action, loader } from "~/auth/login-page.server";

export const meta: MetaFunction = () => [{ title: "Sign in | CRM" }];

export default function LoginPage() {
  const [params] = useSearchParams();
  return <LoginScreen redirectTo={safeRedirect(params.get("redirectTo"))} />;
}
