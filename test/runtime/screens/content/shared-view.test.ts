/**
 * The public viewers (§2.1 /v, /b, /ld, /report/chart/snapshot): which codes are accepted, the calls
 * that resolve them, and what a failed resolution shows.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ApiError } from "../../../../runtime/http/api-error.ts";
import {
  chartSnapshotPath,
  isChartSnapshot,
  isSharedObject,
  shareCode,
  sharedFailure,
  sharedObjectPath,
  snapshotCode,
} from "../../../../runtime/screens/content/shared-view.ts";

describe("share codes", () => {
  const cases: Array<[string | null, string | null]> = [
    ["Ab3_-x", "Ab3_-x"],
    [" abc ", "abc"],
    ["", null],
    [null, null],
    ["../etc", null],
    ["a/b", null],
    ["x".repeat(129), null],
  ];
  for (const [raw, code] of cases) {
    test(`${JSON.stringify(raw)} → ${JSON.stringify(code)}`, () => assert.equal(shareCode(raw), code));
  }
  test("the snapshot code comes from ?code= or ?id=", () => {
    assert.equal(snapshotCode("?code=k1"), "k1");
    assert.equal(snapshotCode("?id=k2"), "k2");
    assert.equal(snapshotCode(""), null);
  });
});

describe("resolving calls", () => {
  test("paths under the webservices base", () => {
    assert.equal(sharedObjectPath("Dashboard", "k1"), "Share/Dashboard/k1");
    assert.equal(chartSnapshotPath("k1"), "Share/ChartSnapshot/k1");
  });
});

describe("sharedFailure", () => {
  const cases: Array<[unknown, string]> = [
    [new ApiError(404, 1005, "No route"), "notFound"],
    [new ApiError(410, null, "Gone"), "notFound"],
    [new ApiError(401, null, "Unauthorized"), "notFound"],
    [new ApiError(403, 3001, "Denied"), "notFound"],
    [new ApiError(0, null, "aborted", null, true), "silent"],
    [new ApiError(502, null, "Bad gateway"), "error"],
    [new ApiError(0, null, "offline", null, false, "NETWORK"), "error"],
    [new Error("boom"), "error"],
  ];
  for (const [error, outcome] of cases) {
    test(`${(error as Error).message} → ${outcome}`, () => assert.equal(sharedFailure(error), outcome));
  }
});

describe("response checks", () => {
  test("a shared object must be of the route's type", () => {
    assert.equal(isSharedObject({ Type: "Dashboard", Name: "KPIs" }, "Dashboard"), true);
    assert.equal(isSharedObject({ Type: "Binder", Name: "KPIs" }, "Dashboard"), false);
    assert.equal(isSharedObject("<html>", "Dashboard"), false);
  });
  test("a snapshot needs a title and an image", () => {
    assert.equal(isChartSnapshot({ Title: "Sales", ImagePng: "iVBOR" }), true);
    assert.equal(isChartSnapshot({ Title: "Sales" }), false);
    assert.equal(isChartSnapshot(null), false);
  });
});
