/**
 * CSV and file names of the widget menu's exports (runtime/widgets/widget-export.ts): RFC 4180
 * fields and line ends, formula-starting text defused, names from the title that every file system
 * takes.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  csvField,
  exportFileName,
  MAX_FILE_STEM_LENGTH,
  resultCsv,
} from "../../../runtime/widgets/widget-export.ts";

describe("CSV (RFC 4180)", () => {
  const cases: Array<[string, Parameters<typeof csvField>[0], string]> = [
    ["plain text as is", "North", "North"],
    ["numbers as JavaScript writes them", 1234.5, "1234.5"],
    ["negative numbers are numbers, not formulas", -3, "-3"],
    ["booleans", true, "true"],
    ["empty cells empty", null, ""],
    ["a comma quotes the field (§2.6)", "Smith, Jane", '"Smith, Jane"'],
    ["quotes are doubled inside quotes (§2.7)", 'say "hi"', '"say ""hi"""'],
    ["a line break quotes the field (§2.6)", "two\nlines", '"two\nlines"'],
    ["a CR too", "a\rb", '"a\rb"'],
    ["text starting a formula gets a quote mark", "=HYPERLINK(1)", "'=HYPERLINK(1)"],
    ["… also +, - and @", "@SUM(A1)", "'@SUM(A1)"],
    ["… and still quoted when needed", "=1,2", `"'=1,2"`],
    ["non-ASCII kept", "Zürich – 東京", "Zürich – 東京"],
  ];
  for (const [name, cell, expected] of cases) {
    test(name, () => assert.equal(csvField(cell), expected));
  }

  test("a header line of the column names, one line per row, CRLF after every line", () => {
    const csv = resultCsv({
      Columns: [
        { Name: "Region", Type: "Text", Role: "Dimension" },
        { Name: "Revenue, EUR", Type: "Number", Role: "Measure" },
      ],
      Rows: [
        ["North", 10.5],
        [null, 3],
      ],
    });
    assert.equal(csv, 'Region,"Revenue, EUR"\r\nNorth,10.5\r\n,3\r\n');
    assert.ok(!csv.startsWith("\uFEFF"), "no byte order mark");
  });
});

describe("file names from the title", () => {
  const cases: Array<[string, string, string]> = [
    ["the title and the extension", "Revenue by month", "Revenue by month.csv"],
    ["unsafe characters become spaces", 'Q1/Q2: "North" <best>?', "Q1 Q2 North best.csv"],
    ["control characters go", "a\u0000b\u001fc", "a b c.csv"],
    ["leading and trailing dots and spaces go", " ..hidden. ", "hidden.csv"],
    ["nothing left: the fallback", "///", "widget.csv"],
    ["non-ASCII kept", "Umsatz nach Région", "Umsatz nach Région.csv"],
  ];
  for (const [name, title, expected] of cases) {
    test(name, () => assert.equal(exportFileName(title, "csv", "widget"), expected));
  }

  test("at most MAX_FILE_STEM_LENGTH characters, never half a surrogate pair", () => {
    const name = exportFileName(`${"a".repeat(MAX_FILE_STEM_LENGTH - 1)}😀😀`, "png", "widget");
    assert.equal(name, `${"a".repeat(MAX_FILE_STEM_LENGTH - 1)}😀.png`);
  });
});
