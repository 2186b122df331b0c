/**
 * Validates data against the constrained JSON Schema vocabulary that screen-form.ts derives, by
 * interpretation: the strict CSP forbids eval, so ajv cannot compile schemas in the browser (DESIGN §6).
 * Understood: type, properties, required (§5 semantics), items, uniqueItems, minItems, maxItems, enum,
 * const, oneOf, anyOf, allOf, maxLength, minLength, minimum, maximum, exclusiveMinimum, exclusiveMaximum,
 * pattern, format (email, date, date-time) and contentMediaType application/json. Any other keyword
 * throws UnsupportedSchemaError: an unknown rule is never silently passed.
 */
import { isIsoDate, isIsoDateTime, parsesAsJson } from "./formats.ts";
import { checkKeywords, compiled, isObject, type SchemaNode } from "./schema-vocabulary.ts";
import { isFilled, isValidEmail } from "./validation.ts";

export { checkVocabulary, type SchemaNode, UnsupportedSchemaError } from "./schema-vocabulary.ts";

/** One failed rule: where (JSON pointer into the data), which keyword, the message and its parameters. */
export interface RawError {
  instancePath: string;
  keyword: string;
  message: string;
  params: Record<string, unknown>;
  schemaPath: string;
}

/** Translates a message key with parameters (i18next's t). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Validates `data` against `schema`; returns every failed rule (empty when valid). */
export function interpretSchema(
  schema: SchemaNode,
  data: unknown,
  t: Translate,
  path = "",
  at = "#",
): RawError[] {
  checkKeywords(schema);
  const errors: RawError[] = [];
  const fail = (keyword: string, key: string, params: Record<string, unknown> = {}) => {
    errors.push({
      instancePath: path,
      keyword,
      message: t(key, params),
      params,
      schemaPath: `${at}/${keyword}`,
    });
  };
  if (schema.type !== undefined && !matchesType(schema.type, data)) {
    fail("type", typeMessage(schema.type), { type: schema.type });
    return errors; // Further rules of a wrong-typed value only repeat the problem.
  }
  if (schema.const !== undefined && !sameJson(schema.const, data)) fail("const", "Validation_Option");
  if (Array.isArray(schema.enum) && !schema.enum.some((v) => sameJson(v, data)))
    fail("enum", "Validation_Option");
  combinators(schema, data, t, path, at, fail, errors);
  if (typeof data === "string") stringRules(schema, data, fail);
  if (typeof data === "number") numberRules(schema, data, fail);
  if (Array.isArray(data)) arrayRules(schema, data, t, path, at, fail, errors);
  if (isObject(data)) objectRules(schema, data, t, path, at, errors);
  return errors;
}

type Fail = (keyword: string, key: string, params?: Record<string, unknown>) => void;

function combinators(
  s: SchemaNode,
  data: unknown,
  t: Translate,
  path: string,
  at: string,
  fail: Fail,
  errors: RawError[],
) {
  const valid = (sub: unknown, where: string) =>
    interpretSchema(sub as SchemaNode, data, t, path, where).length === 0;
  if (Array.isArray(s.oneOf) && s.oneOf.filter((sub, i) => valid(sub, `${at}/oneOf/${i}`)).length !== 1) {
    fail("oneOf", "Validation_Option");
  }
  if (Array.isArray(s.anyOf) && !s.anyOf.some((sub, i) => valid(sub, `${at}/anyOf/${i}`))) {
    fail("anyOf", "Validation_Option");
  }
  if (Array.isArray(s.allOf)) {
    s.allOf.forEach((sub, i) => {
      errors.push(...interpretSchema(sub as SchemaNode, data, t, path, `${at}/allOf/${i}`));
    });
  }
}

function stringRules(s: SchemaNode, value: string, fail: Fail) {
  const length = [...value].length; // JSON Schema counts code points, not UTF-16 units
  if (typeof s.maxLength === "number" && length > s.maxLength)
    fail("maxLength", "Validation_MaxLength", { limit: s.maxLength });
  if (typeof s.minLength === "number" && length < s.minLength)
    fail("minLength", "Validation_MinLength", { limit: s.minLength });
  if (value === "") return; // An empty text is left to required (§5), never to its pattern or format.
  if (typeof s.pattern === "string" && !compiled(s.pattern).test(value))
    fail("pattern", "Validation_Pattern");
  if (s.format === "email" && !isValidEmail(value)) fail("format", "ValidationErrorMessage_InvalidEmail");
  if (s.format === "date" && !isIsoDate(value)) fail("format", "Validation_Date");
  if (s.format === "date-time" && !isIsoDateTime(value)) fail("format", "Validation_DateTime");
  if (s.contentMediaType === "application/json" && !parsesAsJson(value))
    fail("contentMediaType", "Validation_Json");
}

function numberRules(s: SchemaNode, value: number, fail: Fail) {
  if (typeof s.minimum === "number" && value < s.minimum)
    fail("minimum", "Validation_Minimum", { limit: s.minimum });
  if (typeof s.maximum === "number" && value > s.maximum)
    fail("maximum", "Validation_Maximum", { limit: s.maximum });
  if (typeof s.exclusiveMinimum === "number" && value <= s.exclusiveMinimum) {
    fail("exclusiveMinimum", "Validation_Minimum", { limit: s.exclusiveMinimum });
  }
  if (typeof s.exclusiveMaximum === "number" && value >= s.exclusiveMaximum) {
    fail("exclusiveMaximum", "Validation_Maximum", { limit: s.exclusiveMaximum });
  }
}

function arrayRules(
  s: SchemaNode,
  value: unknown[],
  t: Translate,
  path: string,
  at: string,
  fail: Fail,
  errors: RawError[],
) {
  if (typeof s.minItems === "number" && value.length < s.minItems)
    fail("minItems", "Validation_MinItems", { limit: s.minItems });
  if (typeof s.maxItems === "number" && value.length > s.maxItems)
    fail("maxItems", "Validation_MaxItems", { limit: s.maxItems });
  if (s.uniqueItems === true && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) {
    fail("uniqueItems", "Validation_UniqueItems");
  }
  if (isObject(s.items)) {
    value.forEach((item, i) => {
      errors.push(...interpretSchema(s.items as SchemaNode, item, t, `${path}/${i}`, `${at}/items`));
    });
  }
}

function objectRules(
  s: SchemaNode,
  value: Record<string, unknown>,
  t: Translate,
  path: string,
  at: string,
  errors: RawError[],
) {
  const properties = isObject(s.properties) ? (s.properties as Record<string, SchemaNode>) : {};
  // §5: a disabled control is not validated; a read-only property is shown, never edited.
  const skipped = (name: string) => properties[name]?.readOnly === true;
  for (const name of Array.isArray(s.required) ? (s.required as string[]) : []) {
    if (!skipped(name) && !isFilled(value[name])) {
      errors.push({
        instancePath: `${path}/${name}`,
        keyword: "required",
        message: t("ValidationErrorMessage_Required"),
        params: { missingProperty: name },
        schemaPath: `${at}/required`,
      });
    }
  }
  for (const [name, sub] of Object.entries(properties)) {
    if (skipped(name) || value[name] === undefined || value[name] === null) continue;
    errors.push(...interpretSchema(sub, value[name], t, `${path}/${name}`, `${at}/properties/${name}`));
  }
}

function matchesType(type: unknown, data: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((name) => {
    switch (name) {
      case "string":
        return typeof data === "string";
      case "number":
        return typeof data === "number" && Number.isFinite(data);
      case "integer":
        return Number.isInteger(data);
      case "boolean":
        return typeof data === "boolean";
      case "array":
        return Array.isArray(data);
      case "object":
        return isObject(data);
      default:
        return data === null; // "null"; other names were refused by checkKeywords
    }
  });
}

function typeMessage(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  if (types.includes("integer") && !types.includes("number")) return "Validation_Integer";
  if (types.includes("number")) return "Validation_Number";
  return "Validation_Invalid";
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
