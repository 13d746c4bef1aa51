import { AUDIT_ACTIONS } from "~/models/audit";
import { defineListState, param } from "~/utils/list-state";

export const USERS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 25;

/**
 * The admin panel's state, in its URL: the user list's search and page, and the Audit Log dialog's search,
 * action filter and page (its dialogs are parameters of the page: docs/decisions/002-screens.md).
 */
export const adminView = defineListState(
  "/admin",
  {
    q: param.text(200),
    page: param.page(),
    audit: param.flag(),
    asearch: param.text(200),
    aaction: param.oneOf(["", ...AUDIT_ACTIONS], ""),
    apage: param.page(),
  },
  {
    /** Create User. */
    new: param.choice(["user"]),
    /** The activate/deactivate confirmation and the password dialog, of one user. */
    status: param.id(),
    password: param.id(),
    /** The confirmation that revokes one API token. */
    revokeToken: param.id(),
  },
);

export type AdminView = ReturnType<typeof adminView.read>;
