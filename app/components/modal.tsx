import { useNavigate } from "@remix-run/react";
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from "react";
import { AppLink } from "./app-link";
import { buttonClass } from "./forms";
import { Icon } from "./icons";
import { useTopLayerHost } from "./top-layer";

const SIZES = { md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" };
// A sheet takes the whole phone; from the `sm` breakpoint it is the same box as any dialog.
const SHEET_SIZES = { md: "sm:max-w-lg", lg: "sm:max-w-2xl", xl: "sm:max-w-4xl" };

/** Closes the dialog the caller sits in: asking first when `ask` and fields were edited (see Modal). */
const CloseContext = createContext<(options?: { ask?: boolean }) => void>(() => {});

/**
 * A dialog whose open state lives in the URL (docs/decisions/002-screens.md). The server renders a native
 * <dialog open> over a dimmed page, so it works without JavaScript; closing is a link to `closeHref`. Once
 * JavaScript runs, the same element becomes modal (showModal: focus kept inside, the page behind inert,
 * Escape and a click outside close it). Hydration re-mounts nothing, so what the user typed before the
 * page hydrated stays in the fields.
 *
 * With JavaScript, closing leaves no entry that Back would reopen: when the entry before is the page the
 * dialog sits over (it was opened from there), closing goes back to it, so Back while the dialog is open
 * closes it too; otherwise the dialog's entry is replaced by that page. Escape, a click outside or Close on
 * a dialog with edited fields first asks 'Discard changes?'.
 *
 * `sheet`: below the `sm` breakpoint the dialog fills the screen, its header (title, Close) kept in view.
 */
export function Modal({
  title,
  closeHref,
  size = "md",
  sheet = false,
  children,
}: {
  title: ReactNode;
  closeHref: string;
  size?: keyof typeof SIZES;
  sheet?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const leaving = useRef(false);
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const titleId = useId();

  const leave = () => {
    leaving.current = true;
    const target = new URL(closeHref, window.location.href);
    if (isPreviousEntry(target)) navigate(-1);
    else navigate(target.pathname + target.search, { replace: true, preventScrollReset: true });
  };
  const close = ({ ask = true } = {}) => {
    if (ask && ref.current && hasEdits(ref.current)) setAsking(true);
    else leave();
  };

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

  const box = sheet
    ? `static m-0 block min-h-full w-full max-w-none rounded-none sm:mx-auto sm:my-4 sm:min-h-0 ${SHEET_SIZES[size]} sm:rounded-xl [&:modal]:fixed [&:modal]:inset-0 [&:modal]:h-dvh [&:modal]:max-h-none [&:modal]:w-full [&:modal]:overflow-y-auto sm:[&:modal]:my-4 sm:[&:modal]:h-auto sm:[&:modal]:max-h-[calc(100dvh-2rem)] sm:[&:modal]:w-[calc(100%-1rem)]`
    : `static mx-auto my-4 block w-full ${SIZES[size]} rounded-xl [&:modal]:fixed [&:modal]:inset-0 [&:modal]:my-4 [&:modal]:max-h-[calc(100dvh-2rem)] [&:modal]:w-[calc(100%-1rem)] [&:modal]:overflow-y-auto`;

  return (
    <div
      className={`fixed inset-0 z-50 overflow-y-auto bg-slate-900/50 ${sheet ? "p-0 sm:p-6" : "p-2 sm:p-6"}`}
    >
      {/* Keyboard users close it with Escape (the cancel event) or the Close link; a click outside is a shortcut. */}
      <dialog
        ref={ref}
        open
        aria-modal="true"
        aria-labelledby={titleId}
        onCancel={(event) => {
          if (event.target !== event.currentTarget) return;
          event.preventDefault();
          close();
        }}
        // The browser may close a modal dialog itself (a second Escape without a click between): it stays
        // open until the app closes it.
        onClose={(event) => {
          const dialog = event.currentTarget;
          // (Making it modal closes the server's open dialog first: that close event finds it open again.)
          if (event.target !== dialog || dialog.open || leaving.current || !dialog.isConnected) return;
          dialog.showModal();
          close();
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        className={`${box} bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50`}
      >
        <CloseContext.Provider value={close}>
          <div
            className={`flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 ${sheet ? "sticky top-0 z-10 bg-white" : ""}`}
          >
            <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words text-slate-900">
              {title}
            </h2>
            <ModalCloseLink
              to={closeHref}
              className="shrink-0 rounded p-1 text-slate-500 hover:bg-slate-100"
              aria-label="Close"
            >
              <Icon name="close" />
            </ModalCloseLink>
          </div>
          <div className="px-5 py-4">{children}</div>
        </CloseContext.Provider>
        {asking ? (
          <DiscardQuestion
            onKeep={() => setAsking(false)}
            onDiscard={() => {
              setAsking(false);
              leave();
            }}
          />
        ) : null}
      </dialog>
    </div>
  );
}

/** Closes the dialog this is rendered in as its Close does (without JavaScript, the link to `closeHref`). */
export function useCloseModal() {
  return useContext(CloseContext);
}

/** A link that closes the dialog it is in: to `to` without JavaScript, through Modal's close with it. */
export function ModalCloseLink({
  to,
  className,
  children,
  ...rest
}: {
  to: string;
  className: string;
  children: ReactNode;
  "aria-label"?: string;
}) {
  const close = useCloseModal();
  return (
    <AppLink
      to={to}
      preventScrollReset
      className={className}
      {...rest}
      onClick={(event: MouseEvent) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        close();
      }}
    >
      {children}
    </AppLink>
  );
}

/**
 * Whether the history entry before this one is `target`. The Navigation API lists the tab's entries of
 * this site; a browser without it gets the dialog's entry replaced, so Back skips the dialog there too.
 */
function isPreviousEntry(target: URL) {
  const navigation = (
    window as { navigation?: { currentEntry: { index: number } | null; entries(): { url: string | null }[] } }
  ).navigation;
  const index = navigation?.currentEntry?.index ?? 0;
  const previous = index > 0 ? navigation!.entries()[index - 1]?.url : null;
  if (!previous) return false;
  const url = new URL(previous);
  return url.pathname === target.pathname && url.search === target.search;
}

/** Whether any field in `root` differs from the value it was rendered with. */
function hasEdits(root: HTMLElement) {
  for (const field of root.querySelectorAll("input, textarea, select")) {
    if (field instanceof HTMLSelectElement) {
      // A select without a `selected` option starts on its first one.
      const initial = Math.max(
        0,
        [...field.options].findIndex((option) => option.defaultSelected),
      );
      if (!field.multiple && field.options.length && field.selectedIndex !== initial) return true;
    } else if (field instanceof HTMLTextAreaElement) {
      if (field.value !== field.defaultValue) return true;
    } else if (field instanceof HTMLInputElement && field.type !== "hidden") {
      const edited =
        field.type === "checkbox" || field.type === "radio"
          ? field.checked !== field.defaultChecked
          : field.value !== field.defaultValue;
      if (edited) return true;
    }
  }
  return false;
}

/** 'Discard changes?': Keep editing (also Escape) or Discard, above the dialog it would close. */
function DiscardQuestion({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onKeep();
      }}
      onClose={onKeep}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-xl bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/30"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        Discard changes?
      </h2>
      <p id={textId} className="mt-1 text-sm text-slate-600">
        What you have typed in this dialog will be lost.
      </p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {/* First, so showModal() puts the focus on the safe choice. */}
        <button type="button" className={buttonClass.secondary} onClick={onKeep}>
          Keep editing
        </button>
        <button type="button" className={buttonClass.danger} onClick={onDiscard}>
          Discard
        </button>
      </div>
    </dialog>
  );
}
