import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  acceptAttribute,
  FILE_NAME_MAX_LENGTH,
  type FileLike,
  fileExtension,
  formatBytes,
  isAcceptedType,
  sanitizeFileName,
  selectFiles,
} from "../../../runtime/forms/file-rules.ts";

const file = (name: string, size = 10, type = "application/octet-stream"): FileLike => ({ name, size, type });

describe("formatBytes: B, KB, MB, GB with the locale's number format", () => {
  const cases: Array<[number, string | undefined, string]> = [
    [0, "en", "0 B"],
    [512, "en", "512 B"],
    [1023, "en", "1,023 B"],
    [1024, "en", "1 KB"],
    [1536, "en", "1.5 KB"],
    [1536, "de", "1,5 KB"],
    [2097152, "en", "2 MB"],
    [2.25 * 1024 ** 3, "fr", "2,3\u202fGB"],
    [5 * 1024 ** 4, "en", "5,120 GB"],
    [-3, "en", "0 B"],
  ];
  for (const [bytes, locale, expected] of cases) {
    test(`${bytes} in ${locale} → ${expected}`, () => {
      // Intl may use a narrow no-break space before the unit in some locales; normalise separators only.
      assert.equal(formatBytes(bytes, locale).replace(/\u00a0/g, " "), expected.replace("\u202f", " "));
    });
  }
});

describe("extensions: the last part of the name, case-insensitive", () => {
  test("fileExtension", () => {
    assert.equal(fileExtension("report.final.CSV"), "csv");
    assert.equal(fileExtension("README"), "");
    assert.equal(fileExtension(".bashrc"), "");
    assert.equal(fileExtension("name."), "");
  });
  test("allowed list compared case-insensitively, with or without a dot", () => {
    assert.equal(isAcceptedType(file("DATA.XLSX"), { extensions: ["xlsx"] }), true);
    assert.equal(isAcceptedType(file("data.xlsx"), { extensions: [".XLSX"] }), true);
    assert.equal(isAcceptedType(file("data.xlsx.exe"), { extensions: ["xlsx"] }), false);
  });
  test("image-only accepts only types starting with image/", () => {
    assert.equal(isAcceptedType(file("a.png", 1, "image/png"), { imageOnly: true }), true);
    assert.equal(isAcceptedType(file("a.png", 1, "text/plain"), { imageOnly: true }), false);
    assert.equal(isAcceptedType(file("a.png", 1, ""), { imageOnly: true }), false);
  });
});

describe("sanitised file names", () => {
  const cases: Array<[string, string]> = [
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\me\\report.pdf", "report.pdf"],
    ["...hidden.txt", "hidden.txt"],
    ["  spaced.txt  ", "spaced.txt"],
    ["tab\there\u0000.txt", "tabhere.txt"],
    ["bell\u0007\u009f.csv", "bell.csv"],
    ['what?<is>"this"|*.txt', "what__is__this___.txt"],
    ["", "file"],
    ["...", "file"],
    ["dir/", "file"],
  ];
  for (const [input, expected] of cases) {
    test(JSON.stringify(input), () => assert.equal(sanitizeFileName(input), expected));
  }
  test("length-bounded with the extension kept", () => {
    const name = sanitizeFileName(`${"x".repeat(400)}.csv`);
    assert.equal(name.length, FILE_NAME_MAX_LENGTH);
    assert.ok(name.endsWith(".csv"));
  });
});

describe("§5 selectFiles", () => {
  test("only the first file unless multiple", () => {
    const result = selectFiles([file("a.csv"), file("b.csv")], {});
    assert.deepEqual(result.ok && result.files.map((f) => f.name), ["a.csv"]);
    const many = selectFiles([file("a.csv"), file("b.csv")], { multiple: true });
    assert.deepEqual(many.ok && many.files.map((f) => f.name), ["a.csv", "b.csv"]);
  });
  test("the maximum applies to the total size", () => {
    const rules = { maxBytes: 100, multiple: true };
    assert.equal(selectFiles([file("a", 60), file("b", 40)], rules).ok, true);
    assert.deepEqual(selectFiles([file("a", 60), file("b", 41)], rules), {
      ok: false,
      reason: "MaxSizeExceeded",
      maxBytes: 100,
      totalBytes: 101,
    });
  });
  test("a file ignored because multiple is off does not count towards the size", () => {
    assert.equal(selectFiles([file("a", 60), file("b", 60)], { maxBytes: 100 }).ok, true);
  });
  test("a wrong type names the (sanitised) file", () => {
    assert.deepEqual(selectFiles([file("../evil.exe")], { extensions: ["csv"] }), {
      ok: false,
      reason: "WrongFileType",
      fileName: "evil.exe",
    });
  });
  test("the type is checked before the size", () => {
    const result = selectFiles([file("a.exe", 1000)], { extensions: ["csv"], maxBytes: 1 });
    assert.equal(!result.ok && result.reason, "WrongFileType");
  });
  test("nothing selected", () => assert.deepEqual(selectFiles([], {}), { ok: false, reason: "empty" }));
  test("accepted files carry sanitised names and the original file", () => {
    const original = file("../x/report.csv");
    const result = selectFiles([original], { extensions: ["csv"] });
    assert.ok(result.ok);
    assert.equal(result.files[0]?.file, original);
    assert.equal(result.files[0]?.name, "report.csv");
  });
});

test("accept attribute hints the picker", () => {
  assert.equal(acceptAttribute({ extensions: ["CSV", ".xlsx"] }), ".csv,.xlsx");
  assert.equal(acceptAttribute({ imageOnly: true }), "image/*");
  assert.equal(acceptAttribute({}), undefined);
});
