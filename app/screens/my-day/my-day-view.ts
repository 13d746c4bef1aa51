/** My Day's sizes and addresses (docs/decisions/028-my-day-and-reminders.md). */

/** Follow-ups shown in each of My Day's groups; the count says how many more. */
export const MY_DAY_PER_GROUP = 25;
/** Follow-ups shown in each group of the dashboard's My Day panel. */
export const MY_DAY_PANEL_PER_GROUP = 3;
/** Follow-ups the bell's list shows. */
export const BELL_SIZE = 50;

/** A lead opened over My Day (routes/_app.my-day.lead.$leadId.tsx), closing back to it. */
export function myDayLeadHref(leadId: string) {
  return `/my-day/lead/${leadId}`;
}
