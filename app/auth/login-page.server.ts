import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getCurrentUser } from "./current-user.server";
import { authenticate } from "./sign-in.server";
import { ApiError } from "~/http/api.server";
import { readForm } from "~/http/form.server";
import { loginFailureHeader } from "~/http/login-failure.server";
import { requestInfo } from "~/http/request-info.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";

/** /login itself: the login screen, or home for a visitor who is signed in already. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getCurrentUser(request)) throw redirect("/");
  // Something, not null: a data request (`?_data=`) for a loader that returns nothing is a server error.
  return {};
}

/**
 * The sign-in without JavaScript: every page's login form posts here with the page's address. Either way
 * the browser goes back to that address: signed in, or with the login screen showing why not (SPEC.md
 * section 8's 'Login Failed' toast and the message at the form).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request.clone());
  const redirectTo = safeRedirect(form.get("redirectTo"));
  try {
    const { setCookie } = await authenticate(request, request, requestInfo(request, context));
    return redirect(redirectTo, { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const username = form.get("username");
    const message = error.errors?.username?.[0] ?? error.message;
    const headers = new Headers(error.headers);
    headers.append(
      "Set-Cookie",
      await loginFailureHeader({ message, username: typeof username === "string" ? username : "" }),
    );
    return redirectWithToast(
      redirectTo,
      { type: "error", title: "Login Failed", description: message },
      { headers },
    );
  }
}
