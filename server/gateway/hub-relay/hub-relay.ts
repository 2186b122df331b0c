/**
 * The hub relay (DESIGN.md §4): browser tabs on one side, grouped by gateway session, each session
 * holding one pair of upstream hub links. Owns the browser leg — frame validation, size and rate
 * limits, the heartbeat — and the gateway's own events, logout and shutdown.
 */
import type { FastifyBaseLogger } from "fastify";
import { Agent } from "undici";
import type WebSocket from "ws";
import {
  encodeGatewayFrame,
  inAppRedirect,
  PING_FRAME_BYTES,
  PONG_FRAME_BYTES,
  parseBrowserFrame,
} from "./browser-frames.ts";
import { HeartbeatWheel, wheelTickFor } from "./heartbeat-wheel.ts";
import type { RelayIdentity, RelaySettings } from "./options.ts";
import { type LinkResources, RelaySession, type SessionHooks } from "./relay-session.ts";
import { CloseCode, MAX_UNANSWERED_PINGS, Tab } from "./tab.ts";

/** What the gateway (session, manifest publishing, maintenance) can ask of the relay. */
export interface HubRelayControl {
  /** Sends `{t:"event", hub:"gateway", target, args}` to every tab (manifest published, maintenance on/off). */
  broadcastGatewayEvent(target: string, args?: readonly unknown[]): number;
  /** Logout: tells the session's tabs `ended` (with an in-app redirect if given), closes them and its upstream connections. */
  endSession(sessionId: string, redirect?: string): Promise<boolean>;
  /** Reconnects a session's upstream hubs with another bearer token (impersonation start or stop). */
  renewUpstream(sessionId: string, bearerToken: string): boolean;
  /** Counts, for health and tests. */
  stats(): { sessions: number; tabs: number };
}

/**
 * Most pooled connections for negotiate requests: a reconnect wave after an upstream restart queues
 * here (each waits its backoff anyway) rather than opening one connection per session.
 */
export const NEGOTIATE_MAX_CONNECTIONS = 16;
/** Idle time of a pooled negotiate connection (below Node's 5 s server keep-alive). */
export const NEGOTIATE_KEEP_ALIVE_MS = 4_000;

/** Called when the upstream ended a session. */
export type UpstreamEndedListener = (sessionId: string) => void | Promise<void>;
/** Called when the upstream told a session to reload its session data, before its tabs hear of it. */
export type SessionRefreshListener = (sessionId: string) => void | Promise<void>;

/** The relay's state: every session and tab of this gateway instance. */
export class HubRelay implements HubRelayControl {
  readonly #sessions = new Map<string, RelaySession>();
  readonly #tabs = new Set<Tab>();
  #heartbeat: NodeJS.Timeout | undefined;
  #closing = false;
  readonly #negotiator = new Agent({
    connections: NEGOTIATE_MAX_CONNECTIONS,
    keepAliveTimeout: NEGOTIATE_KEEP_ALIVE_MS,
  });
  readonly #links: LinkResources;
  /** One set of hooks for every session (bound methods: no closures per session). */
  readonly #sessionHooks: SessionHooks = {
    onClosed: this.#forgetSession.bind(this),
    onUpstreamEnded: this.#notifyUpstreamEnded.bind(this),
    beforeRefresh: this.#beforeRefresh.bind(this),
  };

  constructor(
    readonly settings: RelaySettings,
    readonly log: FastifyBaseLogger,
    readonly onUpstreamEnded?: UpstreamEndedListener,
    readonly onSessionRefresh?: SessionRefreshListener,
  ) {
    const { heartbeatMs, serverTimeoutMs, invocationTimeoutMs } = settings;
    this.#links = {
      wheel: new HeartbeatWheel(wheelTickFor(Math.min(heartbeatMs, serverTimeoutMs, invocationTimeoutMs))),
      dispatcher: this.#negotiator,
    };
  }

  /** Takes an accepted socket of a signed-in session (Origin and identity already checked). */
  attach(socket: WebSocket, identity: RelayIdentity): void {
    if (this.#closing) {
      socket.close(CloseCode.GoingAway, "server shutting down");
      return;
    }
    const { maxMessagesPerSecond, rateBurstMs, maxBufferedBytes } = this.settings;
    const tab = new Tab(socket, maxMessagesPerSecond, rateBurstMs, maxBufferedBytes);
    const session = this.#sessionOf(identity);
    this.#tabs.add(tab);
    socket.on("error", () => undefined); // 'close' follows
    socket.on("close", () => {
      this.#tabs.delete(tab);
      session.removeTab(tab);
      if (this.#tabs.size === 0) this.#stopHeartbeat();
    });
    socket.on("message", (data, isBinary) => this.#onFrame(tab, session, data as Buffer, isBinary));
    session.addTab(tab, identity.bearerToken);
    this.#startHeartbeat();
  }

  broadcastGatewayEvent(target: string, args: readonly unknown[] = []): number {
    const bytes = encodeGatewayFrame({ t: "event", hub: "gateway", target, args });
    for (const tab of this.#tabs) tab.sendBytes(bytes);
    return this.#tabs.size;
  }

  async endSession(sessionId: string, redirect?: string): Promise<boolean> {
    const session = this.#sessions.get(sessionId);
    if (!session) return false;
    await session.end(inAppRedirect(redirect, this.settings.allowedOrigins));
    return true;
  }

  renewUpstream(sessionId: string, bearerToken: string): boolean {
    const session = this.#sessions.get(sessionId);
    session?.renew(bearerToken);
    return session !== undefined;
  }

  stats(): { sessions: number; tabs: number } {
    return { sessions: this.#sessions.size, tabs: this.#tabs.size };
  }

  /** Shutdown: refuses new sockets, closes every tab with 1001 and every upstream connection. */
  async close(): Promise<void> {
    this.#closing = true;
    this.#stopHeartbeat();
    const sessions = [...this.#sessions.values()];
    await Promise.all(sessions.map((session) => session.close(CloseCode.GoingAway, "server shutting down")));
    await this.#negotiator.close();
  }

  #forgetSession(closed: RelaySession): void {
    if (this.#sessions.get(closed.id) === closed) this.#sessions.delete(closed.id);
  }

  #sessionOf(identity: RelayIdentity): RelaySession {
    const existing = this.#sessions.get(identity.sessionId);
    if (existing) return existing;
    const session = new RelaySession(
      identity.sessionId,
      identity.bearerToken,
      this.settings,
      this.#sessionHooks,
      this.log,
      this.#links,
    );
    this.#sessions.set(identity.sessionId, session);
    session.start();
    return session;
  }

  #notifyUpstreamEnded(sessionId: string): void {
    if (!this.onUpstreamEnded) return;
    Promise.resolve()
      .then(() => this.onUpstreamEnded?.(sessionId))
      .catch((error: unknown) => this.log.error({ err: error }, "hub relay: onUpstreamSessionEnded failed"));
  }

  /** The refresh listener's promise, never rejected (a failure is logged; the tabs still reload). */
  #beforeRefresh(sessionId: string): Promise<void> | undefined {
    const listener = this.onSessionRefresh;
    if (!listener) return undefined;
    return Promise.resolve()
      .then(() => listener(sessionId))
      .catch((error: unknown) => this.log.error({ err: error }, "hub relay: onSessionRefresh failed"));
  }

  #onFrame(tab: Tab, session: RelaySession, data: Buffer, isBinary: boolean): void {
    tab.unansweredPings = 0;
    const refusal = this.#refusalOf(tab, data, isBinary);
    if (refusal) {
      tab.close(refusal.code, refusal.reason);
      return;
    }
    const frame = parseBrowserFrame(data.toString("utf8"));
    if (frame === null) tab.close(CloseCode.PolicyViolation, "malformed frame");
    else if (frame.t === "ping") tab.sendBytes(PONG_FRAME_BYTES);
    else if (frame.t === "invoke") session.invoke(tab, frame);
  }

  /** Why a frame closes its tab, if it does: binary, too large, or over the rate. */
  #refusalOf(tab: Tab, data: Buffer, isBinary: boolean): { code: number; reason: string } | undefined {
    if (isBinary) return { code: CloseCode.UnsupportedData, reason: "text frames only" };
    // ws enforces maxPayload when this plugin registered it; an app-wide registration may allow more.
    if (data.length > this.settings.maxMessageBytes)
      return { code: CloseCode.MessageTooBig, reason: "frame too large" };
    if (!tab.limiter.take()) return { code: CloseCode.PolicyViolation, reason: "too many messages" };
    return undefined;
  }

  /**
   * One timer for every tab: ping each, and drop one that sent nothing since two pings. Counting
   * pings rather than time keeps a stalled event loop from dropping tabs that had no chance to answer.
   */
  #startHeartbeat(): void {
    if (this.#heartbeat) return;
    this.#heartbeat = setInterval(() => {
      for (const tab of this.#tabs) {
        if (tab.unansweredPings >= MAX_UNANSWERED_PINGS) {
          tab.socket.terminate();
          continue;
        }
        tab.unansweredPings++;
        tab.sendBytes(PING_FRAME_BYTES);
      }
    }, this.settings.heartbeatMs).unref();
  }

  #stopHeartbeat(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }
}
