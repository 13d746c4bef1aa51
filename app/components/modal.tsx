import { useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { AppLink } from "./app-link";
import { Icon } from "./icons";
import { useTopLayerHost } from "./top-layer";

const SIZES = { md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" };

/**
 * A dialog whose open state lives in the URL (docs/decisions/002-screens.md). The server renders a native
 * <dialog open> over a dimmed page, so it works without JavaScript; closing is a link to `closeHref`. Once
 * JavaScript runs, the same element becomes modal (showModal: focus kept inside, the page behind inert,
 * Escape and a click outside close it). Hydration re-mounts nothing, so what the user typed before the
 * page hydrated stays in the fields.
 */
export function Modal({
  title,
  closeHref,
  size = "md",
  children,
}: {
  title: ReactNode;
  closeHref: string;
  size?: keyof typeof SIZES;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  const close = () => navigate(closeHref, { preventScrollReset: true });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // A field React focused as the dialog rendered (autoFocus) keeps the cursor; showModal() would move it.
    const focused = document.activeElement;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    if (focused instanceof HTMLElement && focused !== dialog && dialog.contains(focused)) focused.focus();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
    };
  }, []);
  // Declared after showModal's effect: the toasts move into the dialog once it is in the top layer.
  useTopLayerHost(ref);

  return (
    <div className="fixed inset-0 z-50 overflow-y-auto bg-slate-900/50 p-2 sm:p-6">
      {/* Keyboard users close it with Escape (the cancel event) or the Close link; a click outside is a shortcut. */}
      <dialog
        ref={ref}
        open
        aria-modal="true"
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        className={`static mx-auto my-4 block w-full ${SIZES[size]} rounded-xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 [&:modal]:fixed [&:modal]:inset-0 [&:modal]:my-4 [&:modal]:max-h-[calc(100dvh-2rem)] [&:modal]:w-[calc(100%-1rem)] [&:modal]:overflow-y-auto`}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <AppLink
            to={closeHref}
            preventScrollReset
            className="rounded p-1 text-slate-500 hover:bg-slate-100"
            aria-label="Close"
          >
            <Icon name="close" />
          </AppLink>
        </div>
        <div className="px-5 py-4">{children}</div>
      </dialog>
    </div>
  );
}
