/**
 * Where gateway sessions live (DESIGN.md §7): the store sees only an id hash, a sealed payload, an
 * expiry and a revision — never a cookie id, a bearer token or a user. The embedded default is
 * SQLite (sqlite-session-store.ts); a PostgreSQL store for stateless multi-instance gateways
 * implements the same interface and must pass the same store tests.
 */

/** One stored session. */
export interface StoredSession {
  /** Hex SHA-256 of the cookie's session id. */
  idHash: string;
  /** The session data, encrypted and bound to idHash (session-sealer.ts). */
  sealed: Buffer;
  /** When the session ends, epoch milliseconds; an expired row is as good as absent. */
  expiresAt: number;
  /** Incremented by every replace; guards against lost updates between concurrent requests. */
  revision: number;
}

/** The session store interface. Every method may be asynchronous (network stores). */
export interface SessionStore {
  /** Adds a new session (revision 0). Throws when idHash exists. */
  insert(session: Omit<StoredSession, "revision">): Promise<void>;
  /** The session, or null when it is absent or expired at `now`. */
  get(idHash: string, now: number): Promise<StoredSession | null>;
  /**
   * The session's revision, or null when it is absent or expired at `now`: what the gateway's
   * cache of unsealed sessions checks on every hit (session-cache.ts), so it must be cheap.
   */
  revision(idHash: string, now: number): Promise<number | null>;
  /**
   * Optional: `revision` answered in the same turn, for a store that needs no I/O for it (the
   * embedded SQLite store). The relays read the session on every call; with it, a cached session
   * costs them no promise (session-manager.ts `identityOf`).
   */
  revisionNow?(idHash: string, now: number): number | null;
  /**
   * Replaces sealed and expiresAt when the stored revision is still `expectedRevision`, and bumps
   * the revision. False when the session is gone or was changed meanwhile.
   */
  replace(idHash: string, expectedRevision: number, sealed: Buffer, expiresAt: number): Promise<boolean>;
  /**
   * Removes the session — only while its revision is still `expectedRevision`, when given; true
   * when a row was removed.
   */
  delete(idHash: string, expectedRevision?: number): Promise<boolean>;
  /** Removes every session expired at `now`; returns how many. */
  deleteExpired(now: number): Promise<number>;
  /** Releases the store's resources. */
  close(): Promise<void>;
}
