/**
 * Capped, jittered exponential backoff for the browser's reconnects to the gateway (DESIGN.md §4).
 * "Equal jitter": half of the capped step is fixed, half random, so retries are never back-to-back
 * and the tabs of every user do not come back in lockstep after a gateway restart.
 */

/** Bounds of the backoff, in milliseconds. */
export interface BackoffPolicy {
  readonly initialMs: number;
  readonly maxMs: number;
}

/** The browser's default: 1 s, doubling, at most 30 s. */
export const DEFAULT_BACKOFF_POLICY: BackoffPolicy = { initialMs: 1_000, maxMs: 30_000 };

/**
 * The wait before retry number `attempt` (0 for the first), in whole milliseconds, within
 * [step / 2, step] where step = min(maxMs, initialMs · 2^attempt). `random` returns a value in [0, 1).
 */
export function backoffDelayMs(
  attempt: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF_POLICY,
  random: () => number = Math.random,
): number {
  // Beyond 2^31 every sensible cap is reached; clamping keeps the arithmetic finite.
  const exponent = Number.isFinite(attempt) ? Math.min(Math.max(0, Math.floor(attempt)), 31) : 0;
  const step = Math.min(policy.maxMs, policy.initialMs * 2 ** exponent);
  const half = step / 2;
  return Math.round(half + half * Math.min(Math.max(random(), 0), 1));
}
