import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePageActor } from "~/auth/current-user.server";
import { readForm } from "~/http/form.server";
import { failureToast, requireFormId } from "~/http/page-action.server";
import { redirectWithToast } from "~/http/toast.server";
import { currentDivision, type Actor } from "~/models/actor.server";
import { STATUS_LABELS } from "~/models/lead";
import { setStatusFormSchema } from "~/models/lead.schema";
import { BOARD_PAGE_SIZE } from "~/models/pipeline";
import { changeLead } from "~/models/lead.server";
import { lastChangedBy, readBoard } from "~/models/pipeline.server";
import { listAssignableUsers } from "~/models/user.server";
import type { Division } from "~/utils/divisions";
import { isRefusal } from "~/utils/errors";
import { decodeCursor } from "~/utils/page-cursor";
import { errorToast, successToast } from "~/utils/toast";
import { leadsView, type LeadsView } from "~/screens/leads/leads-view";
import { boardFilters, boardHref, boardState, type BoardState } from "./pipeline-view";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const division = currentDivision(actor.user);
  const params = new URL(request.url).searchParams;
  // The board's layout, so that a view saved here opens here (leadsView's `layout`, savedViewHref).
  const view: LeadsView = { ...leadsView.read(params), layout: "board" };
  const board = boardState.read(params);
  const [columns, owners] = await Promise.all([
    boardColumns(actor, division, view, board),
    // The owner filter's choices.
    listAssignableUsers(actor, division),
  ]);
  return { division, view, board, columns, owners };
}

/**
 * The board of a view: every column's totals and first cards; the chosen column continued after its cursor
 * when the URL has one (its "more" link). A cursor that is not one of the board's is ignored: the first page.
 */
export async function boardColumns(actor: Actor, division: Division, view: LeadsView, board: BoardState) {
  const cursor = board.after ? decodeCursor(board.after) : null;
  const continued = cursor?.order === `board:${board.column}` ? { status: board.column, cursor } : undefined;
  return readBoard(actor, division, boardFilters(view), { limit: BOARD_PAGE_SIZE, continued });
}

/**
 * A card moved to another column (dragged, or its "Move to" form), and the toast's Undo, which moves it back
 * at the version the move left. A stale move is refused, nothing changes, and the toast names who changed
 * the lead first; the board shown again has the card as it now is.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const formData = await readForm(request);
  const params = new URL(request.url).searchParams;
  const back = boardHref(leadsView.read(params), { column: boardState.read(params).column });
  if (formData.get("intent") !== "move") throw new Response("Unknown form intent", { status: 400 });
  const leadId = requireFormId(formData, "leadId");
  const submission = parseWithZod(formData, { schema: setStatusFormSchema });
  if (submission.status !== "success") return redirectWithToast(back, errorToast("Failed to move lead"));
  const { status } = submission.value;
  let moved;
  try {
    // changeLead: the version check (a stale move is refused, nothing changes), progress entry and audit row.
    moved = await changeLead(actor, leadId, submission.value);
  } catch (error) {
    if (isRefusal(error) && error.kind === "conflict") {
      const who = await lastChangedBy(actor, leadId);
      return redirectWithToast(
        back,
        errorToast(
          `${who ?? "Someone else"} changed this lead before your move. The board shows it as it is now.`,
        ),
      );
    }
    return redirectWithToast(back, failureToast(error, "Failed to move lead"));
  }
  const { lead, previousStatus } = moved;
  return redirectWithToast(
    back,
    successToast(
      `Moved to ${STATUS_LABELS[status]}`,
      `${lead.firstName} ${lead.lastName} (${lead.company})`,
      previousStatus === status
        ? undefined
        : {
            label: "Undo",
            action: back,
            fields: { intent: "move", leadId, status: previousStatus, version: String(lead.version) },
          },
    ),
  );
}
