import { useFetchers, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { TopLayer } from "./top-layer";

/** How long a page or a form may take before the bar shows: a quick answer shows nothing. */
const SHOW_AFTER_MS = 150;

const postKey = (action: string, intent: FormDataEntryValue | null | undefined) => {
  const url = new URL(action, window.location.href);
  return `${url.pathname}${url.search} ${typeof intent === "string" ? intent : ""}`;
};

/**
 * While a navigation, a form or a fetcher is on its way: a thin bar along the top of the screen once it has
 * taken longer than SHOW_AFTER_MS (above any open dialog), and a form posted again while its post is on its
 * way (a double tap) is not sent twice; another form of the page may be sent meanwhile. Without JavaScript
 * the browser shows its own progress, and the form's idempotency key has a second post carried out once
 * (docs/decisions/024-idempotency-keys.md).
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) return setShown(false);
    const timer = window.setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);

  // The posts on their way, by address and intent: the lead dialog's forms share one address.
  const posting = useRef<string[]>([]);
  posting.current = [navigation, ...fetchers].flatMap((state) =>
    state.state === "submitting" && state.formMethod?.toUpperCase() === "POST" && state.formAction
      ? [postKey(state.formAction, state.formData?.get("intent"))]
      : [],
  );
  useEffect(() => {
    // In the capture phase, before Remix's own handler sends the form.
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement;
      if (form.method !== "post") return;
      const intent = new FormData(form, event.submitter).get("intent");
      if (posting.current.includes(postKey(form.action, intent))) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    };
    window.addEventListener("submit", onSubmit, true);
    return () => window.removeEventListener("submit", onSubmit, true);
  }, []);

  if (!shown) return null;
  return (
    <TopLayer>
      <div
        role="progressbar"
        aria-label="Loading"
        className="pointer-events-none fixed inset-x-0 top-0 z-[110] h-1 overflow-hidden bg-sky-100"
      >
        <div className="animate-progress h-full w-1/3 bg-sky-700" />
      </div>
    </TopLayer>
  );
}
