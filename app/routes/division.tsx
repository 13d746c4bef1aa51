import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { selectDivision } from "~/models/user.server";
import { getCurrentUser } from "~/auth/current-user.server";
import { readForm } from "~/http/form.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";

/**
 * The company switcher's form: remembers the division (only one the user has) and goes back. Signed out
 * meanwhile, it goes back all the same, to the page's login screen (this route has no screen of its own).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const back = safeRedirect(form.get("redirectTo"));
  const user = await getCurrentUser(request);
  if (!user) return redirect(back);
  if (await selectDivision(user, String(form.get("division") ?? ""))) return redirect(back);
  return redirectWithToast(back, {
    type: "error",
    title: "Unauthorized",
    description: "You do not have access to that division.",
  });
}

export const loader = () => redirect("/");
