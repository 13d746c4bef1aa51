import { useNavigate } from "@remix-run/react";
import { createElement, type AnchorHTMLAttributes, type MouseEvent } from "react";

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  /** Keep the scroll position, as a dialog opened over the page expects. */
  preventScrollReset?: boolean;
  /** Take the current entry's place in the history (a step within a dialog that Back should not revisit). */
  replace?: boolean;
};

/**
 * A link within the app: a plain `<a>`, which the document's one click handler (`useAppLinkFollower`) follows
 * in the app once JavaScript runs, and the browser follows before that or without it. Remix's `<Link>` does
 * the same through half a dozen router hooks per link, a noticeable share of a dashboard's server time
 * (docs/decisions/014-links-followed-by-one-handler.md). `data-discover` lets Remix fetch the routes a
 * link leads to before it is clicked, as it does for its own links.
 */
export function AppLink(props: AppLinkProps) {
  // The anchor's props by a loop: a rest pattern and a spread took V8's slow paths.
  const anchor: Record<string, unknown> = {};
  for (const name in props) {
    if (name !== "to" && name !== "preventScrollReset" && name !== "replace")
      anchor[name] = props[name as keyof AppLinkProps];
  }
  anchor.href = props.to;
  anchor["data-app-link"] = props.preventScrollReset ? "keep-scroll" : "";
  if (props.replace) anchor["data-replace"] = "";
  anchor["data-discover"] = "true";
  return createElement("a", anchor);
}

/**
 * The click handler for the whole document, following app links (`AppLink`, and the same attribute in markup
 * written as a string) in the app. A click another handler took, a click meant for a new tab or window, or a
 * link with a target is left to the browser. Like `<Link>`, a link to the page already shown replaces it in
 * the history rather than adding it again, as does a link marked `replace`.
 */
export function useAppLinkFollower() {
  const navigate = useNavigate();
  return (event: MouseEvent) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-app-link]");
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target) return;
    event.preventDefault();
    const to = new URL(link.href);
    navigate(to.pathname + to.search + to.hash, {
      preventScrollReset: link.dataset.appLink === "keep-scroll",
      replace: link.hasAttribute("data-replace") || to.href === window.location.href,
    });
  };
}
