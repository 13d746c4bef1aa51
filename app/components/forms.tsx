import type {
  ButtonHTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";

/**
 * The form kit (docs/decisions/002-screens.md): every form is conform + these fields, so labels, error
 * messages, aria-invalid and aria-describedby are wired the same way everywhere.
 */

const CONTROL =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-slate-500 focus:ring-2 focus:ring-slate-400 focus:outline-none aria-[invalid=true]:border-red-500";

type Common = { label: ReactNode; errors?: string[] | null; className?: string; labelClassName?: string };

const LABEL = "block text-sm font-medium text-slate-700";

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

/** Errors about the form as a whole (a conflict, a refusal), above its buttons. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
      {errors.join(" ")}
    </div>
  );
}

function describedBy(id: string | undefined, errors?: string[] | null) {
  return errors?.length && id ? `${id}-error` : undefined;
}

function invalid(errors?: string[] | null) {
  return errors?.length ? true : undefined;
}

export function Field({
  label,
  errors,
  className,
  labelClassName = LABEL,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={className}>
      <label htmlFor={input.id} className={labelClassName}>
        {label}
      </label>
      <input
        {...input}
        aria-invalid={invalid(errors)}
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
  labelClassName = LABEL,
  ...textarea
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className={className}>
      <label htmlFor={textarea.id} className={labelClassName}>
        {label}
      </label>
      <textarea
        {...textarea}
        aria-invalid={invalid(errors)}
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
  labelClassName = LABEL,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className={className}>
      <label htmlFor={select.id} className={labelClassName}>
        {label}
      </label>
      <select
        {...select}
        aria-invalid={invalid(errors)}
        aria-describedby={describedBy(select.id, errors)}
        className={CONTROL}
      >
        {children}
      </select>
      <ErrorList id={describedBy(select.id, errors)} errors={errors} />
    </div>
  );
}

/**
 * Several checkboxes of one name (conform's getCollectionProps gives `options`), in a fieldset whose
 * legend is the label; the errors belong to the group.
 */
export function CheckboxGroupField({
  legend,
  errors,
  id,
  options,
  className,
}: {
  legend: ReactNode;
  errors?: string[] | null;
  id: string;
  options: (InputHTMLAttributes<HTMLInputElement> & { key?: string; label: ReactNode })[];
  className?: string;
}) {
  const errorId = describedBy(id, errors);
  return (
    <fieldset className={className} aria-describedby={errorId} aria-invalid={invalid(errors)}>
      <legend className={LABEL}>{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-4">
        {options.map(({ key, label, ...input }) => (
          <label key={key ?? String(input.value)} className="flex items-center gap-2 text-sm text-slate-800">
            <input {...input} className="h-4 w-4 rounded border-slate-300" />
            {label}
          </label>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

/** A submit button that says it is working while its form is pending (useIsPending). */
export function StatusButton({
  pending,
  pendingText,
  children,
  className = buttonClass.primary,
  disabled,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean; pendingText?: string }) {
  return (
    <button
      type="submit"
      {...button}
      className={className}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
    >
      {pending && pendingText ? pendingText : children}
    </button>
  );
}

export const buttonClass = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-md bg-slate-800 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-50",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50",
  danger:
    "inline-flex items-center justify-center gap-2 rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50",
  small:
    "inline-flex items-center justify-center gap-1 rounded border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50",
  icon: "row-action",
};
