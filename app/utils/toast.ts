export type ToastType = "success" | "error" | "info";

/** One notification. "error" is SPEC.md's destructive toast. */
export type Toast = { id: string; type: ToastType; title: string; description?: string };

export type ToastInput = Omit<Toast, "id"> & { id?: string };

export const TOAST_DURATION_MS = 5000;

/** SPEC.md section 8's success toasts: the outcome as the title ('Lead created successfully'). */
export function successToast(title: string, description?: string): ToastInput {
  return description ? { type: "success", title, description } : { type: "success", title };
}

/** SPEC.md section 8's failure toasts: title 'Error', the failure as the description. */
export function errorToast(description: string): ToastInput {
  return { type: "error", title: "Error", description };
}
