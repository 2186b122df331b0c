/**
 * Session events on the hubs (§4.2): every few seconds the sessions behind open connections are
 * checked against the store and the clock —
 * - nearing the idle expiry: `DisconnectionWarning({ ExpiresAt })`, once;
 * - refreshed since (v2/User/Ping, the hub's Ping, any request): `RemoveDisconnectionWarning()`;
 * - expired (idle or absolute lifetime, or the staff session behind an impersonation): `Disconnect()`;
 * - revoked elsewhere, user or account disabled: `Disconnected("/login")`;
 * and the ended session's connections to both hubs are closed (Close without reconnect). Logout and
 * revocations announced on the event bus are acted on at once rather than at the next sweep. What a
 * connection is told follows from why its session ended, as stored (`endedBy`), so a sweep that finds
 * a session ended before the logout's event reaches this instance tells the same.
 *
 * Each instance watches its own connections and sends to them only (`hub.local`): the sessions are in
 * the shared store, so every instance reaches the same verdict, and a warning or Disconnect is sent
 * once per connection however many instances hold the session's connections. A logout or revocation
 * happens on one instance, so with a backplane it is relayed to the others, which act on theirs.
 */
import type { UpstreamContext } from "../context.ts";
import type { UpstreamEventMap } from "../events.ts";
import type { Hub, HubBackplane, HubConnection } from "../hubs/index.ts";
import type { SessionEndReason } from "../store/records.ts";
import type { SessionPrincipal } from "./principals.ts";
import { UserHubTarget } from "./targets.ts";

/** How often the sessions behind open connections are checked. */
export const SESSION_SWEEP_INTERVAL_MS = 1000;

/** Where `Disconnected` sends the browser after a logout, and after a revocation. */
export const LOGGED_OUT_URL = "/loggedout";
export const SIGN_IN_AGAIN_URL = "/login";

/** A logout or revocation, as relayed between instances. */
type SessionEvent =
  | { name: "sessionEnded"; payload: UpstreamEventMap["sessionEnded"] }
  | { name: "userSessionsRevoked"; payload: UpstreamEventMap["userSessionsRevoked"] };

/** The backplane scope of logouts and revocations. */
export const SESSION_EVENTS_SCOPE = "session-events";

type SessionState =
  | { kind: "live"; warningAt: number; expiresAt: number }
  | { kind: "expired" }
  | { kind: "revoked"; endedBy: SessionEndReason | null };

/** Watches the sessions of both hubs' connections. */
export class SessionWatch {
  readonly #warned = new Set<string>();
  readonly #unsubscribe: (() => void)[] = [];
  #timer: NodeJS.Timeout | undefined;
  #sweeping = false;

  constructor(
    private readonly context: UpstreamContext,
    private readonly hubs: { user: Hub<SessionPrincipal>; chat: Hub<SessionPrincipal> },
    private readonly backplane?: HubBackplane,
  ) {}

  /** Starts the sweep and listens for logouts and revocations, here and (relayed) on other instances. */
  start(): void {
    const { events } = this.context;
    const relay = this.backplane?.attach<SessionEvent>(SESSION_EVENTS_SCOPE, (event) => this.#apply(event));
    const act = (event: SessionEvent) => {
      this.#apply(event);
      relay?.(event);
    };
    this.#unsubscribe.push(
      events.on("sessionEnded", (payload) => act({ name: "sessionEnded", payload })),
      events.on("userSessionsRevoked", (payload) => act({ name: "userSessionsRevoked", payload })),
    );
    this.#timer = setInterval(() => void this.sweep(), SESSION_SWEEP_INTERVAL_MS);
    this.#timer.unref();
  }

  /** A logout or revocation, on this instance's connections. */
  #apply(event: SessionEvent): void {
    if (event.name === "sessionEnded") {
      const { sessionId, reason } = event.payload;
      this.#ended(String(sessionId), reason === "revoked" ? null : reason);
      return;
    }
    const { accountId, userId, keptSessionId } = event.payload;
    const keys = new Set<string>();
    for (const hub of [this.hubs.user, this.hubs.chat]) {
      for (const { principal } of hub.connections()) {
        const sameUser = principal.accountId === accountId && principal.userId === userId;
        if (sameUser && principal.sessionId !== keptSessionId) keys.add(principal.key);
      }
    }
    for (const key of keys) this.#ended(key, null);
  }

  /** Ends a session's connections here as its ending calls for; `null` is a revocation. */
  #ended(key: string, endedBy: SessionEndReason | null): void {
    if (endedBy === "impersonationStopped") {
      // The gateway swaps to the staff identity and reconnects; a plain client's reconnect gets 401.
      for (const hub of [this.hubs.user, this.hubs.chat])
        hub.local.closeConnectionsOf(key, { allowReconnect: true });
      this.#warned.delete(key);
    } else
      this.end(key, UserHubTarget.Disconnected, endedBy === "logout" ? LOGGED_OUT_URL : SIGN_IN_AGAIN_URL);
  }

  /** Stops sweeping and listening. */
  stop(): void {
    clearInterval(this.#timer);
    for (const off of this.#unsubscribe.splice(0)) off();
  }

  /** Checks every session with an open connection. */
  async sweep(): Promise<void> {
    if (this.#sweeping) return;
    this.#sweeping = true;
    try {
      const principals = new Map<string, SessionPrincipal>();
      for (const hub of [this.hubs.user, this.hubs.chat]) {
        for (const { principal } of hub.connections()) principals.set(principal.key, principal);
      }
      for (const key of this.#warned) if (!principals.has(key)) this.#warned.delete(key);
      for (const principal of principals.values()) await this.check(principal);
    } catch (error) {
      this.context.log.error({ err: error }, "hub session sweep failed");
    } finally {
      this.#sweeping = false;
    }
  }

  /**
   * Checks one session now and sends what its state calls for. `joined` is a connection that just
   * opened: it gets a warning that is already up, which its session's other connections got before.
   */
  async check(principal: SessionPrincipal, joined?: HubConnection<SessionPrincipal>): Promise<void> {
    const state = await this.state(principal);
    if (state.kind === "expired") return this.end(principal.key, UserHubTarget.Disconnect);
    if (state.kind === "revoked") return this.#ended(principal.key, state.endedBy);
    const due = this.context.now() >= state.warningAt;
    const warning = { ExpiresAt: new Date(state.expiresAt).toISOString() };
    if (due && !this.#warned.has(principal.key)) {
      this.#warned.add(principal.key);
      this.hubs.user.local.sendToPrincipal(principal.key, UserHubTarget.DisconnectionWarning, warning);
    } else if (due && joined) {
      joined.send(UserHubTarget.DisconnectionWarning, warning);
    } else if (!due && this.#warned.delete(principal.key)) {
      this.hubs.user.local.sendToPrincipal(principal.key, UserHubTarget.RemoveDisconnectionWarning);
    }
  }

  /**
   * Tells the session's user-hub connections on this instance why it ended, then closes its
   * connections to both hubs here.
   */
  end(key: string, target: string, ...args: unknown[]): void {
    this.#warned.delete(key);
    this.hubs.user.local.sendToPrincipal(key, target, ...args);
    for (const hub of [this.hubs.user, this.hubs.chat]) hub.local.closeConnectionsOf(key);
  }

  private async state(principal: SessionPrincipal): Promise<SessionState> {
    const { store, sessions } = this.context;
    const now = this.context.now();
    const session = await store.sessions.get(principal.accountId, principal.sessionId);
    if (!session || session.revokedAt !== null) return { kind: "revoked", endedBy: session?.endedBy ?? null };
    const times = sessions.times(session);
    if (now >= times.expiresAt) return { kind: "expired" };
    if (session.impersonatorSessionId !== null && session.impersonatorAccountId !== null) {
      const staff = await store.sessions.get(session.impersonatorAccountId, session.impersonatorSessionId);
      if (!staff || staff.revokedAt !== null) return { kind: "revoked", endedBy: null };
      if (!sessions.isLive(staff, now)) return { kind: "expired" };
    }
    const user = await store.users.get(principal.accountId, principal.userId);
    const account = await store.accounts.get(principal.accountId);
    if (!user || user.disabled || !account || account.disabled) return { kind: "revoked", endedBy: null };
    return { kind: "live", warningAt: times.warningAt, expiresAt: times.expiresAt };
  }
}
