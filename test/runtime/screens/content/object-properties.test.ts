/** The properties panel rows: text, byte sizes, JSON, and base64 thumbnails shown as images. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  base64Image,
  isImageMedia,
  propertyRows,
} from "../../../../runtime/screens/content/object-properties.ts";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describe("propertyRows", () => {
  test("each field by its kind, in the definition's order", () => {
    assert.deepEqual(
      propertyRows({
        Title: "Q1",
        Size: 2048,
        Rows: 12,
        Live: true,
        Thumbnail: PNG,
        Columns: ["a"],
        Note: null,
        Empty: "",
      }),
      [
        { key: "Title", kind: "text", value: "Q1" },
        { key: "Size", kind: "bytes", value: 2048 },
        { key: "Rows", kind: "text", value: "12" },
        { key: "Live", kind: "text", value: "true" },
        { key: "Thumbnail", kind: "image", src: `data:image/png;base64,${PNG}` },
        { key: "Columns", kind: "json", value: '[\n  "a"\n]' },
        { key: "Note", kind: "empty" },
        { key: "Empty", kind: "empty" },
      ],
    );
  });
  test("no definition, no rows", () => {
    assert.deepEqual(propertyRows(undefined), []);
  });
});

describe("base64Image", () => {
  test("PNG and JPEG signatures become data URLs", () => {
    assert.equal(base64Image(PNG), `data:image/png;base64,${PNG}`);
    assert.equal(base64Image("/9j/4AAQSkZJRg=="), "data:image/jpeg;base64,/9j/4AAQSkZJRg==");
  });
  test("other text is not an image", () => {
    assert.equal(base64Image("hello world"), null);
    assert.equal(base64Image("iVBORw0KGgo<script>"), null);
    assert.equal(base64Image("PHN2Zz4="), null);
  });
});

describe("isImageMedia", () => {
  for (const [type, expected] of [
    ["image/png", true],
    ["image/JPEG", true],
    ["image/svg+xml", false],
    ["text/csv", false],
  ] as const) {
    test(`${type} → ${expected}`, () => assert.equal(isImageMedia({ ContentType: type }), expected));
  }
});
