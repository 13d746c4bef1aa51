import type { ReactNode } from "react";

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
      </div>
      {/* Right-aligned also when it wraps under the title, where a menu opening leftwards stays on screen. */}
      {actions ? <div className="ml-auto flex flex-wrap justify-end gap-2">{actions}</div> : null}
    </div>
  );
}
