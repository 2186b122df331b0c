/** frame-ancestors as pure functions: which page is which, and the source list that reaches the header. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { frameAncestorsSources, framedPageOf } from "../../../server/gateway/plugins/frame-ancestors.ts";

describe("framedPageOf", () => {
  test("share pages and the rest", () => {
    assert.deepEqual(framedPageOf("/v/abc_D-1"), { kind: "share", type: "Dashboard", code: "abc_D-1" });
    assert.deepEqual(framedPageOf("/b/x/"), { kind: "share", type: "Binder", code: "x" });
    assert.deepEqual(framedPageOf("/ld/x"), { kind: "share", type: "LiveDoc", code: "x" });
    for (const path of ["/", "/v", "/v/a/b", "/dashboards", "/legacyish", "/x/v/a"]) {
      assert.deepEqual(framedPageOf(path), { kind: "app" }, path);
    }
  });
});

describe("frameAncestorsSources", () => {
  test("'none' when empty; duplicates once", () => {
    assert.equal(frameAncestorsSources([]), "'none'");
    assert.equal(
      frameAncestorsSources(["https://a.example", "https://a.example", "http://localhost:3000"]),
      "https://a.example http://localhost:3000",
    );
  });

  test("only well-formed origins reach the header (no directive injection)", () => {
    const hostile = [
      "https://a.example; script-src *",
      "https://a.example\r\nSet-Cookie: x=1",
      "*",
      "'unsafe-inline'",
      "http://evil.example",
      "https://*.example.com",
    ];
    assert.equal(frameAncestorsSources(hostile), "https://*.example.com");
  });
});
