/**
 * Markup written as a string, for the one place React's renderer is too slow: the rows of the lead table
 * (docs/decisions/011-lead-rows-as-html.md). Like JSX:
 * - every value is escaped; only what another `html` template produced goes in as it is, so a lead named
 *   `<script>` is text here too;
 * - a line break and the indentation around it are dropped between tags and values, and are one space
 *   elsewhere (inside a tag, between its attributes), so templates can be laid out to be read;
 * - a void element ends in `/>` with no space before it, as React writes it (Prettier writes ` />`), so that
 *   markup written here is byte for byte its React twin's (the twin tests compare them).
 */
export type Html = TrustedHtml;

/**
 * A template's result. Only this module makes one: the class is not exported, and its private field makes
 * the type nominal, so a plain `{ __html }` (from a caller, or a value read from JSON) is refused by the
 * compiler and, at run time, by `toHtml`. It keeps React's `__html` so that it can be given to
 * `dangerouslySetInnerHTML` as it is.
 */
class TrustedHtml {
  readonly #html: string;
  constructor(html: string) {
    this.#html = html;
  }
  get __html() {
    return this.#html;
  }
}

type Value = Html | string | number | null | undefined | false | readonly Value[];

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  const parts = laidOut(strings);
  let out = parts[0];
  for (let i = 0; i < values.length; i++) out += toHtml(values[i]) + parts[i + 1];
  return new TrustedHtml(out);
}

// A template's strings are the same object on every call, so each is laid out once.
const laidOutParts = new WeakMap<TemplateStringsArray, string[]>();

function laidOut(strings: TemplateStringsArray) {
  let parts = laidOutParts.get(strings);
  if (!parts) {
    parts = strings.map((part) =>
      part
        .replace(/\s*\n\s*/g, (space: string, at: number) => {
          const before = part[at - 1];
          const after = part[at + space.length];
          const betweenTags = before === undefined || after === undefined || before === ">" || after === "<";
          return betweenTags || after === ">" ? "" : " ";
        })
        .replace(/ +\/>/g, "/>"),
    );
    laidOutParts.set(strings, parts);
  }
  return parts;
}

function toHtml(value: Value): string {
  if (value === null || value === undefined || value === false) return "";
  if (typeof value === "string") return escapeHtml(value);
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(toHtml).join("");
  if (value instanceof TrustedHtml) return value.__html;
  // Like JSX, which refuses an object as a child rather than guess what it means.
  throw new TypeError("html: a value is neither text, a number nor an html template's result");
}

const SPECIAL = /[&<>"']/;
const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/** Text or an attribute's value, safe in either place (the same five characters React escapes). */
export function escapeHtml(text: string) {
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (char) => ENTITIES[char]) : text;
}
