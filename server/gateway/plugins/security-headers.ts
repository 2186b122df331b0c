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

/** Security headers on every response. */
export async function securityHeaders(app: FastifyInstance): Promise<void> {
  // A callback hook, not an async one: it runs on every relayed response, and a promise per response
  // is measurable on the relay's hot path.
  app.addHook("onSend", (_request, reply, payload, done) => {
    // A relayed upstream file may carry a stricter policy of its own (e.g. sandboxed chat files): keep it.
    if (!reply.hasHeader("Content-Security-Policy"))
      reply.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    reply.header("X-Content-Type-Options", "nosniff");
    // Tokens (st, it, share codes) appear in URLs: never leak them to other sites.
    reply.header("Referrer-Policy", "no-referrer");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    reply.header("Cross-Origin-Resource-Policy", "same-origin");
    done(null, payload);
  });
}
