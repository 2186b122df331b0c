/**
 * The browser side of the hub relay protocol (server/gateway/hub-relay/README.md): frames from the
 * gateway are validated before anything acts on them; frames to the gateway are built here.
 */
import { isSafeRedirectTarget } from "../../core/navigation/safe-redirect.ts";
import { SCHEMA_DIGESTS } from "../../schemas/generated/schema-digests.ts";

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

/**
 * Browser → gateway, on every (re)connect: what the tab runs — its build, the configuration version
 * on display (null before any manifest), the screen renderer and dialog component kinds it
 * knows and its build's schema digest of each manifest kind — so the gateway can tell which tabs a
 * published version can reach (DESIGN.md §3).
 */
export interface ReportFrame {
  readonly t: "report";
  readonly build: string;
  readonly manifestVersion: number | null;
  readonly renderers: readonly string[];
  readonly dialogs: readonly string[];
  readonly schemas: Readonly<Record<string, string>>;
}

/** Browser → gateway: a published configuration version is on display (DESIGN.md §3 pushed live). */
export interface AppliedFrame {
  readonly t: "applied";
  readonly version: number;
}

/** Browser → gateway: a published version could not be applied; the tab keeps its last good manifest. */
export interface RejectedFrame {
  readonly t: "rejected";
  readonly version: number;
  readonly reason: string;
}

/** What a tab answers a published configuration with. */
export type ConfigOutcomeFrame = AppliedFrame | RejectedFrame;

/**
 * The gateway's bounds on the report and rejection frames (server/gateway/hub-relay/README.md): a
 * frame outside them is malformed, and the gateway closes the socket.
 */
export const TAB_FRAME_LIMITS = {
  buildChars: 64,
  kinds: 500,
  reasonChars: 200,
  /** A schema digest: exactly this many of 0-9a-f. */
  digestChars: 16,
} as const;

/** A kind the report may name: the gateway's character set and length. */
const REPORTED_KIND = /^[A-Za-z0-9_.:-]{1,100}$/;
/** A schema digest as the gateway takes it. */
const SCHEMA_DIGEST = new RegExp(`^[0-9a-f]{${TAB_FRAME_LIMITS.digestChars}}$`);
/**
 * The manifest kinds the gateway takes in `schemas`: this build's (the gateway of the same release has
 * the same generated list).
 */
const SCHEMA_KINDS: readonly string[] = Object.keys(SCHEMA_DIGESTS);
/** What the gateway refuses in a build id (printable ASCII only) and in a reason (control characters). */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7E]/g;
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** Kinds as the report carries them: sorted, each once, only names the gateway takes, at most its count. */
function reportedKinds(kinds: Iterable<string>): string[] {
  return [...new Set(kinds)]
    .filter((kind) => REPORTED_KIND.test(kind))
    .sort()
    .slice(0, TAB_FRAME_LIMITS.kinds);
}

/** Digests as the report carries them: only manifest kinds and digests the gateway takes, by kind. */
function reportedSchemas(schemas: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const kind of SCHEMA_KINDS) {
    const digest = Object.hasOwn(schemas, kind) ? schemas[kind] : undefined;
    if (typeof digest === "string" && SCHEMA_DIGEST.test(digest)) kept[kind] = digest;
  }
  return kept;
}

/** `text` cut to `length` UTF-16 units without leaving half a surrogate pair. */
function cut(text: string, length: number): string {
  const part = text.slice(0, length);
  const last = part.charCodeAt(part.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? part.slice(0, -1) : part;
}

/**
 * The report frame of a tab, within the gateway's bounds: a kind it would not take is left out (a
 * changed one would name a kind nobody has); the build id is kept to printable ASCII and its length.
 */
export function reportFrame(report: {
  build: string;
  manifestVersion: number | null;
  renderers: Iterable<string>;
  dialogs: Iterable<string>;
  /** Manifest kind → schema digest; this build's by default. */
  schemas?: Readonly<Record<string, string>>;
}): ReportFrame {
  const build = report.build.replace(NOT_PRINTABLE_ASCII, "").slice(0, TAB_FRAME_LIMITS.buildChars);
  return {
    t: "report",
    build: build || "unknown",
    manifestVersion: report.manifestVersion,
    renderers: reportedKinds(report.renderers),
    dialogs: reportedKinds(report.dialogs),
    schemas: reportedSchemas(report.schemas ?? SCHEMA_DIGESTS),
  };
}

/** A rejection with its reason as the gateway takes it: one line, not empty, cut to its length. */
export function rejectedFrame(version: number, reason: string): RejectedFrame {
  const line = reason.replace(CONTROL_CHARACTERS, " ").trim();
  return { t: "rejected", version, reason: cut(line || "not applied", TAB_FRAME_LIMITS.reasonChars) };
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
