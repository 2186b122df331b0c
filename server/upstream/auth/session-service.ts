/**
 * Sessions: opaque bearer tokens (32 random bytes, stored as SHA-256), a sliding inactivity window
 * and an absolute lifetime. Resolving a token yields the Caller every guard and route works with.
 * An impersonation session lives only as long as the staff session it was started from.
 */
import type { AdminPermissionMap } from "../identity/admin-modules.ts";
import type { FeatureAvailabilityMap } from "../identity/features.ts";
import { parsePermissionString, type RolePermissions } from "../identity/permission-string.ts";
import { generateToken, hashToken } from "../identity/secrets.ts";
import type { Lifetimes } from "../options.ts";
import type { UpstreamStore } from "../store/index.ts";
import type { AccountRecord, SessionEndReason, SessionRecord, UserRecord } from "../store/records.ts";

/** The authenticated identity behind a request. */
export interface Caller {
  session: SessionRecord;
  user: UserRecord;
  account: AccountRecord;
  /** The role's permissions (§3); empty without a role. */
  permissions: RolePermissions;
  features: FeatureAvailabilityMap;
  /** Admin permissions; empty unless the caller is staff acting as themself. */
  adminPermissions: AdminPermissionMap;
  /** Staff acting as themself: a staff user of the operator account, not impersonating. */
  isStaff: boolean;
  /** The staff member behind an impersonation session. */
  impersonator: { user: UserRecord; account: AccountRecord } | null;
}

/**
 * What a user is granted apart from the session that carries it: every field of Caller but the
 * session (LoggedInConfig's User is built from it, logged-in-config.ts).
 */
export type CallerGrants = Omit<Caller, "session">;

/**
 * The grants of `user` of `account`: the role's permissions (an unreadable string grants nothing),
 * the subscription's features and, for staff of the operator account acting as themself, the admin
 * modules. Every session resolves its caller through this, and so does the gateway's user access call.
 */
export async function callerGrantsOf(
  store: UpstreamStore,
  user: UserRecord,
  account: AccountRecord,
  impersonator: Caller["impersonator"],
): Promise<CallerGrants> {
  const role = user.roleId === null ? undefined : await store.roles.get(account.recId, user.roleId);
  const parsed = role ? parsePermissionString(role.permissions) : undefined;
  const permissions: RolePermissions = parsed?.ok ? parsed.permissions : new Map();
  const { features } = await store.accounts.subscription(account.recId);
  const isStaff = user.isStaff && account.isSystem && impersonator === null;
  const adminPermissions = isStaff
    ? await store.staff.adminPermissions(account.recId, user.recId)
    : new Map();
  return { user, account, permissions, features, adminPermissions, isStaff, impersonator };
}

/** A newly issued session. */
export interface SessionGrant {
  token: string;
  session: SessionRecord;
}

/** Why a token did not resolve to a caller. */
export type AuthenticationFailure = "expired" | "disabled";

/** When a session ends and when its disconnection warning is due. */
export interface SessionTimes {
  idleExpiresAt: number;
  absoluteExpiresAt: number;
  /** The earlier of the two. */
  expiresAt: number;
  warningAt: number;
}

// A request refreshes the sliding window at most this often, to spare the store a write per request.
const TOUCH_INTERVAL_MS = 15_000;

/** Issues, resolves, refreshes and ends sessions. */
export class SessionService {
  constructor(
    private readonly store: UpstreamStore,
    private readonly lifetimes: Lifetimes,
    private readonly now: () => number,
  ) {}

  /**
   * Starts a session for a user (optionally as an impersonation by a staff session). `preview`: a
   * read-only session of the staff session's preview (preview-session-routes.ts), ending after
   * `lifetimeMs` at the latest and never after the staff session.
   */
  async issue(
    user: UserRecord,
    impersonation?: { staff: UserRecord; staffSession: SessionRecord },
    preview?: { lifetimeMs: number },
  ): Promise<SessionGrant> {
    const now = this.now();
    const token = generateToken();
    const lifetime = preview
      ? Math.min(preview.lifetimeMs, Math.max(0, (impersonation?.staffSession.expiresAt ?? now) - now))
      : impersonation
        ? this.lifetimes.impersonationAbsoluteMs
        : this.lifetimes.sessionAbsoluteMs;
    const session = await this.store.sessions.create(
      {
        tokenHash: hashToken(token),
        accountId: user.accountId,
        userId: user.recId,
        impersonatorAccountId: impersonation?.staff.accountId ?? null,
        impersonatorUserId: impersonation?.staff.recId ?? null,
        impersonatorSessionId: impersonation?.staffSession.id ?? null,
        expiresAt: now + lifetime,
        readOnly: preview !== undefined,
      },
      now,
    );
    return { token, session };
  }

  /**
   * A new token for the user of a live session, ending when that session ends (StopImpersonate).
   * The original stays valid: another window may still use it.
   */
  async resume(session: SessionRecord): Promise<SessionGrant> {
    const now = this.now();
    const token = generateToken();
    const resumed = await this.store.sessions.create(
      {
        tokenHash: hashToken(token),
        accountId: session.accountId,
        userId: session.userId,
        expiresAt: session.expiresAt,
      },
      now,
    );
    return { token, session: resumed };
  }

  /** The session's expiry times. */
  times(session: SessionRecord): SessionTimes {
    const idleExpiresAt = session.lastSeenAt + this.lifetimes.sessionIdleMs;
    const expiresAt = Math.min(idleExpiresAt, session.expiresAt);
    return {
      idleExpiresAt,
      absoluteExpiresAt: session.expiresAt,
      expiresAt,
      warningAt: Math.max(session.lastSeenAt, expiresAt - this.lifetimes.disconnectionWarningBeforeMs),
    };
  }

  /** Whether a session is live at `now`. */
  isLive(session: SessionRecord, now = this.now()): boolean {
    return session.revokedAt === null && now < this.times(session).expiresAt;
  }

  /** Resolves a bearer token to its caller, refreshing the inactivity window. */
  async authenticate(token: string): Promise<Caller | AuthenticationFailure> {
    const now = this.now();
    const session = await this.store.sessions.resolveByTokenHash(hashToken(token));
    if (!session || !this.isLive(session, now)) return "expired";
    let impersonator: Caller["impersonator"] = null;
    let staffSession: SessionRecord | undefined;
    if (session.impersonatorSessionId !== null && session.impersonatorAccountId !== null) {
      staffSession = await this.store.sessions.get(
        session.impersonatorAccountId,
        session.impersonatorSessionId,
      );
      if (!staffSession || !this.isLive(staffSession, now)) return "expired";
      const staffUser = await this.store.users.get(staffSession.accountId, staffSession.userId);
      const staffAccount = await this.store.accounts.get(staffSession.accountId);
      if (!staffUser || !staffAccount || staffUser.disabled) return "expired";
      impersonator = { user: staffUser, account: staffAccount };
    }
    const caller = await this.load(session, impersonator);
    if (!caller) return "disabled";
    if (now - session.lastSeenAt >= TOUCH_INTERVAL_MS) {
      await this.store.sessions.touch(session.accountId, session.id, now);
      // Working as the user keeps the staff session behind it alive as well.
      if (staffSession) await this.store.sessions.touch(staffSession.accountId, staffSession.id, now);
      caller.session = { ...session, lastSeenAt: now };
    }
    return caller;
  }

  /** Refreshes the inactivity window now (v2/User/Ping). */
  async ping(caller: Caller): Promise<SessionTimes> {
    const now = this.now();
    await this.store.sessions.touch(caller.session.accountId, caller.session.id, now);
    caller.session = { ...caller.session, lastSeenAt: Math.max(now, caller.session.lastSeenAt) };
    return this.times(caller.session);
  }

  /** Ends one session, saying why (what its hub connections are told follows from it, §4.2). */
  async end(session: SessionRecord, endedBy: SessionEndReason): Promise<void> {
    await this.store.sessions.revoke(session.accountId, session.id, this.now(), endedBy);
  }

  private async load(
    session: SessionRecord,
    impersonator: Caller["impersonator"],
  ): Promise<Caller | undefined> {
    const user = await this.store.users.get(session.accountId, session.userId);
    const account = await this.store.accounts.get(session.accountId);
    if (!user || !account || user.disabled || account.disabled) return undefined;
    return { session, ...(await callerGrantsOf(this.store, user, account, impersonator)) };
  }
}
