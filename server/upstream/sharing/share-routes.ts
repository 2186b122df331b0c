/**
 * Public share links, visitor and gateway side, under the webservices base (/ws/):
 *
 * - `GET Share/{Type}/{code}` (anonymous; Type Dashboard, Binder, LiveDoc or ChartSnapshot) → the
 *   documented read-only body of runtime/screens/content/shared-view.ts: `{ Type, Name,
 *   OwnerFullName, ModifiedAt, Properties }`, or `{ Title, ImagePng, CreatedAt }` for a snapshot.
 *   Unknown, malformed, revoked, trashed, purged, foreign-type codes and disabled accounts all get
 *   the same 404 from the same single lookup, so neither the body nor the work done tells them apart.
 * - `GET Gateway/Embedding/Share/{Type}/{code}` (service token, as admin/blocked-ips.ts) →
 *   `{ Origins: [...] }`, the embedding allow-list of the account owning the link, so the gateway
 *   can set frame-ancestors for an embedded shared view: the list the twin call
 *   `Gateway/Embedding/Account/{id}` answers for that account (the links of a disabled account do
 *   not resolve, so they get 404 rather than an empty list).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { hasServiceToken, SERVICE_TOKEN_VARIABLE } from "../admin/blocked-ips.ts";
import { sharedDefinitions } from "../analytics/shared-routes.ts";
import type { UpstreamContext } from "../context.ts";
import { notFound, unauthorized } from "../http/errors.ts";
import { PUBLIC_LINK_TYPES, type PublicLinkType } from "../store/types/public-links.ts";
import { sharedBody } from "./shared-bodies.ts";

/** A code as links carry it (the runtime accepts the same characters, shared-view.ts). */
const CODE = /^[A-Za-z0-9_-]{1,128}$/;

function isLinkType(type: string): type is PublicLinkType {
  return (PUBLIC_LINK_TYPES as readonly string[]).includes(type);
}

/** Registers the share routes under the webservices base. */
export function registerShareRoutes(ws: FastifyInstance, context: UpstreamContext): void {
  const links = context.store.publicLinks;
  const serviceToken = () => process.env[SERVICE_TOKEN_VARIABLE];

  // Resolves the request's link; every refusal is the one 404.
  const resolve = async (request: FastifyRequest) => {
    const { type, code } = request.params as { type: string; code: string };
    const content = isLinkType(type) && CODE.test(code) ? await links.resolve(type, code) : undefined;
    if (!content) throw notFound("Shared item");
    return content;
  };

  ws.get("/Share/:type/:code", async (request, reply) => {
    const content = await resolve(request);
    // A shared view is for the visitor only: not for search engines, nor for the referrer of its links.
    reply.header("X-Robots-Tag", "noindex, nofollow");
    reply.header("Referrer-Policy", "no-referrer");
    const { type, code } = request.params as { type: string; code: string };
    // Dashboards, binders and live documents: their definitions as visitors see them (analytics/).
    return sharedDefinitions(context, type, code, sharedBody(content));
  });

  ws.get("/Gateway/Embedding/Share/:type/:code", async (request) => {
    if (!hasServiceToken(request, serviceToken()))
      throw unauthorized("AuthenticationRequired", "This call needs the service token.");
    const content = await resolve(request);
    // The same list as the twin call Gateway/Embedding/Account/{id} (account/embedding-routes.ts).
    return { Origins: await context.store.accountSettings.embeddingOrigins(content.accountId) };
  });
}
