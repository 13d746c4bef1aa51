import { initials } from "~/utils/format";

const SIZES = { sm: "h-9 w-9 text-xs", md: "h-12 w-12 text-sm" };

/** A person's initials in a circle; decorative, since the name is always written beside it. */
export function Avatar({
  firstName,
  lastName,
  size = "sm",
}: {
  firstName: string;
  lastName: string;
  size?: keyof typeof SIZES;
}) {
  return (
    <span
      className={`flex shrink-0 items-center justify-center rounded-full bg-slate-200 font-semibold text-slate-700 ${SIZES[size]}`}
      aria-hidden="true"
    >
      {initials(firstName, lastName)}
    </span>
  );
}
