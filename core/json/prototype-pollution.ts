/**
 * Prototype-pollution defences (DESIGN.md §3: "Merging overrides must be immune to prototype
 * pollution"; request bodies carrying such keys are refused too). JSON.parse turns `"__proto__"` into an
 * own property, so the danger is in code that later copies or merges such objects; both helpers
 * here refuse the keys outright instead of skipping them, so a poisoned document never half-applies.
 */

/** Keys that reach or replace an object's prototype when assigned through ordinary property access. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** Deepest nesting inspected; deeper JSON is refused as hostile (ajv limits the bodies far below). */
export const MAX_JSON_DEPTH = 64;

/** A plain JSON object (not an array, not null). */
export type JsonObject = { [key: string]: unknown };

/** True for a plain JSON object. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The JSON pointer of the first forbidden key in `value`, or null when there is none. A structure
 * nested deeper than MAX_JSON_DEPTH is reported at the depth where inspection stopped.
 */
export function findForbiddenKey(value: unknown, pointer = "", depth = 0): string | null {
  if (typeof value !== "object" || value === null) return null;
  if (depth > MAX_JSON_DEPTH) return pointer || "/";
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findForbiddenKey(value[index], `${pointer}/${index}`, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const path = `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
    if (FORBIDDEN_KEYS.has(key)) return path;
    const found = findForbiddenKey((value as JsonObject)[key], path, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Thrown by `mergePatch` when the patch holds a forbidden key. */
export class ForbiddenKeyError extends Error {
  constructor(readonly pointer: string) {
    super(`forbidden key at ${pointer}`);
    this.name = "ForbiddenKeyError";
  }
}

/** A deep copy of JSON data built with own properties only. */
function cloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneJson);
  if (!isJsonObject(value)) return value;
  const copy: JsonObject = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, {
      value: cloneJson(value[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/**
 * JSON Merge Patch (RFC 7386) without mutating either input: objects merge key by key, `null`
 * removes a key, anything else (arrays included) replaces. Throws ForbiddenKeyError when the patch
 * names `__proto__`, `constructor` or `prototype` anywhere, before anything is merged.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  const forbidden = findForbiddenKey(patch);
  if (forbidden !== null) throw new ForbiddenKeyError(forbidden);
  return applyPatch(target, patch);
}

function applyPatch(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) return cloneJson(patch);
  const result = (isJsonObject(target) ? cloneJson(target) : {}) as JsonObject;
  for (const key of Object.keys(patch)) {
    const value = patch[key];
    if (value === null) {
      delete result[key];
      continue;
    }
    // defineProperty, not assignment: even a key that slipped past the check could not reach a prototype.
    Object.defineProperty(result, key, {
      value: applyPatch(Object.hasOwn(result, key) ? result[key] : undefined, value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}
