/** The browser's reconnect backoff: capped, exponential, equal jitter. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { backoffDelayMs, DEFAULT_BACKOFF_POLICY } from "../../../runtime/realtime/backoff.ts";

const policy = { initialMs: 1_000, maxMs: 30_000 };

test("each step doubles up to the cap; the wait lies in [step/2, step]", () => {
  const steps = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000];
  steps.forEach((step, attempt) => {
    assert.equal(
      backoffDelayMs(attempt, policy, () => 0),
      step / 2,
    );
    assert.equal(
      backoffDelayMs(attempt, policy, () => 0.9999999),
      step,
    );
  });
  assert.equal(
    backoffDelayMs(1_000, policy, () => 0.5),
    22_500,
  );
});

test("jitter spreads clients: different random draws, different waits, same bounds", () => {
  const waits = [0.1, 0.35, 0.6, 0.85].map((r) => backoffDelayMs(3, policy, () => r));
  assert.equal(new Set(waits).size, waits.length);
  for (const wait of waits) assert.ok(wait >= 4_000 && wait <= 8_000);
});

test("the default policy is 1 s doubling to 30 s, and bad draws stay in bounds", () => {
  assert.deepEqual(DEFAULT_BACKOFF_POLICY, policy);
  assert.equal(
    backoffDelayMs(0, undefined, () => 5),
    1_000,
  );
  assert.equal(
    backoffDelayMs(0, undefined, () => -1),
    500,
  );
  assert.equal(
    backoffDelayMs(Number.NaN, undefined, () => 0),
    500,
  );
});
