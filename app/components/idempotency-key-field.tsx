import { useRouteLoaderData } from "@remix-run/react";
import { useId } from "react";
import type { loader as rootLoader } from "~/root";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency-key";

/**
 * The hidden Idempotency-Key of a form that writes (docs/decisions/024-idempotency-keys.md): a double submit,
 * or the same form sent again after an error, is carried out once. The key is this render's seed (the root
 * loader's, new after every write) and the form's place on the page, so the server's HTML and the hydrated
 * page agree on it, and every form gets a fresh one once a write has gone through.
 */
export function IdempotencyKeyField() {
  const seed = useRouteLoaderData<typeof rootLoader>("root")?.formKeySeed ?? "";
  const place = useId();
  return <input type="hidden" name={IDEMPOTENCY_FIELD} value={`${seed}${place}`} />;
}
