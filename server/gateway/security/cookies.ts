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

/** The characters of COOKIE_TOKEN_PATTERN (base64url), as a lookup by character code. */
const TOKEN_CHARACTERS = new Uint8Array(128);
for (const character of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") {
  TOKEN_CHARACTERS[character.charCodeAt(0)] = 1;
}

/** Whether `value` is a token the gateway makes (COOKIE_TOKEN_PATTERN), checked without a regex. */
function isCookieToken(value: string): boolean {
  if (value.length !== 43) return false;
  for (let index = 0; index < 43; index++) {
    const code = value.charCodeAt(index);
    if (code > 0x7f || TOKEN_CHARACTERS[code] !== 1) return false;
  }
  return true;
}

/** The value of cookie `name` in the request when it is a well-formed token; the first one wins. */
export function cookieToken(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  // Every relayed call passes here: the name is searched for (no split, no regex), and an occurrence
  // counts only where a cookie starts (RFC 6265 §4.2.1: after "; ", white space tolerated) and "=" follows.
  for (let at = header.indexOf(name); at !== -1; at = header.indexOf(name, at + 1)) {
    if (!startsCookie(header, at)) continue;
    const separator = skipWhiteSpace(header, at + name.length);
    if (header.charCodeAt(separator) !== 0x3d /* = */) continue;
    const semicolon = header.indexOf(";", separator + 1);
    const value = header.slice(separator + 1, semicolon === -1 ? header.length : semicolon).trim();
    return isCookieToken(value) ? value : null;
  }
  return null;
}

/** Whether a cookie starts at `at`: nothing but space or tab between it and the header's start or a ";". */
function startsCookie(header: string, at: number): boolean {
  let index = at - 1;
  while (index >= 0) {
    const code = header.charCodeAt(index);
    if (code === 0x3b /* ; */) return true;
    if (code !== 0x20 && code !== 0x09) return false;
    index--;
  }
  return true;
}

/** The first index from `from` that is not a space or tab. */
function skipWhiteSpace(text: string, from: number): number {
  let index = from;
  while (index < text.length) {
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
