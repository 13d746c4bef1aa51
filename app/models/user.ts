/** The user's values the browser shares with the server; no zod here (user.schema.ts has the schemas). */

export const ROLES = ["ADMIN", "SALES_USER"] as const;
export type Role = (typeof ROLES)[number];

/** The user status confirmation's texts (SPEC.md section 4 "User"). */
export function statusConfirmation(user: { firstName: string; lastName: string }, activate: boolean) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return activate
    ? {
        question: `Are you sure you want to activate ${name}?`,
        detail: "This will allow them to log in again.",
      }
    : {
        question: `Are you sure you want to deactivate ${name}?`,
        detail: "This will prevent them from logging in and archive their access.",
      };
}
