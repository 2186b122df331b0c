import type { FromSchema, JSONSchema } from "json-schema-to-ts";

/**
 * The error body of the upstream and of the gateway. The runtime shows it in the top banner: the
 * ErrorCode is looked up as ErrorCode plus the four-digit zero-padded code (ErrorCode0042), falling
 * back to the generic unknown XHR failure message; Message and Header are unpacked from it (§8).
 */
export const apiErrorSchema = {
  $id: "apiError",
  type: "object",
  description: "Error body returned by the upstream and the gateway (§8).",
  properties: {
    ErrorCode: {
      type: "integer",
      minimum: 1,
      maximum: 9999,
      description: "Numeric error code, shown through the text ErrorCode#### (four digits, zero-padded, §8).",
    },
    Message: { type: "string", description: "Message of the error, used when no ErrorCode text exists." },
    Header: {
      type: ["string", "null"],
      description: "Optional heading of the banner message; null when none.",
    },
  },
  required: ["ErrorCode", "Message"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type ApiError = FromSchema<typeof apiErrorSchema>;
