/**
 * The REST relay (DESIGN.md §4): `/api/<path>` to the upstream's application base and
 * `/webservices/<path>` to its webservices base (§7), over undici, bodies streamed both ways.
 */
import type { FastifyInstance } from "fastify";
import type { Dispatcher } from "undici";
import { createRelayDispatcher, type RelayTimeouts, resolveTimeouts } from "../relay/relay-dispatcher.ts";
import {
  createRelayHandler,
  type IdentityOf,
  type UpstreamUnauthorizedHook,
} from "../relay/relay-handler.ts";
import { parseUpstreamBase } from "../relay/relay-path.ts";
import type { RelayMount } from "../relay/response-headers.ts";

/** The browser prefix relayed to the application base. */
export const API_PREFIX = "/api/";
/** The browser prefix relayed to the webservices base. */
export const WEBSERVICES_PREFIX = "/webservices/";
/** Default limit of a JSON (or other non-multipart) body; the upstream's own limit is lower. */
export const RELAY_MAX_BODY_BYTES = 1024 * 1024;
/**
 * Default limit of a multipart upload, envelope included: the one upload of §7 is the chat
 * attachment (2 MB, §9), plus room for the multipart boundaries and fields.
 */
export const RELAY_MAX_UPLOAD_BYTES = 2 * 1024 * 1024 + 64 * 1024;
/** Default most relayed calls in flight at once; beyond it the relay answers 503 at once. */
export const RELAY_MAX_IN_FLIGHT = 1024;

/**
 * Upstream paths (under the application base, case-insensitive, with everything below them) where a
 * 401 means "these credentials are wrong" — a password, a second factor, an `st` or `it` token — and
 * not "the session is over": the login calls of §7 and signup.
 */
export const CREDENTIAL_EXCHANGE_PATHS: readonly string[] = ["Login", "Signup", "Admin/Users/Impersonate"];

const RELAYED_METHODS: Dispatcher.HttpMethod[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/** Options of `restRelay`. */
export interface RestRelayOptions {
  /** Absolute http(s) URLs of the upstream's two bases, e.g. `http://127.0.0.1:5180/api/` and `…/ws/`. */
  upstream: { appBase: string; webservicesBase: string };
  /** The session's upstream token for this request, or null: the call is then relayed without one. */
  identityOf: IdentityOf;
  /** Connect, response-headers and body-idle timeouts; defaults in relay-dispatcher.ts. */
  timeouts?: Partial<RelayTimeouts>;
  /** Limit of JSON and other non-multipart bodies (default RELAY_MAX_BODY_BYTES). */
  maxBodyBytes?: number;
  /** Limit of multipart uploads, envelope included (default RELAY_MAX_UPLOAD_BYTES). */
  maxUploadBytes?: number;
  /** The undici dispatcher to use; by default the relay owns a keep-alive Agent and closes it with the app. */
  dispatcher?: Dispatcher;
  /** Send X-Forwarded-For/-Proto taken from the browser's socket (default false: the upstream sees none). */
  forwardedHeaders?: boolean;
  /** Most relayed calls in flight before the relay answers 503 (default RELAY_MAX_IN_FLIGHT). */
  maxInFlight?: number;
  /**
   * The upstream answered 401 to a call relayed with a session's token: it ended that session. Called
   * before the 401 is relayed (app.ts ends the gateway session and tells the hub relay).
   */
  onUpstreamUnauthorized?: UpstreamUnauthorizedHook;
  /** Paths whose 401 is a refused credential, not an ended session (default CREDENTIAL_EXCHANGE_PATHS). */
  credentialPaths?: readonly string[];
}

/**
 * Registers the relay routes for GET, HEAD, POST, PUT, PATCH and DELETE. Register it with
 * `app.register(restRelay, options)`: its body handling (raw streams, no parsing) stays inside it.
 */
export async function restRelay(app: FastifyInstance, options: RestRelayOptions): Promise<void> {
  const mounts: RelayMount[] = [
    { prefix: API_PREFIX, base: parseUpstreamBase(options.upstream.appBase) },
    { prefix: WEBSERVICES_PREFIX, base: parseUpstreamBase(options.upstream.webservicesBase) },
  ];
  const timeouts = resolveTimeouts(options.timeouts);
  const limits = {
    maxBodyBytes: positive("maxBodyBytes", options.maxBodyBytes ?? RELAY_MAX_BODY_BYTES),
    maxUploadBytes: positive("maxUploadBytes", options.maxUploadBytes ?? RELAY_MAX_UPLOAD_BYTES),
  };
  const maxInFlight = positive("maxInFlight", options.maxInFlight ?? RELAY_MAX_IN_FLIGHT);
  let dispatcher = options.dispatcher;
  if (!dispatcher) {
    const own = createRelayDispatcher(timeouts);
    app.addHook("onClose", async () => own.close());
    dispatcher = own;
  }

  // Bodies are relayed as raw streams: no parser reads them, and Fastify's body limit does not apply
  // (the relay enforces its own while streaming).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

  const handlerFor = createRelayHandler({
    mounts,
    dispatcher,
    identityOf: options.identityOf,
    timeouts,
    limits,
    maxInFlight,
    forwardedHeaders: options.forwardedHeaders ?? false,
    onUpstreamUnauthorized: options.onUpstreamUnauthorized,
    credentialPaths: options.credentialPaths ?? CREDENTIAL_EXCHANGE_PATHS,
  });
  for (const mount of mounts) {
    app.route({
      method: RELAYED_METHODS,
      url: `${mount.prefix}*`,
      exposeHeadRoute: false,
      handler: handlerFor(mount),
    });
  }
}

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`restRelay: ${name} must be a positive integer`);
  return value;
}
