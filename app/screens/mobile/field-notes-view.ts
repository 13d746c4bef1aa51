import { defineListState, param } from "~/utils/list-state";

/** How many leads the field-notes list shows (the search narrows it). */
export const MOBILE_LEADS = 20;

/** The field-notes screen's state: the lead search and the chosen lead. */
export const mobileView = defineListState("/mobile", { q: param.text(200), lead: param.text(36) });

/** The query parameter of the page's offline copy, kept by public/mobile-sw.js (which names it too). */
export const OFFLINE_COPY = "offline";
