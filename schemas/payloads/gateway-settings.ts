/**
 * The upstream configuration the gateway derives its own settings from (ARCHITECTURE.md Decisions:
 * one switch per setting, kept where the rule is enforced): the answer of the gateway's service call
 * `GET {webservices}/Gateway/Settings`.
 */
import type { FromSchema, JSONSchema } from "json-schema-to-ts";

/** Answer of the gateway's settings call. */
export const gatewaySettingsSchema = {
  $id: "gatewaySettings",
  type: "object",
  description: "Settings the gateway derives from the upstream's configuration entries.",
  properties: {
    SignupAllowed: {
      type: "boolean",
      description:
        "Whether /signup is open (§2.1, §5: allowed by configuration): the upstream's SignupAllowed entry is true.",
    },
  },
  required: ["SignupAllowed"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type GatewaySettings = FromSchema<typeof gatewaySettingsSchema>;
