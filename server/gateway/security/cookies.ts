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

/** The value of cookie `name` in the request when it is a well-formed token; the first one wins. */
export function cookieToken(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    return COOKIE_TOKEN_PATTERN.test(value) ? value : null;
  }
  return null;
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
