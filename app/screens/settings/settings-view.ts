import { defineListState, param } from "~/utils/list-state";

/** The settings page's one dialog, a parameter of the page: the confirmation that revokes a token. */
export const settingsView = defineListState("/settings", {}, { revoke: param.id() });
