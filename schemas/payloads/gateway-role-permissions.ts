/**
 * The permission combinations the upstream's roles hold, for the configuration plane's warning on a
 * navigation panel entry or route no role of any account can see (§6: without the role permission the
 * entry is hidden and the route sends home): the answer of the gateway's service call
 * `GET {webservices}/Gateway/RolePermissions`. Only the combinations — no account, role or user.
 */
import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { rolePermissionEntry } from "./user-session.ts";

/** Answer of the gateway's role permissions call. */
export const gatewayRolePermissionsSchema = {
  $id: "gatewayRolePermissions",
  type: "object",
  description: "The distinct permission sets of every role of every account.",
  properties: {
    Roles: {
      type: "array",
      description: "One entry per distinct set, no set twice; an empty set is a role that grants nothing.",
      items: {
        type: "array",
        description:
          "A role's permission entries Key_r or Key_rw (§3), canonical keys, sorted, each key once.",
        items: rolePermissionEntry,
        // Every key of manifests/permissions.json fits several times over.
        maxItems: 200,
        uniqueItems: true,
      },
    },
  },
  required: ["Roles"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type GatewayRolePermissions = FromSchema<typeof gatewayRolePermissionsSchema>;
