import type { MetaFunction } from "@remix-run/node";
import { cappedCount } from "~/models/my-day";

type Matches = Parameters<MetaFunction>[0]["matches"];

/**
 * A page's title led by the count of the user's follow-ups overdue and due today ("(3) My Day | CRM"), read
 * from the shell's data, so that a tab in the background says what is due.
 */
export function titleWithDue(matches: Matches, title: string) {
  const shell = matches.find((match) => match.id === "routes/_app")?.data as
    { myDay?: { due: number } } | undefined;
  const due = shell?.myDay?.due ?? 0;
  return due ? `(${cappedCount(due)}) ${title}` : title;
}

/** A page's meta: its title with the count of what is due. */
export const pageTitle =
  (title: string): MetaFunction =>
  ({ matches }) => [{ title: titleWithDue(matches, title) }];
