import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useSearchParams } from "@remix-run/react";
import { LoginScreen } from "~/components/login-screen";
import { ApiError } from "~/utils/api.server";
import { authenticate, getCurrentUser } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { requestInfo } from "~/utils/request-info.server";
import { safeRedirect } from "~/utils/safe-redirect";

export const meta: MetaFunction = () => [{ title: "Sign in | CRM" }];

/** The no-JavaScript sign-in: every page's login form posts here, and success returns to that page. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getCurrentUser(request)) throw redirect("/");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request.clone());
  const redirectTo = safeRedirect(form.get("redirectTo"));
  try {
    const { setCookie } = await authenticate(request, requestInfo(request, context));
    return redirect(redirectTo, { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const username = form.get("username");
    return data(
      { error: error.message, username: typeof username === "string" ? username : "", redirectTo },
      { status: error.status, headers: error.headers },
    );
  }
}

export default function LoginPage() {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <LoginScreen
      key={result?.error}
      error={result?.error}
      username={result?.username}
      redirectTo={result?.redirectTo ?? safeRedirect(params.get("redirectTo"))}
    />
  );
}
