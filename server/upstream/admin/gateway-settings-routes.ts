/**
 * The gateway's settings call: `GET {webservices}/Gateway/Settings` → `{ SignupAllowed }`, the
 * configuration entries the gateway derives its own settings from instead of keeping a second switch
 * (ARCHITECTURE.md Decisions: one switch per setting). Staff edit them on /admin/configuration
 * (configuration.ts). Only for the gateway: authorised by the UPSTREAM_SERVICE_TOKEN shared secret
 * (the pattern of blocked-ips.ts), never by a member or staff session.
 */
import type { FastifyInstance } from "fastify";
import { gatewaySettingsSchema } from "../../../schemas/payloads/gateway-settings.ts";
import { signupOpen } from "../auth/signup-routes.ts";
import type { UpstreamContext } from "../context.ts";
import { unauthorized } from "../http/errors.ts";
import { hasServiceToken, SERVICE_TOKEN_VARIABLE } from "./blocked-ips.ts";

// The answer's schema, without the $id Fastify would register globally.
const { $id: _settingsId, ...settingsAnswer } = gatewaySettingsSchema;

/** Registers the settings call under the webservices base. */
export function registerGatewaySettingsRoutes(ws: FastifyInstance, context: UpstreamContext): void {
  const serviceToken = process.env[SERVICE_TOKEN_VARIABLE];
  ws.get(
    "/Gateway/Settings",
    {
      // Every gateway reads this every few seconds: a routine internal call logs warnings and errors
      // only, as the blocked-IP list does.
      logLevel: "warn",
      onRequest: async (request) => {
        if (!hasServiceToken(request, serviceToken)) {
          throw unauthorized("AuthenticationRequired", "This call needs the gateway's service token.");
        }
      },
      schema: { response: { 200: settingsAnswer } },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { SignupAllowed: await signupOpen(context) };
    },
  );
}
