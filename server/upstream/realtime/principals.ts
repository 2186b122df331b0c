/**
 * Who is behind a hub connection: one upstream session (the bearer token of negotiate and connect,
 * resolved by `sessions.authenticate`, DESIGN.md §4). The principal key is the session id, so a
 * connection token only opens a socket for the session that negotiated it, and session events
 * (warning, Disconnect) reach exactly that session's connections; notifications go to the user's
 * group, i.e. every session of the user.
 */
import type { AuthenticationFailure, Caller } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import type { HubPrincipal } from "../hubs/index.ts";
import { adminGrants } from "../identity/admin-modules.ts";
import { featureIncluded } from "../identity/features.ts";
import { grants } from "../identity/permission-string.ts";

/** How a connection takes part in the support chat. */
export type ChatRole = "member" | "staff";

/** The principal of a connection to either hub: one session of one user. */
export class SessionPrincipal implements HubPrincipal {
  readonly key: string;
  readonly sessionId: number;
  readonly accountId: number;
  readonly userId: number;
  readonly fullName: string;
  /** Kept in memory only, to re-check the session and rights at each invocation. */
  readonly #token: string;

  constructor(
    caller: Caller,
    token: string,
    /** The chat role (the user hub uses "member" for everyone). */
    readonly role: ChatRole = "member",
  ) {
    this.key = String(caller.session.id);
    this.sessionId = caller.session.id;
    this.accountId = caller.account.recId;
    this.userId = caller.user.recId;
    this.fullName = caller.user.fullName;
    this.#token = token;
  }

  /** The caller as of now (the session may have expired or the rights changed since connecting). */
  reauthenticate(context: UpstreamContext): Promise<Caller | AuthenticationFailure> {
    return context.sessions.authenticate(this.#token);
  }

  /** Never serialise the token (e.g. into a log line). */
  toJSON() {
    return { key: this.key, accountId: this.accountId, userId: this.userId, role: this.role };
  }
}

/** The group of every connection of one user (all sessions, all tabs). */
export const userGroup = (accountId: number, userId: number) => `user:${accountId}:${userId}`;
/** The group of every user-hub connection of one account. */
export const accountGroup = (accountId: number) => `account:${accountId}`;
/** The chat hub group of the support staff. */
export const STAFF_GROUP = "staff";

/**
 * The caller's part in the support chat, or null without access: staff acting as themself with Read
 * on the SupportSessions admin module answer chats; members need InAppChatAccess and the
 * SupportChat feature (§6). An impersonating staff member is the member they impersonate.
 */
export function chatRoleOf(caller: Caller): ChatRole | null {
  if (caller.isStaff && adminGrants(caller.adminPermissions, "SupportSessions", "Read")) return "staff";
  if (grants(caller.permissions, "InAppChatAccess", "r") && featureIncluded(caller.features, "SupportChat")) {
    return "member";
  }
  return null;
}

/** The §6 / §8 text for a member without the chat. */
export const CHAT_NOT_AVAILABLE = "In-App Support Chat is not available on your current subscription.";
