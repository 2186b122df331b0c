import type { FromSchema, JSONSchema } from "json-schema-to-ts";

/**
 * Body of POST DataImport/Connection/{id}/SmartView/ParametersData (§3 Smart view parameters request,
 * §7). The runtime caches the result per connection, view name, version and data.
 */
export const smartViewParametersRequestSchema = {
  $id: "smartViewParametersRequest",
  type: "object",
  description: "Request for the parameter data of a connection's smart view (§3, §7).",
  properties: {
    data: {
      type: "string",
      contentMediaType: "application/json",
      pattern: "^\\s*[\\[{][\\s\\S]*[\\]}]\\s*$",
      description:
        "Parameter values as a JSON object or array serialised to a string; part of the cache key.",
    },
    SmartViewModel: {
      type: "object",
      description: "The smart view whose parameters are asked for.",
      properties: {
        Name: { type: "string", minLength: 1, maxLength: 200, description: "Name of the smart view." },
        Version: {
          type: "object",
          description: "Version of the smart view definition.",
          properties: {
            Version: {
              type: "integer",
              minimum: 0,
              description: "Version number of the smart view definition.",
            },
          },
          required: ["Version"],
          additionalProperties: false,
        },
      },
      required: ["Name", "Version"],
      additionalProperties: false,
    },
  },
  required: ["data", "SmartViewModel"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type SmartViewParametersRequest = FromSchema<typeof smartViewParametersRequestSchema>;
