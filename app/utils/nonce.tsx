import { createContext, useContext } from "react";

// The CSP nonce of this response, for the scripts Remix renders. Empty in the browser, which hides it.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
