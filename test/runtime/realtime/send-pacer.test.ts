/** The send pacer keeps a tab under the gateway's per-tab frame rate. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_MAX_SENDS_PER_SECOND, SendPacer } from "../../../runtime/realtime/send-pacer.ts";

test("a burst of the rate, then one frame per 1/rate seconds", () => {
  let now = 1_000;
  const pacer = new SendPacer(10, () => now);
  assert.equal(pacer.available(), 10);
  for (let i = 0; i < 10; i++) assert.equal(pacer.take(), true);
  assert.equal(pacer.take(), false);
  assert.equal(pacer.msUntilNext(), 100);
  now += 40;
  assert.equal(pacer.msUntilNext(), 60);
  now += 60;
  assert.equal(pacer.available(), 1);
  assert.equal(pacer.take(), true);
  now += 60_000;
  assert.equal(pacer.available(), 10, "never more than one burst");
});

test("the default stays at half the gateway's default limit of 20", () => {
  assert.equal(DEFAULT_MAX_SENDS_PER_SECOND, 10);
});
