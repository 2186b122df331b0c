/**
 * One browser tab's socket to the relay: what it may still send (a token bucket), when it was last
 * heard from (the browser leg's heartbeat), and sending with a bound on unread output.
 */
import type WebSocket from "ws";
import { encodeGatewayFrame, type GatewayFrame } from "./browser-frames.ts";
import type { TabRecord } from "./tab-reports.ts";
import { TEXT_FRAME, textFrameBytes } from "./text-frame.ts";

/** Default: a tab that leaves more than this unread is dropped rather than buffered without bound. */
export const MAX_TAB_BUFFERED_BYTES = 4 * 1024 * 1024;
/** A tab that sent nothing since this many pings is dropped. */
export const MAX_UNANSWERED_PINGS = 2;
/** Default invocations one tab may have waiting for the upstream. */
export const MAX_PENDING_INVOCATIONS_PER_TAB = 32;

/** WebSocket close codes the relay uses (RFC 6455 §7.4.1). */
export const CloseCode = {
  Normal: 1000,
  GoingAway: 1001,
  UnsupportedData: 1003,
  PolicyViolation: 1008,
  MessageTooBig: 1009,
  ServiceRestart: 1012,
} as const;

/** The clock of the rate limits (one function for every tab, not a closure each). */
const monotonicNow = () => performance.now();

/** Frames a bucket refilled at `perSecond` holds after `burstMs` of quiet: its capacity. */
export function burstCapacity(perSecond: number, burstMs: number): number {
  return (perSecond * burstMs) / 1000;
}

/**
 * A token bucket: refilled at `perSecond` tokens a second up to `capacity`, and starting with one
 * second's worth (`perSecond`), not full. So a tab may send `perSecond` frames a second; frames it
 * queued while the gateway stalled arrive together and are paid for by the time the stall lasted
 * (up to `capacity`, see DEFAULT_RATE_BURST_MS); and a flooding client gains nothing by reconnecting,
 * as a new socket gets one second's worth — the bucket fills only by being quiet.
 *
 * The per-frame path: one clock read, no allocation.
 */
export class RateLimiter {
  #tokens: number;
  #last: number;
  readonly #perMs: number;

  constructor(
    readonly perSecond: number,
    readonly capacity: number,
    readonly now: () => number = monotonicNow,
  ) {
    this.#perMs = perSecond / 1000;
    this.#tokens = Math.min(perSecond, capacity);
    this.#last = now();
  }

  /** Takes a token; false when the bucket is empty. */
  take(): boolean {
    const now = this.now();
    const tokens = Math.min(this.capacity, this.#tokens + (now - this.#last) * this.#perMs);
    this.#last = now;
    if (tokens < 1) {
      this.#tokens = tokens;
      return false;
    }
    this.#tokens = tokens - 1;
    return true;
  }
}

/** A browser tab connected to the relay. */
export class Tab {
  /** Heartbeat pings sent since the tab last sent anything. */
  unansweredPings = 0;
  /** Invocations sent upstream and not yet answered. */
  pending = 0;
  readonly limiter: RateLimiter;
  /** When the socket was accepted, in ms since the epoch. */
  readonly connectedAt = Date.now();
  /** What the tab reported (tab-reports.ts); null until it sends a report, applied or rejected frame. */
  record: TabRecord | null = null;

  constructor(
    readonly socket: WebSocket,
    maxMessagesPerSecond: number,
    rateBurstMs: number,
    readonly maxBufferedBytes: number = MAX_TAB_BUFFERED_BYTES,
  ) {
    this.limiter = new RateLimiter(maxMessagesPerSecond, burstCapacity(maxMessagesPerSecond, rateBurstMs));
  }

  /** Whether the socket can still be written to. */
  get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  /** Sends a frame. */
  send(frame: GatewayFrame): void {
    this.sendBytes(encodeGatewayFrame(frame));
  }

  /** Sends a serialized frame. */
  sendText(text: string): void {
    this.sendBytes(textFrameBytes(text));
  }

  /** Sends a serialized frame as UTF-8 bytes (fan-out encodes once for every tab; never changed after). */
  sendBytes(bytes: Buffer): void {
    if (!this.open) return;
    if (this.socket.bufferedAmount > this.maxBufferedBytes) {
      this.socket.terminate();
      return;
    }
    this.socket.send(bytes, TEXT_FRAME);
  }

  /** Closes the socket with a code and a short reason. */
  close(code: number, reason: string): void {
    if (this.open) this.socket.close(code, reason);
  }
}
