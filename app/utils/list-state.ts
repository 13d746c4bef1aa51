/**
 * A list page's view state (search, filters, tab, sort, page, ...) lives in its URL, so every link and form
 * works without JavaScript and a reload shows the same list (docs/decisions/002-screens.md). A page
 * declares its parameters once; `read` parses a query string with defaults and clamps (never throws), and
 * `href` writes a state back, leaving out every value that equals its default so URLs stay short.
 *
 * A page's dialogs are parameters of it too (?new=lead, ?edit={id}: docs/decisions/002-screens.md), declared
 * beside the state: `dialogs` reads them (each null when absent or malformed) and `href` takes them typed, so
 * a link cannot name a dialog its page does not read. Unlike the state, a dialog is not kept by later links.
 */
import { isUuid } from "./ids";

/** One parameter: how to read it, its default (which may depend on the parameters declared before it), how to write it. */
// Method syntax on purpose: a Param<string> must fit where a Param<unknown> is expected.
export type Param<T> = {
  parse(raw: string): T | undefined;
  fallback(state: Record<string, unknown>): T;
  format(value: T): string;
  /** Read every value the query gives it, joined by commas (a form's checkboxes of one name). */
  repeated?: boolean;
};

type StateOf<Spec> = { [K in keyof Spec]: Spec[K] extends Param<infer T> ? T : never };

type DialogsOf<Spec> = { [K in keyof Spec]: Spec[K] extends Param<infer T> ? T | null : never };

/** The dialog parameters an href carries besides the state; falsy ones are left out. */
type DialogParams<Spec> = { [K in keyof Spec]?: (Spec[K] extends Param<infer T> ? T : never) | null | false };

const constant =
  <T>(value: T | ((state: Record<string, unknown>) => T)) =>
  (state: Record<string, unknown>) =>
    typeof value === "function" ? (value as (state: Record<string, unknown>) => T)(state) : value;

export const param = {
  /** Free text (a search), cut to `max` characters; NUL characters, which no database text holds, are dropped. */
  text(max = 200): Param<string> {
    return {
      parse: (raw) => raw.replaceAll("\u0000", "").slice(0, max),
      fallback: () => "",
      format: String,
    };
  },
  /** One of a fixed set; anything else is the default. */
  oneOf<const T extends string>(
    values: readonly T[],
    fallback: T | ((state: Record<string, unknown>) => T),
  ): Param<T> {
    return {
      parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as T) : undefined),
      fallback: constant(fallback),
      format: String,
    };
  },
  /** One of a fixed set or none (a dialog's kind: ?new=lead). */
  choice<const T extends string>(values: readonly T[]): Param<T | null> {
    return {
      parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as T) : undefined),
      fallback: () => null,
      format: String,
    };
  },
  /**
   * Any of a fixed set, several at once: written as one comma-separated value, read from that or from the
   * same name repeated (a GET form's checkboxes); unknown ones are dropped, the rest kept in the set's order.
   */
  many<const T extends string>(values: readonly T[]): Param<T[]> {
    return {
      parse: (raw) => {
        const given = new Set(raw.split(","));
        return values.filter((value) => given.has(value));
      },
      fallback: () => [],
      format: (chosen) => chosen.join(","),
      repeated: true,
    };
  },
  /** A number from 0 to `max` (a form's number field), or none. */
  number(max: number): Param<number | null> {
    return {
      parse: (raw) => {
        const value = raw.trim() === "" ? NaN : Number(raw);
        return Number.isFinite(value) && value >= 0 && value <= max ? value : undefined;
      },
      fallback: () => null,
      format: String,
    };
  },
  /** A calendar day, YYYY-MM-DD (a form's date field), or none (""). */
  day(): Param<string> {
    return {
      parse: (raw) => (isCalendarDay(raw) ? raw : undefined),
      fallback: () => "",
      format: String,
    };
  },
  /** On when "1". */
  flag(): Param<boolean> {
    return { parse: (raw) => raw === "1", fallback: () => false, format: () => "1" };
  },
  /** A record id (a UUID, lower-cased); anything else is the default. */
  id(): Param<string | null> {
    return {
      parse: (raw) => (isUuid(raw) ? raw.toLowerCase() : undefined),
      fallback: () => null,
      format: String,
    };
  },
  /** A page number from 1 to `max`; past `max` is `max` (a million rows at 50 a page is 20,000 pages). */
  page(max = 100_000): Param<number> {
    return {
      parse: (raw) => {
        const page = Number(raw);
        return Number.isInteger(page) && page >= 1 ? Math.min(page, max) : undefined;
      },
      fallback: () => 1,
      format: String,
    };
  },
};

export function defineListState<
  Spec extends Record<string, Param<unknown>>,
  Dialogs extends Record<string, Param<unknown>> = Record<never, Param<unknown>>,
>(path: string, spec: Spec, dialogSpec: Dialogs = {} as Dialogs) {
  type State = StateOf<Spec>;
  const entries = Object.entries(spec) as [keyof State & string, Param<unknown>][];

  /** The state a query string names: each parameter parsed, or its default. */
  function read(params: URLSearchParams): State {
    const state: Record<string, unknown> = {};
    for (const [key, definition] of entries) {
      const raw = definition.repeated && params.has(key) ? params.getAll(key).join(",") : params.get(key);
      const parsed = raw === null ? undefined : definition.parse(raw);
      state[key] = parsed === undefined ? definition.fallback(state) : parsed;
    }
    return state as State;
  }

  /** The dialog parameters a query string names, each parsed, or null. */
  function dialogs(params: URLSearchParams): DialogsOf<Dialogs> {
    const found: Record<string, unknown> = {};
    for (const [key, definition] of Object.entries(dialogSpec)) {
      const raw = params.get(key);
      found[key] = (raw === null ? undefined : definition.parse(raw)) ?? null;
    }
    return found as DialogsOf<Dialogs>;
  }

  /** The URL of a state (missing keys take their defaults), without the defaults, plus its dialog parameters. */
  function href(state: Partial<State>, dialog: DialogParams<Dialogs> = {}, to = path): string {
    const full: Record<string, unknown> = {};
    const params = new URLSearchParams();
    for (const [key, definition] of entries) {
      const fallback = definition.fallback(full);
      const value = state[key] === undefined ? fallback : state[key];
      full[key] = value;
      if (!sameValue(value, fallback)) params.set(key, definition.format(value));
    }
    for (const [key, value] of Object.entries(dialog)) {
      if (value) params.set(key, dialogSpec[key].format(value));
    }
    const query = params.toString();
    return query ? `${to}?${query}` : to;
  }

  /** The state's parameters as name/value pairs (non-default ones), for hidden inputs of a GET form. */
  function hiddenFields(state: Partial<State>, keys: (keyof State & string)[]): [string, string][] {
    const query = new URL(href(state), "http://x").searchParams;
    return keys.filter((key) => query.has(key)).map((key) => [key, query.get(key)!]);
  }

  return { read, dialogs, href, hiddenFields };
}

/** A value equal to its default is left out of an href (a set of values compares by its members). */
function sameValue(value: unknown, fallback: unknown) {
  return Array.isArray(value) && Array.isArray(fallback)
    ? value.length === fallback.length && value.every((item, i) => item === fallback[i])
    : value === fallback;
}

/** A real calendar day written YYYY-MM-DD, years 1000 to 9999 (not 2026-02-30): a date the database holds. */
export function isCalendarDay(raw: string) {
  const day = new Date(`${raw}T00:00:00Z`);
  return (
    /^[1-9]\d{3}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(raw)
  );
}

/**
 * The address a child route's dialog closes to: its parent's path with the same query, so the page behind
 * keeps its state. The lead's id is dropped, and with it a `/lead` segment before it: a lead opens over any
 * page as `{page}/lead/{id}` (/calendar/lead/{id}, /lead/{id} over the dashboard), over a list of leads as `{list}/{id}` (/leads/{id},
 * /dashboard/{type}/{id}).
 */
export function parentHref(pathname: string, search: string) {
  // The dashboard is / itself: its lead, /lead/{id}, leaves no path.
  return (pathname.replace(/(\/lead)?\/[^/]+\/?$/, "") || "/") + search;
}
