/**
 * Gateway sessions (DESIGN.md §4, backend-for-frontend): a random 256-bit id in the httpOnly
 * `tessera_session` cookie (SameSite=Lax, Path=/, Secure over https) names a row of the session
 * store, keyed by the id's hash and sealed with AES-256-GCM. Every read checks expiry; every write
 * is a compare-and-swap on the row's revision, so two concurrent requests never lose an update.
 * Unsealed sessions are cached (session-cache.ts); a cached one is used only while the store still
 * holds its row at the same revision, unexpired — the cache saves the decryption, never the lookup.
 */
import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  appendSetCookie,
  type CookieSecurity,
  cookieToken,
  isSecureFor,
  SESSION_COOKIE_NAME,
  serializeCookie,
} from "../security/cookies.ts";
import { type CachedSession, SESSION_CACHE_MAX_ENTRIES, SessionCache } from "./session-cache.ts";
import { expiryOf, isSessionData, type SessionData } from "./session-data.ts";
import { SessionSealer, sessionIdHash } from "./session-sealer.ts";
import type { SessionStore } from "./session-store.ts";

/** How often expired rows are purged from the store. */
export const SESSION_PURGE_INTERVAL_MS = 10 * 60_000;

/** A session as read for one request. */
export interface ActiveSession {
  /** The store key (hash of the cookie id); also the session's id towards the relays. */
  idHash: string;
  revision: number;
  data: SessionData;
}

/** Who a relayed call or hub socket belongs to (the relay plugins' `identityOf`). */
export interface SessionIdentity {
  sessionId: string;
  bearerToken: string;
}

/**
 * A value now, or a promise of it: what `identityOf` returns, so that the relays' hot path awaits
 * nothing when the answer is known in the same turn.
 */
export type NowOrLater<T> = T | Promise<T>;

/** A request's session cookie as the store knows it (GatewaySessions.#locate). */
interface Located {
  idHash: string;
  /** The session clock when the request was located. */
  now: number;
  cached: CachedSession | undefined;
}

/** Options of GatewaySessions. */
export interface GatewaySessionsOptions {
  store: SessionStore;
  secret: string;
  cookieSecurity?: CookieSecurity;
  /** Most unsealed sessions cached (default SESSION_CACHE_MAX_ENTRIES; 0 disables the cache). */
  cacheEntries?: number;
  now?: () => number;
}

/** Creates, reads, updates and ends gateway sessions. */
export class GatewaySessions {
  readonly #store: SessionStore;
  readonly #sealer: SessionSealer;
  readonly #now: () => number;
  readonly #cache: SessionCache;
  /** Cookie id → id hash of recently seen ids: hashing is the costliest step of a cached read. */
  readonly #idHashes = new Map<string, string>();
  readonly cookieSecurity: CookieSecurity;
  #purgeTimer: NodeJS.Timeout | null = null;

  constructor(options: GatewaySessionsOptions) {
    this.#store = options.store;
    this.#sealer = new SessionSealer(options.secret);
    this.#now = options.now ?? Date.now;
    this.#cache = new SessionCache(options.cacheEntries ?? SESSION_CACHE_MAX_ENTRIES);
    this.cookieSecurity = options.cookieSecurity ?? "auto";
  }

  /** The current time of the session clock. */
  now(): number {
    return this.#now();
  }

  /** The request's live session, or null (no cookie, unknown, expired or unreadable). */
  async read(request: FastifyRequest): Promise<ActiveSession | null> {
    return this.#readLocated(this.#locate(request));
  }

  /**
   * The upstream identity of the request's signed-in session (for the REST and hub relays): at once
   * when the session is cached and the store checks its revision in the same turn (`revisionNow`),
   * else as a promise. The same rules as `read` either way.
   */
  readonly identityOf = (request: FastifyRequest): NowOrLater<SessionIdentity | null> => {
    const located = this.#locate(request);
    if (located === null) return null;
    const { idHash, now, cached } = located;
    if (cached && this.#store.revisionNow) {
      const revision = this.#store.revisionNow(idHash, now);
      if (revision === cached.revision) return identityOfSession({ idHash, revision, data: cached.data });
      // Stale: read the row itself, as `read` does after a revision mismatch.
      this.#cache.delete(idHash);
      return this.#readLocated({ idHash, now, cached: undefined }).then(identityOfSession);
    }
    return this.#readLocated(located).then(identityOfSession);
  };

  /**
   * The account of a session, by its id (hash) as the relays know it: from the access facts of its
   * current identity (the impersonated user's while impersonating); null when the session is gone or
   * its facts are not known yet.
   */
  async accountOf(sessionId: string): Promise<number | null> {
    const now = this.#now();
    const session = await this.#readLocated({
      idHash: sessionId,
      now,
      cached: this.#cache.get(sessionId, now),
    });
    return session?.data.facts?.accountRecId ?? null;
  }

  /** The request's store key, the session clock's time and the cached entry; null without a cookie. */
  #locate(request: FastifyRequest): Located | null {
    const id = cookieToken(request, SESSION_COOKIE_NAME);
    if (!id) return null;
    const idHash = this.#idHashOf(id);
    const now = this.#now();
    return { idHash, now, cached: this.#cache.get(idHash, now) };
  }

  async #readLocated(located: Located | null): Promise<ActiveSession | null> {
    if (located === null) return null;
    const { idHash, now, cached } = located;
    if (cached) {
      // The row decides: ended, rotated, changed or expired elsewhere means the entry is stale.
      const revision = await this.#store.revision(idHash, now);
      if (revision === cached.revision) return { idHash, revision, data: cached.data };
      this.#cache.delete(idHash);
      if (revision === null) return null;
    }
    const stored = await this.#store.get(idHash, now);
    if (!stored) return null;
    const data = this.#sealer.open(idHash, stored.sealed);
    if (!isSessionData(data)) return null;
    this.#remember(idHash, stored.revision, stored.expiresAt, data);
    return { idHash, revision: stored.revision, data };
  }

  /** The store key of a cookie id, remembered for as many ids as the cache holds sessions. */
  #idHashOf(id: string): string {
    let idHash = this.#idHashes.get(id);
    if (idHash === undefined) {
      idHash = sessionIdHash(id);
      // Cleared whole rather than kept in LRU order: a miss only costs one hash again.
      if (this.#idHashes.size >= this.#cache.maxEntries) this.#idHashes.clear();
      this.#idHashes.set(id, idHash);
    }
    return idHash;
  }

  /** Starts a new session (always a new id: no fixation) and sets its cookie. */
  async create(request: FastifyRequest, reply: FastifyReply, data: SessionData): Promise<ActiveSession> {
    const id = randomBytes(32).toString("base64url");
    const idHash = sessionIdHash(id);
    const expiresAt = expiryOf(data);
    await this.#store.insert({ idHash, sealed: this.#sealer.seal(idHash, data), expiresAt });
    this.#remember(idHash, 0, expiresAt, data);
    this.#setCookie(request, reply, id, expiresAt);
    return { idHash, revision: 0, data };
  }

  /**
   * Writes new data if nobody changed the session since it was read; returns the updated session,
   * or null when it is gone or changed meanwhile. A changed expiry re-sets the cookie's lifetime.
   */
  async update(
    request: FastifyRequest,
    reply: FastifyReply | null,
    session: ActiveSession,
    data: SessionData,
  ): Promise<ActiveSession | null> {
    const expiresAt = expiryOf(data);
    const sealed = this.#sealer.seal(session.idHash, data);
    if (!(await this.#store.replace(session.idHash, session.revision, sealed, expiresAt))) {
      this.#cache.delete(session.idHash);
      return null;
    }
    this.#remember(session.idHash, session.revision + 1, expiresAt, data);
    if (reply && expiresAt !== expiryOf(session.data)) {
      const id = cookieToken(request, SESSION_COOKIE_NAME);
      if (id) this.#setCookie(request, reply, id, expiresAt);
    }
    return { idHash: session.idHash, revision: session.revision + 1, data };
  }

  /** Forgets a session's cached copy (another instance ended it); the store is not touched. */
  forget(sessionId: string): void {
    this.#cache.delete(sessionId);
  }

  /** Whether the store still holds a live session of this id (hash). */
  async exists(sessionId: string): Promise<boolean> {
    return (await this.#store.revision(sessionId, this.#now())) !== null;
  }

  /** Ends a session by its id (hash); true when it existed. */
  async end(sessionId: string): Promise<boolean> {
    this.#cache.delete(sessionId);
    return this.#store.delete(sessionId);
  }

  /**
   * Ends a session only while it still relays with `bearerToken` (the upstream refused that token);
   * a session that meanwhile swapped identity (impersonation) or was replaced stays. True when ended.
   */
  async endIfRelayingWith(sessionId: string, bearerToken: string): Promise<boolean> {
    const stored = await this.#store.get(sessionId, this.#now());
    if (!stored) return false;
    const data = this.#sealer.open(sessionId, stored.sealed);
    if (!isSessionData(data) || data.grant?.token !== bearerToken) return false;
    this.#cache.delete(sessionId);
    // At the revision just read: a write in between (a new identity) keeps the session.
    return this.#store.delete(sessionId, stored.revision);
  }

  /** Tells the browser to drop the session cookie. */
  clearCookie(request: FastifyRequest, reply: FastifyReply): void {
    appendSetCookie(
      reply,
      serializeCookie(SESSION_COOKIE_NAME, "", {
        httpOnly: true,
        sameSite: "Lax",
        secure: isSecureFor(request, this.cookieSecurity),
        maxAgeSeconds: 0,
      }),
    );
  }

  /** Purges expired rows now and then every `intervalMs` (timer unref'd). */
  startPurging(intervalMs = SESSION_PURGE_INTERVAL_MS, onError?: (error: unknown) => void): void {
    if (this.#purgeTimer) return;
    const purge = () => this.#store.deleteExpired(this.#now()).catch((error: unknown) => onError?.(error));
    void purge();
    this.#purgeTimer = setInterval(purge, intervalMs);
    this.#purgeTimer.unref();
  }

  /** Stops purging and closes the store. */
  async close(): Promise<void> {
    if (this.#purgeTimer) clearInterval(this.#purgeTimer);
    this.#purgeTimer = null;
    await this.#store.close();
  }

  /** Caches an unsealed session, frozen: requests share it, so nobody may change it in place. */
  #remember(idHash: string, revision: number, expiresAt: number, data: SessionData): void {
    this.#cache.set(idHash, { revision, expiresAt, data: deepFreeze(data) });
  }

  #setCookie(request: FastifyRequest, reply: FastifyReply, id: string, expiresAt: number): void {
    appendSetCookie(
      reply,
      serializeCookie(SESSION_COOKIE_NAME, id, {
        httpOnly: true,
        sameSite: "Lax",
        secure: isSecureFor(request, this.cookieSecurity),
        maxAgeSeconds: Math.max(1, Math.ceil((expiresAt - this.#now()) / 1000)),
      }),
    );
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function identityOfSession(session: ActiveSession | null): SessionIdentity | null {
  if (!session?.data.grant) return null;
  return { sessionId: session.idHash, bearerToken: session.data.grant.token };
}
