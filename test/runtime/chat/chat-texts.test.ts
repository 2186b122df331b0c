/**
 * Every text key the chat UI uses exists in English: in locales/en.json or in
 * locales/en.json.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";

const root = new URL("../../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");
const english: Record<string, string> = JSON.parse(read("locales/en.json"));
const files = readdirSync(new URL("runtime/chat/", root)).filter((name) => /\.tsx?$/.test(name));
/** `t("Key"` and `key: "Key"` / `textKey: "Key"` in the sources. */
const KEY_USE = /(?:\bt\(|\b(?:textKey|key):\s*)"([A-Za-z][A-Za-z0-9_]*)"/g;

describe("chat texts", () => {
  for (const file of files) {
    test(`runtime/chat/${file}`, () => {
      for (const [, key] of read(`runtime/chat/${file}`).matchAll(KEY_USE)) {
        assert.ok(key && key in english, `${key} has no English text`);
      }
    });
  }

  test("keys built at run time", () => {
    const built = [
      "Chat_PleaseWait",
      "Chat_PrivacyDisclaimer",
      ...[1, 2, 3, 4, 5].map((n) => `Chat_RatingValue_${n}`),
    ];
    for (const key of built) assert.ok(key in english, key);
  });

  test("the §8 texts are the spec's", () => {
    assert.equal(
      english.Chat_Unavailable,
      "Our support team is currently unavailable or working with other customers.",
    );
    assert.equal(english.Chat_StaffBusy, "All our staff is currently busy...");
    assert.equal(english.Chat_NoAccess, "In-App Support Chat is not available on your current subscription.");
    assert.equal(english.Chat_FileTooBig, "File is too big ; max size is {{size}} MB");
    assert.equal(english.Chat_FileUploadFailed, "File could not be uploaded");
  });
});
