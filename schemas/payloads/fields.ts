/**
 * Field fragments shared by the upstream payload schemas (SPEC §3, §7). Each is a plain JSON Schema
 * fragment without `$id`, inlined where used so every generated schema stays self-contained.
 * Spread a fragment and override its `description` where the field needs a more precise one.
 */

/**
 * Largest integer a browser reads from JSON without losing precision. Record ids are 64-bit on the
 * upstream; an id beyond this bound would silently change when parsed, so it is rejected instead.
 */
export const MAX_SAFE_RECORD_ID = 9007199254740991;

/** A record id of the upstream store: a positive integer that JavaScript holds exactly. */
export const recId = {
  type: "integer",
  minimum: 1,
  maximum: MAX_SAFE_RECORD_ID,
  description: "Record id in the upstream store.",
} as const;

/** A record id, or null when the record does not apply. */
export const nullableRecId = {
  type: ["integer", "null"],
  minimum: 1,
  maximum: MAX_SAFE_RECORD_ID,
  description: "Record id in the upstream store, or null when it does not apply.",
} as const;

/**
 * Pattern of a unique id (GUID or similar). Such ids are placed in URL paths and query strings
 * (avatars, logos, file downloads, §7), so only URL-safe characters are accepted.
 */
const uidPattern = "^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$";

/** A unique id made of URL-safe characters. */
export const uid = {
  type: "string",
  pattern: uidPattern,
  description: "Unique id (GUID or similar) made of letters, digits, '-' and '_'.",
} as const;

/** A unique id, or null when there is none. */
export const nullableUid = {
  type: ["string", "null"],
  pattern: uidPattern,
  description:
    "Unique id (GUID or similar) made of letters, digits, '-' and '_', or null when there is none.",
} as const;

/** A point in time; the time zone is mandatory so every browser shows the same instant. */
export const dateTime = {
  type: "string",
  format: "date-time",
  description: "RFC 3339 date and time with a time zone offset or 'Z'.",
} as const;

/** A name made of letters, digits and underscores: codes, enum-like values, resource key parts. */
export const codeName = {
  type: "string",
  pattern: "^[A-Za-z][A-Za-z0-9_]*$",
  maxLength: 80,
  description: "Name made of letters, digits and underscores, starting with a letter.",
} as const;

/** The same name, or null when none is set. */
export const nullableCodeName = {
  type: ["string", "null"],
  pattern: "^[A-Za-z][A-Za-z0-9_]*$",
  maxLength: 80,
  description:
    "Name made of letters, digits and underscores, starting with a letter, or null when none is set.",
} as const;

/** The UI languages of the product (§1, §9). */
export const uiLanguageCodes = ["en", "de", "es", "fr", "nl", "pt", "it"] as const;

/** A UI language code (§1, §9). */
export const languageCode = {
  type: "string",
  enum: uiLanguageCodes,
  description: "UI language code: en, de, es, fr, nl, pt or it (§9).",
} as const;

/** Availability of a subscription feature (§3, §6); only Included opens the feature (§5). */
export const featureAvailability = {
  type: "string",
  enum: ["Included", "Optional"],
  description:
    "Subscription availability: Included opens the feature, Optional sends to /upgrade (§4.1 step 11).",
} as const;

/** A JSON document carried as a string whose top level is an object; the reader parses it. */
export const jsonObjectText = {
  type: "string",
  contentMediaType: "application/json",
  pattern: "^\\s*\\{[\\s\\S]*\\}\\s*$",
  description: "A JSON object serialised as a string.",
} as const;

/**
 * Pattern of a base64 PNG image without a data: prefix: the runtime builds the data URL itself, so
 * a server value can never smuggle another URL scheme into an image source. The first characters are
 * the base64 form of the PNG signature.
 */
const base64PngPattern = "^(?=iVBORw0KGgo)(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$";

/** A base64-encoded PNG image, or null when there is none. */
export const nullableBase64Png = {
  type: ["string", "null"],
  contentEncoding: "base64",
  contentMediaType: "image/png",
  pattern: base64PngPattern,
  description: "PNG image encoded in base64 (no data: prefix), or null when there is none.",
} as const;

/**
 * Pattern of a link the browser may follow or download from: an https URL or a same-origin path.
 * Anything else (javascript:, data:, protocol-relative //host) is refused.
 */
const linkUrlPattern = "^(?:https://[^\\s\\\\/][^\\s\\\\]*|/(?![/\\\\])[^\\s\\\\]*)$";

/** A URL the runtime may follow or download from. */
export const linkUrl = {
  type: "string",
  pattern: linkUrlPattern,
  maxLength: 2048,
  description: "An https URL or a same-origin path starting with a single '/'.",
} as const;

/** A URL the runtime may show as an image: a link URL or an inline base64 raster image. */
export const imageUrl = {
  type: "string",
  pattern: `${linkUrlPattern}|^data:image/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$`,
  description: "An https URL, a same-origin path, or a data:image/(png|jpeg|gif|webp);base64 URL.",
} as const;
