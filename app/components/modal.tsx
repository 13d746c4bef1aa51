import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { Link, useNavigate } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { Icon } from "./icons";

const SIZES = { md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" };

/**
 * A dialog whose open state lives in the URL. Headless UI's Dialog renders only in the browser (through a
 * portal), so until the page has hydrated, or without JavaScript, the same panel is plain dialog markup;
 * closing is a link to `closeHref` either way.
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
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = useId();
  const panelClass = `relative w-full ${SIZES[size]} rounded-xl bg-white shadow-xl`;
  const header = (heading: ReactNode) => (
    <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
      {heading}
      <Link
        to={closeHref}
        preventScrollReset
        className="rounded p-1 text-slate-500 hover:bg-slate-100"
        aria-label="Close"
      >
        <Icon name="close" />
      </Link>
    </div>
  );
  const headingClass = "text-lg font-semibold text-slate-900";

  if (!hydrated) {
    return (
      <div className="fixed inset-0 z-50 overflow-y-auto bg-slate-900/50 p-2 sm:p-6">
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          className={`mx-auto my-4 ${panelClass}`}
        >
          {header(
            <h2 id={titleId} className={headingClass}>
              {title}
            </h2>,
          )}
          <div className="px-5 py-4">{children}</div>
        </div>
      </div>
    );
  }
  return (
    // The dialog element itself covers the viewport (not a zero-size wrapper of fixed layers), so it has a box.
    <Dialog
      open
      onClose={() => navigate(closeHref, { preventScrollReset: true })}
      className="fixed inset-0 z-50"
    >
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto p-2 sm:p-6">
        <DialogPanel className={`mx-auto my-4 ${panelClass}`}>
          {header(<DialogTitle className={headingClass}>{title}</DialogTitle>)}
          <div className="px-5 py-4">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
