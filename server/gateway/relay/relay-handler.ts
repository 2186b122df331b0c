/**
 * Relays one browser request to the upstream and its answer back, streaming both bodies
 * (DESIGN.md §4, REST relay). The plugin `restRelay` mounts it; this module holds the per-request flow.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Dispatcher } from "undici";
import type { RelayTimeouts } from "./relay-dispatcher.ts";
import {
  classifyUpstreamError,
  errorCodeOf,
  RELAY_FAILURES,
  type RelayFailure,
  sendRelayFailure,
} from "./relay-failure.ts";
import { relayTarget } from "./relay-path.ts";
import type { RelayPolicy } from "./relay-policy.ts";
import { type BodyPlan, planRequestBody } from "./request-body.ts";
import { upstreamRequestHeaders } from "./request-headers.ts";
import { copyResponseHeaders, type RelayMount } from "./response-headers.ts";
import { callUpstream, RelayCancellation } from "./upstream-call.ts";

/** Who a relayed call is made for: the session's upstream token (and the session's id, if any). */
export interface RelayIdentity {
  bearerToken: string;
  sessionId?: string;
}

/**
 * The identity a relayed call carries upstream: the session's token, or null for a public call —
 * at once when known in the same turn (a cached session), else as a promise.
 */
export type IdentityOf = (request: FastifyRequest) => RelayIdentity | null | Promise<RelayIdentity | null>;

/**
 * Called before the browser gets the upstream's 401 to a call made with `identity` when the
 * upstream said the token is no longer valid: it ended that session. It may add headers to `reply`.
 */
export type UpstreamUnauthorizedHook = (
  request: FastifyRequest,
  reply: FastifyReply,
  identity: RelayIdentity,
) => Promise<void>;

/** Everything the handler needs, resolved once by the plugin. */
export interface RelaySettings {
  mounts: readonly RelayMount[];
  dispatcher: Dispatcher;
  identityOf: IdentityOf;
  timeouts: RelayTimeouts;
  policy: RelayPolicy;
  maxInFlight: number;
  forwardedHeaders: boolean;
  /** See UpstreamUnauthorizedHook; absent: a 401 is only relayed. */
  onUpstreamUnauthorized?: UpstreamUnauthorizedHook;
}

/** A Fastify handler relaying `mount`'s prefix to its base; shares one in-flight counter per relay. */
export function createRelayHandler(settings: RelaySettings) {
  let inFlight = 0;
  return (mount: RelayMount) => {
    const host = new URL(mount.base.origin).host;
    return async function relay(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
      const target = relayTarget(request.raw.url ?? "", mount.prefix, mount.base);
      if (!target.ok) {
        request.log.info({ relay: { path: pathOf(request), refused: target.reason } }, "relay path refused");
        return refuse(reply, RELAY_FAILURES.RelayInvalidPath, request);
      }
      const decision = settings.policy.decide(mount.kind, request.method, relativePathOf(request, mount));
      if (!decision.relay) {
        request.log.info(
          { relay: { path: pathOf(request), refused: decision.decision } },
          "relay call refused",
        );
        return refuse(reply, decision.failure, request);
      }
      const plan = planRequestBody(request.raw, decision.maxBodyBytes);
      if (plan.kind === "refused") return refuse(reply, plan.failure, request);
      if (inFlight >= settings.maxInFlight) {
        release(plan);
        request.log.warn({ relay: { path: pathOf(request), inFlight } }, "relay overloaded");
        return refuse(reply, RELAY_FAILURES.RelayOverloaded, request);
      }
      inFlight++;
      const controller = new RelayCancellation();
      // `on`, not `once`: a response closes once, and `once` wraps the listener on every call.
      reply.raw.on("close", () => {
        inFlight--;
        // The browser went away before the whole answer was written: cancel the upstream call.
        if (!reply.raw.writableFinished) controller.abort();
      });

      let identity: RelayIdentity | null;
      try {
        const known = settings.identityOf(request);
        identity = known instanceof Promise ? await known : known;
      } catch (error) {
        release(plan);
        throw error; // the gateway's own failure: Fastify's error handler answers 500
      }
      const overLimit = plan.kind === "stream" ? plan.overLimit() : null;
      if (overLimit) return refuse(reply, overLimit, request);
      let answer: Awaited<ReturnType<typeof callUpstream>>;
      try {
        answer = await callUpstream({
          dispatcher: settings.dispatcher,
          origin: target.origin,
          path: target.path,
          method: request.method as Dispatcher.HttpMethod,
          headers: upstreamRequestHeaders(request.headers, {
            host,
            bearerToken: identity?.bearerToken ?? null,
            contentLength: plan.kind === "stream" ? plan.contentLength : null,
            forwarded: settings.forwardedHeaders ? forwardedFacts(request) : null,
          }),
          body: plan.kind === "stream" ? plan.stream : null,
          signal: controller,
          timeouts: settings.timeouts,
        });
      } catch (error) {
        release(plan);
        if (controller.aborted) {
          // Nobody is left to answer; the upstream call was cancelled with the browser's request.
          request.log.info({ relay: { path: pathOf(request) } }, "relay cancelled by the browser");
          return reply.hijack();
        }
        const failure = (plan.kind === "stream" && plan.overLimit()) || classifyUpstreamError(error);
        request.log.warn(
          {
            relay: {
              method: request.method,
              path: pathOf(request),
              failure: failure.code,
              cause: errorCodeOf(error),
            },
          },
          "relay failed",
        );
        return refuse(reply, failure, request);
      }

      if (answer.statusCode === 503) {
        // A streamed body is not wanted: destroying it cancels the rest of the upstream answer.
        if (answer.body && !Buffer.isBuffer(answer.body)) answer.body.destroy();
        const retryAfter = answer.headers["retry-after"];
        if (typeof retryAfter === "string" && validRetryAfter(retryAfter))
          reply.header("Retry-After", retryAfter);
        request.log.warn({ relay: { path: pathOf(request), status: 503 } }, "upstream unavailable");
        return sendRelayFailure(reply, RELAY_FAILURES.UpstreamUnavailable);
      }
      if (
        answer.statusCode === 401 &&
        identity &&
        settings.onUpstreamUnauthorized &&
        saysTokenInvalid(answer.headers["www-authenticate"])
      ) {
        await settings.onUpstreamUnauthorized(request, reply, identity).catch((error: unknown) => {
          request.log.error({ err: error }, "relay: ending the rejected session failed");
        });
      }
      reply.code(answer.statusCode);
      copyResponseHeaders(reply, answer.headers, target.origin, target.path, settings.mounts);
      return reply.send(answer.body ?? undefined);
    };
  };
}

/**
 * Whether a 401's `WWW-Authenticate` says the bearer token itself is no longer valid (RFC 6750 §3.1
 * `error="invalid_token"`: expired, revoked, unknown). Any other 401 — a call that needs another
 * credential, such as the service token — leaves the session alone, so a link cannot sign anyone out.
 */
export function saysTokenInvalid(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const values = typeof header === "string" ? [header] : header;
  return values.some((value) => /^\s*bearer\b.*\berror\s*=\s*"?invalid_token"?/is.test(value));
}

/** The request's path under the mount's prefix, as sent (percent-encoded), without the query. */
function relativePathOf(request: FastifyRequest, mount: RelayMount): string {
  const url = request.raw.url ?? "";
  const queryAt = url.indexOf("?");
  return url.slice(mount.prefix.length, queryAt === -1 ? url.length : queryAt);
}

/**
 * Answers a refusal. When part of the browser's body is still unread, the connection closes after
 * the answer rather than draining an upload that may never end.
 */
function refuse(reply: FastifyReply, failure: RelayFailure, request: FastifyRequest): FastifyReply {
  if (!request.raw.complete) reply.header("Connection", "close");
  return sendRelayFailure(reply, failure);
}

function release(plan: BodyPlan): void {
  if (plan.kind === "stream") plan.release();
}

// Query strings carry tokens (st, it, share codes): logs get the path only.
function pathOf(request: FastifyRequest): string {
  return (request.raw.url ?? "").split("?")[0]!;
}

/**
 * The client as the gateway knows it: the socket's peer, or with TRUSTED_PROXIES what the trusted
 * proxy forwarded (Fastify's `request.ip`/`request.protocol` apply the list; the client's own
 * forwarding headers were stripped by request-headers.ts either way).
 */
function forwardedFacts(request: FastifyRequest): { for: string; proto: "http" | "https" } {
  return { for: request.ip ?? "", proto: request.protocol === "https" ? "https" : "http" };
}

function validRetryAfter(value: string): boolean {
  return /^\d{1,9}$/.test(value) || !Number.isNaN(Date.parse(value));
}
