import type { AppLoadContext } from "@remix-run/node";
import { createContext, useContext } from "react";

/**
 * What a page writes into its HTML but leaves out of the data the browser hydrates from, so that it travels
 * once (docs/decisions/015-rows-travel-once.md). A loader passes it through `documentOnly`, the server's render
 * reads it with `useDocumentData`, and the browser keeps the markup the server wrote. The same loader answering
 * the page's own data request (a navigation in the browser) gives the value as data.
 */
const DocumentDataContext = createContext<ReadonlyMap<string, unknown> | null>(null);

export const DocumentDataProvider = DocumentDataContext.Provider;

/** `value` for a data request; for a page's document, null, with `value` kept for the server's render. */
export function documentOnly<T>(context: AppLoadContext, key: string, value: T): T | null {
  if (!context.documentData) return value;
  context.documentData.set(key, value);
  return null;
}

/** During the server's render of a document, what its loader kept with `documentOnly`; else undefined. */
export function useDocumentData<T>(key: string): T | undefined {
  return useContext(DocumentDataContext)?.get(key) as T | undefined;
}
