// The pieces of the lead rows written as HTML (docs/decisions/011-lead-rows-as-html.md) must be the markup
// their React twins render, so that a row looks the same as the same piece anywhere else.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LEAD_STATUSES } from "~/models/lead";
import { Avatar, avatarHtml } from "./avatar";
import { Icon, iconHtml, type IconName } from "./icons";
import { StatusBadge, statusBadgeHtml } from "./status-badge";

describe("the HTML twins of the row pieces", () => {
  it("avatarHtml is the small Avatar, whatever the names", () => {
    for (const [firstName, lastName] of [
      ["Ada", "Lovelace"],
      [" ada ", "lovelace"],
      ["<b>", "&amp;"],
      [`"quoted"`, "'single'"],
      ["", ""],
      ["Émile", "Ørsted"],
    ]) {
      expect(avatarHtml(firstName, lastName).__html).toBe(
        renderToStaticMarkup(<Avatar firstName={firstName} lastName={lastName} />),
      );
    }
  });

  it("statusBadgeHtml is the StatusBadge of every status", () => {
    for (const status of LEAD_STATUSES) {
      expect(statusBadgeHtml(status).__html).toBe(renderToStaticMarkup(<StatusBadge status={status} />));
    }
  });

  it("iconHtml is the Icon, at its own size and at another", () => {
    for (const name of ["eye", "pencil", "trash", "restore", "sort-asc"] satisfies IconName[]) {
      expect(iconHtml(name).__html).toBe(renderToStaticMarkup(<Icon name={name} />));
      expect(iconHtml(name, 18).__html).toBe(
        renderToStaticMarkup(<Icon name={name} width={18} height={18} />),
      );
    }
  });
});
