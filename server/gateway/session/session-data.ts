/**
 * What a gateway session holds (sealed at rest, session-sealer.ts): the upstream grant the gateway
 * relays with, the staff grant to restore while impersonating, a pending second-factor step, and
 * the access facts the per-user manifest is filtered by. The browser sees none of it.
 */
import { type AccessFacts, accessFingerprint } from "../manifests/filter-access.ts";

/** An upstream session grant (POST Login and friends → {Token, ExpiresAt, AbsoluteExpiresAt, IdleTimeoutSeconds}). */
export interface UpstreamGrant {
  token: string;
  /** When the upstream session ends if idle from the grant on (epoch ms). */
  expiresAt: number;
  /** The absolute end of the upstream session (epoch ms). */
  absoluteExpiresAt: number;
  idleTimeoutSeconds: number | null;
}

/** A password step waiting for its second factor; the step token never reaches the browser. */
export interface PendingTwoFactor {
  token: string;
  /** Account identifier of the login (rate limits of the second step). */
  identifier: string;
  expiresAt: number;
}

/** The sealed content of a session. */
export interface SessionData {
  v: 1;
  /** The identity relayed with; null while a second factor is pending. */
  grant: UpstreamGrant | null;
  /** The staff grant restored by stop-impersonation; non-null exactly while impersonating. */
  staffGrant: UpstreamGrant | null;
  pendingTwoFactor: PendingTwoFactor | null;
  /** Account identifier (domain/email, lower-cased) of who signed in, when known. */
  identifier: string | null;
  /** Access facts of the current identity (from Common/LoggedInConfig) and their fingerprint. */
  facts: AccessFacts | null;
  fingerprint: string | null;
  createdAt: number;
}

/** How long a password step waits for its second factor (the upstream's step lives as long). */
export const TWO_FACTOR_STEP_MS = 5 * 60_000;

/** Bearer tokens accepted from an upstream: printable, header-safe, of a sane length. */
const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]{16,2048}$/;

/** A grant body of the upstream, or null when it is not one. */
export function grantFrom(body: unknown): UpstreamGrant | null {
  const grant = body as Record<string, unknown> | null;
  if (
    !grant ||
    typeof grant !== "object" ||
    typeof grant.Token !== "string" ||
    !TOKEN_PATTERN.test(grant.Token)
  ) {
    return null;
  }
  const expiresAt = typeof grant.ExpiresAt === "string" ? Date.parse(grant.ExpiresAt) : Number.NaN;
  const absolute =
    typeof grant.AbsoluteExpiresAt === "string" ? Date.parse(grant.AbsoluteExpiresAt) : expiresAt;
  if (Number.isNaN(expiresAt) || Number.isNaN(absolute)) return null;
  const idle = grant.IdleTimeoutSeconds;
  return {
    token: grant.Token,
    expiresAt,
    absoluteExpiresAt: Math.max(expiresAt, absolute),
    idleTimeoutSeconds: typeof idle === "number" && Number.isFinite(idle) && idle > 0 ? idle : null,
  };
}

/** A second-factor step body `{TwoFactorRequired: true, TwoFactorToken}`, or null. */
export function twoFactorTokenFrom(body: unknown): string | null {
  const step = body as Record<string, unknown> | null;
  if (!step || typeof step !== "object" || step.TwoFactorRequired !== true) return null;
  return typeof step.TwoFactorToken === "string" && TOKEN_PATTERN.test(step.TwoFactorToken)
    ? step.TwoFactorToken
    : null;
}

/** A fresh session for a grant. */
export function signedInData(grant: UpstreamGrant, identifier: string | null, now: number): SessionData {
  return {
    v: 1,
    grant,
    staffGrant: null,
    pendingTwoFactor: null,
    identifier,
    facts: null,
    fingerprint: null,
    createdAt: now,
  };
}

/** A session waiting for a second factor. */
export function pendingData(token: string, identifier: string, now: number): SessionData {
  return {
    v: 1,
    grant: null,
    staffGrant: null,
    pendingTwoFactor: { token, identifier, expiresAt: now + TWO_FACTOR_STEP_MS },
    identifier,
    facts: null,
    fingerprint: null,
    createdAt: now,
  };
}

/**
 * When the session ends: with the grant it relays with (expiry follows the upstream grant), or with
 * the pending second-factor step.
 */
export function expiryOf(data: SessionData): number {
  if (data.grant) return data.grant.absoluteExpiresAt;
  return data.pendingTwoFactor?.expiresAt ?? 0;
}

/** The data with new access facts (and their fingerprint). */
export function withFacts(data: SessionData, facts: AccessFacts | null): SessionData {
  return { ...data, facts, fingerprint: facts ? accessFingerprint(facts) : null };
}

/** True when `value` has the shape of SessionData version 1 (anything else is treated as absent). */
export function isSessionData(value: unknown): value is SessionData {
  const data = value as Partial<SessionData> | null;
  return (
    !!data &&
    typeof data === "object" &&
    data.v === 1 &&
    (data.grant === null || typeof data.grant?.token === "string") &&
    (data.staffGrant === null || typeof data.staffGrant?.token === "string") &&
    (data.grant !== null || data.pendingTwoFactor !== null) &&
    typeof data.createdAt === "number"
  );
}
