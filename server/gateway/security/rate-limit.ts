/**
 * Rate limits of the authentication endpoints (DESIGN.md §4): per client IP and
 * per account identifier (lower-cased domain + e-mail), each a sliding window kept in memory in a
 * bounded map. A refused attempt is not counted, so waiting out Retry-After always works.
 */
import { rateLimitKeyOfIp } from "./ip-address.ts";

/** At most `limit` attempts within any `windowMs`. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** The rules of one action: per IP, and per account identifier when the action names one. */
export interface RateLimitPolicy {
  perIp: RateLimitRule;
  perIdentifier?: RateLimitRule;
}

/** The rate-limited actions of the gateway session endpoints. */
export type RateLimitedAction =
  | "login"
  | "twoFactor"
  | "token"
  | "impersonation"
  | "resetPassword"
  | "recoveryMail"
  | "signup"
  | "changePassword";

const MINUTE_MS = 60_000;

/** Default policies: generous per IP (offices share one), tight per account identifier. */
export const DEFAULT_RATE_LIMIT_POLICIES: Readonly<Record<RateLimitedAction, RateLimitPolicy>> = {
  login: {
    perIp: { limit: 30, windowMs: 5 * MINUTE_MS },
    perIdentifier: { limit: 10, windowMs: 15 * MINUTE_MS },
  },
  twoFactor: {
    perIp: { limit: 30, windowMs: 5 * MINUTE_MS },
    perIdentifier: { limit: 10, windowMs: 15 * MINUTE_MS },
  },
  token: { perIp: { limit: 30, windowMs: 5 * MINUTE_MS } },
  impersonation: {
    perIp: { limit: 30, windowMs: 5 * MINUTE_MS },
    perIdentifier: { limit: 20, windowMs: 15 * MINUTE_MS },
  },
  resetPassword: { perIp: { limit: 10, windowMs: 15 * MINUTE_MS } },
  // Each of these sends a mail: the per-identifier rule stops mail bombing of one inbox.
  recoveryMail: {
    perIp: { limit: 10, windowMs: 15 * MINUTE_MS },
    perIdentifier: { limit: 5, windowMs: 60 * MINUTE_MS },
  },
  signup: {
    perIp: { limit: 5, windowMs: 60 * MINUTE_MS },
    perIdentifier: { limit: 3, windowMs: 60 * MINUTE_MS },
  },
  changePassword: {
    perIp: { limit: 20, windowMs: 15 * MINUTE_MS },
    perIdentifier: { limit: 10, windowMs: 15 * MINUTE_MS },
  },
};

/** Keys each window map holds at most; the least recently used key goes first. */
export const RATE_LIMIT_MAX_KEYS = 50_000;

/** One sliding window per key: the times of the attempts still inside it. */
export class SlidingWindowLimiter {
  readonly #hits = new Map<string, number[]>();

  constructor(
    readonly rule: RateLimitRule,
    readonly maxKeys = RATE_LIMIT_MAX_KEYS,
  ) {
    if (
      !Number.isInteger(rule.limit) ||
      rule.limit <= 0 ||
      !Number.isInteger(rule.windowMs) ||
      rule.windowMs <= 0
    ) {
      throw new TypeError("rate limit: limit and windowMs must be positive integers");
    }
  }

  /** Milliseconds until an attempt for `key` would be allowed; 0 when it is allowed now. */
  retryAfterMs(key: string, now: number): number {
    const hits = this.#live(key, now);
    if (hits.length < this.rule.limit) return 0;
    return Math.max(1, (hits[0] as number) + this.rule.windowMs - now);
  }

  /** Counts an attempt for `key`. */
  record(key: string, now: number): void {
    const hits = this.#live(key, now);
    hits.push(now);
    // Re-inserting moves the key to the end: the map's first key is the least recently used.
    this.#hits.delete(key);
    this.#hits.set(key, hits);
    while (this.#hits.size > this.maxKeys) {
      const oldest = this.#hits.keys().next().value as string;
      this.#hits.delete(oldest);
    }
  }

  /** Number of keys held (for tests and metrics). */
  get size(): number {
    return this.#hits.size;
  }

  #live(key: string, now: number): number[] {
    const hits = this.#hits.get(key) ?? [];
    const from = now - this.rule.windowMs;
    let drop = 0;
    while (drop < hits.length && (hits[drop] as number) <= from) drop += 1;
    return drop > 0 ? hits.slice(drop) : hits;
  }
}

/** The outcome of a rate-limit check. */
export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Every action's limiters; `attempt` checks both windows and counts the attempt only when allowed. */
export class AuthRateLimits {
  readonly #limiters = new Map<RateLimitedAction, { ip: SlidingWindowLimiter; id?: SlidingWindowLimiter }>();

  constructor(
    policies: Partial<Record<RateLimitedAction, RateLimitPolicy>> = {},
    private readonly now: () => number = Date.now,
    maxKeys = RATE_LIMIT_MAX_KEYS,
  ) {
    for (const action of Object.keys(DEFAULT_RATE_LIMIT_POLICIES) as RateLimitedAction[]) {
      const policy = policies[action] ?? DEFAULT_RATE_LIMIT_POLICIES[action];
      const limiters: { ip: SlidingWindowLimiter; id?: SlidingWindowLimiter } = {
        ip: new SlidingWindowLimiter(policy.perIp, maxKeys),
      };
      if (policy.perIdentifier) limiters.id = new SlidingWindowLimiter(policy.perIdentifier, maxKeys);
      this.#limiters.set(action, limiters);
    }
  }

  /**
   * One attempt of `action` from `ip`, for the account `identifier` when the request names one
   * (compared lower-cased). Refused when either window is full; then nothing is counted.
   */
  attempt(action: RateLimitedAction, ip: string, identifier?: string | null): RateLimitDecision {
    const limiters = this.#limiters.get(action);
    if (!limiters) throw new Error(`rate limit: unknown action ${action}`);
    const now = this.now();
    const ipKey = rateLimitKeyOfIp(ip);
    const idKey = identifier ? identifier.toLowerCase() : null;
    const wait = Math.max(
      limiters.ip.retryAfterMs(ipKey, now),
      idKey !== null && limiters.id ? limiters.id.retryAfterMs(idKey, now) : 0,
    );
    if (wait > 0) return { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) };
    limiters.ip.record(ipKey, now);
    if (idKey !== null && limiters.id) limiters.id.record(idKey, now);
    return { allowed: true };
  }
}

/** The account identifier of a login-like request: `domain/email`, lower-cased (domain may be absent). */
export function accountIdentifier(email: string, domain?: string | null): string {
  return `${(domain ?? "").trim().toLowerCase()}/${email.trim().toLowerCase()}`;
}
