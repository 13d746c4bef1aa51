import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { selectDivision } from "~/models/user.server";
import { requireUser } from "~/features/auth/current-user.server";
import { readForm } from "~/utils/form.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";

/** The company switcher's form: remembers the division (only one the user has) and goes back. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const back = safeRedirect(form.get("redirectTo"));
  if (await selectDivision(user, String(form.get("division") ?? ""))) return redirect(back);
  return redirectWithToast(back, {
    type: "error",
    title: "Unauthorized",
    description: "You do not have access to that division.",
  });
}

export const loader = () => redirect("/");
