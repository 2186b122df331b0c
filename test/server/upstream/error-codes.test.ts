/**
 * The error catalogue: unique four-digit codes, each with its ErrorCode#### English text (§8) in
 * locales/en.json.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";

const locales = join(import.meta.dirname, "../../../locales");
const read = (file: string) =>
  JSON.parse(readFileSync(join(locales, file), "utf8")) as Record<string, string>;
const texts = read("en.json");

test("error codes are unique integers of at most four digits", () => {
  const codes = Object.values(ErrorCode);
  assert.equal(new Set(codes).size, codes.length);
  for (const code of codes) assert.ok(Number.isInteger(code) && code > 0 && code <= 9999, String(code));
});

test("every error code has its ErrorCode#### English text", () => {
  for (const code of Object.values(ErrorCode)) {
    const key = `ErrorCode${String(code).padStart(4, "0")}`;
    assert.ok(texts[key]?.trim(), `${key} has no English text`);
  }
});
