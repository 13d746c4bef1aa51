import { initials } from "~/utils/format";
import { html } from "~/utils/html";

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

/** The small Avatar as markup, for rows written as HTML (utils/html.ts). */
export function avatarHtml(firstName: string, lastName: string) {
  return html`<span class="avatar" aria-hidden="true">${initials(firstName, lastName)}</span>`;
}
