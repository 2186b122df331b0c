/**
 * Pure codec for SignalR's JSON hub protocol, the subset of DESIGN.md §4 ("Upstream hub protocol"):
 * record-separated JSON messages, the handshake, and message types 1 Invocation, 3 Completion,
 * 6 Ping and 7 Close. Types 4 StreamInvocation and 5 CancelInvocation are decoded too, only so the
 * server can answer them politely; every other type is rejected. No I/O happens here.
 */
import {
  type CompletionMessage,
  type HubMessage,
  HubMessageType,
  HubProtocolError,
  type HubProtocolErrorCode,
  RECORD_SEPARATOR,
  type ServerHubMessage,
  SUPPORTED_PROTOCOL,
} from "./hub-messages.ts";

export * from "./hub-messages.ts";

/**
 * Splits incoming text frames into records. With WebSockets every frame should hold whole messages,
 * but a record split across frames is reassembled rather than rejected, as the reference server does;
 * the unfinished tail counts against the size limit so it cannot grow without bound.
 */
export class HubRecordReader {
  #partial = "";

  /** @param maxMessageBytes the largest accepted message, in UTF-8 bytes, separator excluded. */
  constructor(readonly maxMessageBytes: number) {}

  /** Whether an unterminated record is waiting for the rest of its text. */
  get hasPartialRecord(): boolean {
    return this.#partial.length > 0;
  }

  /** Appends one frame and returns the records it completes, in order. */
  read(frame: string): string[] {
    const parts = (this.#partial + frame).split(RECORD_SEPARATOR);
    const tail = parts.pop() ?? "";
    for (const record of parts) this.#checkSize(record);
    this.#checkSize(tail);
    this.#partial = tail;
    return parts;
  }

  #checkSize(record: string): void {
    // A UTF-16 code unit encodes to at most 3 UTF-8 bytes: short records skip the byte count.
    if (record.length * 3 <= this.maxMessageBytes) return;
    if (Buffer.byteLength(record, "utf8") > this.maxMessageBytes) {
      throw new HubProtocolError(
        "MessageTooLarge",
        `Message exceeds the maximum size of ${this.maxMessageBytes} bytes.`,
      );
    }
  }
}

/** Decodes one record (without its separator) into a message, validating its shape. */
export function parseHubMessage(record: string): HubMessage {
  const body = parseJsonObject(record, "MalformedJson");
  // Unknown properties (headers included) are ignored, as the reference server does.
  switch (body.type) {
    case HubMessageType.Invocation:
      return {
        type: 1,
        ...optional("invocationId", readString(body, "invocationId", false)),
        target: readTarget(body),
        arguments: readArguments(body),
        ...optional("streamIds", readStreamIds(body)),
      };
    case HubMessageType.Completion:
      return readCompletion(body);
    case HubMessageType.StreamInvocation:
      return {
        type: 4,
        invocationId: readString(body, "invocationId", true),
        target: readTarget(body),
        arguments: readArguments(body),
      };
    case HubMessageType.CancelInvocation:
      return { type: 5, invocationId: readString(body, "invocationId", true) };
    case HubMessageType.Ping:
      return { type: 6 };
    case HubMessageType.Close:
      return {
        type: 7,
        ...optional("error", readString(body, "error", false)),
        ...optional("allowReconnect", readBoolean(body, "allowReconnect")),
      };
    default:
      if (typeof body.type !== "number") throw invalid("'type' must be a number.");
      throw new HubProtocolError("UnsupportedMessageType", "Unsupported message type.");
  }
}

/** Decodes every record of a payload; the payload must end with a separator. */
export function parseHubMessages(payload: string, maxMessageBytes: number): HubMessage[] {
  const reader = new HubRecordReader(maxMessageBytes);
  const records = reader.read(payload);
  if (reader.hasPartialRecord) throw invalid("Message is missing its record separator.");
  return records.map(parseHubMessage);
}

/** Encodes a message with its separator. JSON escapes control characters, so 0x1E never appears inside. */
export function serializeHubMessage(message: ServerHubMessage): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/** A handshake decoded from the client's first record. */
export interface HandshakeRequest {
  readonly protocol: string;
  readonly version: number;
}

/** Decodes the handshake request; a record that is not one is an `InvalidHandshake` error. */
export function parseHandshakeRequest(record: string): HandshakeRequest {
  const body = parseJsonObject(record, "InvalidHandshake");
  if (typeof body.protocol !== "string" || !Number.isInteger(body.version)) {
    throw new HubProtocolError("InvalidHandshake", "Handshake request must carry 'protocol' and 'version'.");
  }
  return { protocol: body.protocol, version: body.version as number };
}

/** The error to answer a well-formed handshake with, or undefined when it is accepted. */
export function handshakeRejection(request: HandshakeRequest): string | undefined {
  if (request.protocol !== SUPPORTED_PROTOCOL.name) return "Requested protocol is not supported.";
  if (request.version !== SUPPORTED_PROTOCOL.version) return "Requested protocol version is not supported.";
  return undefined;
}

/** Encodes the handshake response: `{}` on success, `{"error": …}` otherwise. */
export function serializeHandshakeResponse(error?: string): string {
  return JSON.stringify(error === undefined ? {} : { error }) + RECORD_SEPARATOR;
}

type JsonObject = Record<string, unknown>;

function parseJsonObject(record: string, code: HubProtocolErrorCode): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new HubProtocolError(code, "Message is not valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new HubProtocolError(code, "Message must be a JSON object.");
  }
  return value as JsonObject;
}

function readCompletion(body: JsonObject): CompletionMessage {
  const invocationId = readString(body, "invocationId", true);
  const error = readString(body, "error", false);
  if (error !== undefined && "result" in body) throw invalid("Completion carries both 'result' and 'error'.");
  if (error !== undefined) return { type: 3, invocationId, error };
  return "result" in body ? { type: 3, invocationId, result: body.result } : { type: 3, invocationId };
}

function readTarget(body: JsonObject): string {
  const target = readString(body, "target", true);
  if (target.length === 0) throw invalid("'target' must not be empty.");
  return target;
}

function readArguments(body: JsonObject): unknown[] {
  if (!Array.isArray(body.arguments)) throw invalid("'arguments' must be an array.");
  return body.arguments;
}

function readStreamIds(body: JsonObject): string[] | undefined {
  const ids = body.streamIds;
  if (ids === undefined) return undefined;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string")) {
    throw invalid("'streamIds' must be an array of strings.");
  }
  return ids;
}

function readString(body: JsonObject, name: string, required: true): string;
function readString(body: JsonObject, name: string, required: false): string | undefined;
function readString(body: JsonObject, name: string, required: boolean): string | undefined {
  const value = body[name];
  if (value === undefined && !required) return undefined;
  if (typeof value !== "string") throw invalid(`'${name}' must be a string.`);
  return value;
}

function readBoolean(body: JsonObject, name: string): boolean | undefined {
  const value = body[name];
  if (value !== undefined && typeof value !== "boolean") throw invalid(`'${name}' must be a boolean.`);
  return value as boolean | undefined;
}

function optional<K extends string, V>(name: K, value: V | undefined): { [key in K]?: V } {
  return (value === undefined ? {} : { [name]: value }) as { [key in K]?: V };
}

function invalid(message: string): HubProtocolError {
  return new HubProtocolError("InvalidMessage", message);
}
