/**
 * Maps a browser path under a relay prefix (`/api/`, `/webservices/`) to the upstream URL under the
 * matching base, refusing every form that could leave that base (DESIGN.md §4, REST relay).
 */

/** An upstream base, parsed once when the relay starts. */
export interface UpstreamBase {
  /** e.g. `http://127.0.0.1:5180` — what undici connects to. */
  origin: string;
  /** e.g. `/api/` — always ends with a slash. */
  pathname: string;
}

/** Where a relayed request goes, or why it may not go anywhere. */
export type RelayTarget = { ok: true; origin: string; path: string } | { ok: false; reason: string };

/**
 * Parses and checks an upstream base URL (http or https, no query, no fragment, no credentials).
 * A base without a trailing slash gets one, so `…/api` and `…/api/` mean the same.
 */
export function parseUpstreamBase(base: string): UpstreamBase {
  const url = new URL(base);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`upstream base must be http(s): ${base}`);
  if (url.search || url.hash || url.username || url.password) {
    throw new Error(`upstream base must hold no query, fragment or credentials: ${base}`);
  }
  return { origin: url.origin, pathname: url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/` };
}

/**
 * Raw characters a relayed path never holds: controls and space; `"`, `#`, `<`, `>`, `` ` ``, `{`, `}`,
 * which the WHATWG URL parser percent-encodes in a path (its path percent-encode set) and browsers send
 * encoded; the backslash, which it reads as a slash; DEL and anything outside ASCII (browsers
 * percent-encode those too). A path free of them and of dot segments (`relayTarget` refuses both, raw
 * and encoded) parses back unchanged — so no URL is parsed per request (relay-units.test.ts checks the
 * equivalence against the parser).
 */
const FORBIDDEN_RAW_ASCII = new Uint8Array(128);
for (let code = 0; code <= 0x20; code++) FORBIDDEN_RAW_ASCII[code] = 1;
for (const character of '"#<>\\`{}\u007f') FORBIDDEN_RAW_ASCII[character.charCodeAt(0)] = 1;

// What a decoded segment must not hold besides controls: a separator or DEL.
const FORBIDDEN_DECODED = /[/\\\u007f]/;

/**
 * The upstream target of `rawUrl` (the request line's target, still percent-encoded) relayed from
 * `prefix` to `base`. Refused: any target not starting with the prefix (absolute form `http://…`),
 * empty segments (`//host`), `.` and `..` segments raw or percent-encoded (also double-encoded),
 * encoded slashes and backslashes (`%2f`, `%5c`), backslashes, control characters (raw or encoded),
 * characters a browser percent-encodes (FORBIDDEN_RAW_ASCII) and malformed escapes. The query string
 * passes through as sent.
 */
export function relayTarget(rawUrl: string, prefix: string, base: UpstreamBase): RelayTarget {
  if (!rawUrl.startsWith(prefix)) return refuse("not under the relay prefix");
  const queryAt = rawUrl.indexOf("?");
  const end = queryAt === -1 ? rawUrl.length : queryAt;
  const rest = rawUrl.slice(prefix.length, end);
  if (hasForbiddenRaw(rest)) return refuse("forbidden character");
  const segments = rest.split("/");
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    // A trailing slash is a real resource (`Notifications/`, §7); an empty inner segment is not.
    if (segment === "" && index !== segments.length - 1) return refuse("empty segment");
    const problem = segmentProblem(segment);
    if (problem) return refuse(problem);
  }
  // base.pathname is the parser's own output and ends with "/": the joined path is one it keeps as is.
  return { ok: true, origin: base.origin, path: `${base.pathname}${rawUrl.slice(prefix.length)}` };
}

function hasForbiddenRaw(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x7f || FORBIDDEN_RAW_ASCII[code] === 1) return true;
  }
  return false;
}

function segmentProblem(segment: string): string | null {
  let decoded = segment;
  // Twice: an upstream that decodes again must not see `%2e%2e` turn into `..`.
  for (let round = 0; round < 2 && decoded.includes("%"); round++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      if (round === 0) return "malformed percent-encoding";
      break;
    }
    if (FORBIDDEN_DECODED.test(decoded) || hasControl(decoded, 0x1f))
      return "encoded separator or control character";
    if (decoded === "." || decoded === "..") return "dot segment";
  }
  if (segment === "." || segment === "..") return "dot segment";
  return null;
}

/** Whether `text` holds a character at or below `highest` (controls; with 0x20, space too). */
function hasControl(text: string, highest: number): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) <= highest) return true;
  return false;
}

function refuse(reason: string): RelayTarget {
  return { ok: false, reason };
}
