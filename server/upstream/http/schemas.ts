/**
 * JSON Schema fragments shared by the upstream's request schemas. Every object is closed
 * (`additionalProperties: false`) and every property is described.
 */
import { MAX_PASSWORD_LENGTH } from "../identity/passwords.ts";
import { TOKEN_PATTERN, UID_PATTERN } from "../identity/secrets.ts";

/** An account domain: lower-case letters, digits and inner dashes (it becomes a host name label). */
export const DOMAIN_PATTERN = "^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$";

/** A record id in a path or body. */
export const recIdSchema = {
  type: "integer",
  minimum: 1,
  maximum: 2 ** 53 - 1,
  description: "Record id.",
} as const;

/** A UID as issued by this service. */
export const uidSchema = { type: "string", pattern: UID_PATTERN, description: "Record UID." } as const;

/** An e-mail address. */
export const emailSchema = {
  type: "string",
  format: "email",
  minLength: 3,
  maxLength: 254,
  description: "E-mail address.",
} as const;

/** A password as typed (its strength is checked separately for new passwords). */
export const passwordSchema = {
  type: "string",
  minLength: 1,
  maxLength: MAX_PASSWORD_LENGTH,
  description: "Password.",
} as const;

/** A domain as typed at login; lower-cased before lookup. */
export const domainSchema = {
  type: "string",
  minLength: 1,
  maxLength: 63,
  pattern: "^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$",
  description: "Account domain.",
} as const;

/** An opaque token issued by this service. */
export const tokenSchema = { type: "string", pattern: TOKEN_PATTERN, description: "Opaque token." } as const;

/** `{ recId }` path parameters. */
export const recIdParams = {
  type: "object",
  properties: { recId: recIdSchema },
  required: ["recId"],
  additionalProperties: false,
} as const;
