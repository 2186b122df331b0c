/**
 * Capped, jittered exponential backoff for the upstream hub reconnects (DESIGN.md §4). "Equal jitter":
 * half of the capped exponential step is fixed, half is random, so retries never come back-to-back
 * and the sessions of a whole gateway do not reconnect in lockstep after an upstream restart.
 */

/** Bounds of the backoff. */
export interface BackoffPolicy {
  /** The step of the first retry, in milliseconds. */
  readonly initialMs: number;
  /** No step grows beyond this, in milliseconds. */
  readonly maxMs: number;
}

/** Default reconnect policy of the upstream leg: 1 s, doubling, at most 30 s. */
export const DEFAULT_RECONNECT_POLICY: BackoffPolicy = { initialMs: 1_000, maxMs: 30_000 };

/**
 * The wait before retry number `attempt` (0 for the first), in whole milliseconds, within
 * [step / 2, step] where step = min(maxMs, initialMs · 2^attempt). `random` returns a value in [0, 1).
 */
export function backoffDelayMs(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  // 2^31 already exceeds any sensible cap; clamping the exponent keeps the arithmetic finite.
  const exponent = Number.isFinite(attempt) ? Math.min(Math.max(0, Math.floor(attempt)), 31) : 0;
  const step = Math.min(policy.maxMs, policy.initialMs * 2 ** exponent);
  const half = step / 2;
  return Math.round(half + half * Math.min(Math.max(random(), 0), 1));
}

/** Throws unless the policy is usable: positive integers with initialMs ≤ maxMs. */
export function assertBackoffPolicy(policy: BackoffPolicy, name = "reconnect"): void {
  const { initialMs, maxMs } = policy;
  if (
    !Number.isSafeInteger(initialMs) ||
    initialMs <= 0 ||
    !Number.isSafeInteger(maxMs) ||
    maxMs < initialMs
  ) {
    throw new TypeError(`${name} needs positive integer initialMs ≤ maxMs (got ${initialMs}, ${maxMs})`);
  }
}
