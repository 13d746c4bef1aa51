import { describe, expect, it } from "vitest";
import { escapeHtml, html, type Html } from "./html";

describe("html", () => {
  it("escapes every value as JSX does, in text and in attributes", () => {
    const name = `<img src=x onerror="alert(1)"> O'Brien & Co`;
    expect(html`<p title="${name}">${name}</p>`.__html).toBe(
      `<p title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt; O&#x27;Brien &amp; Co">` +
        `&lt;img src=x onerror=&quot;alert(1)&quot;&gt; O&#x27;Brien &amp; Co</p>`,
    );
    expect(escapeHtml("plain text")).toBe("plain text");
  });

  it("puts in what another template wrote as it is, lists joined, and nothing for null, undefined or false", () => {
    const item = (text: string) => html`<li>${text}</li>`;
    expect(
      html`<ul>
        ${["a<b", "c"].map(item)}${null}${undefined}${false}${0}
      </ul>`.__html,
    ).toBe("<ul><li>a&lt;b</li><li>c</li>0</ul>");
  });

  it("refuses an object that merely looks like a template's result, such as a value read from JSON", () => {
    const forged = JSON.parse(`{"__html": "<script>alert(1)</script>"}`) as unknown;
    expect(() => html`<p>${forged as Html}</p>`).toThrow(TypeError);
    // The compiler refuses one too: only utils/html.ts makes an Html.
    // @ts-expect-error a plain { __html } is not an Html
    const plain: Html = { __html: "<b>trusted?</b>" };
    expect(() => html`${plain}`).toThrow(TypeError);
    // @ts-expect-error nor may one be put in a template
    expect(() => html`${{ __html: "<b>" }}`).toThrow(TypeError);
  });

  it("drops a line break and its indentation between tags and values, and makes it one space in a tag; ends a void element with />", () => {
    const value = "v";
    const laidOut = html`<a href="${value}" title="t">${value}</a>
      <p>one line</p>`;
    expect(laidOut.__html).toBe(`<a href="v" title="t">v</a><p>one line</p>`);
    // A void element ends as React writes it.
    expect(html`<input name="a" value="${value}" />`.__html).toBe(`<input name="a" value="v"/>`);
    // The values themselves keep their line breaks.
    expect(html`<p>${"a\n  b"}</p>`.__html).toBe("<p>a\n  b</p>");
  });
});
