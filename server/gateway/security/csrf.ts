/**
 * CSRF defence (DESIGN.md §4: "State-changing relayed calls need a CSRF defence"), double-submit:
 * the gateway sets a random `tessera_csrf` cookie (readable by the runtime, SameSite=Strict) and
 * every POST, PUT, PATCH or DELETE must carry the same value in `X-Tessera-CSRF` — a header a
 * foreign page can neither read nor send — plus, when the browser names one, an Origin (else
 * Referer) of our own origin. Login endpoints are covered too (login CSRF).
 *
 * The guard applies to every state-changing request, not only under /gw/, /api/ and /webservices/:
 * nothing else changes state, and no encoded or case-folded spelling of a prefix can slip past.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { GatewayErrorCode, type GatewayErrorCodeName } from "../errors/gateway-error-codes.ts";
import {
  appendSetCookie,
  type CookieSecurity,
  CSRF_COOKIE_NAME,
  cookieToken,
  isSecureFor,
  serializeCookie,
} from "./cookies.ts";

/** The request header that must repeat the CSRF cookie. */
export const CSRF_HEADER_NAME = "x-tessera-csrf";

const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface CsrfGuardOptions {
  /**
   * The product's public origins (`scheme://host[:port]`). When empty, the request's own origin
   * (its protocol and Host) is the only one accepted — set them behind a TLS-terminating proxy.
   */
  allowedOrigins?: readonly string[];
}

/** 32 random bytes, base64url: unguessable, and safe in a cookie and a header. */
export function newCsrfToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Sets a fresh `tessera_csrf` cookie (browser-session lifetime) and returns its value. */
export function issueCsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  security: CookieSecurity,
): string {
  const token = newCsrfToken();
  appendSetCookie(
    reply,
    serializeCookie(CSRF_COOKIE_NAME, token, {
      httpOnly: false,
      sameSite: "Strict",
      secure: isSecureFor(request, security),
    }),
  );
  return token;
}

function sameToken(cookie: string, header: string): boolean {
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** The reason a state-changing request is refused, or null when it passes. */
export function csrfProblem(
  request: FastifyRequest,
  allowed: ReadonlySet<string>,
): { code: GatewayErrorCodeName; message: string } | null {
  const stated = request.headers.origin ?? request.headers.referer;
  if (stated !== undefined) {
    const origin = originOf(stated);
    const own = allowed.size > 0 ? allowed : new Set([`${request.protocol}://${request.host}`.toLowerCase()]);
    if (origin === null || !own.has(origin)) {
      return { code: "CsrfOriginRefused", message: "Cross-origin request refused." };
    }
  }
  const cookie = cookieToken(request, CSRF_COOKIE_NAME);
  const header = request.headers[CSRF_HEADER_NAME];
  if (!cookie || typeof header !== "string" || !sameToken(cookie, header)) {
    return { code: "CsrfTokenInvalid", message: "Missing or wrong CSRF token; reload the page." };
  }
  return null;
}

const checked = new WeakSet<FastifyRequest>();

/**
 * The onRequest hook enforcing the rule on POST, PUT, PATCH and DELETE; 403 with a code otherwise.
 * Registering it at several levels is harmless: a request is checked once.
 */
export function createCsrfGuard(options: CsrfGuardOptions = {}) {
  const allowed = new Set(
    (options.allowedOrigins ?? []).map((origin) => {
      const normalized = originOf(origin);
      if (!normalized) throw new TypeError(`csrf: allowed origin '${origin}' is not an http(s) origin`);
      return normalized;
    }),
  );
  // A callback hook (no promise per request on the relay's hot path); answering without calling
  // `done` ends the request here.
  return function csrfGuard(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    if (!STATE_CHANGING_METHODS.has(request.method) || checked.has(request)) {
      done();
      return;
    }
    checked.add(request);
    const problem = csrfProblem(request, allowed);
    if (!problem) {
      done();
      return;
    }
    request.log.info({ reason: problem.code }, "csrf: request refused");
    reply
      .code(403)
      .header("Cache-Control", "no-store")
      .send({ ErrorCode: GatewayErrorCode[problem.code], Message: problem.message });
  };
}
