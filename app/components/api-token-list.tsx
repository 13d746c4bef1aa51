import { type ApiToken, type OwnedApiToken } from "~/models/api-token.schema";
import { TOKEN_SCOPE_LABELS, TOKEN_STATUS_LABELS, type ApiTokenStatus } from "~/models/api-token";
import { formatDate, formatDateTime, fullName } from "~/utils/format";
import { AppLink } from "./app-link";
import { buttonClass } from "./forms";
import { useTimeZone } from "./time-zone";

type Token = ApiToken | OwnedApiToken;

const STATUS_CLASS: Record<ApiTokenStatus, string> = {
  ACTIVE: "bg-emerald-100 text-emerald-800",
  REVOKED: "bg-slate-200 text-slate-700",
  EXPIRED: "bg-amber-100 text-amber-900",
};

/**
 * API tokens as a list (the settings page: the user's own; the admin panel: everyone's active ones, with
 * their user): name, status, scope, the token's first characters, dates, and Revoke, which opens the page's
 * confirmation (`revokeHref`).
 */
export function ApiTokenList({
  tokens,
  revokeHref,
  emptyText,
}: {
  tokens: Token[];
  revokeHref: (id: string) => string;
  emptyText: string;
}) {
  const timeZone = useTimeZone();
  if (!tokens.length) return <p className="px-4 py-8 text-center text-slate-600">{emptyText}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {tokens.map((token) => (
        <li key={token.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-words text-slate-900">{token.name}</span>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[token.status]}`}
              >
                {TOKEN_STATUS_LABELS[token.status]}
              </span>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                Scope: {TOKEN_SCOPE_LABELS[token.scope]}
              </span>
            </p>
            {"user" in token ? (
              <p className="text-sm break-words text-slate-700">
                {fullName(token.user) || token.user.email} ({token.user.email})
              </p>
            ) : null}
            <p className="font-mono text-sm text-slate-700">{token.prefix}…</p>
            <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
              <Dated label="Created" value={formatDate(token.createdAt, timeZone)} />
              <Dated
                label="Last used"
                value={token.lastUsedAt ? formatDateTime(token.lastUsedAt, timeZone) : "Never"}
              />
              {token.revokedAt ? (
                <Dated label="Revoked" value={formatDate(token.revokedAt, timeZone)} />
              ) : (
                <Dated
                  label={token.status === "EXPIRED" ? "Expired" : "Expires"}
                  value={formatDate(token.expiresAt, timeZone)}
                />
              )}
            </dl>
          </div>
          {token.status === "ACTIVE" ? (
            <AppLink
              to={revokeHref(token.id)}
              preventScrollReset
              className={`${buttonClass.small} text-red-700`}
              aria-label={`Revoke ${token.name}`}
            >
              Revoke
            </AppLink>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Dated({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt>{label}</dt>
      <dd className="text-slate-800">{value}</dd>
    </div>
  );
}
