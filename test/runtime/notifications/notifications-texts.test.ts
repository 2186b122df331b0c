/**
 * Every text key the notifications UI uses exists in English: in locales/en.json or in
 * locales/en.json.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";

const root = new URL("../../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");
const english: Record<string, string> = JSON.parse(read("locales/en.json"));
const files = readdirSync(new URL("runtime/notifications/", root)).filter((name) => /\.tsx$/.test(name));
/** `t("Key"` in the components. */
const KEY_USE = /\bt\("([A-Za-z][A-Za-z0-9_]*)"/g;

describe("notifications texts", () => {
  for (const file of files) {
    test(`runtime/notifications/${file}`, () => {
      for (const [, key] of read(`runtime/notifications/${file}`).matchAll(KEY_USE)) {
        assert.ok(key && key in english, `${key} has no English text`);
      }
    });
  }

  test("the status words", () => {
    for (const key of [
      "Notifications_StatusSuccess",
      "Notifications_StatusFailure",
      "Notifications_StatusWarning",
    ]) {
      assert.ok(key in english, key);
    }
  });
});
