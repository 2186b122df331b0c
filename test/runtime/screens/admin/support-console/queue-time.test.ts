/** The queue's waiting clock and the <time> duration beside it (§4.4 staff side). */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  durationAttribute,
  waitingClock,
} from "../../../../../runtime/screens/admin/support-console/queue-time.ts";

test("waitingClock: m:ss under an hour, h:mm:ss from one; never negative", () => {
  const cases: Array<[number, string]> = [
    [0, "0:00"],
    [42, "0:42"],
    [59.9, "0:59"],
    [60, "1:00"],
    [3599, "59:59"],
    [3600, "1:00:00"],
    [3909, "1:05:09"],
    [-5, "0:00"],
    [Number.NaN, "0:00"],
  ];
  for (const [seconds, expected] of cases) assert.equal(waitingClock(seconds), expected, String(seconds));
});

test("durationAttribute: whole seconds as an HTML duration", () => {
  assert.equal(durationAttribute(42.7), "PT42S");
  assert.equal(durationAttribute(-1), "PT0S");
});
