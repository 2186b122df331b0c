/**
 * The gateway's user access call: `GET {webservices}/Gateway/UserAccess/{userRecId}` → the fields of
 * the user's LoggedInConfig that decide what the gateway's manifest filters let them see, and their
 * name and e-mail, so the configuration plane can preview a configuration as that user (DESIGN.md §3
 * "previewed as a given role/account"). Built as their own sign-in would build it (session-service.ts
 * `callerGrantsOf`, logged-in-config.ts `sessionConfig`), as themself: nobody impersonates them. A
 * disabled user or account is answered too — what they would get once enabled; an unknown or deleted
 * user is 404. Only for the gateway: authorised by the UPSTREAM_SERVICE_TOKEN shared secret (the
 * pattern of blocked-ips.ts), never by a member or staff session.
 */
import type { FastifyInstance } from "fastify";
import {
  type GatewayUserAccess,
  gatewayUserAccessSchema,
} from "../../../schemas/payloads/gateway-user-access.ts";
import { sessionConfig } from "../account/logged-in-config.ts";
import { callerGrantsOf } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import { notFound, unauthorized } from "../http/errors.ts";
import { recIdSchema } from "../http/schemas.ts";
import { hasServiceToken, SERVICE_TOKEN_VARIABLE } from "./blocked-ips.ts";

// The answer's schema, without the $id Fastify would register globally.
const { $id: _userAccessId, ...answerSchema } = gatewayUserAccessSchema;

const userParams = {
  type: "object",
  properties: { userRecId: recIdSchema },
  required: ["userRecId"],
  additionalProperties: false,
} as const;

/** The properties of `source` the schema names, in the schema's order; nothing else leaves. */
function only(source: Record<string, unknown>, properties: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(properties).map((name) => [name, source[name]]));
}

/** The answer for a LoggedInConfig's session-independent part (logged-in-config.ts `sessionConfig`). */
export function userAccessAnswer(config: Awaited<ReturnType<typeof sessionConfig>>): GatewayUserAccess {
  const { User: userSchema, ...configSchema } = answerSchema.properties;
  return {
    User: only(config.User, userSchema.properties),
    ...only(config, configSchema),
  } as GatewayUserAccess;
}

/** Registers the user access call under the webservices base. */
export function registerGatewayUserAccessRoutes(ws: FastifyInstance, context: UpstreamContext): void {
  const serviceToken = process.env[SERVICE_TOKEN_VARIABLE];
  ws.get(
    "/Gateway/UserAccess/:userRecId",
    {
      onRequest: async (request) => {
        if (!hasServiceToken(request, serviceToken)) {
          throw unauthorized("AuthenticationRequired", "This call needs the gateway's service token.");
        }
      },
      schema: { params: userParams, response: { 200: answerSchema } },
    },
    async (request, reply) => {
      const { userRecId } = request.params as { userRecId: number };
      // A cross-account read, allowed by the service token (store/types/identity.ts tenancy).
      const found = await context.store.staff.getUserForAdmin(userRecId);
      if (!found) throw notFound("User");
      const grants = await callerGrantsOf(context.store, found.user, found.account, null);
      reply.header("Cache-Control", "no-store");
      return userAccessAnswer(await sessionConfig(context, grants));
    },
  );
}
