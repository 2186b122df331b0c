/**
 * The tab's WebSocket to the gateway, kept open: reconnects with capped, jittered backoff
 * (DESIGN.md §4) and treats two heartbeat intervals without any frame as a dead socket (browsers
 * can take minutes to notice one). The hub client on top decides what the frames mean.
 */
import { type BackoffPolicy, backoffDelayMs } from "./backoff.ts";

/** The part of the WebSocket API used (the browser's, or `ws` in Node tests). */
export interface HubSocket {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** A WebSocket constructor. */
export type HubSocketConstructor = new (url: string) => HubSocket;

/** The socket URL for a path on the page's origin (`/gw/hub` → `wss://host/gw/hub`). */
export function hubUrlFor(path: string, pageUrl: string): string {
  const url = new URL(path, pageUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

/** Close code the client uses for a socket it gave up on (application range, RFC 6455 §7.4.2). */
export const HEARTBEAT_TIMEOUT_CLOSE_CODE = 4000;

/** What the socket needs and whom it tells. */
export interface ReconnectingSocketOptions {
  readonly url: string;
  readonly Socket: HubSocketConstructor;
  /** The gateway's heartbeat interval. */
  readonly heartbeatMs: number;
  readonly policy: BackoffPolicy;
  readonly random: () => number;
  readonly onOpen: () => void;
  readonly onMessage: (data: unknown) => void;
  /** The socket is gone; `wasOpen` tells a drop from a failed attempt. A new attempt is scheduled after. */
  readonly onLost: (wasOpen: boolean) => void;
}

type Timer = ReturnType<typeof setTimeout>;

/** A WebSocket that reopens itself until stopped. */
export class ReconnectingSocket {
  #socket: HubSocket | undefined;
  #open = false;
  #attempt = 0;
  #stopped = false;
  #watchdog: Timer | undefined;
  #reconnect: Timer | undefined;

  /** Opens the first socket at once. */
  constructor(private readonly options: ReconnectingSocketOptions) {
    this.#connect();
  }

  /** Whether a socket is open now. */
  get open(): boolean {
    return this.#open;
  }

  /** Sends on the open socket; false when there is none. */
  send(text: string): boolean {
    if (!this.#open || !this.#socket) return false;
    this.#socket.send(text);
    return true;
  }

  /** Closes the socket (1000) and stops reconnecting, for good. */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    const socket = this.#socket;
    this.#detach();
    socket?.close(1000);
    clearTimeout(this.#reconnect);
  }

  #connect(): void {
    const socket = new this.options.Socket(this.options.url);
    this.#socket = socket;
    this.#open = false;
    socket.onopen = () => {
      if (socket !== this.#socket) return;
      this.#open = true;
      this.#attempt = 0;
      this.#armWatchdog();
      this.options.onOpen();
    };
    socket.onmessage = (event) => {
      if (socket !== this.#socket) return;
      this.#armWatchdog();
      this.options.onMessage(event.data);
    };
    socket.onclose = () => {
      if (socket === this.#socket) this.#lost();
    };
    socket.onerror = () => undefined; // 'close' follows
  }

  #armWatchdog(): void {
    clearTimeout(this.#watchdog);
    this.#watchdog = setTimeout(() => {
      const socket = this.#socket;
      this.#lost();
      socket?.close(HEARTBEAT_TIMEOUT_CLOSE_CODE, "heartbeat timeout");
    }, 2 * this.options.heartbeatMs);
  }

  #lost(): void {
    const wasOpen = this.#open;
    this.#detach();
    this.options.onLost(wasOpen);
    if (this.#stopped) return;
    const delayMs = backoffDelayMs(this.#attempt++, this.options.policy, this.options.random);
    this.#reconnect = setTimeout(() => {
      this.#reconnect = undefined;
      if (!this.#stopped) this.#connect();
    }, delayMs);
  }

  #detach(): void {
    const socket = this.#socket;
    if (socket) socket.onopen = socket.onmessage = socket.onclose = null;
    this.#socket = undefined;
    this.#open = false;
    clearTimeout(this.#watchdog);
    this.#watchdog = undefined;
  }
}
