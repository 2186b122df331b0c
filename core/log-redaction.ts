/**
 * Log redaction (DESIGN.md §4: structured logs with tokens redacted — `st`, `it`, share codes,
 * cookies and authorization), one rule for both processes: the gateway's and the upstream's logs name
 * the same paths (the gateway's /webservices/ is the upstream's /ws/). `redactedLoggerOptions` wraps
 * whatever logger option a process is built with (level, stream, …), so the redaction holds however
 * it is built — by main.ts or a test:
 * - the request serializer logs the method, the path without its query and with capability codes
 *   masked (see SECRET_PATH), and the client address — never the raw URL;
 * - credential headers are censored wherever a request or response object is logged;
 * - every line is scrubbed once more before it is written, for text that names a URL itself (e.g.
 *   Fastify's "Route GET:/v/<code>?st=… not found", or the relay's `path` of a refused call).
 */
/** What a redacted value is replaced with. */
export const REDACTED = "[redacted]";

/** Header paths censored in any logged object. */
export const REDACTED_HEADER_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-tessera-csrf"]',
  "headers.authorization",
  "headers.cookie",
  'headers["x-tessera-csrf"]',
  'res.headers["set-cookie"]',
];

/**
 * Paths whose remainder is a credential: the share pages /v/, /b/, /ld/{code} (§2.1) and, under the
 * webservices base (the browser's /webservices/, the upstream's /ws/), the routes answered to whoever
 * holds the random value in the path — Share/{Type}/{code}/… (the shared view and its widgets' data),
 * Gateway/Embedding/Share/{Type}/{code},
 * account/logo/{logoUid} and SystemMedia/{uid}. Case-insensitive and with repeated slashes, as the
 * routers match them; everything after the prefix is masked.
 */
const SECRET_PATH =
  /^(\/+(?:v|b|ld|(?:ws|webservices)\/+(?:share|gateway\/+embedding\/+share|account\/+logo|systemmedia)))\/+[^/]/i;
// Paths a router could read differently from their bytes: escapes, dot segments, backslashes.
const NEEDS_NORMALISING = /[%\\]|\/\./;
const ESCAPE = /%([0-9a-f]{2})/gi;
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
const QUERY_OR_FRAGMENT = /[?#]/;
// In free text: a path (with the origin of an absolute URL, if any) after a boundary, and the query
// of anything path-like.
const PATH_IN_TEXT = /(^|[\s"'(<[=,:])([a-z][a-z0-9+.-]*:\/\/[^\s"'/?#\\]*)?(\/[^\s"'?#\\]*)/gi;
const QUERY_IN_TEXT = /(\/[^\s"'?#\\]*)\?[^\s"'#\\]+/g;

/** `path` as matched against SECRET_PATH: dot segments resolved, escapes decoded, so no spelling hides a code. */
function normalisedPath(path: string): string {
  if (!NEEDS_NORMALISING.test(path)) return path;
  let resolved = path;
  try {
    resolved = new URL(`http://h${path}`).pathname;
  } catch {
    // Not parseable as a path: match its bytes.
  }
  return resolved.replace(ESCAPE, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A path (no query) as it may be logged: the credential part of a SECRET_PATH replaced. */
export function loggablePath(path: string): string {
  const origin = ABSOLUTE_FORM.exec(path)?.[0] ?? "";
  const match = SECRET_PATH.exec(normalisedPath(origin ? path.slice(origin.length) : path));
  return match ? `${origin}${match[1]}/${REDACTED}` : path;
}

/** A request target as it may be logged: path only, credentials in it masked, the query replaced. */
export function loggableTarget(target: string): string {
  const cut = target.search(QUERY_OR_FRAGMENT);
  const path = loggablePath(cut === -1 ? target : target.slice(0, cut));
  return cut === -1 ? path : `${path}?${REDACTED}`;
}

/** `text` with the credentials of any path in it masked and the query of any path replaced. */
export function scrubText(text: string): string {
  return text
    .replace(
      PATH_IN_TEXT,
      (_match, boundary: string, origin: string | undefined, path: string) =>
        `${boundary}${origin ?? ""}${loggablePath(path)}`,
    )
    .replace(QUERY_IN_TEXT, (_match, path: string) => `${path}?${REDACTED}`);
}

/** The fields of a pino logger's options (as Fastify takes them) this module reads or sets. */
interface LoggerObject {
  redact?: string[] | { paths: string[]; censor?: unknown; remove?: boolean };
  serializers?: Record<string, unknown>;
  hooks?: { streamWrite?: (line: string) => string };
}

function requestSerializer(request: { method?: string; url?: string; ip?: string }) {
  return { method: request.method, url: loggableTarget(request.url ?? ""), remoteAddress: request.ip };
}

/**
 * A process's logger option: `logger` (false or absent: no logging) with the redaction above added.
 * Given redact paths are kept; the request serializer and the write hook are this module's.
 */
export function redactedLoggerOptions<Option extends object | boolean | undefined>(
  logger: Option,
): Option | false {
  if (!logger) return false;
  const given = (logger === true ? {} : logger) as LoggerObject;
  const givenPaths = Array.isArray(given.redact) ? given.redact : (given.redact?.paths ?? []);
  const givenWrite = given.hooks?.streamWrite;
  return {
    ...given,
    redact: { paths: [...new Set([...REDACTED_HEADER_PATHS, ...givenPaths])], censor: REDACTED },
    serializers: { ...given.serializers, req: requestSerializer },
    hooks: {
      ...given.hooks,
      streamWrite: (line: string) => scrubText(givenWrite ? givenWrite(line) : line),
    },
  } as LoggerObject as Option;
}
