import assert from "node:assert/strict";
import { test } from "node:test";
import { isSafeRelativeTarget, safeRedirectTarget } from "../../../runtime/navigation/safe-redirect.ts";

const safe = ["/", "/dashboards", "/dashboards/7?x=1#h", "/supporttickets?id=a%2Fb", "/a/b?next=%2Fc"];
const unsafe = [
  "",
  "dashboards",
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "/%2F%2Fevil.example",
  "%2F%2Fevil.example",
  "/%5Cevil.example",
  "/%252F%252Fevil.example",
  "/\tevil",
  "/a\nb",
  "/%0d%0aSet-Cookie:x",
  " /dashboards",
  "/%E0%A4%A",
  `/${"a".repeat(3000)}`,
  42,
  null,
];

for (const target of safe) test(`accepts ${target}`, () => assert.equal(isSafeRelativeTarget(target), true));
for (const target of unsafe) {
  test(`refuses ${JSON.stringify(target).slice(0, 40)}`, () =>
    assert.equal(isSafeRelativeTarget(target), false));
}

test("falls back for unsafe targets", () => {
  assert.equal(safeRedirectTarget("//evil.example"), "/");
  assert.equal(safeRedirectTarget("//evil.example", "/login"), "/login");
  assert.equal(safeRedirectTarget("/ok"), "/ok");
});
