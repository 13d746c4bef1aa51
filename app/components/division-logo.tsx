import type { Division } from "~/utils/divisions";

/** Each division's mark: TSS a stack of slate tiles, NLH a pair of wings. */
export function DivisionLogo({
  division,
  className = "h-9 w-9",
}: {
  division: Division;
  className?: string;
}) {
  if (division === "NLH") {
    return (
      <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="19" fill="#e0f2fe" />
        <path d="M20 22c-4-6-10-8-16-8 3 5 8 9 16 10z" fill="#0369a1" />
        <path d="M20 22c4-6 10-8 16-8-3 5-8 9-16 10z" fill="#4338ca" />
        <circle cx="20" cy="23" r="2.5" fill="#0c4a6e" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="38" height="38" rx="8" fill="#f5f5f4" />
      <path d="M8 26l12-6 12 6-12 6z" fill="#44403c" />
      <path d="M8 20l12-6 12 6-12 6z" fill="#57534e" />
      <path d="M8 14l12-6 12 6-12 6z" fill="#78716c" />
    </svg>
  );
}
