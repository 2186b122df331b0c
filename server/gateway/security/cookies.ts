/**
 * The gateway's cookies, read and written without a plugin so any hook can use them. Values are
 * base64url tokens the gateway made itself, so no escaping is needed — and anything else found
 * under one of these names is treated as absent.
 */
import type { FastifyReply, FastifyRequest } from "fastify";

/** The session cookie: httpOnly, SameSite=Lax, the only thing of the session the browser holds. */
export const SESSION_COOKIE_NAME = "tessera_session";
/** The CSRF double-submit cookie: readable by the runtime, SameSite=Strict. */
export const CSRF_COOKIE_NAME = "tessera_csrf";

/** Every token the gateway puts in a cookie: 32 random bytes, base64url. */
export const COOKIE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Whether cookies carry `Secure`: always, never, or when the request came over https. */
export type CookieSecurity = boolean | "auto";

/** Attributes of a cookie the gateway sets. */
export interface CookieAttributes {
  httpOnly: boolean;
  sameSite: "Lax" | "Strict";
  secure: boolean;
  /** Lifetime in seconds; absent makes a browser-session cookie; 0 deletes it. */
  maxAgeSeconds?: number;
}

/** Whether `value` is a token the gateway makes (COOKIE_TOKEN_PATTERN), checked without a regex. */
function isCookieToken(value: string): boolean {
  if (value.length !== 43) return false;
  for (let index = 0; index < 43; index++) {
    const code = value.charCodeAt(index);
    const letterOrDigit =
      (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39);
    if (!letterOrDigit && code !== 0x2d && code !== 0x5f) return false;
  }
  return true;
}

/** The value of cookie `name` in the request when it is a well-formed token; the first one wins. */
export function cookieToken(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  // Read in place (every relayed call passes here): no split array, no regex, no slice but the value's.
  for (let start = 0; start < header.length; ) {
    const semicolon = header.indexOf(";", start);
    const end = semicolon === -1 ? header.length : semicolon;
    const nameAt = skipWhiteSpace(header, start, end);
    if (header.startsWith(name, nameAt)) {
      const separator = skipWhiteSpace(header, nameAt + name.length, end);
      if (separator < end && header.charCodeAt(separator) === 0x3d /* = */) {
        const value = header.slice(separator + 1, end).trim();
        return isCookieToken(value) ? value : null;
      }
    }
    start = end + 1;
  }
  return null;
}

/** The first index from `from` (before `end`) that is not a space or tab (RFC 6265 §5.2: OWS around names). */
function skipWhiteSpace(text: string, from: number, end: number): number {
  let index = from;
  while (index < end) {
    const code = text.charCodeAt(index);
    if (code !== 0x20 && code !== 0x09) break;
    index++;
  }
  return index;
}

/** The Set-Cookie value for `name=value` (Path=/). */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${value}`, "Path=/"];
  if (attributes.maxAgeSeconds !== undefined) {
    parts.push(`Max-Age=${Math.max(0, Math.floor(attributes.maxAgeSeconds))}`);
    if (attributes.maxAgeSeconds <= 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  }
  if (attributes.httpOnly) parts.push("HttpOnly");
  if (attributes.secure) parts.push("Secure");
  parts.push(`SameSite=${attributes.sameSite}`);
  return parts.join("; ");
}

/** Whether a cookie set on this request's reply carries `Secure`. */
export function isSecureFor(request: FastifyRequest, security: CookieSecurity): boolean {
  return security === "auto" ? request.protocol === "https" : security;
}

/** Adds a Set-Cookie header; Fastify keeps the ones already set on the reply (RFC 9110 §5.3). */
export function appendSetCookie(reply: FastifyReply, cookie: string): void {
  reply.header("set-cookie", cookie);
}
