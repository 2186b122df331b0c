/**
 * Connection tokens handed out by negotiate: unguessable, single-use, short-lived, and bound to the
 * principal that negotiated, so a leaked token is worthless to anyone else and soon to everyone.
 */
import { randomBytes } from "node:crypto";

/** What a redeemed token stood for. */
export interface ConnectionGrant<P> {
  /** The public id of the connection being opened. */
  readonly connectionId: string;
  /** The principal that negotiated it. */
  readonly principal: P;
}

interface PendingGrant<P> extends ConnectionGrant<P> {
  readonly expiry: NodeJS.Timeout;
}

/** Random URL-safe identifier carrying `bytes` bytes of entropy. */
export function randomIdentifier(bytes: number): string {
  return randomBytes(bytes).toString("base64url");
}

/** Issues and redeems connection tokens; expired tokens are dropped by their own timer. */
export class ConnectionTokenStore<P> {
  readonly #pending = new Map<string, PendingGrant<P>>();

  /** @param ttlMs how long an issued token stays redeemable. */
  constructor(readonly ttlMs: number) {}

  /** Number of tokens issued and neither redeemed nor expired. */
  get size(): number {
    return this.#pending.size;
  }

  /** Issues a token for a new connection of `principal`. */
  issue(principal: P): { connectionToken: string } & ConnectionGrant<P> {
    const connectionToken = randomIdentifier(32);
    const connectionId = randomIdentifier(16);
    const expiry = setTimeout(() => this.#pending.delete(connectionToken), this.ttlMs);
    expiry.unref();
    this.#pending.set(connectionToken, { connectionId, principal, expiry });
    return { connectionToken, connectionId, principal };
  }

  /**
   * Takes a token out of the store: whatever happens next, it cannot be presented again.
   * Returns undefined for an unknown, expired or already used token.
   */
  redeem(connectionToken: string): ConnectionGrant<P> | undefined {
    const grant = this.#pending.get(connectionToken);
    if (grant === undefined) return undefined;
    this.#pending.delete(connectionToken);
    clearTimeout(grant.expiry);
    return { connectionId: grant.connectionId, principal: grant.principal };
  }

  /** Revokes every outstanding token (shutdown). */
  clear(): void {
    for (const grant of this.#pending.values()) clearTimeout(grant.expiry);
    this.#pending.clear();
  }
}
