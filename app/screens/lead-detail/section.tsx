import type { ReactNode } from "react";

/** One titled part of the lead detail. */
export function Section({
  title,
  className = "",
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`min-w-0 rounded-lg border border-slate-200 p-4 ${className}`} aria-label={title}>
      <h3 className="mb-3 text-sm font-semibold tracking-wide text-slate-700 uppercase">{title}</h3>
      {children}
    </section>
  );
}
