/**
 * What the raw JSON editor knows from the schema, as pure functions of the text and the schema:
 * the inline problems (a syntax error where the text breaks, each schema problem under the
 * characters it is about), the properties and values to complete at a place, and what to say about
 * a property under the pointer. The CodeMirror extensions (json-editor.tsx) only carry these out.
 */
import { type JsonLocation, locationOf, parseJsonWithLocations } from "./json-source-map.ts";
import {
  type JsonSchemaObject,
  problemMessage,
  resolveLocalRef,
  satisfiesSchema,
  schemaProblems,
  type Translate,
} from "./schema-validation.ts";

/** One inline problem of the text. */
export interface JsonDiagnostic {
  from: number;
  to: number;
  /** The pointer the problem is about; null for a syntax error. */
  pointer: string | null;
  message: string;
}

/** The outcome of linting a text: its value when it parses, and its problems. */
export interface JsonLint {
  /** The parsed value; undefined when the text is not JSON. */
  value?: unknown;
  /** Whether the text is JSON (schema problems do not stop it being applied). */
  parses: boolean;
  diagnostics: JsonDiagnostic[];
}

/** The line and column (from 1) of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}

/** What the parser expected, in words (punctuation as it is). */
function expectedWords(expected: string, t: Translate): string {
  const words: Record<string, string> = {
    value: "StudioDocument_JsonExpected_value",
    string: "StudioDocument_JsonExpected_string",
    end: "StudioDocument_JsonExpected_end",
    escape: "StudioDocument_JsonExpected_escape",
    "four hex digits": "StudioDocument_JsonExpected_hex",
  };
  const key = words[expected];
  return key ? t(key) : `“${expected}”`;
}

/**
 * Where to mark a problem about `pointer`: a member's key when it has one and the value is a
 * container (marking a whole object would cover the screen), else the value; an object or array
 * without a key is marked at its opening bracket.
 */
export function markRange(
  text: string,
  location: JsonLocation,
  onKey: boolean,
): { from: number; to: number } {
  if (location.keyFrom !== undefined && location.keyTo !== undefined) {
    const container = text[location.valueFrom] === "{" || text[location.valueFrom] === "[";
    if (onKey || container) return { from: location.keyFrom, to: location.keyTo };
  }
  const container = text[location.valueFrom] === "{" || text[location.valueFrom] === "[";
  if (container) return { from: location.valueFrom, to: location.valueFrom + 1 };
  return { from: location.valueFrom, to: Math.max(location.valueTo, location.valueFrom + 1) };
}

/** Lints `text` against `schema` (no schema: syntax only). */
export function lintJsonText(text: string, schema: JsonSchemaObject | null, t: Translate): JsonLint {
  const parsed = parseJsonWithLocations(text);
  if (!parsed.ok) {
    const { line, column } = lineAndColumn(text, parsed.at);
    return {
      parses: false,
      diagnostics: [
        {
          from: Math.min(parsed.at, text.length),
          to: Math.min(parsed.at + 1, text.length),
          pointer: null,
          message: t("StudioDocument_JsonSyntax", {
            line,
            column,
            expected: expectedWords(parsed.expected, t),
          }),
        },
      ],
    };
  }
  if (!schema) return { value: parsed.value, parses: true, diagnostics: [] };
  const diagnostics = schemaProblems(schema, parsed.value).map((problem) => {
    // A required property is missing from its object: mark the object. A bad name: mark the name.
    const onKey = problem.keyword === "false" || problem.keyword === "propertyNames";
    const at = problem.keyword === "required" ? problem.pointer.replace(/\/[^/]*$/, "") : problem.pointer;
    const range = markRange(text, locationOf(parsed.locations, at), onKey);
    return { ...range, pointer: problem.pointer, message: problemMessage(problem, t) };
  });
  return { value: parsed.value, parses: true, diagnostics };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The schemas that apply at `tokens` below `schema`: through properties, items and
 * additionalProperties, $refs resolved, and every alternative of allOf/oneOf/anyOf — the ones the
 * value there satisfies when `value` (the whole value) tells, else all of them.
 */
export function schemasAt(
  root: JsonSchemaObject,
  tokens: readonly string[],
  value?: unknown,
): JsonSchemaObject[] {
  let current = expand(root, root, value);
  let node = value;
  for (const token of tokens) {
    node = Array.isArray(node) ? node[Number(token)] : isRecord(node) ? node[token] : undefined;
    const next: JsonSchemaObject[] = [];
    for (const schema of current) {
      const properties = isRecord(schema.properties) ? schema.properties : {};
      if (Object.hasOwn(properties, token)) next.push(properties[token] as JsonSchemaObject);
      else if (isRecord(schema.additionalProperties) && !Array.isArray(schema.items)) {
        next.push(schema.additionalProperties);
      }
      if (isRecord(schema.items) && /^\d+$/.test(token)) next.push(schema.items);
    }
    current = next.flatMap((schema) => expand(root, schema, node));
  }
  return current;
}

/** A schema with its $ref followed and its alternatives spread (the matching ones when the value tells). */
function expand(root: JsonSchemaObject, schema: unknown, value: unknown, depth = 0): JsonSchemaObject[] {
  if (!isRecord(schema) || depth > 16) return [];
  if (typeof schema.$ref === "string")
    return expand(root, resolveLocalRef(root, schema.$ref), value, depth + 1);
  const result: JsonSchemaObject[] = [schema];
  if (Array.isArray(schema.allOf)) {
    for (const sub of schema.allOf) result.push(...expand(root, sub, value, depth + 1));
  }
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const alternatives = schema[keyword];
    if (!Array.isArray(alternatives)) continue;
    const definitions = isRecord(root.definitions) ? { definitions: root.definitions } : {};
    const matching =
      value === undefined
        ? alternatives
        : alternatives.filter((sub) => isRecord(sub) && satisfiesSchema({ ...sub, ...definitions }, value));
    for (const sub of matching.length > 0 ? matching : alternatives) {
      result.push(...expand(root, sub, value, depth + 1));
    }
  }
  return result;
}

/** A property the editor offers to add. */
export interface PropertySuggestion {
  name: string;
  /** The JSON type(s) of its value, for the completion's detail and the inserted placeholder. */
  type: string;
  description: string;
  required: boolean;
}

/** The properties the schemas at a place allow that the object there does not have yet. */
export function propertySuggestions(
  schemas: readonly JsonSchemaObject[],
  present: ReadonlySet<string>,
): PropertySuggestion[] {
  const byName = new Map<string, PropertySuggestion>();
  for (const schema of schemas) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    for (const [name, sub] of Object.entries(properties)) {
      if (present.has(name) || byName.has(name)) continue;
      const property = isRecord(sub) ? sub : {};
      byName.set(name, {
        name,
        type: typeOf(property),
        description: typeof property.description === "string" ? property.description : "",
        required: required.has(name),
      });
    }
  }
  // Required properties first, each group in schema order.
  return [...byName.values()].sort((a, b) => Number(b.required) - Number(a.required));
}

function typeOf(schema: JsonSchemaObject): string {
  if (typeof schema.type === "string") return schema.type;
  if (Array.isArray(schema.type)) return schema.type.join("|");
  if (Array.isArray(schema.enum)) return "enum";
  if (schema.const !== undefined) return "const";
  if (schema.$ref !== undefined || schema.oneOf !== undefined || schema.anyOf !== undefined) return "object";
  return "";
}

/** The values the schemas at a place allow outright: their constants, enum members and booleans. */
export function valueSuggestions(schemas: readonly JsonSchemaObject[]): unknown[] {
  const values: unknown[] = [];
  const add = (value: unknown) => {
    if (!values.some((known) => JSON.stringify(known) === JSON.stringify(value))) values.push(value);
  };
  for (const schema of schemas) {
    if (schema.const !== undefined) add(schema.const);
    if (Array.isArray(schema.enum)) for (const value of schema.enum) add(value);
    if (schema.type === "boolean") {
      add(true);
      add(false);
    }
  }
  return values;
}

/** What the hover says about the value at a place: its description and type. */
export function describePlace(
  schemas: readonly JsonSchemaObject[],
): { description: string; type: string } | null {
  const described = schemas.find((schema) => typeof schema.description === "string");
  const typed = schemas.find((schema) => typeOf(schema) !== "");
  if (!described && !typed) return null;
  return {
    description: typeof described?.description === "string" ? described.description : "",
    type: typed ? typeOf(typed) : "",
  };
}

/** The placeholder value inserted with a property of `type` (the cursor goes inside it). */
export function placeholderFor(type: string): { before: string; after: string } {
  switch (type.split("|")[0]) {
    case "string":
      return { before: '"', after: '"' };
    case "object":
      return { before: "{", after: "}" };
    case "array":
      return { before: "[", after: "]" };
    case "boolean":
      return { before: "false", after: "" };
    case "integer":
    case "number":
      return { before: "0", after: "" };
    default:
      return { before: "", after: "" };
  }
}
