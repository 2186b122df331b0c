/** The tab title's waiting count (§4.4 staff side). */
import assert from "node:assert/strict";
import { test } from "node:test";
import { titleWithWaiting } from "../../../../../runtime/screens/admin/support-console/console-title.ts";

test("titleWithWaiting: the count in front while members wait, never twice", () => {
  const cases: Array<[string, number, string]> = [
    ["Support console · Tessera", 3, "(3) Support console · Tessera"],
    ["(3) Support console · Tessera", 4, "(4) Support console · Tessera"],
    ["(4) Support console · Tessera", 0, "Support console · Tessera"],
    ["Support console", 0, "Support console"],
  ];
  for (const [title, waiting, expected] of cases) assert.equal(titleWithWaiting(title, waiting), expected);
});
