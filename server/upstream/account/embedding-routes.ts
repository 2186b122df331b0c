/**
 * The gateway's embedding call (for the CSP): `GET {webservices}/Gateway/Embedding/Account/{accountRecId}`
 * → `{ Origins }`, the account's embedding allow-list the gateway turns into CSP frame-ancestors.
 * Only for the gateway: authorised by the UPSTREAM_SERVICE_TOKEN shared secret (the pattern of
 * admin/blocked-ips.ts), never by a member session. A disabled or unknown account allows nobody.
 */
import type { FastifyInstance } from "fastify";
import { hasServiceToken, SERVICE_TOKEN_VARIABLE } from "../admin/blocked-ips.ts";
import type { UpstreamContext } from "../context.ts";
import { unauthorized } from "../http/errors.ts";
import { recIdSchema } from "../http/schemas.ts";

const accountParams = {
  type: "object",
  properties: { accountRecId: recIdSchema },
  required: ["accountRecId"],
  additionalProperties: false,
} as const;

/** Registers the embedding call under the webservices base. */
export function registerEmbeddingRoutes(ws: FastifyInstance, context: UpstreamContext): void {
  const serviceToken = process.env[SERVICE_TOKEN_VARIABLE];
  ws.get(
    "/Gateway/Embedding/Account/:accountRecId",
    {
      onRequest: async (request) => {
        if (!hasServiceToken(request, serviceToken)) {
          throw unauthorized("AuthenticationRequired", "This call needs the gateway's service token.");
        }
      },
      schema: { params: accountParams },
    },
    async (request, reply) => {
      const { accountRecId } = request.params as { accountRecId: number };
      const account = await context.store.accounts.get(accountRecId);
      const origins =
        account && !account.disabled
          ? await context.store.accountSettings.embeddingOrigins(account.recId)
          : [];
      reply.header("Cache-Control", "no-store");
      return { Origins: origins };
    },
  );
}
