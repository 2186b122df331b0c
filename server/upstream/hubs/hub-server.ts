/**
 * Mounts one SignalR-compatible hub on a Fastify app (DESIGN.md §4, "Upstream hub protocol"):
 * `POST {path}/negotiate?negotiateVersion=1` hands out a connection token, `GET {path}?id={token}`
 * upgrades to the WebSocket that speaks the JSON hub protocol. Requires @fastify/websocket to be
 * registered on the app first (once, for every hub).
 */
import type {} from "@fastify/websocket";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ConnectionGrant, ConnectionTokenStore } from "./connection-tokens.ts";
import { type HubDelivery, hubScope, isHubDelivery } from "./hub-backplane.ts";
import { CloseCode, serializeHubMessage } from "./hub-protocol.ts";
import { HubRegistry } from "./hub-registry.ts";
import { HubSession, type SessionContext } from "./hub-session.ts";
import { resolveHubSettings } from "./hub-settings.ts";
import type { Hub, HubOptions, HubPrincipal, HubSends } from "./hub-types.ts";
import { withinGrace } from "./within-grace.ts";

/** Negotiate protocol version spoken: 1, where the secret connection token differs from the public id. */
const NEGOTIATE_VERSION = 1;
const SHUTTING_DOWN = "The server is shutting down.";

/**
 * Registers the negotiate and WebSocket routes of one hub and returns its handle. Call it while
 * building the app (before `ready`/`listen`); the routes are added when the app loads its plugins.
 */
export function registerHub<P extends HubPrincipal>(app: FastifyInstance, options: HubOptions<P>): Hub<P> {
  const settings = resolveHubSettings(options);
  const registry = new HubRegistry<P>();
  const tokens = new ConnectionTokenStore<P>(settings.connectionTokenTtlMs);
  const admitted = new WeakMap<FastifyRequest, ConnectionGrant<P>>();
  const live = new Set<HubSession<P>>();
  const methods = new Map(Object.entries(options.methods ?? {}));
  let shutdown: Promise<void> | undefined;

  const refuse = (reply: FastifyReply, status: number, error: string) =>
    reply.code(status).header("cache-control", "no-store").send({ error });

  /** Authenticates a negotiate or connect request; undefined means it was refused (401 sent). */
  async function principalOf(request: FastifyRequest, reply: FastifyReply): Promise<P | undefined> {
    const accessToken = accessTokenOf(request);
    const principal = accessToken === CONFLICTING ? null : await options.authenticate(request, accessToken);
    if (principal) return principal;
    refuse(reply.header("www-authenticate", "Bearer"), 401, "Unauthorized.");
    return undefined;
  }

  async function negotiate(request: FastifyRequest, reply: FastifyReply) {
    if (shutdown) return refuse(reply, 503, SHUTTING_DOWN);
    const principal = await principalOf(request, reply);
    if (principal === undefined) return reply;
    const requested = negotiateVersionOf(request);
    if (requested === undefined) return refuse(reply, 400, "The requested negotiate version is invalid.");
    if (requested < NEGOTIATE_VERSION) {
      // As the reference server: a version below the minimum is refused in the body, with status 200.
      return refuse(reply, 200, `Negotiate version ${requested} is not supported; use ${NEGOTIATE_VERSION}.`);
    }
    const { connectionId, connectionToken } = tokens.issue(principal);
    return reply.header("cache-control", "no-store").send({
      connectionId,
      connectionToken,
      negotiateVersion: NEGOTIATE_VERSION,
      availableTransports: [{ transport: "WebSockets", transferFormats: ["Text"] }],
    });
  }

  /** Runs before the upgrade: only an authenticated request with its own fresh token gets a socket. */
  async function admit(request: FastifyRequest, reply: FastifyReply) {
    if (!request.ws) return; // a plain GET: the websocket plugin answers 404
    if (shutdown) return refuse(reply, 503, SHUTTING_DOWN);
    const principal = await principalOf(request, reply);
    if (principal === undefined) return reply;
    const { id } = request.query as Record<string, unknown>;
    if (typeof id !== "string" || id === "") {
      return refuse(reply, 400, "A connection token from negotiate is required.");
    }
    const grant = tokens.redeem(id);
    if (grant === undefined) return refuse(reply, 404, "No connection with this token.");
    if (grant.principal.key !== principal.key) {
      return refuse(reply, 403, "The connection token belongs to another principal.");
    }
    admitted.set(request, { connectionId: grant.connectionId, principal });
  }

  const local: HubSends = {
    sendToConnection(connectionId, target, ...args) {
      const session = registry.get(connectionId);
      return session?.send(target, ...args) ?? false;
    },
    sendToPrincipal: (principalKey, target, ...args) =>
      fanOut(registry.ofPrincipal(principalKey), target, args),
    sendToGroup: (group, target, ...args) => fanOut(registry.inGroup(group), target, args),
    sendToAll: (target, ...args) => fanOut(registry.all(), target, args),
    closeConnectionsOf(principalKey, closeOptions) {
      const sessions = registry.ofPrincipal(principalKey);
      for (const session of sessions) session.close(closeOptions);
      return sessions.length;
    },
  };
  // Every instance delivers what another published to its own connections; its own sends were
  // delivered here before they were published, so nothing reaches a connection twice.
  const publish = options.backplane?.attach<unknown>(hubScope(settings.path), (message) => {
    if (!isHubDelivery(message)) {
      app.log.warn({ hub: settings.path }, "hub backplane: an undeliverable message was dropped");
      return;
    }
    deliver(local, message);
  });

  const hub: Hub<P> = {
    path: settings.path,
    local,
    sendToConnection(connectionId, target, ...args) {
      if (local.sendToConnection(connectionId, target, ...args)) return true;
      // A connection id is unique across instances: one that is not open here may be another's.
      publish?.({ kind: "connection", connectionId, target, args });
      return false;
    },
    sendToPrincipal(principalKey, target, ...args) {
      publish?.({ kind: "principal", principalKey, target, args });
      return local.sendToPrincipal(principalKey, target, ...args);
    },
    sendToGroup(group, target, ...args) {
      publish?.({ kind: "group", group, target, args });
      return local.sendToGroup(group, target, ...args);
    },
    sendToAll(target, ...args) {
      publish?.({ kind: "all", target, args });
      return local.sendToAll(target, ...args);
    },
    closeConnectionsOf(principalKey, closeOptions = {}) {
      publish?.({ kind: "close", principalKey, ...closeOptions });
      return local.closeConnectionsOf(principalKey, closeOptions);
    },
    addToGroup: (connectionId, group) => registry.addToGroup(connectionId, group),
    removeFromGroup: (connectionId, group) => registry.removeFromGroup(connectionId, group),
    connections: () => registry.all(),
    close() {
      shutdown ??= closeAll([...live], settings.shutdownGraceMs);
      tokens.clear();
      return shutdown;
    },
  };

  app.register(async (instance) => {
    if (!instance.hasDecorator("websocketServer")) {
      throw new Error("registerHub: register @fastify/websocket on the app before the hubs.");
    }
    // The negotiate body is empty (the official client posts "" as text/plain): accept and ignore any.
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, undefined),
    );
    const logSerializers = { req: redactedRequestLog };
    instance.post(`${settings.path}/negotiate`, { logSerializers }, negotiate);
    instance.get(
      settings.path,
      { websocket: true, logSerializers, preValidation: admit },
      (socket, request) => {
        const grant = admitted.get(request);
        admitted.delete(request);
        if (grant === undefined || shutdown) return socket.close(CloseCode.GoingAway);
        const context: SessionContext<P> = {
          settings,
          methods,
          log: request.log,
          opened: (session) => registry.add(session),
          closed: (session) => registry.remove(session),
          onConnect: options.onConnect,
          onDisconnect: options.onDisconnect,
        };
        const session = new HubSession(grant.connectionId, grant.principal, socket, context);
        // The hub owns its sockets' shutdown (Close message, then 1001). @fastify/websocket's preClose runs
        // before ours and would close every tracked socket with a bare close frame, so untrack ours.
        instance.websocketServer.clients?.delete(socket);
        live.add(session);
        // Kept until its invocations have ended, not only its socket: shutdown waits for them.
        void session.finished.then(() => live.delete(session));
      },
    );
    instance.addHook("preClose", () => hub.close());
  });
  return hub;
}

/** A delivery published by another instance, on this process's connections. */
function deliver(local: HubSends, delivery: HubDelivery): void {
  switch (delivery.kind) {
    case "connection":
      local.sendToConnection(delivery.connectionId, delivery.target, ...delivery.args);
      return;
    case "principal":
      local.sendToPrincipal(delivery.principalKey, delivery.target, ...delivery.args);
      return;
    case "group":
      local.sendToGroup(delivery.group, delivery.target, ...delivery.args);
      return;
    case "all":
      local.sendToAll(delivery.target, ...delivery.args);
      return;
    case "close":
      local.closeConnectionsOf(delivery.principalKey, {
        ...(delivery.error === undefined ? {} : { error: delivery.error }),
        ...(delivery.allowReconnect === undefined ? {} : { allowReconnect: delivery.allowReconnect }),
      });
  }
}

function fanOut<P extends HubPrincipal>(sessions: HubSession<P>[], target: string, args: unknown[]): number {
  if (sessions.length === 0) return 0;
  const text = serializeHubMessage({ type: 1, target, arguments: args });
  let reached = 0;
  for (const session of sessions) if (session.sendSerialized(text)) reached++;
  return reached;
}

async function closeAll<P extends HubPrincipal>(sessions: HubSession<P>[], graceMs: number): Promise<void> {
  for (const session of sessions) {
    session.close({ error: SHUTTING_DOWN, allowReconnect: true }, CloseCode.GoingAway);
  }
  // An invocation under way when its socket closed still stores its message and sends it on (to
  // another instance's agent, through the backplane that closes after this): wait for it too.
  await withinGrace(Promise.all(sessions.map((session) => session.finished)), graceMs);
  for (const session of sessions) session.terminate();
}

/** Returned by {@link accessTokenOf} when a request carries two different tokens. */
export const CONFLICTING = Symbol("conflicting access tokens");

/**
 * The bearer token of a request, from `Authorization: Bearer …` or the `access_token` query parameter
 * (browsers cannot set headers on a WebSocket). Two different tokens are refused rather than guessed.
 */
export function accessTokenOf(request: FastifyRequest): string | null | typeof CONFLICTING {
  const fromHeader = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? "")?.[1];
  const query = (request.query as Record<string, unknown>).access_token;
  if (query !== undefined && typeof query !== "string") return CONFLICTING;
  const fromQuery = query === "" ? undefined : query;
  if (fromHeader !== undefined && fromQuery !== undefined && fromHeader !== fromQuery) return CONFLICTING;
  return fromHeader ?? fromQuery ?? null;
}

function negotiateVersionOf(request: FastifyRequest): number | undefined {
  const { negotiateVersion } = request.query as Record<string, unknown>;
  if (negotiateVersion === undefined) return 0; // absent means version 0, per the transport protocol
  if (typeof negotiateVersion !== "string" || !/^\d{1,9}$/.test(negotiateVersion)) return undefined;
  return Number(negotiateVersion);
}

/** Fastify's request log line with the secrets of hub URLs (connection token, access token) masked. */
function redactedRequestLog(request: FastifyRequest) {
  const queryStart = request.url.indexOf("?");
  let url = request.url;
  if (queryStart >= 0) {
    const query = new URLSearchParams(request.url.slice(queryStart + 1));
    for (const secret of ["id", "access_token"]) if (query.has(secret)) query.set(secret, "REDACTED");
    url = `${request.url.slice(0, queryStart)}?${query}`;
  }
  return { method: request.method, url, host: request.host, remoteAddress: request.ip };
}
