/**
 * Log redaction (issue 4 item 5: structured logs with `st`, `it`, share codes, cookies and
 * authorization redacted). `redactedLoggerOptions` wraps whatever logger option the gateway is built
 * with (level, stream, …), so the redaction holds however it is built — by main.ts or by a test:
 * - the request serializer logs the method, the path without its query and with share codes
 *   masked, and the client address — never the raw URL;
 * - credential headers are censored wherever a request or response object is logged;
 * - every line is scrubbed once more before it is written, for text that names a URL itself (e.g.
 *   Fastify's "Route GET:/v/<code>?st=… not found").
 */
import type { FastifyServerOptions } from "fastify";

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

// §2.1: /v/{code}, /b/{code} and /ld/{code} are public links whose code is the credential.
const SHARE_LINK_PATH = /^\/(v|b|ld)\/[^/]+/i;
// In free text: a share link after a boundary, and the query of anything path-like.
const SHARE_LINK_IN_TEXT = /(^|[\s"'(:=,])\/(v|b|ld)\/[^/?#\s"'\\]+/gi;
const QUERY_IN_TEXT = /(\/[^\s"'?#\\]*)\?[^\s"'#\\]+/g;

/** A request target as it may be logged: path only, share codes masked, the query replaced. */
export function loggableTarget(target: string): string {
  const cut = target.search(/[?#]/);
  const path = (cut === -1 ? target : target.slice(0, cut)).replace(
    SHARE_LINK_PATH,
    (_match, prefix: string) => `/${prefix}/${REDACTED}`,
  );
  return cut === -1 ? path : `${path}?${REDACTED}`;
}

/** `text` with share-link codes and query strings of any path in it replaced. */
export function scrubText(text: string): string {
  return text
    .replace(
      SHARE_LINK_IN_TEXT,
      (_match, boundary: string, prefix: string) => `${boundary}/${prefix}/${REDACTED}`,
    )
    .replace(QUERY_IN_TEXT, (_match, path: string) => `${path}?${REDACTED}`);
}

type LoggerOption = FastifyServerOptions["logger"];
type LoggerObject = Exclude<LoggerOption, boolean | undefined>;

function requestSerializer(request: { method?: string; url?: string; ip?: string }) {
  return { method: request.method, url: loggableTarget(request.url ?? ""), remoteAddress: request.ip };
}

/**
 * The gateway's logger option: `logger` (false or absent: no logging) with the redaction above
 * added. Given redact paths are kept; the request serializer and the write hook are the gateway's.
 */
export function redactedLoggerOptions(logger: LoggerOption): LoggerOption {
  if (!logger) return false;
  const given = (logger === true ? {} : logger) as LoggerObject & {
    redact?: string[] | { paths: string[]; censor?: unknown; remove?: boolean };
    serializers?: Record<string, unknown>;
    hooks?: { streamWrite?: (line: string) => string };
  };
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
  } as LoggerObject;
}
