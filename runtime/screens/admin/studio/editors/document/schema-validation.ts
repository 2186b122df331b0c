/**
 * Validation of manifest documents (and their items) against the kinds' JSON Schemas in the browser,
 * by interpretation: @cfworker/json-schema walks the schema without generating code, so it runs under
 * the strict CSP (no eval), and it knows the whole vocabulary the manifest schemas use ($ref to
 * definitions, additionalProperties, propertyNames, if/then/else, not), which the form interpreter
 * of runtime/forms/ (the screens' detail forms) does not. The gateway validates the same documents
 * with the precompiled validators of schemas/generated/, so both read the same schemas (DESIGN.md §3).
 *
 * A failure is reported once, where it is: the containers' "a subschema had errors" and the inner
 * reasons of a failed oneOf/anyOf/propertyNames are left out. Messages are text keys with parameters.
 */
import { type OutputUnit, type Schema, Validator } from "@cfworker/json-schema";
import { pointerOf, pointerTokens } from "./json-source-map.ts";

/** One schema violation, located by an RFC 6901 pointer into the validated value. */
export interface SchemaProblem {
  /** Where: the offending value, or the property a `required` names, or the member whose name fails. */
  pointer: string;
  /** The JSON Schema keyword that failed (`false`: a property the object does not allow). */
  keyword: string;
  /** The text key of the message, and its parameters. */
  textKey: string;
  params: Record<string, string | number>;
}

/** Translates a text key with parameters (i18next's t). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A JSON-compatible schema object. */
export type JsonSchemaObject = Readonly<Record<string, unknown>>;

/** Keywords whose own error only says that something inside failed; the inner error is reported. */
const CONTAINER_KEYWORDS = new Set([
  "properties",
  "items",
  "additionalItems",
  "additionalProperties",
  "patternProperties",
  "allOf",
  "$ref",
  "then",
  "else",
  "dependentSchemas",
  "unevaluatedProperties",
  "unevaluatedItems",
]);

/** Keywords reported as a whole: the reasons each alternative failed would only confuse. */
const WHOLE_KEYWORDS = new Set(["oneOf", "anyOf", "not", "propertyNames", "contains"]);

/** The message key per keyword; the limits' keys are the form's own (runtime/forms/). */
const KEYWORD_TEXT_KEYS: Readonly<Record<string, string>> = {
  required: "StudioDocument_LintRequired",
  false: "StudioDocument_LintUnknownProperty",
  type: "StudioDocument_LintType",
  enum: "StudioDocument_LintEnum",
  const: "StudioDocument_LintEnum",
  pattern: "Validation_Pattern",
  format: "StudioDocument_LintFormat",
  minLength: "Validation_MinLength",
  maxLength: "Validation_MaxLength",
  minimum: "Validation_Minimum",
  maximum: "Validation_Maximum",
  exclusiveMinimum: "StudioDocument_LintExclusiveMinimum",
  exclusiveMaximum: "StudioDocument_LintExclusiveMaximum",
  minItems: "StudioDocument_LintMinItems",
  maxItems: "StudioDocument_LintMaxItems",
  uniqueItems: "StudioDocument_LintUniqueItems",
  oneOf: "StudioDocument_LintOneOf",
  anyOf: "StudioDocument_LintAnyOf",
  not: "StudioDocument_LintNot",
  propertyNames: "StudioDocument_LintPropertyName",
};

/** Keywords whose message names their limit. */
const LIMIT_KEYWORDS = new Set([
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
]);

/** How many allowed values an enum message lists before it stops. */
const ENUM_VALUES_SHOWN = 8;

/** The text keys of the JSON types, for the type message. */
const TYPE_TEXT_KEYS: Readonly<Record<string, string>> = {
  string: "StudioDocument_Type_string",
  number: "StudioDocument_Type_number",
  integer: "StudioDocument_Type_integer",
  boolean: "StudioDocument_Type_boolean",
  array: "StudioDocument_Type_array",
  object: "StudioDocument_Type_object",
  null: "StudioDocument_Type_null",
};

/** The text keys the validation messages use (for the locale check). */
export const VALIDATION_TEXT_KEYS: readonly string[] = [
  ...new Set([
    ...Object.values(KEYWORD_TEXT_KEYS),
    ...Object.values(TYPE_TEXT_KEYS),
    "StudioDocument_LintInvalid",
  ]),
];

const validators = new WeakMap<object, Validator>();

/**
 * The validator of `schema`. The interpreter annotates the schema objects it is given (their resolved
 * $ref addresses), so it gets its own copy: a subschema shared by several roots (an item's schema and
 * its document's) would otherwise keep the first root's addresses.
 */
function validatorOf(schema: JsonSchemaObject): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = new Validator(structuredClone(schema) as Schema, "7", false);
    validators.set(schema, validator);
  }
  return validator;
}

/**
 * The value as JSON holds it: properties whose value is undefined left out, undefined array
 * elements as null (what JSON.stringify does), key order kept. A form leaves undefined behind when a
 * field is cleared.
 */
export function asJsonValue(value: unknown): unknown {
  if (Array.isArray(value))
    return value.map((element) => (element === undefined ? null : asJsonValue(element)));
  if (value !== null && typeof value === "object") {
    const result: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      if (member === undefined) continue;
      Object.defineProperty(result, key, {
        value: asJsonValue(member),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return result;
  }
  return value;
}

/** Whether `value` satisfies `schema`. */
export function satisfiesSchema(schema: JsonSchemaObject, value: unknown): boolean {
  return validatorOf(schema).validate(value === undefined ? null : asJsonValue(value)).valid;
}

/** Every violation of `schema` by `value`, each once, in document order. */
export function schemaProblems(schema: JsonSchemaObject, value: unknown): SchemaProblem[] {
  const result = validatorOf(schema).validate(value === undefined ? null : asJsonValue(value));
  if (result.valid) return [];
  const whole = result.errors
    .filter((error) => WHOLE_KEYWORDS.has(error.keyword))
    .map((error) => `${error.keywordLocation}/`);
  const problems: SchemaProblem[] = [];
  const seen = new Set<string>();
  for (const error of result.errors) {
    if (CONTAINER_KEYWORDS.has(error.keyword)) continue;
    if (whole.some((prefix) => error.keywordLocation.startsWith(prefix))) continue;
    const problem = toProblem(error, schema);
    const id = `${problem.pointer} ${problem.keyword} ${JSON.stringify(problem.params)}`;
    if (seen.has(id)) continue;
    seen.add(id);
    problems.push(problem);
  }
  return problems;
}

/** The pointer of an interpreter location ("#/a/b"). */
function pointerOfLocation(location: string): string {
  return location.startsWith("#") ? location.slice(1) : location;
}

/** The property an error message names in quotes (required, propertyNames). */
function quotedName(message: string): string {
  const match = /"((?:[^"\\]|\\.)*)"/.exec(message);
  return match ? (match[1] as string) : "";
}

function toProblem(error: OutputUnit, root: JsonSchemaObject): SchemaProblem {
  const at = pointerOfLocation(error.instanceLocation);
  const keyword = error.keyword;
  const textKey = KEYWORD_TEXT_KEYS[keyword] ?? "StudioDocument_LintInvalid";
  const rule = schemaAt(root, pointerOfLocation(error.keywordLocation));
  switch (keyword) {
    case "required": {
      const property = quotedName(error.error);
      return { pointer: `${at}/${pointerOf([property]).slice(1)}`, keyword, textKey, params: { property } };
    }
    case "propertyNames": {
      const property = quotedName(error.error);
      return { pointer: `${at}/${pointerOf([property]).slice(1)}`, keyword, textKey, params: { property } };
    }
    case "false": {
      const tokens = pointerTokens(at);
      return { pointer: at, keyword, textKey, params: { property: tokens[tokens.length - 1] ?? "" } };
    }
    case "type":
      return { pointer: at, keyword, textKey, params: { expected: typeList(rule) } };
    case "enum":
    case "const": {
      const values = keyword === "enum" ? (Array.isArray(rule) ? rule : []) : [rule];
      const shown = values.slice(0, ENUM_VALUES_SHOWN).map((value) => JSON.stringify(value));
      if (values.length > ENUM_VALUES_SHOWN) shown.push("…");
      return { pointer: at, keyword, textKey, params: { values: shown.join(", ") } };
    }
    case "oneOf": {
      const matches = /\((\d+) matches\)/.exec(error.error);
      return { pointer: at, keyword, textKey, params: { matches: matches ? Number(matches[1]) : 0 } };
    }
    case "format":
      return { pointer: at, keyword, textKey, params: { format: String(rule ?? "") } };
    case "minLength":
    case "maxLength":
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
    case "minItems":
    case "maxItems":
      return { pointer: at, keyword, textKey, params: typeof rule === "number" ? { limit: rule } : {} };
    default:
      return { pointer: at, keyword, textKey, params: {} };
  }
}

/** The types a `type` keyword allows, as the words of the type message (translated later). */
function typeList(rule: unknown): string {
  const types = Array.isArray(rule) ? rule : [rule];
  return types.map(String).join("|");
}

/**
 * The schema node at an interpreter keyword location, following `$ref` segments to the local
 * definitions they name; undefined when the location does not resolve.
 */
export function schemaAt(root: JsonSchemaObject, location: string): unknown {
  let node: unknown = root;
  for (const token of pointerTokens(location)) {
    if (node === null || typeof node !== "object") return undefined;
    if (token === "$ref") {
      const reference = (node as { $ref?: unknown }).$ref;
      node = typeof reference === "string" ? resolveLocalRef(root, reference) : undefined;
      continue;
    }
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** The target of a local `$ref` ("#/definitions/x") in `root`. */
export function resolveLocalRef(root: JsonSchemaObject, reference: string): unknown {
  if (!reference.startsWith("#")) return undefined;
  let node: unknown = root;
  for (const token of pointerTokens(decodeURIComponent(reference.slice(1)))) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** The translated message of a problem. */
export function problemMessage(problem: SchemaProblem, t: Translate): string {
  if (problem.keyword === "type") {
    const expected = String(problem.params.expected ?? "")
      .split("|")
      .map((type) => t(TYPE_TEXT_KEYS[type] ?? "StudioDocument_Type_object"))
      .join(" / ");
    return t(problem.textKey, { expected });
  }
  // A limit the location did not resolve to: the message without its number.
  if (LIMIT_KEYWORDS.has(problem.keyword) && problem.params.limit === undefined)
    return t("StudioDocument_LintInvalid");
  return t(problem.textKey, problem.params);
}
