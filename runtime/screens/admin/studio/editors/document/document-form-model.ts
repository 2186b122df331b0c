/**
 * How the document editors cut a manifest document into the items an operator edits one at a time
 * (DESIGN.md §3: one document per kind): a form over a whole big document (the screens, the routes)
 * is far too slow to render, so each kind names the arrays whose elements are items (a route, a
 * dialog, a screen) and the top-level properties edited as one item each (a menu, a permissions
 * section); what remains (version, notFoundRedirect, the whole shell) is the "document" item.
 *
 * The round trip is exact: `fromFormData(kind, document, i, toFormData(kind, document, i))` is the
 * document, whatever it holds — unknown properties included, as the form keeps them (no defaults
 * added, no extra data omitted: FORM_DEFAULTS_BEHAVIOUR). Also here: the item's JSON Schema (with
 * the definitions its $refs need) and the schema the form renders, labelled through text keys.
 * Pure: the editor carries it out.
 */
import type { Experimental_DefaultFormStateBehavior } from "@rjsf/utils";
import type { ManifestKindName } from "../../studio-model.ts";
import { pointerOf, pointerTokens } from "./json-source-map.ts";
import { asJsonValue, type JsonSchemaObject, resolveLocalRef } from "./schema-validation.ts";

/** An array of the document whose elements are items. */
export interface ItemCollection {
  /** The top-level property holding the array. */
  property: string;
  /** The element's properties that name it in the list, the first one present wins (a route: path). */
  label: readonly string[];
  /** The element's properties shown beside the label (a route's id). */
  secondary: readonly string[];
  /** The element's property holding the text key of its title (a screen's titleKey), searched too. */
  titleKey?: string;
}

/** How one kind splits into items. */
export interface KindLayout {
  collections: readonly ItemCollection[];
  /** Top-level properties edited as one item each. */
  sections: readonly string[];
}

/** The layout of every manifest kind (the shell and the constants are small: one item). */
export const KIND_LAYOUTS: Readonly<Record<ManifestKindName, KindLayout>> = {
  routes: { collections: [{ property: "routes", label: ["path"], secondary: ["id"] }], sections: [] },
  menus: { collections: [], sections: ["sessionValues", "main", "admin", "user", "help"] },
  permissions: {
    collections: [],
    sections: ["rolePermissions", "features", "adminModules", "homePageTypes", "homeRedirects"],
  },
  notifications: { collections: [{ property: "templates", label: ["code"], secondary: [] }], sections: [] },
  dialogs: { collections: [{ property: "dialogs", label: ["path"], secondary: ["id"] }], sections: [] },
  screens: {
    collections: [{ property: "screens", label: ["id"], secondary: [], titleKey: "titleKey" }],
    sections: [],
  },
  shell: { collections: [], sections: [] },
  constants: { collections: [], sections: [] },
  widgets: {
    collections: [{ property: "kinds", label: ["kind"], secondary: ["renderer"], titleKey: "titleKey" }],
    sections: [],
  },
};

/** One item of a document, as the editor's list shows it. */
export interface DocumentItem {
  /** Its position in `documentItems()`: what toFormData and fromFormData take. */
  index: number;
  /**
   * `element`: an element of a collection; `section`: a top-level property; `document`: the
   * top-level properties no collection or section holds.
   */
  type: "element" | "section" | "document";
  /** The collection or section property; "" for the document item. */
  group: string;
  /** The element's position in its collection. */
  position?: number;
  /** The pointer of the item's value ("" for the document item, which is a selection of the root). */
  pointer: string;
  /** The element's naming value (a route's path), or the section property. */
  label: string;
  /** Values shown beside the label (a route's id). */
  secondary: string[];
  /** The text key of the element's title, when its collection names one. */
  titleKey?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The properties of the layout that are items of their own (collections and sections). */
function itemProperties(layout: KindLayout): Set<string> {
  return new Set([...layout.collections.map((collection) => collection.property), ...layout.sections]);
}

/** The top-level properties of the document item: every member that is not an item of its own. */
export function documentItemKeys(kind: ManifestKindName, document: unknown): string[] {
  const own = itemProperties(KIND_LAYOUTS[kind]);
  return Object.keys(isRecord(document) ? document : {}).filter((key) => !own.has(key));
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : undefined;

/**
 * The items of a document, in the order the list shows them: the document item (when the document
 * has members of its own), the sections present, then each collection's elements.
 */
export function documentItems(kind: ManifestKindName, document: unknown): DocumentItem[] {
  const layout = KIND_LAYOUTS[kind];
  const root = isRecord(document) ? document : {};
  const items: DocumentItem[] = [];
  const push = (item: Omit<DocumentItem, "index">) => items.push({ ...item, index: items.length });
  if (
    documentItemKeys(kind, root).length > 0 ||
    (layout.collections.length === 0 && layout.sections.length === 0)
  ) {
    push({ type: "document", group: "", pointer: "", label: "", secondary: [] });
  }
  for (const section of layout.sections) {
    if (!Object.hasOwn(root, section)) continue;
    push({ type: "section", group: section, pointer: pointerOf([section]), label: section, secondary: [] });
  }
  for (const collection of layout.collections) {
    const elements = root[collection.property];
    if (!Array.isArray(elements)) continue;
    elements.forEach((element, position) => {
      const record = isRecord(element) ? element : {};
      const label = collection.label.map((name) => text(record[name])).find((value) => value !== undefined);
      const titleKey = collection.titleKey ? text(record[collection.titleKey]) : undefined;
      push({
        type: "element",
        group: collection.property,
        position,
        pointer: pointerOf([collection.property, position]),
        label: label ?? "",
        secondary: collection.secondary.map((name) => text(record[name])).filter((v): v is string => !!v),
        ...(titleKey ? { titleKey } : {}),
      });
    });
  }
  return items;
}

function itemAt(kind: ManifestKindName, document: unknown, itemIndex: number): DocumentItem {
  const item = documentItems(kind, document)[itemIndex];
  if (!item) throw new RangeError(`${kind} has no item ${itemIndex}`);
  return item;
}

/** The value at `pointer` in `value`, or undefined. */
export function valueAtPointer(value: unknown, pointer: string): unknown {
  let node = value;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isRecord(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

/** The form data of item `itemIndex`: a copy of its value (the document item: its members). */
export function toFormData(kind: ManifestKindName, document: unknown, itemIndex: number): unknown {
  const item = itemAt(kind, document, itemIndex);
  if (item.type !== "document") return structuredClone(valueAtPointer(document, item.pointer));
  const root = document as Record<string, unknown>;
  const members: Record<string, unknown> = {};
  for (const key of documentItemKeys(kind, root)) members[key] = structuredClone(root[key]);
  return members;
}

/**
 * The document with item `itemIndex` replaced by `formData` (as JSON holds it: a cleared field's
 * undefined leaves its property out). Members keep their order; the document item's new members
 * come last. The document itself when nothing changed.
 */
export function fromFormData(
  kind: ManifestKindName,
  document: unknown,
  itemIndex: number,
  formData: unknown,
): Record<string, unknown> {
  const item = itemAt(kind, document, itemIndex);
  const root = document as Record<string, unknown>;
  const data = asJsonValue(formData);
  let next: Record<string, unknown>;
  if (item.type === "document") {
    const members = isRecord(data) ? data : {};
    const own = itemProperties(KIND_LAYOUTS[kind]);
    next = {};
    for (const key of Object.keys(root)) {
      if (own.has(key)) next[key] = root[key];
      else if (Object.hasOwn(members, key)) next[key] = members[key];
    }
    for (const key of Object.keys(members)) {
      if (!Object.hasOwn(next, key) && !own.has(key)) next[key] = members[key];
    }
  } else if (item.type === "section") {
    next = { ...root, [item.group]: data };
  } else {
    const elements = [...(root[item.group] as unknown[])];
    elements[item.position as number] = data;
    next = { ...root, [item.group]: elements };
  }
  return jsonEqual(next, root) ? root : next;
}

/** Deep equality of JSON values (member order ignored, as JSON objects are unordered). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((value, i) => jsonEqual(value, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}

/** The document with a new element (empty unless given) at the end of `collection`; and its item. */
export function addElement(
  kind: ManifestKindName,
  document: unknown,
  collection: string,
  element: unknown = {},
): { document: Record<string, unknown>; itemIndex: number } {
  const root = document as Record<string, unknown>;
  const current = Array.isArray(root[collection]) ? (root[collection] as unknown[]) : [];
  const next = { ...root, [collection]: [...current, element] };
  const itemIndex = documentItems(kind, next).findIndex(
    (item) => item.group === collection && item.position === current.length,
  );
  return { document: next, itemIndex };
}

/** The document without element item `itemIndex` (sections and the document item stay). */
export function removeElement(
  kind: ManifestKindName,
  document: unknown,
  itemIndex: number,
): Record<string, unknown> {
  const item = itemAt(kind, document, itemIndex);
  const root = document as Record<string, unknown>;
  if (item.type !== "element") throw new RangeError(`item ${itemIndex} of ${kind} is not an element`);
  const elements = (root[item.group] as unknown[]).filter((_, position) => position !== item.position);
  return { ...root, [item.group]: elements };
}

/**
 * The item holding `pointer` (into the whole document) and the pointer inside the item's value;
 * null when the pointer is a collection itself (or the root's array of it): only the whole document
 * shows that.
 */
export function itemOfPointer(
  kind: ManifestKindName,
  document: unknown,
  pointer: string,
): { itemIndex: number; innerPointer: string } | null {
  const tokens = pointerTokens(pointer);
  const items = documentItems(kind, document);
  const [head, second, ...rest] = tokens;
  const layout = KIND_LAYOUTS[kind];
  if (head !== undefined && layout.collections.some((collection) => collection.property === head)) {
    const position = second === undefined ? Number.NaN : Number(second);
    const item = items.find((candidate) => candidate.group === head && candidate.position === position);
    return item ? { itemIndex: item.index, innerPointer: pointerOf(rest) } : null;
  }
  if (head !== undefined && layout.sections.includes(head)) {
    const item = items.find((candidate) => candidate.type === "section" && candidate.group === head);
    return item ? { itemIndex: item.index, innerPointer: pointerOf(tokens.slice(1)) } : null;
  }
  const documentItem = items.find((candidate) => candidate.type === "document");
  return documentItem ? { itemIndex: documentItem.index, innerPointer: pointer } : null;
}

/** The pointer into the whole document of `innerPointer` inside item `item`. */
export function documentPointer(item: DocumentItem, innerPointer: string): string {
  return item.type === "document" ? innerPointer : `${item.pointer}${innerPointer}`;
}

/** A property's schema, following a local $ref. */
function resolved(root: JsonSchemaObject, schema: unknown): JsonSchemaObject {
  let node = schema;
  for (let hops = 0; isRecord(node) && typeof node.$ref === "string" && hops < 8; hops++) {
    node = resolveLocalRef(root, node.$ref);
  }
  return isRecord(node) ? node : {};
}

/**
 * The JSON Schema of an item's value: the element's or section's subschema, or for the document
 * item the root schema narrowed to its members; with the root's definitions, which its $refs name.
 */
export function itemSchema(
  kind: ManifestKindName,
  rootSchema: JsonSchemaObject,
  item: DocumentItem,
): JsonSchemaObject {
  const properties = isRecord(rootSchema.properties) ? rootSchema.properties : {};
  const definitions = isRecord(rootSchema.definitions) ? { definitions: rootSchema.definitions } : {};
  if (item.type === "element") {
    const collection = resolved(rootSchema, properties[item.group]);
    return { ...resolved(rootSchema, collection.items), ...definitions };
  }
  if (item.type === "section") return { ...resolved(rootSchema, properties[item.group]), ...definitions };
  const own = itemProperties(KIND_LAYOUTS[kind]);
  const members = Object.fromEntries(Object.entries(properties).filter(([key]) => !own.has(key)));
  const required = Array.isArray(rootSchema.required)
    ? (rootSchema.required as string[]).filter((key) => !own.has(key))
    : [];
  return {
    type: "object",
    ...(typeof rootSchema.description === "string" ? { description: rootSchema.description } : {}),
    properties: members,
    required,
    ...(rootSchema.additionalProperties !== undefined
      ? { additionalProperties: rootSchema.additionalProperties }
      : {}),
    ...definitions,
  };
}

/**
 * What rjsf may do to the data it is given (@rjsf/utils getDefaultFormState): nothing. No default,
 * no const, no `false` for a required boolean, no minItems padding, no empty object for an absent
 * optional one — an item is shown as it is, and an edit changes only the field edited. rjsf omits
 * no extra data unless asked (the form never sets omitExtraData).
 */
export const FORM_DEFAULTS_BEHAVIOUR: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: { populate: "never", mergeExtraDefaults: false },
  emptyObjectFields: "skipDefaults",
  allOf: "skipDefaults",
  mergeDefaultsIntoFormData: "useFormDataIfPresent",
  constAsDefaults: "never",
  requiredBooleanDefault: "skip",
};

/** Keywords that shape what the form renders; a subschema without any only constrains. */
const SHAPE_KEYWORDS = [
  "type",
  "properties",
  "items",
  "enum",
  "const",
  "$ref",
  "format",
  "additionalProperties",
];
/** Keywords the form leaves to the validator: they constrain a value the form already shows. */
const CONSTRAINT_ONLY_KEYWORDS = ["if", "then", "else", "not", "propertyNames", "$comment", "$id", "$schema"];

function hasShape(schema: unknown): boolean {
  if (!isRecord(schema)) return false;
  if (
    SHAPE_KEYWORDS.some((keyword) =>
      keyword === "additionalProperties" ? isRecord(schema[keyword]) : schema[keyword] !== undefined,
    )
  ) {
    return true;
  }
  return ["oneOf", "anyOf", "allOf"].some(
    (keyword) => Array.isArray(schema[keyword]) && (schema[keyword] as unknown[]).some(hasShape),
  );
}

/** The words of the form: a property's label, a description, an alternative's name. */
export interface FormTexts {
  /** The label of a property (or definition) name. */
  property: (name: string) => string;
  /** The text shown for a schema description. */
  description: (description: string) => string;
  /** The name of a JSON type ("string", "integer"…). */
  type: (type: string) => string;
  /** An alternative without a better name, numbered from 1. */
  option: (n: number) => string;
}

/**
 * The schema the form renders for `schema`: every property titled (FormTexts.property) and
 * described, each alternative of a oneOf/anyOf named, and the constraint-only parts (if/then/else,
 * not, propertyNames, alternatives that only require properties) left to the validator, which
 * checks the full item schema. What the form keeps of the data is not changed by any of it.
 */
export function formSchema(schema: JsonSchemaObject, texts: FormTexts): JsonSchemaObject {
  const transform = (node: unknown, name?: string): unknown => {
    if (!isRecord(node)) return node;
    const result: Record<string, unknown> = {};
    for (const [keyword, value] of Object.entries(node)) {
      if (CONSTRAINT_ONLY_KEYWORDS.includes(keyword)) continue;
      switch (keyword) {
        case "properties":
          result.properties = Object.fromEntries(
            Object.entries(isRecord(value) ? value : {}).map(([property, sub]) => [
              property,
              transform(sub, property),
            ]),
          );
          break;
        case "definitions":
          result.definitions = Object.fromEntries(
            Object.entries(isRecord(value) ? value : {}).map(([definition, sub]) => [
              definition,
              transform(sub, definition),
            ]),
          );
          break;
        case "items":
        case "additionalProperties":
          result[keyword] = isRecord(value) ? transform(value) : value;
          break;
        case "allOf": {
          const kept = (value as unknown[]).filter(hasShape).map((sub) => transform(sub));
          if (kept.length > 0) result.allOf = kept;
          break;
        }
        case "oneOf":
        case "anyOf": {
          const alternatives = value as unknown[];
          if (!alternatives.some(hasShape)) break;
          result[keyword] = alternatives.map((sub, i) => {
            const transformed = transform(sub) as Record<string, unknown>;
            return { ...transformed, title: alternativeTitle(sub, i, texts) };
          });
          break;
        }
        case "description":
          result.description = texts.description(String(value));
          break;
        default:
          result[keyword] = value;
      }
    }
    if (name !== undefined && result.title === undefined) result.title = texts.property(name);
    return result;
  };
  return transform(schema) as JsonSchemaObject;
}

/** The name of an alternative: its one property, its definition, its constant, its type, or its number. */
function alternativeTitle(schema: unknown, i: number, texts: FormTexts): string {
  if (!isRecord(schema)) return texts.option(i + 1);
  if (typeof schema.title === "string") return schema.title;
  if (typeof schema.$ref === "string") {
    const definition = schema.$ref.split("/").pop() ?? "";
    return texts.property(definition);
  }
  const properties = isRecord(schema.properties) ? schema.properties : {};
  for (const [property, sub] of Object.entries(properties)) {
    if (isRecord(sub) && sub.const !== undefined) return `${texts.property(property)}: ${String(sub.const)}`;
  }
  const names = Object.keys(properties);
  if (names.length === 1) return texts.property(names[0] as string);
  if (typeof schema.type === "string") return texts.type(schema.type);
  return texts.option(i + 1);
}

/**
 * The text key of a property's label, when the project has one: the few the screens' fields
 * already name (Field_*), else `StudioForm_<Property>` (locales carry one per property name of the
 * manifest schemas; a name without one is shown made readable).
 */
export const PROPERTY_TEXT_KEYS: Readonly<Record<string, string>> = {
  code: "Field_Code",
  key: "Field_Key",
  name: "Field_Name",
  objectType: "Field_ObjectType",
  objectTypes: "Field_ObjectTypes",
  page: "Field_Page",
  query: "Field_Query",
  source: "Field_Source",
  status: "Field_Status",
  text: "Field_Text",
  title: "Field_Title",
  type: "Field_Type",
  url: "Field_Url",
  value: "Field_Value",
  version: "Field_Version",
};

/** The text key of the label of property `name`. */
export function propertyTextKey(name: string): string {
  if (Object.hasOwn(PROPERTY_TEXT_KEYS, name)) return PROPERTY_TEXT_KEYS[name] as string;
  const words = name.replace(/[^A-Za-z0-9]+/g, " ").trim();
  const pascal = words
    .split(" ")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
  return `StudioForm_${pascal || "Value"}`;
}

/** A property name made readable ("notFoundRedirect" → "Not found redirect"), the label without a text. */
export function readableName(name: string): string {
  const spaced = name
    .replace(/^\$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The uiSchema of a form: the `$schema` member (the editors' schema path) is kept but not shown. */
export function formUiSchema(schema: JsonSchemaObject): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return Object.hasOwn(properties, "$schema") ? { $schema: { "ui:widget": "hidden" } } : {};
}

/** Whether `item` matches a search (label, secondary values, title, case-insensitive). */
export function itemMatches(item: DocumentItem, query: string, title: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === "") return true;
  return [item.label, ...item.secondary, title, item.group].some((value) =>
    value.toLocaleLowerCase().includes(needle),
  );
}

/** Every property name in a schema (properties and definitions, at any depth), for the label texts. */
export function schemaPropertyNames(schema: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const element of schema) schemaPropertyNames(element, names);
  } else if (isRecord(schema)) {
    for (const [keyword, value] of Object.entries(schema)) {
      if (keyword === "enum" || keyword === "const" || keyword === "required") continue;
      if ((keyword === "properties" || keyword === "definitions") && isRecord(value)) {
        for (const [name, sub] of Object.entries(value)) {
          names.add(name);
          schemaPropertyNames(sub, names);
        }
      } else schemaPropertyNames(value, names);
    }
  }
  return names;
}
