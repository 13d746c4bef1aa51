import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

const CONTROL =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-slate-500 focus:ring-2 focus:ring-slate-400 focus:outline-none aria-[invalid=true]:border-red-500";

type Common = { label: ReactNode; errors?: string[] | null; className?: string };

/** Errors under a field, linked to it by aria-describedby. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

function describedBy(id: string | undefined, errors?: string[] | null) {
  return errors?.length && id ? `${id}-error` : undefined;
}

export function Field({
  label,
  errors,
  className,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={className}>
      <label htmlFor={input.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        {...input}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(input.id, errors)}
        className={CONTROL}
      />
      <ErrorList id={describedBy(input.id, errors)} errors={errors} />
    </div>
  );
}

export function TextareaField({
  label,
  errors,
  className,
  ...textarea
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className={className}>
      <label htmlFor={textarea.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        {...textarea}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(textarea.id, errors)}
        className={CONTROL}
      />
      <ErrorList id={describedBy(textarea.id, errors)} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  errors,
  className,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className={className}>
      <label htmlFor={select.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        {...select}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(select.id, errors)}
        className={CONTROL}
      >
        {children}
      </select>
      <ErrorList id={describedBy(select.id, errors)} errors={errors} />
    </div>
  );
}

export const buttonClass = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-md bg-slate-800 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-50",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50",
  danger:
    "inline-flex items-center justify-center gap-2 rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50",
  icon: "inline-flex items-center justify-center rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900",
};
