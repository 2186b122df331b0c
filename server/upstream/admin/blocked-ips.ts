/**
 * /admin/blockedips (§2.4): addresses and CIDR blocks the gateway refuses (DESIGN.md §4 "blocked IPs
 * enforced"). Staff block, edit, unblock (one or many) and export. The gateway reads the blocks in
 * force from `GET /api/Admin/BlockedIps/Active` → `{ Items: [{ IpAddress, BlockedUntil }], GeneratedAt }`
 * (IpAddress an address or CIDR block, BlockedUntil ISO 8601 or null), authenticated either as
 * staff with BlockedIps Read or with the service token: `Authorization: Bearer
 * <UPSTREAM_SERVICE_TOKEN>`, a secret of at least 32 characters both processes read from their
 * environment (unset or shorter: only staff can read the list). server/gateway/security/blocked-ips.ts
 * polls it.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { badRequest } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import { dateTime, flag, longText, oneOf, text } from "./fields.ts";
import { parseIpBlock } from "./ip-addresses.ts";
import type { AdminResource } from "./resource.ts";
import { userJoin } from "./resource-kit.ts";
import { registerAdminResource } from "./resource-routes.ts";

const REASONS = ["FailedLogins", "Manual", "Abuse"] as const;
/** The manifest's pattern: IPv4 or IPv6, with an optional prefix. */
const IP_OR_CIDR =
  "^(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(?:\\.(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}(?:/(?:3[0-2]|[12]?\\d))?|[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?:/(?:12[0-8]|1[01]\\d|[1-9]?\\d))?)$";

/** Environment variable holding the gateway's service token. */
export const SERVICE_TOKEN_VARIABLE = "UPSTREAM_SERVICE_TOKEN";
/** Shortest service token accepted; a shorter one disables service access. */
export const SERVICE_TOKEN_MIN_LENGTH = 32;

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** Whether the request carries the service token (compared in constant time). */
export function hasServiceToken(request: FastifyRequest, token: string | undefined): boolean {
  if (!token || token.length < SERVICE_TOKEN_MIN_LENGTH) return false;
  const header = request.headers.authorization;
  if (typeof header !== "string" || !header.startsWith("Bearer ")) return false;
  return timingSafeEqual(digest(header.slice(7)), digest(token));
}

/** /admin/blockedips. */
export const blockedIps: AdminResource = {
  path: "BlockedIps",
  module: "BlockedIps",
  noun: "Blocked IP",
  spec: {
    table: "blocked_ips",
    from: `blocked_ips t ${userJoin("t.blocked_by_user_id", "bb")}`,
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.blocked_at DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      IpAddress: { sql: "t.ip_address", type: "text", write: "ip_address", search: true, sort: true },
      IpVersion: { sql: "t.ip_version", type: "int", write: "ip_version" },
      StartKey: { sql: "t.start_key", type: "text", write: "start_key", secret: true },
      EndKey: { sql: "t.end_key", type: "text", write: "end_key", secret: true },
      Reason: { sql: "t.reason", type: "text", write: "reason", sort: true },
      FailedAttempts: { sql: "t.failed_attempts", type: "int", sort: true },
      LastAttemptAt: { sql: "t.last_attempt_at", type: "datetime", sort: true },
      LastAttemptEmail: { sql: "t.last_attempt_email", type: "text", search: true },
      CountryCode: { sql: "t.country_code", type: "text", write: "country_code", sort: true },
      BlockedAt: { sql: "t.blocked_at", type: "datetime", sort: true },
      BlockedUntil: { sql: "t.blocked_until", type: "datetime", write: "blocked_until", sort: true },
      BlockedByName: { sql: "bb.full_name", type: "text" },
      Note: { sql: "t.note", type: "text", write: "note", search: true },
      CurrentlyBlocked: { sql: "(t.blocked_until IS NULL OR t.blocked_until > @now)", type: "bool" },
    },
    filters: {
      Reason: { sql: "t.reason", type: "text", op: "eq" },
      CurrentlyBlocked: {
        sql: "(t.blocked_until IS NULL OR t.blocked_until > @now)",
        type: "bool",
        op: "eq",
      },
    },
    insertDefaults: { blocked_at: "@now", blocked_by_user_id: "@actor" },
  },
  fields: {
    IpAddress: {
      schema: text(43, IP_OR_CIDR, "IP address or CIDR block."),
      required: true,
      createOnly: true,
    },
    Reason: { schema: oneOf(REASONS), required: true },
    BlockedUntil: { schema: dateTime() },
    Note: { schema: longText(1000) },
  },
  filters: { Reason: oneOf(REASONS), CurrentlyBlocked: flag() },
  create: true,
  update: true,
  remove: { bulk: true },
  export: true,
  duplicate: { code: "DuplicateRecord", message: "This address or block is already blocked." },
  prepare: async (values, current, call) => {
    const until = values.BlockedUntil;
    if (typeof until === "string" && Date.parse(until) <= call.at.now && until !== current?.BlockedUntil) {
      throw badRequest(
        "InvalidRequest",
        "BlockedUntil must be in the future (leave it empty to block without end).",
      );
    }
    if (current) {
      const { IpAddress: _same, ...rest } = values;
      return rest;
    }
    const block = parseIpBlock(String(values.IpAddress));
    if (typeof block === "string") throw badRequest("InvalidIpRange", block);
    const country = await call.context.store.admin.network.countryOf(block.version, block.startKey);
    return {
      ...values,
      IpAddress: block.canonical,
      IpVersion: block.version,
      StartKey: block.startKey,
      EndKey: block.endKey,
      CountryCode: country ?? null,
    };
  },
};

/** Registers /admin/blockedips and the gateway's list of blocks in force. */
export function registerBlockedIpRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  registerAdminResource(api, context, guards, blockedIps);
  const serviceToken = process.env[SERVICE_TOKEN_VARIABLE];
  if (serviceToken !== undefined && serviceToken.length < SERVICE_TOKEN_MIN_LENGTH) {
    context.log.warn(
      `${SERVICE_TOKEN_VARIABLE} is shorter than ${SERVICE_TOKEN_MIN_LENGTH} characters: service access is off`,
    );
  }
  const staffRead = guards.admin("BlockedIps", "Read");

  api.get(
    "/Admin/BlockedIps/Active",
    {
      // Every gateway reads this every 10 s: Fastify's two info lines per request would fill the
      // log with a routine internal call. The route logs warnings and errors only (a 5xx still
      // shows) and writes one debug line per read; the gateway warns when it cannot read the list.
      logLevel: "warn",
      onResponse: async (request, reply) => {
        context.log.debug(
          { reqId: request.id, statusCode: reply.statusCode, responseTime: reply.elapsedTime },
          "blocked IPs: active list read",
        );
      },
      onRequest: async (request, reply) => {
        if (hasServiceToken(request, serviceToken)) return;
        await guards.session(request, reply);
        await staffRead(request, reply);
      },
    },
    async (_request, reply) => {
      const now = context.now();
      const blocks = await context.store.admin.network.activeBlocks(now);
      reply.header("Cache-Control", "no-store");
      return {
        Items: blocks.map((block) => ({
          IpAddress: block.ipAddress,
          BlockedUntil: block.blockedUntil === null ? null : new Date(block.blockedUntil).toISOString(),
        })),
        GeneratedAt: new Date(now).toISOString(),
      };
    },
  );
}
