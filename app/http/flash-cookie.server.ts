import { createCookie } from "@remix-run/node";
import { isProduction } from "~/utils/env.server";
import { sessionSecrets } from "./secret.server";

/**
 * A flash cookie: set before a redirect, read and cleared by the next page's root loader (root.tsx). Signed,
 * so a page shows only what the server put there; `accept` says whether a parsed value is one of ours.
 */
export function flashCookie<T>(name: string, accept: (value: unknown) => value is T) {
  let cookie: ReturnType<typeof createCookie> | undefined;
  const get = () =>
    (cookie ??= createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure: isProduction(),
      path: "/",
      maxAge: 60,
      secrets: sessionSecrets(),
    }));
  return {
    set: (value: T) => get().serialize(value),
    /** The pending value, if any, and the header that clears it. */
    async take(request: Request): Promise<{ value: T | null; clear: string | null }> {
      const value: unknown = await get().parse(request.headers.get("cookie"));
      if (!accept(value)) return { value: null, clear: null };
      return { value, clear: await get().serialize("", { maxAge: 0 }) };
    },
  };
}
