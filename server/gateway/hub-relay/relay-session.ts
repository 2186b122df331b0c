/**
 * One gateway session in the relay: the tabs of that session and ONE pair of upstream hub links
 * shared by all of them (DESIGN.md §4). Upstream events go to every tab; a tab's invocation goes
 * upstream (allow-listed methods only) and its result back to that tab alone. The links' states
 * become the status frames; the upstream ending the session becomes the `ended` frame. The session
 * knows its account, so a gateway event meant for some accounts reaches only their sessions' tabs.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Dispatcher } from "undici";
import { GatewayErrorCode, type GatewayErrorCodeName } from "../errors/gateway-error-codes.ts";
import {
  type BrowserFrame,
  encodeGatewayFrame,
  type GatewayFrame,
  inAppRedirect,
  serializeGatewayFrame,
  serializeResultFrame,
  type UpstreamStatus,
} from "./browser-frames.ts";
import type { HeartbeatWheel } from "./heartbeat-wheel.ts";
import { RELAY_HUBS, type RelayHub, type RelaySettings } from "./options.ts";
import { CloseCode, type Tab } from "./tab.ts";
import { type InvocationWaiter, UpstreamInvocationError } from "./upstream-hub-connection.ts";
import { type LinkState, UpstreamHubLink } from "./upstream-hub-link.ts";

/** Longest upstream error text passed to a tab. */
const MAX_ERROR_MESSAGE_LENGTH = 500;

/** What the relay learns from a session. */
export interface SessionHooks {
  /** The session is over (last tab gone, ended, or shut down): forget it. */
  onClosed(session: RelaySession): void;
  /** The upstream ended the user's session (the §4.2 logout path). */
  onUpstreamEnded(sessionId: string): void;
  /**
   * The upstream told the session to reload its session data; the event is relayed once the
   * returned promise settles (at once without one).
   */
  beforeRefresh(sessionId: string): Promise<void> | undefined;
  /**
   * Looks up the account of the session's current identity; null when not known (the promise is
   * never rejected: a failed lookup answers null). Undefined: accounts are not known to the relay.
   */
  readonly accountOf: ((sessionId: string) => Promise<number | null>) | undefined;
}

/** A gateway event, encoded, and the accounts it is meant for (every account without). */
interface HeldEvent {
  readonly bytes: Buffer;
  readonly accounts: ReadonlySet<number> | undefined;
}

/** The user hub event that tells a session to reload its session data (§7), lower-cased. */
export const SESSION_REFRESH_EVENT = "refresh-base-page-user";

type InvokeFrame = Extract<BrowserFrame, { t: "invoke" }>;

/** What every session's links share: the heartbeat wheel and the negotiate pool. */
export interface LinkResources {
  readonly wheel: HeartbeatWheel;
  readonly dispatcher?: Dispatcher;
}

/** A gateway session's tabs and upstream links. */
export class RelaySession {
  readonly tabs = new Set<Tab>();
  readonly #links = new Map<RelayHub, UpstreamHubLink>();
  #status: UpstreamStatus | undefined;
  #bearerToken: string;
  #over = false;
  #stopped: Promise<void> = Promise.resolve();
  /** The account of the current identity, as last looked up; null while not known. */
  #account: number | null = null;
  /** The account lookup in flight; null when none is. */
  #accountLookup: Promise<void> | null = null;
  /** Counts lookups, so the answer of one a later lookup replaced (after a renew) is ignored. */
  #lookups = 0;
  /** Gateway events waiting for the account lookup, in the order broadcast; null when none wait. */
  #held: HeldEvent[] | null = null;
  // Shared by the session's links (bound methods, not closures per link: every idle tab holds them).
  readonly #tokenReader = this.#currentBearerToken.bind(this);
  readonly #stateListener = this.#onStateOf.bind(this);
  readonly #eventListener = this.#onEventOf.bind(this);

  constructor(
    readonly id: string,
    bearerToken: string,
    private readonly settings: RelaySettings,
    private readonly hooks: SessionHooks,
    private readonly log: FastifyBaseLogger,
    private readonly resources?: LinkResources,
  ) {
    this.#bearerToken = bearerToken;
    for (const hub of RELAY_HUBS) this.#links.set(hub, this.#createLink(hub));
  }

  /** The status last sent to the tabs (undefined until both hubs answered once). */
  get status(): UpstreamStatus | undefined {
    return this.#status;
  }

  /** The account of the session's identity as last looked up; null while not known (or not looked up). */
  get accountRecId(): number | null {
    return this.#account;
  }

  /** Opens the upstream connections and looks up the account. */
  start(): void {
    for (const link of this.#links.values()) link.start();
    this.#lookUpAccount();
  }

  /** Adds a tab; it is told the current status at once. A new bearer token reconnects upstream with it. */
  addTab(tab: Tab, bearerToken: string): void {
    this.tabs.add(tab);
    if (this.#status !== undefined) tab.send({ t: "status", upstream: this.#status });
    if (bearerToken !== this.#bearerToken) this.renew(bearerToken);
  }

  /** Removes a tab; the last one closes the upstream connections. */
  removeTab(tab: Tab): void {
    this.tabs.delete(tab);
    if (this.tabs.size === 0) void this.close(CloseCode.Normal, "");
  }

  /** Reconnects both hubs with another upstream identity (impersonation start or stop). */
  renew(bearerToken: string): void {
    if (this.#over) return;
    this.#bearerToken = bearerToken;
    for (const [hub, old] of [...this.#links]) {
      const fresh = this.#createLink(hub);
      this.#links.set(hub, fresh);
      void old.stop();
      fresh.start();
    }
    this.#setStatus("reconnecting");
    // Impersonation start or stop changes the account; events broadcast meanwhile wait for it.
    this.#lookUpAccount();
  }

  /**
   * Sends a gateway event (encoded once by the caller) to the session's tabs if the session's account
   * is in `accounts`, or whatever the account without `accounts`; returns how many tabs got it now.
   * While the account is not known — being looked up, or the last lookup found none — an event for
   * some accounts is held and the account looked up (again); the events broadcast after it are held
   * behind it, so the tabs see gateway events in the order they were broadcast. When the lookup
   * answers, the held events go to the tabs by that account; with none known still, those for some
   * accounts are dropped (hub-relay/README.md, Decisions: such a session reads its manifest later).
   */
  sendGatewayEvent(bytes: Buffer, accounts: ReadonlySet<number> | undefined): number {
    if (this.#over) return 0;
    if (this.#held === null && (accounts === undefined || this.whenAccountKnown() === null))
      return this.#deliver(bytes, accounts);
    if (this.#held === null) this.#held = [];
    this.#held.push({ bytes, accounts });
    return 0;
  }

  /**
   * Null when the account is known (or cannot be); else the lookup to wait for, started when none is
   * in flight. Once it settles, `accountRecId` is the answer of the session's latest lookup.
   */
  whenAccountKnown(): Promise<void> | null {
    if (this.#over || this.hooks.accountOf === undefined) return null;
    if (this.#accountLookup) return this.#accountLookup;
    if (this.#account !== null) return null;
    return this.#lookUpAccount();
  }

  /** Sends a frame to every tab, serialized once. */
  broadcast(frame: GatewayFrame): void {
    const bytes = encodeGatewayFrame(frame);
    for (const tab of this.tabs) tab.sendBytes(bytes);
  }

  /** Ends the session: tells the tabs `ended`, closes them and the upstream connections. */
  end(redirect?: string): Promise<void> {
    if (this.#over) return this.#stopped;
    this.broadcast(
      redirect === undefined
        ? { t: "ended", reason: "sessionEnded" }
        : { t: "ended", reason: "sessionEnded", redirect },
    );
    return this.close(CloseCode.Normal, "session ended");
  }

  /** Closes every tab with `code` and the upstream connections; resolves when the links are idle. */
  close(code: number, reason: string): Promise<void> {
    if (this.#over) return this.#stopped;
    this.#over = true;
    this.#held = null;
    for (const tab of this.tabs) tab.close(code, reason);
    this.hooks.onClosed(this);
    this.#stopped = Promise.all([...this.#links.values()].map((link) => link.stop())).then(() => undefined);
    return this.#stopped;
  }

  /** Relays a tab's invocation; its result frame goes to the tab when the upstream answers. */
  invoke(tab: Tab, frame: InvokeFrame): void {
    const { id, hub, target, args } = frame;
    if (!this.settings.invocable[hub].has(target)) {
      fail(tab, id, "HubMethodNotAllowed", `'${target}' cannot be invoked on the ${hub} hub.`, false);
      return;
    }
    const link = this.#links.get(hub) as UpstreamHubLink;
    if (link.state === "unavailable") {
      fail(tab, id, "HubNotAvailable", `The ${hub} hub is not available.`, false);
      return;
    }
    if (tab.pending >= this.settings.maxPendingInvocations) {
      fail(tab, id, "HubTooManyInvocations", "Too many invocations are waiting.", true);
      return;
    }
    tab.pending++;
    const waiter = new TabInvocation(tab, id, this.log);
    try {
      link.invoke(target, args, waiter);
    } catch (error) {
      this.log.error({ err: error }, "hub relay: invocation failed");
      waiter.reject(new UpstreamInvocationError("noAnswer", "the invocation could not be sent"));
    }
  }

  /** Looks the account up; resolves once the session's latest lookup (this one or a later) answered. */
  #lookUpAccount(): Promise<void> | null {
    const accountOf = this.hooks.accountOf;
    if (accountOf === undefined || this.#over) return null;
    const lookup = ++this.#lookups;
    this.#account = null;
    this.#accountLookup = accountOf(this.id).then((account): Promise<void> | undefined => {
      if (lookup !== this.#lookups) return this.#accountLookup ?? undefined;
      this.#accountLookup = null;
      if (this.#over) return;
      this.#account = account;
      this.#releaseHeld();
    });
    return this.#accountLookup;
  }

  /** The held events, by the account now known (or not: then only those for every account). */
  #releaseHeld(): void {
    const held = this.#held;
    this.#held = null;
    if (held) for (const { bytes, accounts } of held) this.#deliver(bytes, accounts);
  }

  #deliver(bytes: Buffer, accounts: ReadonlySet<number> | undefined): number {
    if (accounts !== undefined && (this.#account === null || !accounts.has(this.#account))) return 0;
    for (const tab of this.tabs) tab.sendBytes(bytes);
    return this.tabs.size;
  }

  #createLink(hub: RelayHub): UpstreamHubLink {
    return new UpstreamHubLink({
      hub,
      hubUrl: this.settings.hubUrls[hub],
      keepAliveMs: this.settings.heartbeatMs,
      serverTimeoutMs: this.settings.serverTimeoutMs,
      invocationTimeoutMs: this.settings.invocationTimeoutMs,
      wheel: this.resources?.wheel,
      dispatcher: this.resources?.dispatcher,
      reconnect: this.settings.reconnect,
      random: this.settings.random,
      bearerToken: this.#tokenReader,
      onState: this.#stateListener,
      onEvent: this.#eventListener,
      log: this.log,
    });
  }

  #currentBearerToken(): string {
    return this.#bearerToken;
  }

  // A link replaced by renew() may still report while it winds down: only current links count.
  #onStateOf(_state: LinkState, link: UpstreamHubLink): void {
    if (this.#links.get(link.options.hub) === link) this.#onLinkState();
  }

  #onEventOf(target: string, args: unknown[], link: UpstreamHubLink): void {
    const { hub } = link.options;
    if (this.#links.get(hub) === link) this.#onUpstreamEvent(hub, target, args);
  }

  #onLinkState(): void {
    if (this.#over) return;
    const states = [...this.#links.values()].map((link) => link.state);
    if (states.includes("ended")) {
      this.#endByUpstream(undefined);
      return;
    }
    const live = states.filter((state) => state !== "unavailable" && state !== "stopped");
    if (live.includes("unreachable")) this.#setStatus("unreachable");
    else if (live.includes("reconnecting")) this.#setStatus("reconnecting");
    else if (live.every((state) => state === "connected")) this.#setStatus("connected");
  }

  #setStatus(status: UpstreamStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    this.broadcast({ t: "status", upstream: status });
  }

  #onUpstreamEvent(hub: RelayHub, target: string, args: unknown[]): void {
    if (this.#over) return;
    const name = hub === "user" ? target.toLowerCase() : "";
    if (name === SESSION_REFRESH_EVENT) {
      this.#relayRefresh(target, args);
      return;
    }
    this.broadcast({ t: "event", hub, target, args });
    if (hub !== "user") return;
    // §4.2: the user hub's Disconnect and Disconnected end the session (the latter with a destination).
    if (name === "disconnect") this.#endByUpstream(undefined);
    else if (name === "disconnected")
      this.#endByUpstream(inAppRedirect(args[0], this.settings.allowedOrigins));
  }

  /** Relays a refresh once the gateway dropped what it caches for the session (the tabs read it next). */
  #relayRefresh(target: string, args: unknown[]): void {
    const frame: GatewayFrame = { t: "event", hub: "user", target, args };
    const settling = this.hooks.beforeRefresh(this.id);
    if (!settling) {
      this.broadcast(frame);
      return;
    }
    void settling.then(() => {
      if (!this.#over) this.broadcast(frame);
    });
  }

  #endByUpstream(redirect: string | undefined): void {
    if (this.#over) return;
    void this.end(redirect);
    this.hooks.onUpstreamEnded(this.id);
  }
}

/** One tab's invocation waiting for the upstream: answers the tab once, with a result frame. */
class TabInvocation implements InvocationWaiter {
  #settled = false;

  constructor(
    readonly tab: Tab,
    readonly id: string,
    readonly log: FastifyBaseLogger,
  ) {}

  resolve(result: unknown): void {
    if (this.#settle()) this.#send(serializeResultFrame(this.id, result));
  }

  reject(error: UpstreamInvocationError): void {
    if (!this.#settle()) return;
    if (error.failure === "method") {
      const message = error.message.slice(0, MAX_ERROR_MESSAGE_LENGTH);
      this.#send(failureText(this.id, "HubUpstreamMethodError", message, false));
    } else if (error.failure === "unavailable") {
      this.#send(failureText(this.id, "HubUpstreamUnavailable", "The upstream hub is not connected.", true));
    } else {
      this.#send(failureText(this.id, "HubUpstreamNoAnswer", "The upstream hub did not answer.", true));
    }
  }

  /** True the first time only: the tab then has one invocation fewer waiting. */
  #settle(): boolean {
    if (this.#settled) return false;
    this.#settled = true;
    this.tab.pending--;
    return true;
  }

  // Called from the upstream connection's frame handler: nothing may be thrown back into it.
  #send(text: string): void {
    try {
      this.tab.sendText(text);
    } catch (error) {
      this.log.error({ err: error }, "hub relay: invocation failed");
    }
  }
}

/** Answers an invocation with an error (a module function: the hot path creates no closure per call). */
function fail(tab: Tab, id: string, name: GatewayErrorCodeName, message: string, retryable: boolean): void {
  tab.sendText(failureText(id, name, message, retryable));
}

/** The result frame of a failed invocation. */
function failureText(id: string, name: GatewayErrorCodeName, message: string, retryable: boolean): string {
  return serializeGatewayFrame({
    t: "result",
    id,
    ok: false,
    error: { ErrorCode: GatewayErrorCode[name], Message: message, retryable },
  });
}
