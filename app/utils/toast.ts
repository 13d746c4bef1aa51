export type ToastType = "success" | "error" | "info";

/**
 * A button in a toast that undoes what the toast reports: a form posted to `action` with `fields` (it works
 * without JavaScript, as the toast is rendered by the server after a redirect).
 */
export type ToastAction = { label: string; action: string; fields: Record<string, string | string[]> };

/** One notification. "error" is SPEC.md's destructive toast. */
export type Toast = {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
  action?: ToastAction;
};

export type ToastInput = Omit<Toast, "id"> & { id?: string };

export const TOAST_DURATION_MS = 5000;

/** SPEC.md section 8's success toasts: the outcome as the title ('Lead created successfully'). */
export function successToast(title: string, description?: string, action?: ToastAction): ToastInput {
  return {
    type: "success",
    title,
    ...(description ? { description } : {}),
    ...(action ? { action } : {}),
  };
}

/** SPEC.md section 8's failure toasts: title 'Error', the failure as the description. */
export function errorToast(description: string): ToastInput {
  return { type: "error", title: "Error", description };
}

/** SPEC.md section 8: a follow-up's lead that cannot be opened (from the calendar). */
export const followUpLeadNotFoundToast: ToastInput = {
  type: "error",
  title: "Lead not found",
  description: "Could not find the lead for this follow-up.",
};
