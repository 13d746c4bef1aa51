import { useMemo } from "react";
import { createJsonFetch } from "~/utils/json-fetch";
import { useToast } from "./toaster";

/** utils/json-fetch.ts bound to this page's toasts and the browser's location. */
export function useJsonFetch() {
  const showToast = useToast();
  return useMemo(
    () =>
      createJsonFetch({
        fetch: (...args) => fetch(...args),
        showToast,
        goTo: (url) => window.location.assign(url),
      }),
    [showToast],
  );
}
