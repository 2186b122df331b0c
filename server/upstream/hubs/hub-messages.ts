/**
 * Message shapes of SignalR's JSON hub protocol as this server speaks it (DESIGN.md §4, "Upstream hub
 * protocol"), and the error raised for a payload that breaks it. Decoding lives in hub-protocol.ts.
 */

/** The ASCII record separator (0x1E) that terminates every message, the handshake included. */
export const RECORD_SEPARATOR = "\u001e";

/** The only hub protocol this server speaks, and its only version. */
export const SUPPORTED_PROTOCOL = { name: "json", version: 1 } as const;

/** Numeric message types of the hub protocol that this codec knows. */
export const HubMessageType = {
  Invocation: 1,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

/** A request to run `target` with `arguments`; without `invocationId` no answer is expected. */
export interface InvocationMessage {
  readonly type: 1;
  readonly invocationId?: string;
  readonly target: string;
  readonly arguments: readonly unknown[];
  readonly streamIds?: readonly string[];
}

/** The end of an invocation: a result (absent for void methods) or an error, never both. */
export interface CompletionMessage {
  readonly type: 3;
  readonly invocationId: string;
  readonly result?: unknown;
  readonly error?: string;
}

/** A request for a streamed result (not supported by this server, answered with an error). */
export interface StreamInvocationMessage {
  readonly type: 4;
  readonly invocationId: string;
  readonly target: string;
  readonly arguments: readonly unknown[];
}

/** A request to cancel an invocation in progress. */
export interface CancelInvocationMessage {
  readonly type: 5;
  readonly invocationId: string;
}

/** A keep-alive message without payload. */
export interface PingMessage {
  readonly type: 6;
}

/** The end of the connection, with an optional error and a hint whether the client may reconnect. */
export interface CloseMessage {
  readonly type: 7;
  readonly error?: string;
  readonly allowReconnect?: boolean;
}

/** Every message this codec decodes. */
export type HubMessage =
  | InvocationMessage
  | CompletionMessage
  | StreamInvocationMessage
  | CancelInvocationMessage
  | PingMessage
  | CloseMessage;

/** Messages the server sends: invocations without id (it never awaits client results), completions, pings, closes. */
export type ServerHubMessage =
  | Omit<InvocationMessage, "invocationId" | "streamIds">
  | CompletionMessage
  | PingMessage
  | CloseMessage;

/** Why a payload was rejected. */
export type HubProtocolErrorCode =
  | "MessageTooLarge"
  | "MalformedJson"
  | "InvalidMessage"
  | "UnsupportedMessageType"
  | "InvalidHandshake";

/** A payload that breaks the protocol; its message is safe to send to the peer (it never echoes input). */
export class HubProtocolError extends Error {
  override readonly name = "HubProtocolError";
  constructor(
    readonly code: HubProtocolErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** WebSocket close codes the hub uses (RFC 6455 §7.4.1). */
export const CloseCode = {
  Normal: 1000,
  GoingAway: 1001,
  ProtocolError: 1002,
  UnsupportedData: 1003,
  PolicyViolation: 1008,
  MessageTooBig: 1009,
  InternalError: 1011,
} as const;
