import { Form } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { safeRedirect } from "~/utils/safe-redirect";
import { TOAST_DURATION_MS, type Toast, type ToastAction, type ToastInput } from "~/utils/toast";
import { Icon } from "./icons";
import { IdempotencyKeyField } from "./idempotency-key-field";
import { TopLayer } from "./top-layer";
import { useHydrated } from "./use-hydrated";

const SWIPE_THRESHOLD_PX = 50;

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

/** Shows a toast from the browser's own code (a fetch that failed, a client-side check). */
export function useToast() {
  return useContext(ToastContext);
}

/**
 * One toast at a time (SPEC.md section 9): a new one replaces the shown one. `initial` is the toast the
 * server flashed across a redirect, so it renders without JavaScript too.
 */
export function ToastProvider({ initial, children }: { initial: Toast | null; children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(initial);
  useEffect(() => {
    if (initial) setToast(initial);
  }, [initial]);
  const show = useCallback(
    (input: ToastInput) => setToast({ ...input, id: input.id ?? crypto.randomUUID() }),
    [],
  );
  const dismiss = useCallback(() => setToast(null), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastViewport toast={toast} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastViewport({ toast, onDismiss }: { toast: Toast | null; onDismiss: () => void }) {
  const regionRef = useRef<HTMLElement>(null);

  // F8 moves focus to the notifications, as the region's label says.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  // Where pages keep their titles, not their actions: at the top of the screen (Save Note, a dialog's buttons
  // and the pager are at the bottom, a page's own actions at its top right). In an open dialog, whose top holds
  // its Close and the lead's stage bar, at the bottom: full width on a phone's sheet, in the corner beside a
  // desktop dialog's buttons.
  return (
    <TopLayer>
      <section
        ref={regionRef}
        aria-label="Notifications (F8)"
        tabIndex={-1}
        className="pointer-events-none fixed inset-x-0 top-0 z-[100] mx-auto p-2 outline-none sm:top-2 sm:w-96 [body:has(dialog[open])_&]:top-auto [body:has(dialog[open])_&]:bottom-0 sm:[body:has(dialog[open])_&]:right-2 sm:[body:has(dialog[open])_&]:bottom-2 sm:[body:has(dialog[open])_&]:left-auto"
      >
        {/* A live region that is there before its toast is, so that screen readers announce the toast. */}
        <div aria-live="polite" className="w-full">
          {toast ? <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} /> : null}
        </div>
      </section>
    </TopLayer>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  // Until the page's JavaScript runs, CSS takes the toast away after its time (its close button needs the script).
  const hydrated = useHydrated();

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [paused, onDismiss]);

  const isError = toast.type === "error";
  return (
    // A live region of its own (not a list item: a role on an <li> would break the list's semantics).
    <div
      role={isError ? "alert" : "status"}
      aria-live={isError ? "assertive" : "polite"}
      aria-atomic="true"
      data-toast-type={toast.type}
      className={`pointer-events-auto flex w-full touch-pan-y items-start gap-3 rounded-lg border p-3 shadow-lg ${hydrated ? "" : "animate-toast-expire"} ${
        isError ? "border-red-300 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"
      }`}
      style={{
        transform: `translateX(${offset}px)`,
        opacity: offset > 0 ? Math.max(0.2, 1 - offset / 200) : 1,
      }}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      // Swipe right past the threshold to dismiss; a shorter swipe springs back.
      onPointerDown={(event) => {
        start.current = event.clientX;
        setPaused(true);
      }}
      onPointerMove={(event) => {
        // Paused while the pointer really is on it: a toast that appears under a resting pointer gets only
        // a synthetic move (no movement), which must not keep it on screen.
        if (event.movementX || event.movementY) setPaused(true);
        if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
      }}
      onPointerUp={() => {
        const swiped = offset > SWIPE_THRESHOLD_PX;
        start.current = null;
        setOffset(0);
        setPaused(false);
        if (swiped) onDismiss();
      }}
      onPointerCancel={() => {
        start.current = null;
        setOffset(0);
        setPaused(false);
      }}
    >
      <Icon
        name={isError ? "alert" : toast.type === "success" ? "check" : "info"}
        className={`mt-0.5 shrink-0 ${isError ? "text-white" : toast.type === "success" ? "text-emerald-600" : "text-sky-600"}`}
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? (
          <p className={`mt-1 text-sm ${isError ? "text-red-50" : "text-slate-600"}`}>{toast.description}</p>
        ) : null}
      </div>
      {toast.action ? <ToastActionForm action={toast.action} /> : null}
      <button
        type="button"
        onClick={onDismiss}
        className={`rounded p-1 ${isError ? "hover:bg-red-600" : "hover:bg-slate-100"}`}
        aria-label="Dismiss notification"
      >
        <Icon name="close" width={16} height={16} />
      </button>
    </div>
  );
}

/** The toast's own button (Undo): a form, so that it works without JavaScript. */
function ToastActionForm({ action }: { action: ToastAction }) {
  // Only to a path of this site: the toast came through a cookie.
  const to = safeRedirect(action.action, "");
  if (!to) return null;
  return (
    <Form method="post" action={to} preventScrollReset className="shrink-0">
      <IdempotencyKeyField />
      {Object.entries(action.fields).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((item) => (
          <input key={`${name}=${item}`} type="hidden" name={name} value={item} />
        )),
      )}
      <button
        type="submit"
        className="rounded-md border border-slate-300 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      >
        {action.label}
      </button>
    </Form>
  );
}

/**
 * Shows the toast a page action answered with alongside a form it sent back (a refusal): with JavaScript
 * only; without it the form's own message says the same.
 */
export function useResultToast(result: { toast?: ToastInput } | undefined) {
  const showToast = useToast();
  useEffect(() => {
    if (result?.toast) showToast(result.toast);
  }, [result, showToast]);
}
