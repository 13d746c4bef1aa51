export type ToastType = "success" | "error" | "info";

/** One notification. "error" is SPEC.md's destructive toast. */
export type Toast = { id: string; type: ToastType; title: string; description?: string };

export type ToastInput = Omit<Toast, "id"> & { id?: string };

export const TOAST_DURATION_MS = 5000;
