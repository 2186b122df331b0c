/**
 * The gateway's role permissions call: `GET {webservices}/Gateway/RolePermissions` → `{ Roles }`, the
 * distinct permission sets of every role of every account, so the configuration plane can warn about a
 * navigation panel entry or route no role can see (§6: without the role permission the entry is hidden
 * and the route sends home). Only the combinations leave: no account, role name or user, since that is
 * all the warning needs. Only for the gateway: authorised by the UPSTREAM_SERVICE_TOKEN shared secret
 * (the pattern of blocked-ips.ts), never by a member or staff session.
 */
import type { FastifyInstance } from "fastify";
import { gatewayRolePermissionsSchema } from "../../../schemas/payloads/gateway-role-permissions.ts";
import type { UpstreamContext } from "../context.ts";
import { unauthorized } from "../http/errors.ts";
import { parsePermissionString, permissionEntries } from "../identity/permission-string.ts";
import { hasServiceToken, SERVICE_TOKEN_VARIABLE } from "./blocked-ips.ts";

// The answer's schema, without the $id Fastify would register globally.
const { $id: _rolePermissionsId, ...rolePermissionsAnswer } = gatewayRolePermissionsSchema;

/**
 * Each stored string as the entries a holder's session carries (canonical keys; an unreadable string
 * grants nothing, as in the session, session-service.ts), sorted, each set once, the sets in order.
 */
export function distinctPermissionSets(stored: readonly string[]): string[][] {
  const sets = new Map<string, string[]>();
  for (const text of stored) {
    const parsed = parsePermissionString(text);
    const entries = parsed.ok ? permissionEntries(parsed.permissions).sort() : [];
    sets.set(entries.join(";"), entries);
  }
  return [...sets.keys()].sort().map((key) => sets.get(key) as string[]);
}

/** Registers the role permissions call under the webservices base. */
export function registerGatewayRolePermissionsRoutes(ws: FastifyInstance, context: UpstreamContext): void {
  const serviceToken = process.env[SERVICE_TOKEN_VARIABLE];
  ws.get(
    "/Gateway/RolePermissions",
    {
      // A routine internal call (the gateway reads it at most once a minute while staff validate):
      // warnings and errors only, as the settings call.
      logLevel: "warn",
      onRequest: async (request) => {
        if (!hasServiceToken(request, serviceToken)) {
          throw unauthorized("AuthenticationRequired", "This call needs the gateway's service token.");
        }
      },
      schema: { response: { 200: rolePermissionsAnswer } },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { Roles: distinctPermissionSets(await context.store.roles.permissionStringsForAdmin()) };
    },
  );
}
