/**
 * A JSON parser that keeps, for every value, where it stands in the text: the raw editor puts a
 * schema problem (an RFC 6901 pointer) under the exact characters it is about, and a syntax error at
 * the character that broke it. Strict RFC 8259 (what JSON.parse accepts, and nothing more); a
 * duplicate key keeps the last value, as JSON.parse does. Pure.
 */

/** Where one value stands: its key (for an object member) and the value itself, as text offsets. */
export interface JsonLocation {
  /** The member's key, quotes included; absent for the root and array elements. */
  keyFrom?: number;
  keyTo?: number;
  valueFrom: number;
  valueTo: number;
}

/** A text that parsed: the value and the location of every pointer in it. */
export interface ParsedJson {
  ok: true;
  value: unknown;
  locations: ReadonlyMap<string, JsonLocation>;
}

/** A text that did not parse: what was expected, and where. */
export interface JsonSyntaxError {
  ok: false;
  /** Offset of the first character that cannot continue the text (its length when it ended too soon). */
  at: number;
  /** What the parser expected there (`value`, `string`, `:`, `,` or `}`…, `end`), for the message. */
  expected: string;
}

/** Escapes one reference token of an RFC 6901 pointer. */
export function escapePointerToken(token: string): string {
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** The reference tokens of an RFC 6901 pointer ("" is the whole document). */
export function pointerTokens(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** The pointer of `tokens`. */
export function pointerOf(tokens: readonly (string | number)[]): string {
  return tokens.map((token) => `/${escapePointerToken(String(token))}`).join("");
}

class SyntaxFailure extends Error {
  constructor(
    readonly at: number,
    readonly expected: string,
  ) {
    super(`expected ${expected} at ${at}`);
  }
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const ESCAPES: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Parses `text`; on success every pointer of the value has its location. */
export function parseJsonWithLocations(text: string): ParsedJson | JsonSyntaxError {
  const locations = new Map<string, JsonLocation>();
  let at = 0;

  const skipWhitespace = () => {
    while (at < text.length && WHITESPACE.has(text[at] as string)) at++;
  };
  const expect = (char: string) => {
    if (text[at] !== char) throw new SyntaxFailure(at, char);
    at++;
  };

  const parseString = (): string => {
    if (text[at] !== '"') throw new SyntaxFailure(at, "string");
    at++;
    let result = "";
    let runStart = at;
    while (at < text.length) {
      const char = text[at] as string;
      if (char === '"') {
        result += text.slice(runStart, at);
        at++;
        return result;
      }
      if (char === "\\") {
        result += text.slice(runStart, at);
        const escaped = text[at + 1];
        if (escaped === "u") {
          const hex = text.slice(at + 2, at + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new SyntaxFailure(at + 2, "four hex digits");
          result += String.fromCharCode(Number.parseInt(hex, 16));
          at += 6;
        } else if (escaped !== undefined && Object.hasOwn(ESCAPES, escaped)) {
          result += ESCAPES[escaped];
          at += 2;
        } else {
          throw new SyntaxFailure(at + 1, "escape");
        }
        runStart = at;
        continue;
      }
      // RFC 8259 §7: control characters must be escaped inside a string.
      if (char < " ") throw new SyntaxFailure(at, '"');
      at++;
    }
    throw new SyntaxFailure(at, '"');
  };

  const parseValue = (tokens: string[], key?: { from: number; to: number }): unknown => {
    skipWhitespace();
    const from = at;
    const char = text[at];
    let value: unknown;
    if (char === "{") {
      at++;
      const object: Record<string, unknown> = {};
      skipWhitespace();
      if (text[at] === "}") at++;
      else {
        for (;;) {
          skipWhitespace();
          const keyFrom = at;
          const name = parseString();
          const keyTo = at;
          skipWhitespace();
          expect(":");
          const member = parseValue([...tokens, name], { from: keyFrom, to: keyTo });
          // Own data property even for "__proto__": the value is data, never a prototype.
          Object.defineProperty(object, name, {
            value: member,
            enumerable: true,
            writable: true,
            configurable: true,
          });
          skipWhitespace();
          if (text[at] === ",") {
            at++;
            continue;
          }
          if (text[at] === "}") {
            at++;
            break;
          }
          throw new SyntaxFailure(at, ", or }");
        }
      }
      value = object;
    } else if (char === "[") {
      at++;
      const array: unknown[] = [];
      skipWhitespace();
      if (text[at] === "]") at++;
      else {
        for (;;) {
          array.push(parseValue([...tokens, String(array.length)]));
          skipWhitespace();
          if (text[at] === ",") {
            at++;
            continue;
          }
          if (text[at] === "]") {
            at++;
            break;
          }
          throw new SyntaxFailure(at, ", or ]");
        }
      }
      value = array;
    } else if (char === '"') {
      value = parseString();
    } else if (text.startsWith("true", at)) {
      at += 4;
      value = true;
    } else if (text.startsWith("false", at)) {
      at += 5;
      value = false;
    } else if (text.startsWith("null", at)) {
      at += 4;
      value = null;
    } else {
      NUMBER.lastIndex = at;
      const match = NUMBER.exec(text);
      if (!match) throw new SyntaxFailure(at, "value");
      at += match[0].length;
      value = Number(match[0]);
    }
    locations.set(pointerOf(tokens), {
      ...(key ? { keyFrom: key.from, keyTo: key.to } : {}),
      valueFrom: from,
      valueTo: at,
    });
    return value;
  };

  try {
    const value = parseValue([]);
    skipWhitespace();
    if (at < text.length) throw new SyntaxFailure(at, "end");
    return { ok: true, value, locations };
  } catch (error) {
    if (error instanceof SyntaxFailure) return { ok: false, at: error.at, expected: error.expected };
    throw error;
  }
}

/**
 * The location of `pointer`, or of its nearest ancestor that exists in the text (a missing
 * property is reported on the object that lacks it).
 */
export function locationOf(locations: ReadonlyMap<string, JsonLocation>, pointer: string): JsonLocation {
  const tokens = pointerTokens(pointer);
  for (let length = tokens.length; length >= 0; length--) {
    const found = locations.get(pointerOf(tokens.slice(0, length)));
    if (found) return found;
  }
  return { valueFrom: 0, valueTo: 0 };
}

/**
 * The pointer of the innermost value at `offset` and whether the offset is on a member's key; the
 * root when nothing narrower holds it.
 */
export function pointerAtOffset(
  locations: ReadonlyMap<string, JsonLocation>,
  offset: number,
): { pointer: string; onKey: boolean } {
  let best = { pointer: "", onKey: false, size: Number.POSITIVE_INFINITY };
  for (const [pointer, location] of locations) {
    if (location.keyFrom !== undefined && location.keyTo !== undefined) {
      if (offset >= location.keyFrom && offset <= location.keyTo) {
        const size = location.keyTo - location.keyFrom;
        if (size <= best.size) best = { pointer, onKey: true, size };
      }
    }
    if (offset >= location.valueFrom && offset <= location.valueTo) {
      const size = location.valueTo - location.valueFrom;
      if (size < best.size) best = { pointer, onKey: false, size };
    }
  }
  return { pointer: best.pointer, onKey: best.onKey };
}
