import { useActionData, useLoaderData } from "@remix-run/react";
import { ApiTokenList } from "~/components/api-token-list";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { PageHeader } from "~/components/page-header";
import { CreateTokenForm, NewTokenNotice } from "./api-tokens";
import { ReminderSettingForm } from "./reminder-setting";
import type { settingsAction, settingsLoader } from "./settings-page.server";
import { settingsView } from "./settings-view";
import { pageTitle } from "~/components/page-title";
import { StageWeightsForm } from "./stage-weights-form";

export const meta = pageTitle("Settings | CRM");

const revokeHref = (id: string) => settingsView.href({}, { revoke: id });

export function SettingsPage() {
  const { tokens, revoking, scopes, reminders, emailConfigured, weights } =
    useLoaderData<typeof settingsLoader>();
  const result = useActionData<typeof settingsAction>();
  const created = result?.created;
  return (
    <div className="max-w-4xl">
      <PageHeader title="Settings" subtitle="Your reminders and API access." />
      <ReminderSettingForm mode={reminders.mode} emailConfigured={emailConfigured} />
      <section aria-labelledby="api-tokens" className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <div className="border-b border-slate-200 p-4">
          <h2 id="api-tokens" className="text-lg font-semibold text-slate-900">
            API Tokens
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            A token lets a script use the JSON API as you, with your current role and divisions, as far as its
            scope allows: read only, read and write, or (for an admin) admin. It does not open pages. Revoke a
            token as soon as it is no longer needed.
          </p>
        </div>
        {created ? <NewTokenNotice key={created.id} created={created} /> : null}
        <CreateTokenForm action="/settings" result={result} scopes={scopes} />
        <h3 className="border-t border-slate-200 px-4 pt-4 font-semibold text-slate-900">Your tokens</h3>
        <ApiTokenList tokens={tokens} revokeHref={revokeHref} emptyText="You have no API tokens yet." />
      </section>
      {weights ? <StageWeightsForm weights={weights} /> : null}
      {revoking ? (
        <ConfirmDialog
          title="Revoke API Token"
          message={`Are you sure you want to revoke “${revoking.name}”?`}
          details="Scripts that use it will stop working at once. This cannot be undone."
          tone="danger"
          action={revokeHref(revoking.id)}
          closeHref="/settings"
          intent="revoke-token"
          hidden={[["tokenId", revoking.id]]}
          confirmLabel="Revoke"
        />
      ) : null}
    </div>
  );
}
