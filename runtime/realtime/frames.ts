/**
 * The browser side of the hub relay protocol (server/gateway/hub-relay/README.md): frames from the
 * gateway are validated before anything acts on them; frames to the gateway are built here.
 */
import { isSafeRedirectTarget } from "../../core/navigation/safe-redirect.ts";

/** The hubs a tab may invoke. */
export type InvocableHub = "user" | "chat";
/** The hubs events come from: the two upstream hubs and the gateway's own events. */
export type EventHub = InvocableHub | "gateway";
/** What the gateway says of the upstream. */
export type UpstreamStatus = "connected" | "reconnecting" | "unreachable";

/** An invocation error: the gateway error body and whether sending it again is safe. */
export interface RelayError {
  readonly ErrorCode: number;
  readonly Message: string;
  readonly retryable: boolean;
}

/** Gateway → browser. */
export type GatewayFrame =
  | { t: "event"; hub: EventHub; target: string; args: unknown[] }
  | { t: "result"; id: string; ok: true; result: unknown }
  | { t: "result"; id: string; ok: false; error: RelayError }
  | { t: "ping" }
  | { t: "pong" }
  | { t: "status"; upstream: UpstreamStatus }
  | { t: "ended"; reason: "sessionEnded"; redirect?: string };

/** Browser → gateway: an invocation. */
export interface InvokeFrame {
  readonly t: "invoke";
  readonly id: string;
  readonly hub: InvocableHub;
  readonly target: string;
  readonly args: readonly unknown[];
}

const EVENT_HUBS: readonly string[] = ["user", "chat", "gateway"];
const STATUSES: readonly string[] = ["connected", "reconnecting", "unreachable"];

/** The serialized pong, the answer to every gateway ping. */
export const PONG_FRAME = '{"t":"pong"}';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function relayError(value: unknown): RelayError | null {
  if (!isRecord(value)) return null;
  const { ErrorCode, Message, retryable } = value;
  if (typeof ErrorCode !== "number" || typeof Message !== "string") return null;
  return { ErrorCode, Message, retryable: retryable === true };
}

/** Decodes a gateway frame; null for anything malformed or unknown (ignored by the client). */
export function parseGatewayFrame(text: unknown): GatewayFrame | null {
  if (typeof text !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  switch (value.t) {
    case "ping":
    case "pong":
      return { t: value.t };
    case "event": {
      const { hub, target, args } = value;
      if (typeof hub !== "string" || !EVENT_HUBS.includes(hub)) return null;
      if (typeof target !== "string" || target === "") return null;
      const list = args ?? [];
      if (!Array.isArray(list)) return null;
      return { t: "event", hub: hub as EventHub, target, args: list };
    }
    case "result": {
      if (typeof value.id !== "string" || typeof value.ok !== "boolean") return null;
      if (value.ok) return { t: "result", id: value.id, ok: true, result: value.result };
      const error = relayError(value.error);
      return error ? { t: "result", id: value.id, ok: false, error } : null;
    }
    case "status":
      if (typeof value.upstream !== "string" || !STATUSES.includes(value.upstream)) return null;
      return { t: "status", upstream: value.upstream as UpstreamStatus };
    case "ended": {
      if (value.reason !== "sessionEnded") return null;
      // Defence in depth: the gateway already filters the redirect; an unsafe one is dropped (§4.2 fallback).
      return isSafeRedirectTarget(value.redirect)
        ? { t: "ended", reason: "sessionEnded", redirect: value.redirect }
        : { t: "ended", reason: "sessionEnded" };
    }
    default:
      return null;
  }
}

/** Serializes an invocation for the socket. */
export function serializeInvokeFrame(frame: InvokeFrame): string {
  return JSON.stringify(frame);
}

/** Size of a text in UTF-8 bytes (what the gateway's frame limit counts). */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
