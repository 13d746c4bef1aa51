// Arbitraries (fast-check) for hostile input: JSON-serialisable values of every kind, with the strings an
// attacker or a careless script sends: SQL, markup, format strings, emoji and right-to-left text, control
// characters, huge texts.
import fc from "fast-check";

const SQLISH = [
  "'; drop table leads; --",
  "' or '1'='1",
  "' or 1=1 --",
  '"; delete from users; --',
  "1; truncate notes; --",
  "' union select password_hash from users --",
  "Robert'); DROP TABLE contacts;--",
  "$$; drop table sessions; $$",
  "'); select pg_sleep(10); --",
  "%_%",
  "\\",
  "\\'",
  "admin'--",
];
const ODD_TEXT = [
  "😀🎉👍🏽",
  "👨‍👩‍👧‍👦",
  "مرحبا بالعالم",
  "שלום עולם",
  "\u202Eevil.exe\u202C",
  "\u200F\u200E\u200B\uFEFF",
  "𝕳𝖊𝖑𝖑𝖔",
  "Z̸̡̛͙a̵l̶g̷o̸",
  "日本語テキスト",
  "İıßǅ",
  "\uD800",
  "\uDFFF\uD800",
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31mred",
  "\r\n\t",
  "   ",
  "",
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}%s%n",
  "../../etc/passwd",
  "null",
  "undefined",
  "NaN",
  "-0",
  "1e309",
  "0x1F",
  "2030-02-30",
  "00000000-0000-0000-0000-000000000000",
  "not-an-email@",
  "@example.com",
];

const hugeString = fc
  .tuple(
    fc.constantFrom("a", "😀", "'; drop table leads; --", "ش", " ", "\u0301"),
    fc.integer({ min: 1000, max: 20_000 }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

export const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(...SQLISH),
  fc.constantFrom(...ODD_TEXT),
  fc.emailAddress(),
  fc.tuple(fc.constantFrom(...SQLISH, ...ODD_TEXT), fc.emailAddress()).map(([odd, email]) => odd + email),
  hugeString,
);

export const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, 2 ** 31, 2 ** 53 + 1, -1, 0.001, 5e-324, 1e21, 999_999_999_999.995, 1e15),
);

/** Any JSON value, leaning towards hostile strings. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
  { arbitrary: fc.array(hostileString, { maxLength: 3 }), weight: 1 },
  {
    arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
    weight: 1,
  },
);

/** Fields no route takes, some of them with names that mean something elsewhere. */
const extraFields = fc.dictionary(
  fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(
      "__proto__",
      "constructor",
      "prototype",
      "id",
      "userId",
      "createdBy",
      "createdAt",
      "isAdmin",
      "role",
      "passwordHash",
      "$where",
      "toString",
    ),
  ),
  hostileValue,
  { maxKeys: 4 },
);

/** Objects with the route's own field names, each absent or of any type. */
export function fieldShaped(fields: string[]) {
  return fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((field) => [field, hostileValue])), { requiredKeys: [] }),
      extraFields,
    )
    .map(([own, extra]) => ({ ...extra, ...own }));
}

/** A valid body with one or two of its fields replaced by hostile values, and maybe unknown fields. */
export function nearlyValid(fields: string[], valid: fc.Arbitrary<Record<string, unknown>>) {
  const overrides = fc
    .subarray(fields, { minLength: 1, maxLength: Math.min(2, fields.length) })
    .chain((keys) =>
      fc
        .tuple(...keys.map(() => hostileValue))
        .map((values) => Object.fromEntries(keys.map((key, i) => [key, values[i]]))),
    );
  return fc
    .tuple(valid, overrides, fc.option(extraFields, { nil: {} }))
    .map(([base, changed, extra]) => ({ ...extra, ...base, ...changed }));
}

/** Twelve hex digits, for the unique e-mails and names of valid bodies. */
export const hex = fc.stringMatching(/^[0-9a-f]{12}$/);
