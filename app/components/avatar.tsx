import { initials } from "~/utils/format";

/** A person's initials in a circle; decorative, since the name is always written beside it. */
export function Avatar({
  firstName,
  lastName,
  size = "sm",
}: {
  firstName: string;
  lastName: string;
  size?: "sm" | "md";
}) {
  return (
    <span className={size === "md" ? "avatar avatar-md" : "avatar"} aria-hidden="true">
      {initials(firstName, lastName)}
    </span>
  );
}
