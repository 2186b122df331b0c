/**
 * What an upstream hub connection (upstream-hub-connection.ts) is given — its options and default
 * time limits — and how it and its invocations end: what the link and the session act on.
 */
import type { Dispatcher } from "undici";
import type { HeartbeatWheel } from "./heartbeat-wheel.ts";

/** The hub handshake (`{}` after the protocol request) must complete within this. */
export const UPSTREAM_HANDSHAKE_TIMEOUT_MS = 15_000;
/** An invocation without a Completion within this is answered "no answer". */
export const UPSTREAM_INVOCATION_TIMEOUT_MS = 30_000;

/** How a connection ended: the upstream ended the session (Close without allowReconnect), dropped, or stopped by us. */
export type UpstreamCloseOutcome =
  | { kind: "ended"; reason: string }
  | { kind: "dropped"; reason: string }
  | { kind: "stopped" };

/** Why an invocation failed: not sent, sent without an answer, or answered with an error. */
export type InvocationFailure = "unavailable" | "noAnswer" | "method";

/** A failed invocation; for "method", `message` is the upstream's error text, meant for clients. */
export class UpstreamInvocationError extends Error {
  override readonly name = "UpstreamInvocationError";
  constructor(
    readonly failure: InvocationFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Who waits for one invocation's Completion: exactly one of the two is called, once, synchronously
 * from the frame that settles it (no promise per relayed invocation).
 */
export interface InvocationWaiter {
  resolve(result: unknown): void;
  reject(error: UpstreamInvocationError): void;
}

/** What a connection needs. */
export interface UpstreamConnectOptions {
  /** The hub's HTTP(S) URL, e.g. `http://127.0.0.1:5000/hubs/user`. */
  readonly hubUrl: string;
  readonly bearerToken: string;
  /** A Ping is sent after this long without sending anything. */
  readonly keepAliveMs: number;
  /** The connection counts as dropped after this long without receiving anything. */
  readonly serverTimeoutMs: number;
  /** The handshake must complete within this (default UPSTREAM_HANDSHAKE_TIMEOUT_MS). */
  readonly handshakeTimeoutMs?: number;
  /** An invocation without an answer within this fails with "noAnswer" (default UPSTREAM_INVOCATION_TIMEOUT_MS). */
  readonly invocationTimeoutMs?: number;
  /** The shared timer of keep-alives, server timeouts and invocation timeouts. */
  readonly wheel: HeartbeatWheel;
  /** The pool negotiate requests go through (default: undici's global dispatcher). */
  readonly dispatcher?: Dispatcher;
  /** Cancels the attempt (and closes the connection once open). */
  readonly signal: AbortSignal;
  /** Receives every invocation the upstream sends. */
  readonly onEvent: (target: string, args: unknown[]) => void;
  /**
   * Called synchronously when a handshaken connection ends, before its pending invocations are
   * rejected, so the tabs hear of the drop before they hear of the failed invocations.
   */
  readonly onClose?: (outcome: UpstreamCloseOutcome) => void;
}
