/**
 * A bounded in-memory cache of unsealed sessions, keyed by the store key (the id hash). It saves
 * the decryption and parsing of the sealed row on every relayed call; it never answers for the
 * store: a hit counts only while the stored row still has the cached revision and has not expired
 * (session-manager.ts checks both before using it), so a session ended, rotated or changed anywhere
 * — this process, another gateway sharing the store, the expiry purge — is never served from here.
 */
import type { SessionData } from "./session-data.ts";

/** Default most sessions kept unsealed (a few hundred bytes each). */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** One unsealed session, as it was when read or written at `revision`. */
export interface CachedSession {
  readonly revision: number;
  /** The row's expiry (epoch ms): the entry is dead from then on, whatever the store says. */
  readonly expiresAt: number;
  readonly data: SessionData;
}

/** Least-recently-used cache of unsealed sessions. */
export class SessionCache {
  readonly #entries = new Map<string, CachedSession>();

  /** @param maxEntries most entries kept; 0 disables the cache. */
  constructor(readonly maxEntries: number = SESSION_CACHE_MAX_ENTRIES) {
    if (!Number.isSafeInteger(maxEntries) || maxEntries < 0) {
      throw new TypeError("SessionCache: maxEntries must be a non-negative integer");
    }
  }

  /** How many sessions are cached. */
  get size(): number {
    return this.#entries.size;
  }

  /** The entry of `idHash` unless it expired at `now` (an expired one is dropped). */
  get(idHash: string, now: number): CachedSession | undefined {
    const entry = this.#entries.get(idHash);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= now) {
      this.#entries.delete(idHash);
      return undefined;
    }
    // Re-inserting moves the entry to the young end of the Map's insertion order.
    this.#entries.delete(idHash);
    this.#entries.set(idHash, entry);
    return entry;
  }

  /** Caches `entry` for `idHash`, evicting the least recently used one beyond the bound. */
  set(idHash: string, entry: CachedSession): void {
    if (this.maxEntries === 0) return;
    this.#entries.delete(idHash);
    this.#entries.set(idHash, entry);
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  /** Forgets `idHash` (ended, or changed by a write whose outcome is unknown). */
  delete(idHash: string): void {
    this.#entries.delete(idHash);
  }

  /** Forgets everything. */
  clear(): void {
    this.#entries.clear();
  }
}
