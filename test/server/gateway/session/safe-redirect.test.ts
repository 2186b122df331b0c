/** The server's own same-origin redirect rule (server/gateway/security/safe-redirect.ts). */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  isSafeRedirectTarget,
  safeRedirectTarget,
} from "../../../../server/gateway/security/safe-redirect.ts";

const safe = [
  "/",
  "/dashboards",
  "/dashboards/7?x=1#h",
  "/supporttickets?id=a%2Fb",
  "/a/b?next=%2Fc",
  "/données",
];

const unsafe: unknown[] = [
  "",
  "dashboards",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "https://evil.example/",
  "http:evil.example",
  "javascript:alert(1)",
  "data:text/html,x",
  "/%2F%2Fevil.example",
  "%2F%2Fevil.example",
  "/%2f%2fevil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%252F%252Fevil.example",
  "/%25252F%25252Fevil.example",
  "/\tevil",
  "/\t/evil.example",
  "/a\nb",
  "/%0d%0aSet-Cookie:x",
  "/%09/evil.example",
  " /dashboards",
  "/\u0085x",
  "/%E0%A4%A",
  `/${"a".repeat(3000)}`,
  42,
  null,
  undefined,
  { toString: () => "/ok" },
];

for (const target of safe) {
  test(`accepts ${target}`, () => assert.equal(isSafeRedirectTarget(target), true));
}
for (const target of unsafe) {
  test(`refuses ${JSON.stringify(target)?.slice(0, 40) ?? String(target)}`, () =>
    assert.equal(isSafeRedirectTarget(target), false));
}

test("falls back for unsafe targets, and refuses an unsafe fallback", () => {
  assert.equal(safeRedirectTarget("//evil.example"), "/");
  assert.equal(safeRedirectTarget("//evil.example", "/login"), "/login");
  assert.equal(safeRedirectTarget("/ok"), "/ok");
  assert.throws(() => safeRedirectTarget("/ok", "//evil.example"), TypeError);
});
