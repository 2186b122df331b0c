import type { FastifyInstance } from "fastify";

/**
 * Strict Content Security Policy: no inline script, no eval, nothing from other origins; frames only
 * from our own origin (legacy pages, §2.3). `frameAncestors` is the source list of who may frame the
 * page: `'none'` unless the account's embedding allow-list says otherwise (frame-ancestors.ts).
 */
export function contentSecurityPolicy(frameAncestors = "'none'"): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    `frame-ancestors ${frameAncestors}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** The policy of every response nobody may frame. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * The policy of JSON answers (the relayed API, the gateway's own endpoints): data loads nothing and
 * is never framed, so nothing is allowed — stricter than the page policy, and a fifth of its bytes on
 * every API answer (the OWASP REST Security Cheat Sheet's recommendation for APIs).
 */
export const JSON_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Whether a Content-Type is JSON: `application/json` or a `+json` type (`application/problem+json`). */
export function isJsonContentType(contentType: unknown): boolean {
  if (typeof contentType !== "string") return false;
  // The usual spellings first, without splitting (every relayed answer passes here).
  if (contentType === "application/json" || contentType.startsWith("application/json;")) return true;
  const type = contentType.split(";", 1)[0]!.trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/** Security headers on every response. */
export async function securityHeaders(app: FastifyInstance): Promise<void> {
  // A callback hook, not an async one: it runs on every relayed response, and a promise per response
  // is measurable on the relay's hot path. Names in lower case, as Fastify stores and sends them: its
  // lower-casing then hands back the same (interned) string.
  app.addHook("onSend", (_request, reply, payload, done) => {
    // A relayed upstream file may carry a stricter policy of its own (e.g. sandboxed chat files): keep it.
    if (!reply.hasHeader("content-security-policy")) {
      const json = isJsonContentType(reply.getHeader("content-type"));
      reply.header("content-security-policy", json ? JSON_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
    }
    reply.header("x-content-type-options", "nosniff");
    // Tokens (st, it, share codes) appear in URLs: never leak them to other sites.
    reply.header("referrer-policy", "no-referrer");
    reply.header("cross-origin-opener-policy", "same-origin");
    reply.header("cross-origin-resource-policy", "same-origin");
    done(null, payload);
  });
}
