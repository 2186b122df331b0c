/**
 * The client side of SignalR's JSON hub protocol, the subset of DESIGN.md §4 ("Upstream hub protocol"):
 * record-separated JSON, the handshake, and messages 1 Invocation, 3 Completion, 6 Ping and 7 Close.
 * The gateway keeps its own codec because it meets the upstream only over the network (it never
 * imports server/upstream). Pure: no I/O.
 */

/** Ends every message of the JSON hub protocol. */
export const RECORD_SEPARATOR = "\u001e";

/** The handshake request the client sends first. */
export const HANDSHAKE_REQUEST = `{"protocol":"json","version":1}${RECORD_SEPARATOR}`;

/** A Ping message, ready to send. */
export const PING_MESSAGE = `{"type":6}${RECORD_SEPARATOR}`;

/** What the upstream may send once the handshake is done. */
export type UpstreamHubMessage =
  | { type: 1; target: string; arguments: unknown[]; invocationId?: string }
  | { type: 3; invocationId: string; result?: unknown; error?: string }
  | { type: 6 }
  | { type: 7; error?: string; allowReconnect: boolean }
  /** A type the client does not use (stream items, acks, sequence): ignored, as the official client does. */
  | { type: "ignored" };

/** The upstream broke the protocol; the connection is dropped and re-established. */
export class HubProtocolViolation extends Error {
  override readonly name = "HubProtocolViolation";
}

/**
 * Splits incoming text frames into records. A record split across frames is reassembled; its
 * unfinished tail counts against the size limit so a peer cannot make it grow without bound.
 */
export class RecordReader {
  #partial = "";

  /** @param maxMessageBytes the largest accepted message in UTF-8 bytes, separator excluded. */
  constructor(readonly maxMessageBytes: number) {}

  /** Appends one frame and returns the records it completes, in order. */
  read(frame: string): string[] {
    // The usual frame: one whole record and nothing pending.
    const separator = frame.indexOf(RECORD_SEPARATOR);
    if (this.#partial === "" && separator >= 0 && separator === frame.length - 1) {
      const record = frame.slice(0, separator);
      this.#checkSize(record);
      return [record];
    }
    const parts = (this.#partial + frame).split(RECORD_SEPARATOR);
    this.#partial = parts.pop() ?? "";
    for (const record of [...parts, this.#partial]) this.#checkSize(record);
    return parts;
  }

  #checkSize(record: string): void {
    // A UTF-16 code unit is at most 3 UTF-8 bytes: short records skip the byte count.
    if (record.length * 3 <= this.maxMessageBytes) return;
    if (Buffer.byteLength(record, "utf8") > this.maxMessageBytes) {
      throw new HubProtocolViolation(`upstream message larger than ${this.maxMessageBytes} bytes`);
    }
  }
}

function parseObject(record: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new HubProtocolViolation("upstream message is not JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new HubProtocolViolation("upstream message is not a JSON object");
  }
  return value as Record<string, unknown>;
}

function optionalStringOf(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new HubProtocolViolation(`'${name}' must be a string`);
  return value;
}

/** Reads the handshake response: `{}` accepts, `{"error": …}` refuses (returned as the error text). */
export function parseHandshakeResponse(record: string): { error?: string } {
  const body = parseObject(record);
  if (body.error === undefined || body.error === null) return {};
  return { error: typeof body.error === "string" ? body.error : "handshake refused" };
}

/** Decodes one record (separator removed) received after the handshake. */
export function parseUpstreamMessage(record: string): UpstreamHubMessage {
  const body = parseObject(record);
  const { type } = body;
  switch (type) {
    case 1: {
      const target = optionalStringOf(body, "target");
      if (!target) throw new HubProtocolViolation("an invocation needs a target");
      const args = body.arguments ?? [];
      if (!Array.isArray(args)) throw new HubProtocolViolation("'arguments' must be an array");
      const invocationId = optionalStringOf(body, "invocationId");
      return invocationId === undefined
        ? { type: 1, target, arguments: args }
        : { type: 1, target, arguments: args, invocationId };
    }
    case 3: {
      const invocationId = optionalStringOf(body, "invocationId");
      if (!invocationId) throw new HubProtocolViolation("a completion needs an invocationId");
      const error = optionalStringOf(body, "error");
      return error === undefined
        ? { type: 3, invocationId, result: body.result }
        : { type: 3, invocationId, error };
    }
    case 6:
      return { type: 6 };
    case 7: {
      const error = optionalStringOf(body, "error");
      const allowReconnect = body.allowReconnect === true;
      return error === undefined ? { type: 7, allowReconnect } : { type: 7, error, allowReconnect };
    }
    default:
      if (typeof type !== "number") throw new HubProtocolViolation("'type' must be a number");
      return { type: "ignored" };
  }
}

/** Serializes an Invocation the client sends (a result is expected when `invocationId` is set). */
export function serializeInvocation(invocationId: string, target: string, args: readonly unknown[]): string {
  // The same text as JSON.stringify({ type: 1, invocationId, target, arguments: args }): each value goes
  // through JSON.stringify, the wrapper is written out (every relayed invocation passes here).
  const id = JSON.stringify(invocationId);
  return `{"type":1,"invocationId":${id},"target":${JSON.stringify(target)},"arguments":${JSON.stringify(args)}}${RECORD_SEPARATOR}`;
}

/** Serializes the Completion that answers a server invocation expecting a client result. */
export function serializeCompletionError(invocationId: string, error: string): string {
  return `${JSON.stringify({ type: 3, invocationId, error })}${RECORD_SEPARATOR}`;
}
