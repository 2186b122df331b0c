/** The JSON every call that starts a session answers with, and the shared password-check helper. */
import type { UpstreamContext } from "../context.ts";
import { hashPassword, verifyPassword } from "../identity/passwords.ts";
import type { UserWithAccount } from "../store/records.ts";
import type { SessionGrant } from "./session-service.ts";

/** A started session: the bearer token and when it ends (ISO 8601). */
export interface SessionGrantBody {
  Token: string;
  /** When the session ends if idle from now on (the earlier of inactivity and absolute expiry). */
  ExpiresAt: string;
  /** The absolute end of the session, whatever the activity. */
  AbsoluteExpiresAt: string;
  /** Seconds of inactivity after which the session ends; v2/User/Ping restarts the count. */
  IdleTimeoutSeconds: number;
}

/** The response body for a new session. */
export function grantBody(context: UpstreamContext, grant: SessionGrant): SessionGrantBody {
  const times = context.sessions.times(grant.session);
  return {
    Token: grant.token,
    ExpiresAt: new Date(times.expiresAt).toISOString(),
    AbsoluteExpiresAt: new Date(times.absoluteExpiresAt).toISOString(),
    IdleTimeoutSeconds: Math.round(context.settings.lifetimes.sessionIdleMs / 1000),
  };
}

// One dummy hash per cost setting, made on first need.
const dummyHashes = new Map<string, Promise<string>>();

/**
 * Finds the one user that `email` (+ optional domain) and `password` identify. Every candidate's
 * password is checked, and a dummy hash is checked when there is none, so the answer time does not
 * tell whether an e-mail exists. Several matches without a domain mean the domain is needed.
 */
export async function identifyByPassword(
  context: UpstreamContext,
  email: string,
  password: string,
  domain: string | undefined,
): Promise<UserWithAccount | "invalid" | "domainRequired"> {
  const candidates = (await context.store.users.resolveLoginCandidates(email, domain?.toLowerCase())).slice(
    0,
    10,
  );
  if (candidates.length === 0) {
    const cost = context.settings.passwordCost;
    const key = `${cost.N}/${cost.r}/${cost.p}`;
    if (!dummyHashes.has(key)) dummyHashes.set(key, hashPassword("not a password", cost));
    await verifyPassword(password, await (dummyHashes.get(key) as Promise<string>));
    return "invalid";
  }
  const matches: UserWithAccount[] = [];
  for (const candidate of candidates) {
    if (candidate.user.passwordHash && (await verifyPassword(password, candidate.user.passwordHash))) {
      matches.push(candidate);
    }
  }
  if (matches.length === 0) return "invalid";
  if (matches.length > 1) return "domainRequired";
  return matches[0] as UserWithAccount;
}
