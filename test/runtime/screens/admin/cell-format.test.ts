/**
 * How list cells show their values per column format (schemas/screens.ts): numbers, currencies, bytes,
 * dates and date-times in the UI language, booleans, status badges and mailto links. Table-driven,
 * in a fixed time zone.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  BOOLEAN_KEYS,
  type CellView,
  formatCell,
  rawText,
} from "../../../../runtime/screens/admin/cell-format.ts";
import type { ScreenColumn } from "../../../../schemas/screens.ts";

const t = (key: string) => `«${key}»`;
const en = { locale: "en", timeZone: "UTC", t };
const de = { locale: "de", timeZone: "UTC", t };

const column = (format: ScreenColumn["format"], extra: Partial<ScreenColumn> = {}): ScreenColumn =>
  ({ field: "Value", labelKey: "Field_Value", format, ...extra }) as ScreenColumn;
const status = column("status", {
  options: [
    { value: "Active", labelKey: "Status_Active", tone: "success" },
    { value: "Trial", labelKey: "Status_Trial" },
  ],
});

describe("formatCell", () => {
  const cases: Array<[string, ScreenColumn, unknown, typeof en, CellView]> = [
    ["empty: null", column("text"), null, en, { kind: "empty" }],
    ["empty: missing", column("number"), undefined, en, { kind: "empty" }],
    ["empty: blank text", column("text"), "", en, { kind: "empty" }],
    ["text", column(undefined), "Northwind", en, { kind: "text", text: "Northwind" }],
    ["text of an object is JSON", column("text"), { a: 1 }, en, { kind: "text", text: '{"a":1}' }],
    ["number (en)", column("number"), 48210.5, en, { kind: "text", text: "48,210.5" }],
    ["number (de)", column("number"), 48210.5, de, { kind: "text", text: "48.210,5" }],
    ["number sent as text", column("number"), "12", en, { kind: "text", text: "12" }],
    ["not a number stays raw", column("number"), "n/a", en, { kind: "text", text: "n/a" }],
    [
      "currency with its code",
      column("currency", { currencyField: "Currency" }),
      1234.5,
      en,
      { kind: "text", text: "€1,234.50" },
    ],
    ["bytes", column("bytes"), 1536, en, { kind: "text", text: "1.5 KB" }],
    [
      "a date is the same day everywhere",
      column("date"),
      "2026-12-01",
      en,
      { kind: "text", text: "Dec 1, 2026" },
    ],
    ["a date (de)", column("date"), "2026-12-01", de, { kind: "text", text: "01.12.2026" }],
    [
      "a date-time in the given zone",
      column("datetime"),
      "2026-11-21T07:03:08.560Z",
      en,
      { kind: "text", text: "Nov 21, 2026, 7:03 AM" },
    ],
    ["an unreadable date stays raw", column("datetime"), "soon", en, { kind: "text", text: "soon" }],
    ["true", column("boolean"), true, en, { kind: "boolean", value: true, label: `«${BOOLEAN_KEYS.yes}»` }],
    [
      "false as 0",
      column("boolean"),
      0,
      en,
      { kind: "boolean", value: false, label: `«${BOOLEAN_KEYS.no}»` },
    ],
    [
      "a known status with its tone",
      status,
      "Active",
      en,
      { kind: "status", text: "«Status_Active»", tone: "success" },
    ],
    [
      "a status without a tone is neutral",
      status,
      "Trial",
      en,
      { kind: "status", text: "«Status_Trial»", tone: "neutral" },
    ],
    ["an unknown status shows raw", status, "Gone", en, { kind: "status", text: "Gone", tone: "neutral" }],
    [
      "an e-mail address",
      column("email"),
      "a@b.example",
      en,
      { kind: "email", text: "a@b.example", href: "mailto:a@b.example" },
    ],
    [
      "no mailto link for text that would change it",
      column("email"),
      "a@b.example?cc=x@y",
      en,
      { kind: "email", text: "a@b.example?cc=x@y", href: null },
    ],
  ];
  for (const [name, col, value, options, expected] of cases) {
    test(name, () => {
      const row = { Value: value, Currency: "EUR" };
      const view = formatCell(col, row, options);
      // Intl may use a narrow no-break space before AM/PM; compare with plain spaces.
      const normalised = "text" in view ? { ...view, text: view.text.replace(/\u202f|\u00a0/g, " ") } : view;
      assert.deepEqual(normalised, expected);
    });
  }

  test("a currency code that is not ISO 4217 shows the amount with the code as sent", () => {
    const view = formatCell(
      column("currency", { currencyField: "Currency" }),
      { Value: 5, Currency: "EURO" },
      en,
    );
    assert.deepEqual(view, { kind: "text", text: "5.00 EURO" });
  });

  test("rawText", () => {
    assert.equal(rawText(3), "3");
    assert.equal(rawText(false), "false");
    assert.equal(rawText([1]), "[1]");
  });
});
