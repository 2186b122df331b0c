/**
 * The REST relay (DESIGN.md §4): `/api/<path>` to the upstream's application base and
 * `/webservices/<path>` to its webservices base (§7), over undici, bodies streamed both ways — for
 * the calls its policy relays (relay/relay-policy.ts), with the body limit the policy gives each.
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
import type { RelayPolicy } from "../relay/relay-policy.ts";
import type { RelayMount } from "../relay/response-headers.ts";

/** The browser prefix relayed to the application base. */
export const API_PREFIX = "/api/";
/** The browser prefix relayed to the webservices base. */
export const WEBSERVICES_PREFIX = "/webservices/";
/** Default most relayed calls in flight at once; beyond it the relay answers 503 at once. */
export const RELAY_MAX_IN_FLIGHT = 1024;

const RELAYED_METHODS: Dispatcher.HttpMethod[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/** Options of `restRelay`. */
export interface RestRelayOptions {
  /** Absolute http(s) URLs of the upstream's two bases, e.g. `http://127.0.0.1:5180/api/` and `…/ws/`. */
  upstream: { appBase: string; webservicesBase: string };
  /** The session's upstream token for this request, or null: the call is then relayed without one. */
  identityOf: IdentityOf;
  /** Which calls are relayed and each one's body limit (the product's: relay/relayed-calls.ts). */
  policy: RelayPolicy;
  /** Connect, response-headers and body-idle timeouts; defaults in relay-dispatcher.ts. */
  timeouts?: Partial<RelayTimeouts>;
  /** The undici dispatcher to use; by default the relay owns a keep-alive Agent and closes it with the app. */
  dispatcher?: Dispatcher;
  /** Send X-Forwarded-For/-Proto taken from the browser's socket (default false: the upstream sees none). */
  forwardedHeaders?: boolean;
  /** Most relayed calls in flight before the relay answers 503 (default RELAY_MAX_IN_FLIGHT). */
  maxInFlight?: number;
  /**
   * The upstream answered a call relayed with a session's token with 401 and said the token is no
   * longer valid: it ended that session. Called before the 401 is relayed (app.ts ends the gateway
   * session and tells the hub relay).
   */
  onUpstreamUnauthorized?: UpstreamUnauthorizedHook;
}

/**
 * Registers the relay routes for GET, HEAD, POST, PUT, PATCH and DELETE. Register it with
 * `app.register(restRelay, options)`: its body handling (raw streams, no parsing) stays inside it.
 */
export async function restRelay(app: FastifyInstance, options: RestRelayOptions): Promise<void> {
  const mounts: RelayMount[] = [
    { prefix: API_PREFIX, base: parseUpstreamBase(options.upstream.appBase), kind: "app" },
    {
      prefix: WEBSERVICES_PREFIX,
      base: parseUpstreamBase(options.upstream.webservicesBase),
      kind: "webservices",
    },
  ];
  const timeouts = resolveTimeouts(options.timeouts);
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
    policy: options.policy,
    maxInFlight,
    forwardedHeaders: options.forwardedHeaders ?? false,
    onUpstreamUnauthorized: options.onUpstreamUnauthorized,
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
