import type { MouseEvent } from "react";

/**
 * For a `<details>` menu of links: closes it when one of them is followed. Without JavaScript the next page
 * starts closed; with it the page stays, and so would the open menu.
 */
export function closeOnLinkClick(event: MouseEvent<HTMLDetailsElement>) {
  if ((event.target as Element).closest("a")) event.currentTarget.open = false;
}
