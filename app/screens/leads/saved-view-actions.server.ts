import type { Actor } from "~/models/actor.server";
import { currentDivision } from "~/models/actor.server";
import { createSavedViewSchema } from "~/models/saved-view.schema";
import { createSavedView, deleteSavedView, getSavedView, updateSavedView } from "~/models/saved-view.server";
import { failureToast, requireFormId } from "~/http/page-action.server";
import { redirectWithToast } from "~/http/toast.server";
import { invalidInput, isRefusal, nullIfRefused } from "~/utils/errors";
import { errorToast, successToast, type ToastInput } from "~/utils/toast";
import { leadsView, savedViewHref, savedViewQuery } from "./leads-view";

/**
 * The saved views' forms on /leads (docs/decisions/031-saved-views.md): save the list shown as a view, and,
 * for the view's owner, rename, share or unshare, delete (with Undo, which saves it again). Each answers as
 * every page action does: a redirect with its toast; a refusal (a taken name, another's view) is an error toast.
 */
export async function savedViewIntent(actor: Actor, formData: FormData, url: URL) {
  const listHref = leadsView.href(leadsView.read(url.searchParams));
  const run = async (
    work: () => Promise<{ to: string; toast: ToastInput }>,
    failure: string,
    back = listHref,
  ) => {
    try {
      const { to, toast } = await work();
      return redirectWithToast(to, toast);
    } catch (error) {
      return redirectWithToast(back, viewFailure(error, failure));
    }
  };
  const viewId = () => requireFormId(formData, "viewId");

  switch (formData.get("intent")) {
    case "save-view":
      return run(async () => {
        const input = viewInput(formData, savedViewQuery(url.search));
        const view = await createSavedView(actor, currentDivision(actor.user), input);
        return {
          to: savedViewHref(view),
          toast: successToast("View saved", `"${view.name}" is in the sidebar.`),
        };
      }, "Failed to save view");
    case "rename-view":
      return run(
        async () => {
          const { name } = viewInput(formData, "");
          const view = await updateSavedView(actor, viewId(), { name });
          return { to: savedViewHref(view), toast: successToast("View renamed") };
        },
        "Failed to rename view",
        currentHref(url),
      );
    case "share-view":
      return run(
        async () => {
          const shared = formData.get("shared") === "1";
          const view = await updateSavedView(actor, viewId(), { shared });
          return {
            to: savedViewHref(view),
            toast: successToast(
              shared ? "View shared" : "View no longer shared",
              shared ? `Everyone in ${view.division} sees it.` : undefined,
            ),
          };
        },
        "Failed to change view",
        currentHref(url),
      );
    case "delete-view":
      return run(
        async () => {
          const view = await deleteSavedView(actor, viewId());
          const undo = {
            label: "Undo",
            action: leadsView.href(leadsView.read(new URLSearchParams(view.query))),
            fields: { intent: "save-view", name: view.name, shared: view.shared ? "1" : "0" },
          };
          return { to: listHref, toast: successToast("View deleted", `"${view.name}"`, undo) };
        },
        "Failed to delete view",
        currentHref(url),
      );
    default:
      return null;
  }
}

/** The view's name and sharing from its form, checked as the API checks them. */
function viewInput(formData: FormData, query: string) {
  const parsed = createSavedViewSchema.safeParse({
    name: formData.get("name") ?? "",
    shared: formData.get("shared") === "1",
    query,
  });
  if (!parsed.success) throw invalidInput({ name: [parsed.error.issues[0].message] });
  return parsed.data;
}

/** The page the form was on, its saved view kept (a refused change leaves it in view). */
function currentHref(url: URL) {
  const savedView = leadsView.dialogs(url.searchParams).savedView;
  return leadsView.href(leadsView.read(url.searchParams), { savedView });
}

/** A refusal says what to fix (a taken name, a blank one); anything else is the form's failure. */
function viewFailure(error: unknown, failure: string): ToastInput {
  if (isRefusal(error) && error.kind === "conflict") return errorToast(error.message);
  if (isRefusal(error) && error.fieldErrors) return errorToast(Object.values(error.fieldErrors)[0][0]);
  return failureToast(error, failure);
}

/** The view a list was opened from (its id in the URL), if the actor still sees it. */
export async function openedSavedView(actor: Actor, id: string | null) {
  return id ? getSavedView(actor, id).catch(nullIfRefused) : null;
}
