import { Form } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { useIsPending } from "~/components/use-is-pending";
import { buttonClass, StatusButton } from "./forms";
import { Modal, ModalCloseLink, useCloseModal } from "./modal";
import { IdempotencyKeyField } from "./idempotency-key-field";

/**
 * A confirmation step before a change (SPEC.md section 4: archive, restore, activate, deactivate). It is a
 * URL parameter of its page; the confirm button posts `intent` and the hidden fields to `action`, Cancel
 * goes back to `closeHref` (docs/decisions/002-screens.md). Without an `intent` there is nothing to confirm
 * (the message says why) and only Cancel is offered. With JavaScript, `onConfirm` may do the change itself
 * (through the JSON API) instead of posting; the dialog then closes.
 */
export function ConfirmDialog(props: {
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
  return (
    <Modal title={props.title} closeHref={props.closeHref}>
      <ConfirmBody {...props} />
    </Modal>
  );
}

function ConfirmBody({
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
}: Parameters<typeof ConfirmDialog>[0]) {
  const hydrated = useHydrated();
  const close = useCloseModal();
  const [confirming, setConfirming] = useState(false);
  const pending = useIsPending({ intent, formAction: action }) || confirming;
  return (
    <>
      {details ? <div className="text-sm text-slate-600">{details}</div> : null}
      <p className={`mt-2 font-semibold ${tone === "danger" ? "text-red-700" : "text-slate-800"}`}>
        {message}
      </p>
      {/* `replace`: the answer's page takes the dialog's place in the history, so Back does not reopen it. */}
      <Form
        method="post"
        action={action}
        replace
        className="mt-6 flex flex-wrap justify-end gap-2"
        onSubmit={async (event) => {
          if (!hydrated || !onConfirm) return;
          event.preventDefault();
          setConfirming(true);
          await onConfirm();
          close({ ask: false });
        }}
      >
        <IdempotencyKeyField />
        {hidden.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <ModalCloseLink to={closeHref} className={buttonClass.secondary}>
          Cancel
        </ModalCloseLink>
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
    </>
  );
}
