/**
 * Staff calls: the admin client scripts (/ws/Client/Admin/Constants and /Config, §7, staff only)
 * and the first admin resources — the mail outbox (/admin/emailoutbound) and the application log
 * with the audit trail (/admin/applicationlogs). Reads need the module's Read (§6).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SIGNUP_ALLOWED_KEY } from "../auth/signup-routes.ts";
import type { UpstreamContext } from "../context.ts";
import { notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import { recIdParams } from "../http/schemas.ts";
import type { ApplicationLogEntry, OutboxMail } from "../store/records.ts";
import { adminConstants } from "./constants.ts";

const paging = {
  page: { type: "integer", minimum: 1, maximum: 100_000, default: 1, description: "1-based page." },
  pageSize: { type: "integer", minimum: 1, maximum: 200, default: 50, description: "Rows per page." },
} as const;

const outboxQuery = {
  type: "object",
  properties: {
    ...paging,
    to: { type: "string", maxLength: 254, description: "Only mails to this address." },
  },
  additionalProperties: false,
} as const;

const logsQuery = {
  type: "object",
  properties: {
    ...paging,
    category: { type: "string", maxLength: 60, description: "Only entries of this category (e.g. Audit)." },
  },
  additionalProperties: false,
} as const;

const iso = (ms: number) => new Date(ms).toISOString();

function mailBody(mail: OutboxMail) {
  return {
    RecId: mail.recId,
    AccountRecId: mail.accountId,
    Kind: mail.kind,
    To: mail.to,
    Subject: mail.subject,
    Body: mail.body,
    CreatedAt: iso(mail.createdAt),
  };
}

function logBody(entry: ApplicationLogEntry) {
  return {
    RecId: entry.recId,
    Date: iso(entry.at),
    Level: entry.level,
    Category: entry.category,
    Action: entry.action,
    Message: entry.message,
    ActorAccountRecId: entry.actorAccountId,
    ActorUserRecId: entry.actorUserId,
    TargetAccountRecId: entry.targetAccountId,
    TargetUserRecId: entry.targetUserId,
    Details: entry.details,
  };
}

/**
 * The scripts are loaded as scripts (§7) and define a global; a client asking for JSON gets the
 * same document as JSON.
 */
function sendScript(request: FastifyRequest, reply: FastifyReply, globalName: string, value: unknown) {
  reply.header("Cache-Control", "private, no-store");
  if ((request.headers.accept ?? "").includes("application/json")) return reply.send(value);
  return reply
    .type("text/javascript; charset=utf-8")
    .send(`window.${globalName} = Object.freeze(${JSON.stringify(value)});\n`);
}

/** Registers the admin scripts under the webservices base. */
export function registerAdminScriptRoutes(
  ws: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const staffOnly = { onRequest: [guards.session, guards.staff] };
  ws.get("/Client/Admin/Constants", staffOnly, async (request, reply) =>
    sendScript(request, reply, "TesseraAdminConstants", adminConstants()),
  );
  ws.get("/Client/Admin/Config", staffOnly, async (request, reply) => {
    const { settings } = context;
    return sendScript(request, reply, "TesseraAdminConfig", {
      SignupAllowed: (await context.store.config.get<boolean>(SIGNUP_ALLOWED_KEY)) === true,
      Debug: settings.debug,
      PublicUrl: settings.publicUrl,
      SessionIdleTimeoutSeconds: settings.lifetimes.sessionIdleMs / 1000,
      SessionAbsoluteLifetimeSeconds: settings.lifetimes.sessionAbsoluteMs / 1000,
      ImpersonationLifetimeSeconds: settings.lifetimes.impersonationAbsoluteMs / 1000,
    });
  });
}

/** Registers the admin resources under the application base. */
export function registerAdminRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { store } = context;
  const outboxRead = [guards.session, guards.admin("EmailOutbound", "Read")];
  const logsRead = [guards.session, guards.admin("ApplicationLogs", "Read")];

  api.get(
    "/Admin/EmailOutbound",
    { onRequest: outboxRead, schema: { querystring: outboxQuery } },
    async (request) => {
      const query = request.query as { page: number; pageSize: number; to?: string };
      const result = await store.outbox.listForAdmin({
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
        to: query.to,
      });
      return { Items: result.items.map(mailBody), Total: result.total };
    },
  );

  api.get(
    "/Admin/EmailOutbound/:recId",
    { onRequest: outboxRead, schema: { params: recIdParams } },
    async (request) => {
      const mail = await store.outbox.getForAdmin((request.params as { recId: number }).recId);
      if (!mail) throw notFound("Mail");
      return mailBody(mail);
    },
  );

  api.get(
    "/Admin/ApplicationLogs",
    { onRequest: logsRead, schema: { querystring: logsQuery } },
    async (request) => {
      const query = request.query as { page: number; pageSize: number; category?: string };
      const result = await store.logs.listForAdmin({
        category: query.category,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { Items: result.items.map(logBody), Total: result.total };
    },
  );
}
