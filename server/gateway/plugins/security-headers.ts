import type { FastifyInstance } from "fastify";

/**
 * Strict Content Security Policy: no inline script, no eval, nothing from other
 * origins; frames only from our own origin (legacy pages, §2.3); nobody may
 * frame us until the account's embedding allow-list says otherwise.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join("; ");

/** Security headers on every response. */
export async function securityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook("onSend", async (_request, reply, payload) => {
    // A relayed upstream file may carry a stricter policy of its own (e.g. sandboxed chat files): keep it.
    if (!reply.hasHeader("Content-Security-Policy"))
      reply.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    reply.header("X-Content-Type-Options", "nosniff");
    // Tokens (st, it, share codes) appear in URLs: never leak them to other sites.
    reply.header("Referrer-Policy", "no-referrer");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    reply.header("Cross-Origin-Resource-Policy", "same-origin");
    return payload;
  });
}
