/**
 * The hub relay (DESIGN.md §4): browser tabs on one side, grouped by gateway session, each session
 * holding one pair of upstream hub links. Owns the browser leg — frame validation, size and rate
 * limits, the heartbeat — the gateway's own events, what tabs report they run, logout and shutdown.
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
import { type TabAcknowledgement, type TabReport, TabReports } from "./tab-reports.ts";

/** Whose tabs a gateway event is for: the tabs of sessions whose current account is in `accounts`. */
export interface GatewayEventAudience {
  readonly accounts: ReadonlySet<number>;
}

/** The relay's counts. */
export interface RelayStats {
  readonly sessions: number;
  readonly tabs: number;
  /** Distinct builds, and distinct renderer or dialog lists, the open tabs reported (each held once). */
  readonly reportedBuilds: number;
  readonly reportedLists: number;
  /** Distinct sets of schema digests the open tabs reported (each held once). */
  readonly reportedSchemaSets: number;
}

/** What the gateway (session, manifest publishing, maintenance) can ask of the relay. */
export interface HubRelayControl {
  /**
   * Sends `{t:"event", hub:"gateway", target, args}` (manifest published, maintenance on/off) to
   * every tab, or with an audience to the tabs of those accounts only. Returns how many tabs it was
   * sent to at once; tabs of a session whose account is being looked up get it once it is known, if
   * it is one of the audience (RelaySession.sendGatewayEvent), and are not counted.
   */
  broadcastGatewayEvent(target: string, args?: readonly unknown[], audience?: GatewayEventAudience): number;
  /**
   * Every open tab: its account, what it last reported, applied and rejected. A snapshot; a session
   * whose account is not known is looked up again, and its answer shows in a later snapshot.
   */
  tabReports(): TabReport[];
  /** Logout: tells the session's tabs `ended` (with an in-app redirect if given), closes them and its upstream connections. */
  endSession(sessionId: string, redirect?: string): Promise<boolean>;
  /** Reconnects a session's upstream hubs with another bearer token (impersonation start or stop). */
  renewUpstream(sessionId: string, bearerToken: string): boolean;
  /** The ids of the sessions with open tabs here (the fan-out checks they still exist). */
  sessionIds(): string[];
  /** Counts, for health and tests. */
  stats(): RelayStats;
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

/** What the relay asks of the gateway, and tells it (the plugin options of the same names). */
export interface RelayListeners {
  readonly onUpstreamEnded?: UpstreamEndedListener;
  readonly onSessionRefresh?: SessionRefreshListener;
  readonly accountOf?: (sessionId: string) => Promise<number | null>;
  readonly onTabAcknowledged?: (ack: TabAcknowledgement) => void;
}

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
  readonly #reports = new TabReports();
  /** One set of hooks for every session (bound methods: no closures per session). */
  readonly #sessionHooks: SessionHooks;

  constructor(
    readonly settings: RelaySettings,
    readonly log: FastifyBaseLogger,
    readonly listeners: RelayListeners = {},
  ) {
    this.#sessionHooks = {
      onClosed: this.#forgetSession.bind(this),
      onUpstreamEnded: this.#notifyUpstreamEnded.bind(this),
      beforeRefresh: this.#beforeRefresh.bind(this),
      accountOf: listeners.accountOf ? this.#lookUpAccount.bind(this) : undefined,
    };
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
      this.#reports.forget(tab);
      session.removeTab(tab);
      if (this.#tabs.size === 0) this.#stopHeartbeat();
    });
    socket.on("message", (data, isBinary) => this.#onFrame(tab, session, data as Buffer, isBinary));
    session.addTab(tab, identity.bearerToken);
    this.#startHeartbeat();
  }

  broadcastGatewayEvent(
    target: string,
    args: readonly unknown[] = [],
    audience?: GatewayEventAudience,
  ): number {
    const bytes = encodeGatewayFrame({ t: "event", hub: "gateway", target, args });
    let sent = 0;
    for (const session of this.#sessions.values())
      sent += session.sendGatewayEvent(bytes, audience?.accounts);
    return sent;
  }

  tabReports(): TabReport[] {
    const reports: TabReport[] = [];
    for (const session of this.#sessions.values()) {
      const account = session.accountRecId;
      // After an impersonation renew the lookup may have run before the new account was stored.
      if (account === null) void session.whenAccountKnown();
      for (const tab of session.tabs) reports.push(this.#reports.snapshot(tab, account));
    }
    return reports;
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

  sessionIds(): string[] {
    return [...this.#sessions.keys()];
  }

  stats(): RelayStats {
    const { builds, lists, schemaSets } = this.#reports.pooled;
    return {
      sessions: this.#sessions.size,
      tabs: this.#tabs.size,
      reportedBuilds: builds,
      reportedLists: lists,
      reportedSchemaSets: schemaSets,
    };
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
    const listener = this.listeners.onUpstreamEnded;
    if (!listener) return;
    Promise.resolve()
      .then(() => listener(sessionId))
      .catch((error: unknown) => this.log.error({ err: error }, "hub relay: onUpstreamSessionEnded failed"));
  }

  /** The refresh listener's promise, never rejected (a failure is logged; the tabs still reload). */
  #beforeRefresh(sessionId: string): Promise<void> | undefined {
    const listener = this.listeners.onSessionRefresh;
    if (!listener) return undefined;
    return Promise.resolve()
      .then(() => listener(sessionId))
      .catch((error: unknown) => this.log.error({ err: error }, "hub relay: onSessionRefresh failed"));
  }

  /** The `accountOf` listener's answer, never rejected (a failure is logged and answers null). */
  #lookUpAccount(sessionId: string): Promise<number | null> {
    return Promise.resolve()
      .then(() => this.listeners.accountOf?.(sessionId) ?? null)
      .then(
        (account) => (Number.isSafeInteger(account) ? account : null),
        (error: unknown) => {
          this.log.error({ err: error }, "hub relay: accountOf failed");
          return null;
        },
      );
  }

  /**
   * Tells the listener of an applied version (no `reason`) or a rejected one, with the tab's account —
   * once it is known, if it is being looked up.
   */
  #acknowledge(session: RelaySession, version: number, reason?: string): void {
    const listener = this.listeners.onTabAcknowledged;
    if (!listener) return;
    const notify = () => {
      const accountRecId = session.accountRecId;
      try {
        listener(
          reason === undefined
            ? { accountRecId, version, ok: true }
            : { accountRecId, version, ok: false, reason },
        );
      } catch (error) {
        this.log.error({ err: error }, "hub relay: onTabAcknowledged failed");
      }
    };
    const lookup = session.whenAccountKnown();
    if (lookup === null) notify();
    else void lookup.then(notify);
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
    else if (frame.t === "report") {
      this.#reports.report(tab, frame);
      // An account not known yet may be stored by now (the tab has loaded): look again, for tabReports.
      void session.whenAccountKnown();
    } else if (frame.t === "applied") {
      this.#reports.applied(tab, frame.version);
      this.#acknowledge(session, frame.version);
    } else if (frame.t === "rejected") {
      this.#reports.rejected(tab, frame.version, frame.reason);
      this.#acknowledge(session, frame.version, frame.reason);
    }
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
