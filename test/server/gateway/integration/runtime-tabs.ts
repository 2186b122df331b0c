/**
 * Browser tabs of the product as node clients, for the suites that drive the runtime's own realtime
 * code over real sockets: the runtime's hub client (its outbox, reconnects and reports) on `ws` with
 * the cookies and Origin a tab sends on the upgrade, the runtime's apiRequest with the session cookie
 * and the CSRF header, and the idle checks of the member chat and the support console (every line
 * acknowledged, nothing pending) that the chat suites wait for.
 */
import { setTimeout as delay } from "node:timers/promises";
import WebSocket from "ws";
import type { MemberChat } from "../../../../runtime/chat/chat-store.ts";
import { apiRequest } from "../../../../runtime/http/api-client.ts";
import {
  createHubClient,
  type HubClient,
  type HubClientStatus,
  type HubSocketConstructor,
} from "../../../../runtime/realtime/hub-client.ts";
import { pendingReplies } from "../../../../runtime/screens/admin/support-console/console-state.ts";
import type { SupportConsole } from "../../../../runtime/screens/admin/support-console/console-store.ts";
import type { BrowserClient } from "./browser-client.ts";
import { PUBLIC_ORIGIN } from "./integration-fixture.ts";

/** What a browser's call was answered with (the raw REST side of what the runtime saw). */
export interface Answered {
  method: string;
  path: string;
  status: number;
}

/** A signed-in browser tab: its cookie jar, the runtime's request function and hub client. */
export interface Tab {
  client: BrowserClient;
  request: typeof apiRequest;
  answered: Answered[];
  hub: HubClient;
  /** How often the hub client left "connected" (a drop seen). */
  drops: () => number;
  /** Closes the hub client and stops watching it. */
  close: () => void;
}

/** Where a tab's sockets and calls go, and what it tells the test of its frames. */
export interface TabOptions {
  /** The gateway's origin for REST calls (`http://…`), read at each call. */
  baseUrl: () => string;
  /**
   * The hub URL (`ws://…/gw/hub`) of the tab's `connection`-th socket (0 first, then each reconnect),
   * so a reconnect may go elsewhere.
   */
  hubUrl: (connection: number) => string;
  /** Told of every frame the hub client puts on the wire. */
  onSend?: (data: string) => void;
}

/** `ws` as the runtime's WebSocket, sending what a browser tab of the product sends on the upgrade. */
function tabSocket(client: BrowserClient, options: TabOptions): HubSocketConstructor {
  let connections = 0;
  return class extends WebSocket {
    constructor() {
      super(options.hubUrl(connections++), {
        headers: { origin: PUBLIC_ORIGIN, cookie: client.cookieHeader() },
      });
      const send = this.send.bind(this);
      this.send = ((data: string) => {
        options.onSend?.(data);
        send(data);
      }) as typeof this.send;
    }
  } as unknown as HubSocketConstructor;
}

/**
 * The runtime's apiRequest against the gateway, as the page makes it: the session cookie, the
 * product's Origin and, on state-changing calls, the CSRF header from the cookie. Every answer's
 * status is kept.
 */
function pageRequest(client: BrowserClient, baseUrl: () => string, answered: Answered[]): typeof apiRequest {
  const fetchImpl = (async (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("cookie", client.cookieHeader());
    headers.set("origin", PUBLIC_ORIGIN);
    const response = await fetch(`${baseUrl()}${input}`, { ...init, headers });
    answered.push({ method: init.method ?? "GET", path: input, status: response.status });
    return response;
  }) as typeof fetch;
  return ((path: string, options: Parameters<typeof apiRequest>[1] = {}) => {
    const csrf = client.jar.get("tessera_csrf");
    const headers = {
      ...options.headers,
      ...(options.method && options.method !== "GET" && csrf ? { "X-Tessera-CSRF": csrf } : {}),
    };
    return apiRequest(path, { ...options, headers }, fetchImpl);
  }) as typeof apiRequest;
}

/** Opens a tab of the signed-in `client`: its hub client connects at once. */
export function openRuntimeTab(
  client: BrowserClient,
  options: TabOptions & { reconnect?: { initialMs: number; maxMs: number } },
): Tab {
  const answered: Answered[] = [];
  const hub = createHubClient({
    // What the hub client is told; the sockets themselves connect to hubUrl(n).
    url: options.hubUrl(0),
    WebSocketImpl: tabSocket(client, options),
    ...(options.reconnect ? { reconnect: options.reconnect } : {}),
  });
  let drops = 0;
  let previous: HubClientStatus = hub.status.get();
  const unwatch = hub.status.subscribe((status) => {
    if (previous === "connected" && status !== "connected") drops += 1;
    previous = status;
  });
  return {
    client,
    request: pageRequest(client, options.baseUrl, answered),
    answered,
    hub,
    drops: () => drops,
    close: () => {
      unwatch();
      hub.close();
    },
  };
}

/** Waits until `check` holds (it may throw to fail at once), re-checking every 20 ms; gives up after `limitMs`. */
export async function until(what: string, check: () => boolean, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await delay(20);
  }
}

/** The member's chat lines that are messages, as UIDs. */
export const memberChatUids = (chat: MemberChat) =>
  chat.store.get().entries.flatMap((entry) => (entry.kind === "message" ? [entry.uid] : []));

/** The agent's conversation with a session, as UIDs. */
export const consoleUids = (desk: SupportConsole, sessionId: number) =>
  (desk.store.get().conversations[sessionId]?.messages ?? []).map((line) => line.uid);

/** Every line the member sent is stored (or throws at once naming the refused one). */
export function memberChatIdle(who: string, hub: HubClient, chat: MemberChat): boolean {
  const state = chat.store.get();
  for (const entry of state.entries)
    if (entry.kind === "message" && entry.failed) throw new Error(`${who}: ${entry.text} was refused`);
  return (
    hub.status.get() === "connected" &&
    state.status === "ready" &&
    state.active &&
    state.entries.every((entry) => entry.kind !== "message" || entry.acknowledged)
  );
}

/** Every reply the agent sent is stored and every conversation loaded (or throws naming a refused reply). */
export function consoleIdle(who: string, hub: HubClient, desk: SupportConsole): boolean {
  const state = desk.store.get();
  for (const conversation of Object.values(state.conversations))
    for (const line of conversation.messages)
      if (line.failed) throw new Error(`${who}: reply ${line.text} was refused`);
  return (
    hub.status.get() === "connected" &&
    state.queueStatus === "ready" &&
    !state.stale &&
    Object.values(state.conversations).every(
      (conversation) => conversation.status === "ready" && pendingReplies(conversation).length === 0,
    )
  );
}
