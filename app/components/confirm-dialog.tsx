import { Form, useNavigate } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { useIsPending } from "~/components/use-is-pending";
import { AppLink } from "./app-link";
import { buttonClass, StatusButton } from "./forms";
import { Modal } from "./modal";
import { IdempotencyKeyField } from "./idempotency-key-field";

/**
 * A confirmation step before a change (SPEC.md section 4: archive, restore, activate, deactivate). It is a
 * URL parameter of its page; the confirm button posts `intent` and the hidden fields to `action`, Cancel
 * goes back to `closeHref` (docs/decisions/002-screens.md). Without an `intent` there is nothing to confirm
 * (the message says why) and only Cancel is offered. With JavaScript, `onConfirm` may do the change itself
 * (through the JSON API) instead of posting; the dialog then closes.
 */
export function ConfirmDialog({
  title,
  message,
  details,
  tone = "default",
  action,
  closeHref,
  intent,
  hidden = [],
  confirmLabel = title,
  onConfirm,
}: {
  title: string;
  message: ReactNode;
  details?: ReactNode;
  tone?: "default" | "danger";
  action: string;
  closeHref: string;
  intent?: string;
  hidden?: [name: string, value: string][];
  confirmLabel?: string;
  onConfirm?: () => Promise<void>;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const pending = useIsPending({ intent, formAction: action }) || confirming;
  return (
    <Modal title={title} closeHref={closeHref}>
      {details ? <div className="text-sm text-slate-600">{details}</div> : null}
      <p className={`mt-2 font-semibold ${tone === "danger" ? "text-red-700" : "text-slate-800"}`}>
        {message}
      </p>
      <Form
        method="post"
        action={action}
        className="mt-6 flex flex-wrap justify-end gap-2"
        onSubmit={async (event) => {
          if (!hydrated || !onConfirm) return;
          event.preventDefault();
          setConfirming(true);
          await onConfirm();
          navigate(closeHref, { preventScrollReset: true });
        }}
      >
        <IdempotencyKeyField />
        {hidden.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <AppLink to={closeHref} preventScrollReset className={buttonClass.secondary}>
          Cancel
        </AppLink>
        {intent ? (
          <StatusButton
            name="intent"
            value={intent}
            pending={pending}
            className={tone === "danger" ? buttonClass.danger : buttonClass.primary}
          >
            {confirmLabel}
          </StatusButton>
        ) : null}
      </Form>
    </Modal>
  );
}
