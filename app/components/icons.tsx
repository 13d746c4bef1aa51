import type { SVGProps } from "react";
import { html } from "~/utils/html";

const PATHS = {
  dashboard: "M3 12l9-9 9 9M5 10v10h5v-6h4v6h5V10",
  leads: "M16 11a4 4 0 10-8 0 4 4 0 008 0zM4 20a8 8 0 0116 0",
  board: "M4 4h4v16H4zM10 4h4v10h-4zM16 4h4v13h-4z",
  contacts: "M4 5h16v14H4zM9 10a2 2 0 104 0 2 2 0 00-4 0zM7 16a4 4 0 018 0M16 9h2M16 12h2",
  calendar: "M4 6h16v14H4zM4 10h16M8 3v4M16 3v4",
  mobile: "M8 3h8a1 1 0 011 1v16a1 1 0 01-1 1H8a1 1 0 01-1-1V4a1 1 0 011-1zM11 18h2",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z",
  logout: "M15 17l5-5-5-5M20 12H9M12 20H5a1 1 0 01-1-1V5a1 1 0 011-1h7",
  user: "M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0",
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "M6 6l12 12M18 6L6 18",
  plus: "M12 5v14M5 12h14",
  eye: "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z",
  pencil: "M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4",
  trash: "M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13",
  restore: "M4 4v6h6M4.5 15a8 8 0 101.9-8.3L4 10",
  search: "M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4",
  phone: "M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2z",
  mail: "M3 6h18v12H3zM3 7l9 6 9-6",
  clock: "M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2",
  document: "M6 3h9l4 4v14H6zM14 3v5h5M9 13h6M9 17h6",
  check: "M5 13l4 4L19 7",
  alert: "M12 8v5M12 16h.01M10.3 3.9L2.4 18a2 2 0 001.7 3h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z",
  info: "M12 8h.01M11 12h1v5h1M12 21a9 9 0 100-18 9 9 0 000 18z",
  key: "M15 14a5 5 0 100-10 5 5 0 000 10zM11.5 12.5L3 21M6 18l2.5 2.5M8.5 15.5L11 18",
  sort: "M8 9l4-4 4 4M8 15l4 4 4-4",
  "sort-asc": "M6 15l6-6 6 6",
  "sort-desc": "M6 9l6 6 6-6",
  bell: "M6 16V11a6 6 0 0112 0v5l2 2H4zM10 20a2 2 0 004 0",
  sun: "M12 16a4 4 0 100-8 4 4 0 000 8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4",
} as const;

export type IconName = keyof typeof PATHS;

// The sprite's symbols never change: written once, as markup (utils/html.ts), instead of 48 elements for
// React to render on every page.
const SYMBOLS = html`${Object.entries(PATHS).map(
  ([name, d]) => html`<symbol id="i-${name}" viewBox="0 0 24 24"><path d="${d}"></path></symbol>`,
)}`;

/**
 * Every icon's path, once per page (root.tsx renders it); each Icon is then a small <use> of its symbol,
 * so a table of 50 rows does not carry 150 copies of the same paths.
 */
export function IconSprite() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="0"
      height="0"
      className="absolute"
      dangerouslySetInnerHTML={SYMBOLS}
    />
  );
}

/** Outline icons (24 px grid, stroke currentColor). Decorative unless given a title by the caller. */
export function Icon({ name, className, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      aria-hidden="true"
      focusable="false"
      width={20}
      height={20}
      {...props}
    >
      <use href={`#i-${name}`} />
    </svg>
  );
}

/** The same icon as markup, for rows written as HTML (utils/html.ts). */
export function iconHtml(name: IconName, size = 20) {
  return html`<svg class="icon" aria-hidden="true" focusable="false" width="${size}" height="${size}">
    <use href="#i-${name}"></use>
  </svg>`;
}
