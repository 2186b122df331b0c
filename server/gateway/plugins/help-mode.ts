/**
 * Help mode (§1 "Help is served by a separate mode of the same application"): the same gateway
 * serves it to requests whose Host is one of the configured help hosts (HELP_HOSTS). The page learns
 * its mode from `<meta name="tessera-mode" content="help">` in the served index.html — the CSP
 * forbids inline script, and a meta tag needs no extra request (ARCHITECTURE.md, decisions).
 */

/** The meta element's name the runtime reads (runtime/boot/app-mode.ts). */
export const APP_MODE_META_NAME = "tessera-mode";

/** A DNS name or IPv4 address (labels of letters, digits and dashes), or a bracketed IPv6 address. */
const HOST_PATTERN =
  /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?))*|\[[0-9a-f:.]{2,45}\])$/;
/** Longest host name (RFC 1035). */
const HOST_MAX_LENGTH = 253;

/** One help host: a host name and, optionally, the only port it applies to. */
export interface HelpHost {
  host: string;
  /** Null: any port. */
  port: number | null;
}

/** A HELP_HOSTS value the gateway refuses to start with. */
export class HelpHostsError extends Error {
  override readonly name = "HelpHostsError";
}

function splitHostPort(entry: string): { host: string; port: string | null } {
  if (entry.startsWith("[")) {
    const end = entry.indexOf("]");
    const rest = end < 0 ? "" : entry.slice(end + 1);
    return {
      host: end < 0 ? entry : entry.slice(0, end + 1),
      port: rest.startsWith(":") ? rest.slice(1) : rest || null,
    };
  }
  const colon = entry.lastIndexOf(":");
  return colon < 0
    ? { host: entry, port: null }
    : { host: entry.slice(0, colon), port: entry.slice(colon + 1) };
}

/** Parses one host[:port] as a browser sends it in Host; null when it is not one. */
export function parseHostPort(value: string): HelpHost | null {
  const { host, port } = splitHostPort(value.trim().toLowerCase());
  if (host.length === 0 || host.length > HOST_MAX_LENGTH || !HOST_PATTERN.test(host)) return null;
  if (port === null) return { host, port: null };
  const number = /^\d{1,5}$/.test(port) ? Number(port) : Number.NaN;
  if (!Number.isInteger(number) || number < 1 || number > 65_535) return null;
  return { host, port: number };
}

/**
 * HELP_HOSTS: comma-separated host[:port] entries (e.g. `help.example.com,help.local:8080`); a host
 * without a port is help mode on every port. Unset or empty: no help host. Any malformed entry
 * throws HelpHostsError naming it (the gateway refuses to boot).
 */
export function parseHelpHosts(value: string | undefined): HelpHost[] {
  if (value === undefined || value.trim() === "") return [];
  return value.split(",").map((raw) => {
    const parsed = parseHostPort(raw);
    if (!parsed) {
      throw new HelpHostsError(`HELP_HOSTS entries must be host or host:port (got '${raw.trim()}')`);
    }
    return parsed;
  });
}

/** True when a request's Host header names a help host. */
export function isHelpHost(hostHeader: string | undefined, helpHosts: readonly HelpHost[]): boolean {
  if (!hostHeader || helpHosts.length === 0) return false;
  const request = parseHostPort(hostHeader);
  if (!request) return false;
  return helpHosts.some((h) => h.host === request.host && (h.port === null || h.port === request.port));
}

/** The index.html of help mode: the app's index with the mode's meta element at the top of <head>. */
export function helpModeIndex(indexHtml: string): string {
  const meta = `<meta name="${APP_MODE_META_NAME}" content="help">`;
  const head = /<head(?:\s[^>]*)?>/i.exec(indexHtml);
  if (head)
    return `${indexHtml.slice(0, head.index + head[0].length)}\n${meta}${indexHtml.slice(head.index + head[0].length)}`;
  const doctype = /^<!doctype[^>]*>/i.exec(indexHtml);
  const at = doctype ? doctype[0].length : 0;
  return `${indexHtml.slice(0, at)}${meta}${indexHtml.slice(at)}`;
}
