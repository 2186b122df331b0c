/**
 * The one API hook (runtime/http/use-api.ts) gives screens data/error/loading and dialogs a single
 * state; this is how the three facts read as that state.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ApiError } from "../../../runtime/http/api-error.ts";
import { isNotFound, loadedState } from "../../../runtime/http/use-api.ts";

test("loading wins, then a failure, then the data; nothing loaded yet reads as loading", () => {
  const failure = new Error("offline");
  const cases: Array<[boolean, { n: number } | null, unknown, unknown]> = [
    [true, null, null, { status: "loading" }],
    [true, { n: 1 }, null, { status: "loading" }],
    [false, { n: 1 }, null, { status: "ready", data: { n: 1 } }],
    [false, null, failure, { status: "failed", notFound: false }],
    [false, { n: 1 }, failure, { status: "failed", notFound: false }],
    [false, null, null, { status: "loading" }],
  ];
  for (const [loading, data, error, expected] of cases) {
    assert.deepEqual(loadedState(loading, data, error), expected);
  }
});

test("a 404 is a missing record; other statuses and plain errors are not", () => {
  const apiError = (status: number) => new ApiError(status, null, "failed");
  assert.equal(isNotFound(apiError(404)), true);
  assert.equal(isNotFound(apiError(500)), false);
  assert.equal(isNotFound(new Error("x")), false);
  assert.deepEqual(loadedState(false, null, apiError(404)), { status: "failed", notFound: true });
});
