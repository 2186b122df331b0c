/**
 * The realtime handle of an upstream instance: its two hubs, the session watch and the chat
 * publisher, for the routes that push events (resolved per request, so route modules registered
 * before the hubs are mounted can use it) and for other areas, e.g. `refreshUser` after a change of
 * a user's role or permissions.
 */
import type { UpstreamContext } from "../context.ts";
import type { Hub, RedisBackplane } from "../hubs/index.ts";
import type { ChatPublisher } from "./chat-events.ts";
import { accountGroup, type SessionPrincipal, userGroup } from "./principals.ts";
import type { SessionWatch } from "./session-watch.ts";
import { UserHubTarget } from "./targets.ts";

/** Who a user-hub event goes to: everyone, one account, or one user of an account. */
export interface Audience {
  accountId?: number;
  userId?: number;
}

/** Severity of a `log` event (§9: 1 info, 2 warning, 3 error). */
export type LogSeverity = 1 | 2 | 3;

/** The hubs of one upstream and what other modules push through them. */
export class Realtime {
  constructor(
    readonly userHub: Hub<SessionPrincipal>,
    readonly chatHub: Hub<SessionPrincipal>,
    readonly chat: ChatPublisher,
    readonly watch: SessionWatch,
    /** The channel to the other instances; null for a single instance (no `redisUrl`). */
    readonly backplane: RedisBackplane | null = null,
  ) {}

  /**
   * Invokes `target` on the audience's user-hub connections, on every instance; returns how many of
   * this instance's were reached.
   */
  toUsers(audience: Audience, target: string, ...args: unknown[]): number {
    if (audience.userId !== undefined && audience.accountId === undefined) {
      throw new TypeError("An audience with a userId needs its accountId.");
    }
    if (audience.accountId === undefined) return this.userHub.sendToAll(target, ...args);
    if (audience.userId === undefined)
      return this.userHub.sendToGroup(accountGroup(audience.accountId), target, ...args);
    return this.userHub.sendToGroup(userGroup(audience.accountId, audience.userId), target, ...args);
  }

  /** `refresh-base-page-user`: the audience reloads its session data (Common/LoggedInConfig). */
  refreshUser(audience: Audience): number {
    return this.toUsers(audience, UserHubTarget.RefreshBasePageUser);
  }

  /** `reload`: the audience reloads the page (§4.2, after 500 ms). */
  reload(audience: Audience): number {
    return this.toUsers(audience, UserHubTarget.Reload);
  }

  /** `log`: a line for the audience's console. */
  log(
    audience: Audience,
    severity: LogSeverity,
    message: string,
    details: Record<string, unknown> | null,
  ): number {
    return this.toUsers(audience, UserHubTarget.Log, severity, message, details);
  }
}

const handles = new WeakMap<UpstreamContext, Realtime>();

/** Records the handle of an upstream instance (once, when the hubs are mounted). */
export function setRealtime(context: UpstreamContext, realtime: Realtime): void {
  handles.set(context, realtime);
}

/** The realtime handle of an upstream instance; throws before the hubs are mounted. */
export function realtimeOf(context: UpstreamContext): Realtime {
  const realtime = handles.get(context);
  if (!realtime) throw new Error("the upstream hubs are not mounted");
  return realtime;
}
