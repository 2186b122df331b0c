/**
 * Staff triggers of user-hub events (§7 "Realtime user hub events"), under /api/Admin/Realtime/, each
 * needing Write on the Configuration admin module (§6):
 * - POST Reload and POST RefreshUser: `reload` / `refresh-base-page-user` to everyone, one account,
 *   or one user of an account;
 * - POST Log: a `log` line (severity 1 info, 2 warning, 3 error, §9) to the same audiences;
 * - PUT DesktopVersion: publishes a new desktop version, announced to everyone as `desktop-started`.
 * Answers `{ Reached }`: how many connections got the event. Unknown accounts or users are 404.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { multiLineText } from "../../../schemas/text-rules.ts";
import { actingUser, audit } from "../admin/audit.ts";
import type { UpstreamContext } from "../context.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema } from "../http/schemas.ts";
import { type Audience, type LogSeverity, realtimeOf } from "./handle.ts";
import { UserHubTarget } from "./targets.ts";
import { DESKTOP_VERSION_KEY } from "./user-hub.ts";

const audience = {
  AccountRecId: { ...recIdSchema, description: "Only this account (all accounts when absent)." },
  UserRecId: { ...recIdSchema, description: "Only this user of the account (needs AccountRecId)." },
} as const;

const audienceBody = { type: "object", properties: audience, additionalProperties: false } as const;

/** No body is an empty one (everyone). */
const emptyBodyAllowed = async (request: FastifyRequest) => {
  request.body ??= {};
};

const logBody = {
  type: "object",
  properties: {
    ...audience,
    Severity: { enum: [1, 2, 3], description: "1 info, 2 warning, 3 error (§9)." },
    Message: { ...multiLineText, minLength: 1, maxLength: 2000, description: "The log message." },
    Details: {
      type: "object",
      maxProperties: 50,
      description: "Details shown with the message (any JSON object).",
    },
  },
  required: ["Severity", "Message"],
  additionalProperties: false,
} as const;

const versionBody = {
  type: "object",
  properties: {
    Version: {
      type: "string",
      minLength: 1,
      maxLength: 64,
      pattern: "^[0-9A-Za-z][0-9A-Za-z.+_-]*$",
      description: "The desktop version, e.g. 2.4.1.",
    },
  },
  required: ["Version"],
  additionalProperties: false,
} as const;

/** The audience fields of a body. */
interface AudienceBody {
  AccountRecId?: number;
  UserRecId?: number;
}

/** Largest serialised Details of a log event, in characters. */
const MAX_DETAILS_LENGTH = 16 * 1024;

/** Registers the realtime admin routes under the application base. */
export function registerRealtimeAdminRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const write = [guards.session, guards.admin("Configuration", "Write")];

  /** The audience of a body, checked to exist (404 otherwise). */
  async function audienceOf(body: AudienceBody): Promise<Audience> {
    if (body.UserRecId !== undefined && body.AccountRecId === undefined) {
      throw badRequest("InvalidRequest", "UserRecId needs AccountRecId.");
    }
    if (body.AccountRecId !== undefined && !(await context.store.accounts.get(body.AccountRecId))) {
      throw notFound("Account");
    }
    if (
      body.UserRecId !== undefined &&
      !(await context.store.users.get(body.AccountRecId as number, body.UserRecId))
    ) {
      throw notFound("User");
    }
    return { accountId: body.AccountRecId, userId: body.UserRecId };
  }

  async function audited(request: FastifyRequest, action: string, target: Audience, reached: number) {
    await audit(context, {
      action,
      message: `${action} sent to ${reached} connection(s).`,
      actor: actingUser(callerOf(request)),
      details: { accountId: target.accountId ?? null, userId: target.userId ?? null, reached },
    });
    return { Reached: reached };
  }

  api.post(
    "/Admin/Realtime/Reload",
    { onRequest: write, preValidation: emptyBodyAllowed, schema: { body: audienceBody } },
    async (request) => {
      const target = await audienceOf(request.body as AudienceBody);
      return audited(request, "RealtimeReload", target, realtimeOf(context).reload(target));
    },
  );

  api.post(
    "/Admin/Realtime/RefreshUser",
    { onRequest: write, preValidation: emptyBodyAllowed, schema: { body: audienceBody } },
    async (request) => {
      const target = await audienceOf(request.body as AudienceBody);
      return audited(request, "RealtimeRefreshUser", target, realtimeOf(context).refreshUser(target));
    },
  );

  api.post("/Admin/Realtime/Log", { onRequest: write, schema: { body: logBody } }, async (request) => {
    const body = request.body as AudienceBody & {
      Severity: LogSeverity;
      Message: string;
      Details?: Record<string, unknown>;
    };
    if (body.Details !== undefined && JSON.stringify(body.Details).length > MAX_DETAILS_LENGTH) {
      throw badRequest(
        "InvalidRequest",
        `Details may hold at most ${MAX_DETAILS_LENGTH} characters of JSON.`,
      );
    }
    const target = await audienceOf(body);
    const reached = realtimeOf(context).log(target, body.Severity, body.Message, body.Details ?? null);
    return audited(request, "RealtimeLog", target, reached);
  });

  api.put(
    "/Admin/Realtime/DesktopVersion",
    { onRequest: write, schema: { body: versionBody } },
    async (request) => {
      const { Version } = request.body as { Version: string };
      await context.store.config.set(DESKTOP_VERSION_KEY, Version);
      const reached = realtimeOf(context).toUsers({}, UserHubTarget.DesktopStarted, Version);
      return { Version, ...(await audited(request, "DesktopVersionPublished", {}, reached)) };
    },
  );
}
