import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { type CreatedApiToken } from "~/models/api-token.schema";
import {
  DEFAULT_EXPIRY_DAYS,
  DEFAULT_TOKEN_SCOPE,
  TOKEN_EXPIRY_DAYS,
  TOKEN_SCOPE_LABELS,
  type TokenScope,
} from "~/models/api-token";
import type { TokenFormResult } from "./settings-page.server";
import { errorToast } from "~/utils/toast";
import { useHydrated } from "~/components/use-hydrated";
import { useIsPending } from "~/components/use-is-pending";
import { buttonClass, Field, FormErrors, SelectField, StatusButton } from "~/components/forms";
import { useResultToast, useToast } from "~/components/toaster";
import { useSchemaForm } from "~/components/use-schema-form";

const EXPIRY_LABELS: Record<(typeof TOKEN_EXPIRY_DAYS)[number], string> = {
  7: "7 days",
  30: "30 days",
  90: "90 days",
  365: "1 year",
};

/**
 * New API token: a name, a lifetime from a fixed list and a scope (api-token.schema.ts; `scopes` are the
 * ones this user may choose). The form carries no Idempotency-Key: its answer holds the token, which is
 * never stored to be given again (docs/decisions/024-idempotency-keys.md).
 */
export function CreateTokenForm({
  action,
  result,
  scopes,
}: {
  action: string;
  result?: TokenFormResult;
  scopes: readonly TokenScope[];
}) {
  useResultToast(result);
  const pending = useIsPending({ intent: "create-token", formAction: action });
  const [form, fields] = useSchemaForm("createToken", {
    id: "create-token",
    lastResult: result?.intent === "create-token" ? result.result : undefined,
    defaultValue: { expiresInDays: String(DEFAULT_EXPIRY_DAYS), scope: DEFAULT_TOKEN_SCOPE },
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="p-4">
      <input type="hidden" name="intent" value="create-token" />
      <div className="flex flex-wrap items-start gap-4">
        <Field
          label="Token name"
          {...getInputProps(fields.name, { type: "text" })}
          errors={fields.name.errors}
          placeholder="e.g. Nightly export script"
          maxLength={100}
          autoComplete="off"
          className="min-w-0 flex-[2_1_14rem]"
        />
        <SelectField
          label="Expires after"
          {...getSelectProps(fields.expiresInDays)}
          errors={fields.expiresInDays.errors}
          className="min-w-0 flex-[1_1_8rem]"
        >
          {TOKEN_EXPIRY_DAYS.map((days) => (
            <option key={days} value={days}>
              {EXPIRY_LABELS[days]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Scope"
          {...getSelectProps(fields.scope)}
          errors={fields.scope.errors}
          className="min-w-0 flex-[1_1_8rem]"
        >
          {scopes.map((scope) => (
            <option key={scope} value={scope}>
              {TOKEN_SCOPE_LABELS[scope]}
            </option>
          ))}
        </SelectField>
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
      <StatusButton pending={pending} pendingText="Creating..." className={`${buttonClass.primary} mt-4`}>
        Create Token
      </StatusButton>
    </Form>
  );
}

/**
 * The token just made, shown this once: selectable as a whole with a click (with or without JavaScript), and
 * a Copy button once the page runs JavaScript.
 */
export function NewTokenNotice({ created }: { created: CreatedApiToken }) {
  const hydrated = useHydrated();
  const showToast = useToast();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(created.token).then(
      () => setCopied(true),
      () => showToast(errorToast("Could not copy the token: select it and copy it yourself")),
    );
  return (
    <section
      aria-labelledby="new-token-heading"
      className="m-4 rounded-md border-2 border-amber-400 bg-amber-50 p-4 text-amber-950"
    >
      <h3 id="new-token-heading" className="font-semibold">
        Your new token “{created.name}”
      </h3>
      <p className="mt-1 text-sm">
        Copy it now and keep it somewhere safe: it will not be shown again. Scripts send it as{" "}
        <code>Authorization: Bearer &lt;token&gt;</code>.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code
          data-testid="new-token"
          className="block min-w-0 flex-1 rounded border border-amber-300 bg-white px-3 py-2 font-mono text-sm break-all select-all"
        >
          {created.token}
        </code>
        {hydrated ? (
          <button type="button" onClick={copy} className={buttonClass.secondary}>
            {copied ? "Copied" : "Copy"}
          </button>
        ) : null}
      </div>
    </section>
  );
}
