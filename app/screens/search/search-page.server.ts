import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePageActor } from "~/auth/current-user.server";
import { currentDivision } from "~/models/actor.server";
import { globalSearch } from "~/models/search.server";
import { searchView } from "./search-view";

/** /search?q=: the global search's groups as a page (the header's box without JavaScript, and "see all"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const division = currentDivision(actor.user);
  const view = searchView.read(new URL(request.url).searchParams);
  return { view, found: view.q ? await globalSearch(actor, division, view.q) : null };
}
