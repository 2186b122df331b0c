/**
 * The request-schema vocabulary of the admin screens: one rule per writable field, mirroring the
 * form vocabulary of schemas/screens.ts (string, text, email, integer, number, boolean, date,
 * datetime, select, multiselect, json). From the rules, `bodySchemas` derives the strict create and
 * edit schemas (unknown fields rejected, §5 required = non-blank after trimming, optional fields
 * may be cleared with null).
 */
import {
  MULTI_LINE_TEXT_PATTERN,
  multiLineText,
  nonBlank as nonBlankText,
  SINGLE_LINE_FORBIDDEN,
  SINGLE_LINE_TEXT_PATTERN,
  singleLineText,
} from "../../../schemas/text-rules.ts";
import { recIdSchema } from "../http/schemas.ts";

/** A JSON Schema fragment (what ajv compiles). */
export type Schema = Record<string, unknown>;

/** One writable field. */
export interface FieldRule {
  schema: Schema;
  /** Needed on create, never null (§5 Required). */
  required?: boolean;
  /** Set on create; an edit may resend the same value but never change it. */
  createOnly?: boolean;
  /** Secret (write-only): an empty value on edit keeps the stored one. */
  secret?: boolean;
}

/**
 * An https URL (the manifest's pattern for documentation and video links), without the characters
 * the single-line text rule refuses: `\S` alone lets NUL, C1 controls and direction overrides through,
 * and an override makes the link read as another address.
 */
export const HTTPS_URL = `^https://[^\\s/?#${SINGLE_LINE_FORBIDDEN}]+(?:[/?#][^\\s${SINGLE_LINE_FORBIDDEN}]*)?$`;
/** The seven UI languages of §9. */
export const LANGUAGES = ["en", "de", "es", "fr", "nl", "pt", "it"] as const;

const describe = (schema: Schema, description: string): Schema => ({ ...schema, description });

/**
 * A single-line text (a name, title or label) of at most `max` characters, under the single-line
 * text rule (schemas/text-rules.ts). A field with its own `pattern` (a domain, a code, a URL) is held
 * to that instead, which must keep the same characters out.
 */
export const text = (max: number, pattern?: string, description = "Text."): Schema =>
  describe({ ...singleLineText, maxLength: max, ...(pattern ? { pattern } : {}) }, description);
/**
 * A multi-line text (a description, body, note or query) of at most `max` characters, under the
 * multi-line text rule (schemas/text-rules.ts): tab and line breaks allowed.
 */
export const longText = (max: number, description = "Text; tab and line breaks allowed."): Schema =>
  describe({ ...multiLineText, maxLength: max }, description);
/** An e-mail address. */
export const email = (): Schema =>
  describe({ type: "string", format: "email", minLength: 3, maxLength: 254 }, "E-mail address.");
/** An integer within bounds. */
export const integer = (minimum: number, maximum: number = 2 ** 31 - 1): Schema =>
  describe({ type: "integer", minimum, maximum }, "Whole number.");
/** A number within bounds. */
export const number = (minimum: number, maximum = 1e12): Schema =>
  describe({ type: "number", minimum, maximum }, "Number.");
/** A boolean. */
export const flag = (): Schema => describe({ type: "boolean" }, "Yes or no.");
/** One of fixed values. */
export const oneOf = (values: readonly (string | number)[]): Schema =>
  describe({ enum: [...values] }, `One of ${values.join(", ")}.`);
/** Several of fixed values, each once. */
export const someOf = (values: readonly string[], maxItems = values.length): Schema =>
  describe(
    { type: "array", items: { enum: [...values] }, uniqueItems: true, maxItems },
    `Any of ${values.join(", ")}.`,
  );
/** An ISO date (YYYY-MM-DD). */
export const date = (): Schema => describe({ type: "string", format: "date" }, "ISO date (YYYY-MM-DD).");
/** An ISO 8601 date-time. */
export const dateTime = (): Schema =>
  describe({ type: "string", format: "date-time", maxLength: 40 }, "ISO 8601 date-time.");
/** A reference to a record id. */
export const ref = (description = "Record id."): Schema => describe({ ...recIdSchema }, description);

/** Allows null besides the schema's own values (an optional field being cleared). */
function nullable(schema: Schema): Schema {
  if (Array.isArray(schema.enum)) return { ...schema, enum: [...schema.enum, null] };
  return { ...schema, type: [schema.type as string, "null"] };
}

/**
 * Requires a non-blank string (§5: non-blank after trimming). A field with its own pattern or format
 * is left to it.
 */
export function nonBlank(schema: Schema): Schema {
  if (schema.pattern === SINGLE_LINE_TEXT_PATTERN || schema.pattern === MULTI_LINE_TEXT_PATTERN)
    return nonBlankText(schema as Schema & { type: "string"; pattern: string });
  if (schema.type !== "string" || schema.pattern || schema.format) return schema;
  return { ...schema, minLength: 1, pattern: "\\S" };
}

/** The create and edit body schemas of a field set. */
export function bodySchemas(fields: Record<string, FieldRule>): { create: Schema; update: Schema } {
  const properties: Record<string, Schema> = {};
  for (const [name, rule] of Object.entries(fields)) {
    properties[name] = rule.required ? nonBlank(rule.schema) : nullable(rule.schema);
  }
  const required = Object.entries(fields)
    .filter(([, rule]) => rule.required)
    .map(([name]) => name);
  const object = { type: "object", properties, additionalProperties: false };
  return { create: { ...object, required }, update: object };
}

/** `{ ids: [...] }` of a bulk action (screens.ts: the selected rowKeys). */
export function idsBody(keyType: "int" | "text"): Schema {
  const item = keyType === "int" ? recIdSchema : { type: "string", minLength: 1, maxLength: 200 };
  return {
    type: "object",
    properties: {
      ids: { type: "array", items: item, minItems: 1, maxItems: 500, description: "Selected row keys." },
    },
    required: ["ids"],
    additionalProperties: false,
  };
}
