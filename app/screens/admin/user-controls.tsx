import { Switch } from "@headlessui/react";
import type { SerializeFrom } from "@remix-run/node";
import { Form, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { adminView, type AdminView } from "./admin-view";
import { type User } from "~/models/user.schema";
import { ROLES } from "~/models/user";
import { DIVISIONS, type Division } from "~/utils/divisions";
import { errorToast, successToast } from "~/utils/toast";
import { useHydrated } from "~/components/use-hydrated";
import { AppLink } from "~/components/app-link";
import { buttonClass } from "~/components/forms";
import { useToast } from "~/components/toaster";
import { useFieldFollowing } from "~/components/use-field-following";
import { useJsonFetch } from "~/components/use-json-fetch";
import { isLoggedOut } from "~/utils/json-fetch";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";

type AdminUser = SerializeFrom<User>;

const ROLE_LABELS = { ADMIN: "Admin", SALES_USER: "Sales User" } as const;

/**
 * An admin change through the /api/admin routes, with JavaScript: no page reload, the panel's data read
 * again, SPEC.md section 8's toast either way. Resolves to whether the change was made.
 */
export function useAdminChange() {
  const jsonFetch = useJsonFetch();
  const revalidator = useRevalidator();
  const showToast = useToast();
  const [busy, setBusy] = useState(false);
  async function change(
    path: string,
    init: NonNullable<Parameters<typeof jsonFetch>[1]>,
    { success, failure }: { success: string; failure: string },
  ): Promise<boolean> {
    setBusy(true);
    try {
      await jsonFetch(path, init);
      showToast(successToast(success));
      revalidator.revalidate();
      return true;
    } catch (error) {
      if (!isLoggedOut(error)) showToast(errorToast(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }
  // Busy until the panel's data is read again too: a second click then acts on the new state, not the old.
  return { change, busy: busy || revalidator.state !== "idle" };
}

/** A toggle: a Headless UI switch with JavaScript, a form's submit button without it. */
function Toggle({
  label,
  checked,
  onToggle,
  busy,
  form,
}: {
  label: string;
  checked: boolean;
  onToggle: () => void;
  busy: boolean;
  form: { intent: string; fields: Record<string, string> };
}) {
  const hydrated = useHydrated();
  const track = `relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition ${
    checked ? "bg-emerald-600" : "bg-slate-300"
  } disabled:opacity-50`;
  const knob = (
    <span
      aria-hidden="true"
      className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${checked ? "translate-x-5" : "translate-x-0.5"}`}
    />
  );
  if (hydrated) {
    return (
      <Switch checked={checked} onChange={onToggle} disabled={busy} aria-label={label} className={track}>
        {knob}
      </Switch>
    );
  }
  return (
    <Form method="post" className="inline-flex">
      <IdempotencyKeyField />
      {Object.entries(form.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        name="intent"
        value={form.intent}
        role="switch"
        aria-checked={checked}
        aria-label={label}
        className={track}
      >
        {knob}
      </button>
    </Form>
  );
}

/** Grant or revoke each division (never down to none: the server says so). */
export function AccessToggles({ user }: { user: AdminUser }) {
  const { change, busy } = useAdminChange();
  const has = (division: Division) => user.companyAccess.some((entry) => entry.company === division);
  return (
    <div className="flex flex-wrap gap-4">
      {DIVISIONS.map((division) => {
        const granted = has(division);
        return (
          <span key={division} className="flex items-center gap-2 text-sm">
            <Toggle
              label={`${division} access for ${user.firstName} ${user.lastName}`}
              checked={granted}
              busy={busy}
              form={{
                intent: granted ? "revoke-access" : "grant-access",
                fields: { userId: user.id, company: division },
              }}
              onToggle={() =>
                granted
                  ? change(
                      `/api/admin/users/${user.id}/company-access/${division}`,
                      { method: "DELETE" },
                      {
                        success: "Company access revoked successfully",
                        failure: "Failed to revoke company access",
                      },
                    )
                  : change(
                      `/api/admin/users/${user.id}/company-access`,
                      { method: "POST", json: { company: division } },
                      {
                        success: "Company access granted successfully",
                        failure: "Failed to grant company access",
                      },
                    )
              }
            />
            {division}
          </span>
        );
      })}
    </div>
  );
}

/** The role: a select that saves at once with JavaScript, and a Save button without it. */
export function RoleSelect({ user }: { user: AdminUser }) {
  const hydrated = useHydrated();
  const { change, busy } = useAdminChange();
  const id = `role-${user.id}`;
  // The stored role, also when another admin changes it and the page's data is read again.
  const roleRef = useFieldFollowing<HTMLSelectElement>(user.role);
  return (
    <Form method="post" className="flex items-center gap-2">
      <IdempotencyKeyField />
      <input type="hidden" name="userId" value={user.id} />
      <label htmlFor={id} className="sr-only">
        Role of {user.firstName} {user.lastName}
      </label>
      <select
        id={id}
        name="role"
        ref={roleRef}
        defaultValue={user.role}
        disabled={busy}
        onChange={(event) => {
          if (!hydrated) return;
          const select = event.currentTarget;
          void change(
            `/api/admin/users/${user.id}/role`,
            { method: "PATCH", json: { role: select.value } },
            {
              success: "User role updated successfully",
              failure: "Failed to update user role",
            },
          ).then((saved) => {
            // Refused (the last active admin, say): the select is uncontrolled, so show the stored role again.
            if (!saved) select.value = user.role;
          });
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" name="intent" value="change-role" className={buttonClass.small}>
          Save
        </button>
      )}
    </Form>
  );
}

/**
 * Active or not: a link to the confirmation step (SPEC.md section 4), which asks before the change, with
 * JavaScript or without.
 */
export function StatusToggle({ user, view }: { user: AdminUser; view: AdminView }) {
  return (
    <AppLink
      to={adminView.href(view, { status: user.id })}
      preventScrollReset
      role="switch"
      aria-checked={user.isActive}
      aria-label={`${user.isActive ? "Deactivate" : "Activate"} ${user.firstName} ${user.lastName}`}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition ${
        user.isActive ? "bg-emerald-600" : "bg-slate-300"
      }`}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${user.isActive ? "translate-x-5" : "translate-x-0.5"}`}
      />
    </AppLink>
  );
}
