/**
 * The two directions of JSON Merge Patch (RFC 7386) the configuration plane needs beside applying a
 * patch (`mergePatch`, prototype-pollution.ts): the patch that turns one document into
 * another — the gateway's change sets and the operator studio's edits build it the same way — and a
 * structural diff of two documents as a list of changes with JSON pointers.
 */
import { isJsonObject, type JsonObject } from "./prototype-pollution.ts";

/** One RFC 6901 reference token. */
function pointerSegment(segment: string | number): string {
  return String(segment).replaceAll("~", "~0").replaceAll("/", "~1");
}

/** Deep equality of JSON values (object key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  }
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}

function defineOwn(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The merge patch `p` with `mergePatch(from, p)` equal to `to`, or undefined when they are equal.
 * Objects diff key by key (a removed key becomes null); anything else is replaced whole. JSON null
 * cannot be a value in a merge patch, so documents holding null values are not representable — the
 * manifests' schemas never allow null.
 */
export function createMergePatch(from: unknown, to: unknown): unknown {
  if (jsonEqual(from, to)) return undefined;
  if (!isJsonObject(from) || !isJsonObject(to)) return to;
  const patch: JsonObject = {};
  for (const key of Object.keys(from)) {
    if (!Object.hasOwn(to, key)) defineOwn(patch, key, null);
  }
  for (const key of Object.keys(to)) {
    const child = createMergePatch(Object.hasOwn(from, key) ? from[key] : undefined, to[key]);
    if (child !== undefined) defineOwn(patch, key, child);
  }
  return patch;
}

/** One change between two documents. */
export interface JsonChange {
  op: "add" | "remove" | "replace";
  /** RFC 6901 pointer into the document. */
  pointer: string;
  before?: unknown;
  after?: unknown;
}

/** True for an array of objects that each carry a string `id` or `code`, all distinct. */
function keyedArray(value: unknown): value is JsonObject[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  const seen = new Set<string>();
  for (const item of value) {
    if (!isJsonObject(item)) return false;
    const key = typeof item.id === "string" ? item.id : typeof item.code === "string" ? item.code : null;
    if (key === null || seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

const itemKey = (item: JsonObject): string => (typeof item.id === "string" ? item.id : String(item.code));

/**
 * The changes from `before` to `after`, deepest first where objects nest. Arrays of identified items
 * (`id` or `code`, as menus, routes and templates are) are compared item by item, addressed by index in
 * `after` (or in `before` for a removal); other arrays are replaced whole.
 */
export function structuralDiff(before: unknown, after: unknown, pointer = ""): JsonChange[] {
  if (jsonEqual(before, after)) return [];
  if (before === undefined) return [{ op: "add", pointer, after }];
  if (after === undefined) return [{ op: "remove", pointer, before }];
  if (isJsonObject(before) && isJsonObject(after)) {
    const changes: JsonChange[] = [];
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) {
      changes.push(
        ...structuralDiff(
          Object.hasOwn(before, key) ? before[key] : undefined,
          Object.hasOwn(after, key) ? after[key] : undefined,
          `${pointer}/${pointerSegment(key)}`,
        ),
      );
    }
    return changes;
  }
  if (keyedArray(before) && keyedArray(after)) {
    const changes: JsonChange[] = [];
    const beforeByKey = new Map(before.map((item, index) => [itemKey(item), { item, index }]));
    const afterKeys = new Set(after.map(itemKey));
    for (const [index, item] of after.entries()) {
      const old = beforeByKey.get(itemKey(item));
      changes.push(...structuralDiff(old?.item, item, `${pointer}/${index}`));
    }
    for (const [key, { item, index }] of beforeByKey) {
      if (!afterKeys.has(key)) changes.push({ op: "remove", pointer: `${pointer}/${index}`, before: item });
    }
    const order = (items: JsonObject[]) =>
      items.map(itemKey).filter((k) => beforeByKey.has(k) && afterKeys.has(k));
    if (!jsonEqual(order(before), order(after))) {
      changes.push({ op: "replace", pointer, before: before.map(itemKey), after: after.map(itemKey) });
    }
    return changes;
  }
  return [{ op: "replace", pointer, before, after }];
}
