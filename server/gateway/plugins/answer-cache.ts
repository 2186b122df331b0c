/**
 * A bounded cache of upstream answers with a time to live (the account menus and embedding
 * allow-lists the gateway reads per account): concurrent misses for one key share one upstream
 * call, the least recently used entry goes first when full, and a key can be dropped at once
 * (a relayed change invalidates it).
 */

/** An entry: its value and when it stops being fresh. */
interface Entry<T> {
  value: T;
  freshUntil: number;
}

/** Options of an AnswerCache. */
export interface AnswerCacheOptions {
  /** How long an answer is served without asking again. */
  ttlMs: number;
  /** Most keys held. */
  maxEntries: number;
  now?: () => number;
}

/** Answers per key, fresh for `ttlMs`, at most `maxEntries` of them. */
export class AnswerCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #pending = new Map<string, Promise<T>>();
  readonly #generation = new Map<string, number>();
  readonly #now: () => number;

  constructor(readonly options: AnswerCacheOptions) {
    this.#now = options.now ?? Date.now;
  }

  /** The fresh answer for `key`, else `load()`'s (shared by concurrent callers). */
  async get(key: string, load: (stale: T | undefined) => Promise<T>): Promise<T> {
    const hit = this.#entries.get(key);
    if (hit && hit.freshUntil > this.#now()) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.value;
    }
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const generation = this.#generation.get(key) ?? 0;
    const loading = load(hit?.value)
      .then((value) => {
        // An invalidation during the call means the answer may predate the change: serve it once, keep none.
        if ((this.#generation.get(key) ?? 0) === generation) this.#store(key, value);
        return value;
      })
      .finally(() => this.#pending.delete(key));
    this.#pending.set(key, loading);
    return loading;
  }

  /** Drops `key`, so the next get asks the upstream again. */
  invalidate(key: string): void {
    this.#entries.delete(key);
    this.#pending.delete(key);
    this.#generation.set(key, (this.#generation.get(key) ?? 0) + 1);
    if (this.#generation.size > this.options.maxEntries) {
      this.#generation.delete(this.#generation.keys().next().value as string);
    }
  }

  /** Number of answers held. */
  get size(): number {
    return this.#entries.size;
  }

  #store(key: string, value: T): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.options.maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
    this.#entries.set(key, { value, freshUntil: this.#now() + this.options.ttlMs });
  }
}

/** Longest upstream answer the gateway reads for these lookups. */
export const LOOKUP_MAX_RESPONSE_BYTES = 64 * 1024;
/** How long one lookup may take before it counts as failed. */
export const LOOKUP_TIMEOUT_MS = 3_000;

/**
 * GETs `url` and returns its JSON body for a 200 within the limits, else the failure — with the
 * status when the upstream answered one.
 */
export async function lookupJson(
  url: string,
  authorization: string,
  maxBytes = LOOKUP_MAX_RESPONSE_BYTES,
  timeoutMs = LOOKUP_TIMEOUT_MS,
): Promise<{ ok: true; body: unknown } | { ok: false; reason: string; status?: number }> {
  try {
    const response = await fetch(url, {
      headers: { authorization, accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
    const text = await response.text();
    if (response.status !== 200)
      return { ok: false, reason: `status ${response.status}`, status: response.status };
    if (Buffer.byteLength(text) > maxBytes) return { ok: false, reason: "answer too large" };
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.name : "failed" };
  }
}
