/**
 * The frames of the browser ↔ gateway hub protocol (server/gateway/hub-relay/README.md): JSON text
 * frames, validated on the way in, serialized on the way out. Pure: no I/O.
 */
import { isSafeRedirectTarget, MAX_REDIRECT_TARGET_LENGTH } from "../../../core/navigation/safe-redirect.ts";
import { MANIFEST_KIND_NAMES } from "../../../schemas/config-api.ts";
import type { RelayHub } from "./options.ts";
import { textFrameBytes } from "./text-frame.ts";

/** What the gateway tells tabs about the upstream. */
export type UpstreamStatus = "connected" | "reconnecting" | "unreachable";

/** An invocation error as a tab sees it: the gateway error body plus whether a resend is safe. */
export interface RelayError {
  readonly ErrorCode: number;
  readonly Message: string;
  /** True when the invocation may be sent again later (it was not delivered, or its outcome is unknown). */
  readonly retryable: boolean;
}

/** Gateway → browser. */
export type GatewayFrame =
  | { t: "event"; hub: RelayHub | "gateway"; target: string; args: readonly unknown[] }
  | { t: "result"; id: string; ok: true; result?: unknown }
  | { t: "result"; id: string; ok: false; error: RelayError }
  | { t: "ping" }
  | { t: "pong" }
  | { t: "status"; upstream: UpstreamStatus }
  | { t: "ended"; reason: "sessionEnded"; redirect?: string };

/** Browser → gateway. */
export type BrowserFrame =
  | { t: "invoke"; id: string; hub: RelayHub; target: string; args: unknown[] }
  | ReportFrame
  | { t: "applied"; version: number }
  | { t: "rejected"; version: number; reason: string }
  | { t: "ping" }
  | { t: "pong" };

/**
 * What a tab runs, sent on every (re)connect: its build, the configuration version of the manifest it
 * runs (null before it has one), the renderer kinds and dialogs it has, and its build's schema digest
 * of each manifest kind (schemas/generated/schema-digests.ts; absent from builds older than it).
 */
export interface ReportFrame {
  readonly t: "report";
  readonly build: string;
  readonly manifestVersion: number | null;
  readonly renderers: readonly string[];
  readonly dialogs: readonly string[];
  readonly schemas?: SchemaDigests;
}

/** Manifest kind → the digest of its schema, as a build has them. */
export type SchemaDigests = Readonly<Partial<Record<(typeof MANIFEST_KIND_NAMES)[number], string>>>;

/** Most renderer kinds, and most dialogs, one report may name. */
export const MAX_REPORTED_NAMES = 500;
/** Longest reason of a rejected manifest version, in UTF-16 code units. */
export const MAX_REJECTION_REASON_LENGTH = 200;

/** Invocation ids: short tokens chosen by the tab, echoed in the result. */
const INVOCATION_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Hub method names: identifiers, as SignalR hubs name their methods. */
const METHOD_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/;
/** A build identifier: 1–64 printable ASCII characters. */
const BUILD_ID = /^[\x20-\x7E]{1,64}$/;
/** A renderer kind or dialog name a tab reports (never a comma: tab-reports.ts keys lists by names joined with one). */
const REPORTED_NAME = /^[A-Za-z0-9_.:-]{1,100}$/;
/** A schema digest: the first 16 hex characters of a SHA-256 (scripts/generate.ts). */
const SCHEMA_DIGEST = /^[0-9a-f]{16}$/;
/** The kinds a report's `schemas` may name. */
const SCHEMA_KINDS: readonly string[] = MANIFEST_KIND_NAMES;
/** C0, DEL and C1: what a rejection reason may not hold. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** The keys each strictly checked frame has, all required: any other key makes it malformed. */
const REPORT_KEYS = ["t", "build", "manifestVersion", "renderers", "dialogs"];
/** A report with the schema digests (a build older than them sends REPORT_KEYS only). */
const REPORT_WITH_SCHEMAS_KEYS = [...REPORT_KEYS, "schemas"];
const APPLIED_KEYS = ["t", "version"];
const REJECTED_KEYS = ["t", "version", "reason"];

/** Serializes a frame for the socket. */
export function serializeGatewayFrame(frame: GatewayFrame): string {
  return JSON.stringify(frame);
}

/** A frame as sent: its UTF-8 bytes (encoded once when it goes to several tabs). */
export function encodeGatewayFrame(frame: GatewayFrame): Buffer {
  return textFrameBytes(serializeGatewayFrame(frame));
}

/** The ping and pong as sent, often enough to be worth building once. */
export const PING_FRAME_BYTES = encodeGatewayFrame({ t: "ping" });
export const PONG_FRAME_BYTES = encodeGatewayFrame({ t: "pong" });

/**
 * Serializes a successful result frame: the same text as `serializeGatewayFrame({ t: "result", id, ok:
 * true, result })` (no `result` key when it is undefined), with the wrapper written out — every answered
 * invocation passes here.
 */
export function serializeResultFrame(id: string, result: unknown): string {
  const value = JSON.stringify(result);
  const head = `{"t":"result","id":${JSON.stringify(id)},"ok":true`;
  return value === undefined ? `${head}}` : `${head},"result":${value}}`;
}

/** Decodes a browser frame; null for anything malformed (the socket is then closed with 1008). */
export function parseBrowserFrame(text: string): BrowserFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const frame = value as Record<string, unknown>;
  switch (frame.t) {
    case "ping":
      return { t: "ping" };
    case "pong":
      return { t: "pong" };
    case "invoke": {
      const { id, hub, target } = frame;
      const args = frame.args ?? [];
      if (typeof id !== "string" || !INVOCATION_ID.test(id)) return null;
      if (hub !== "user" && hub !== "chat") return null;
      if (typeof target !== "string" || !METHOD_NAME.test(target)) return null;
      if (!Array.isArray(args)) return null;
      return { t: "invoke", id, hub, target, args };
    }
    case "report":
      return parseReport(frame);
    case "applied":
      if (!hasExactly(frame, APPLIED_KEYS) || !isVersion(frame.version)) return null;
      return { t: "applied", version: frame.version };
    case "rejected": {
      const { version, reason } = frame;
      if (!hasExactly(frame, REJECTED_KEYS) || !isVersion(version)) return null;
      if (typeof reason !== "string" || reason.length === 0 || reason.length > MAX_REJECTION_REASON_LENGTH)
        return null;
      if (CONTROL_CHARACTER.test(reason)) return null;
      return { t: "rejected", version, reason };
    }
    default:
      return null;
  }
}

function parseReport(frame: Record<string, unknown>): ReportFrame | null {
  const { build, manifestVersion, renderers, dialogs, schemas } = frame;
  if (!hasExactly(frame, "schemas" in frame ? REPORT_WITH_SCHEMAS_KEYS : REPORT_KEYS)) return null;
  if (typeof build !== "string" || !BUILD_ID.test(build)) return null;
  if (manifestVersion !== null && !isVersion(manifestVersion)) return null;
  if (!isNameList(renderers) || !isNameList(dialogs)) return null;
  if (schemas === undefined) return { t: "report", build, manifestVersion, renderers, dialogs };
  if (!isSchemaDigests(schemas)) return null;
  return { t: "report", build, manifestVersion, renderers, dialogs, schemas };
}

/**
 * A JSON object of manifest kind → digest: each key a kind the gateway knows (so at most that many,
 * and never `__proto__`), each value a digest. A build may lack a kind (it is then not known to it).
 */
function isSchemaDigests(value: unknown): value is SchemaDigests {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  for (const [kind, digest] of Object.entries(value)) {
    if (!SCHEMA_KINDS.includes(kind)) return false;
    if (typeof digest !== "string" || !SCHEMA_DIGEST.test(digest)) return false;
  }
  return true;
}

/** A manifest configuration version: a non-negative safe integer. */
function isVersion(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function isNameList(value: unknown): value is string[] {
  if (!Array.isArray(value) || value.length > MAX_REPORTED_NAMES) return false;
  for (const name of value) if (typeof name !== "string" || !REPORTED_NAME.test(name)) return false;
  return true;
}

/** Whether the frame has exactly these keys (a JSON object: no duplicates survive parsing). */
function hasExactly(frame: Record<string, unknown>, keys: readonly string[]): boolean {
  let count = 0;
  for (const key in frame) {
    if (!keys.includes(key)) return false;
    count++;
  }
  return count === keys.length;
}

/**
 * A redirect the gateway may hand to the browser: an in-app path under core's one same-origin rule
 * (core/navigation/safe-redirect.ts), so an upstream cannot turn the logout into an open redirect.
 * An absolute URL on one of `sameOrigins` (the gateway's own origins) becomes its path first, and
 * that path must pass the rule too. Anything else is dropped and the runtime falls back to
 * /loggedout (§4.2).
 */
export function inAppRedirect(
  value: unknown,
  sameOrigins: ReadonlySet<string> = new Set(),
): string | undefined {
  if (typeof value !== "string" || value.length > MAX_REDIRECT_TARGET_LENGTH) return undefined;
  let path = value;
  if (/^https?:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return undefined;
    }
    if (!sameOrigins.has(url.origin)) return undefined;
    path = `${url.pathname}${url.search}${url.hash}`;
  }
  return isSafeRedirectTarget(path) ? path : undefined;
}
