/**
 * The vocabulary the form validator interprets (the JSON Schema subset screen-form.ts derives): which
 * keywords, types, formats and media types exist, and the check that refuses a schema using anything
 * else before any data is looked at. No eval: patterns are compiled with the RegExp constructor.
 */

/** A JSON Schema node as this interpreter reads it. */
export type SchemaNode = { readonly [keyword: string]: unknown };

/** A schema uses a keyword outside the vocabulary. */
export class UnsupportedSchemaError extends Error {
  constructor(readonly keyword: string) {
    super(`unsupported JSON Schema keyword "${keyword}"`);
    this.name = "UnsupportedSchemaError";
  }
}

/** Keywords that only describe; they never fail. */
const ANNOTATIONS = new Set(
  "title description default readOnly writeOnly examples $id $schema $comment".split(" "),
);
/** Keywords checked below. */
const CHECKED = new Set(
  [
    "type properties required additionalProperties items uniqueItems minItems maxItems enum const",
    "oneOf anyOf allOf maxLength minLength minimum maximum exclusiveMinimum exclusiveMaximum",
    "pattern format contentMediaType",
  ]
    .join(" ")
    .split(" "),
);
const FORMATS = new Set(["email", "date", "date-time"]);
const TYPES = new Set<unknown>(["string", "number", "integer", "boolean", "array", "object", "null"]);
const patterns = new Map<string, RegExp>();

const checkedSchemas = new WeakSet<object>();

/**
 * Walks the whole schema (properties, items, combinators) and throws UnsupportedSchemaError on a keyword,
 * type, format or pattern the interpreter cannot apply, so a schema is refused before any data is checked,
 * not only when a value happens to reach the unknown rule. Checked schemas are remembered.
 */
export function checkVocabulary(schema: SchemaNode): void {
  if (checkedSchemas.has(schema)) return;
  checkKeywords(schema);
  if (typeof schema.pattern === "string") compiled(schema.pattern);
  const children: unknown[] = [
    ...Object.values(isObject(schema.properties) ? schema.properties : {}),
    ...(isObject(schema.items) ? [schema.items] : []),
    ...["oneOf", "anyOf", "allOf"].flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as unknown[]) : [])),
  ];
  for (const child of children) {
    if (!isObject(child)) throw new UnsupportedSchemaError("non-object subschema");
    checkVocabulary(child);
  }
  checkedSchemas.add(schema);
}

/** Throws UnsupportedSchemaError on a keyword, type, format or media type outside the vocabulary. */
export function checkKeywords(schema: SchemaNode): void {
  for (const keyword of Object.keys(schema)) {
    if (!ANNOTATIONS.has(keyword) && !CHECKED.has(keyword)) throw new UnsupportedSchemaError(keyword);
  }
  if (schema.format !== undefined && !FORMATS.has(String(schema.format))) {
    throw new UnsupportedSchemaError(`format: ${String(schema.format)}`);
  }
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== true) {
    throw new UnsupportedSchemaError("additionalProperties");
  }
  if (schema.contentMediaType !== undefined && schema.contentMediaType !== "application/json") {
    throw new UnsupportedSchemaError(`contentMediaType: ${String(schema.contentMediaType)}`);
  }
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  for (const type of types) {
    if (!TYPES.has(type)) throw new UnsupportedSchemaError(`type: ${String(type)}`);
  }
}

/** The compiled pattern (unicode mode), cached. */
export function compiled(pattern: string): RegExp {
  let regex = patterns.get(pattern);
  if (!regex) {
    regex = new RegExp(pattern, "u"); // the manifest schema declares ECMAScript patterns in unicode mode
    patterns.set(pattern, regex);
  }
  return regex;
}

/** A plain object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
