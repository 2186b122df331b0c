/**
 * The hub relay endpoint (DESIGN.md §4): one WebSocket per browser tab at
 * `/gw/hub`. Origin and session are checked before the upgrade; the relay itself lives in
 * server/gateway/hub-relay/ (protocol in its README.md). Registering the plugin decorates the app
 * with `hubRelay` (broadcastGatewayEvent, tabReports, endSession, renewUpstream, stats).
 */
import type { ServerResponse } from "node:http";
import websocket from "@fastify/websocket";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type WebSocket from "ws";
import { answerRefusedHandshake } from "../errors/error-answers.ts";
import { GatewayErrorCode, type GatewayErrorCodeName } from "../errors/gateway-error-codes.ts";
import { HubRelay, type HubRelayControl } from "../hub-relay/hub-relay.ts";
import { type HubRelayOptions, type RelayIdentity, resolveRelaySettings } from "../hub-relay/options.ts";

export type { GatewayEventAudience, HubRelayControl } from "../hub-relay/hub-relay.ts";
export type { HubRelayOptions, RelayIdentity } from "../hub-relay/options.ts";
export type { TabAcknowledgement, TabReport, TabRejection } from "../hub-relay/tab-reports.ts";

/** Where tabs open their socket. */
export const HUB_RELAY_PATH = "/gw/hub";

declare module "fastify" {
  interface FastifyInstance {
    /** The hub relay, once the `hubRelay` plugin is registered. */
    hubRelay: HubRelayControl;
  }
}

function refuse(reply: FastifyReply, status: number, name: GatewayErrorCodeName, message: string) {
  return reply
    .code(status)
    .header("Cache-Control", "no-store")
    .send({ ErrorCode: GatewayErrorCode[name], Message: message });
}

/** Whether an Origin header names one of the allowed origins exactly (scheme, host and port). */
export function originAllowed(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (!origin) return false;
  try {
    return allowed.has(new URL(origin).origin);
  } catch {
    return false;
  }
}

async function hubRelayPlugin(app: FastifyInstance, options: HubRelayOptions): Promise<void> {
  const settings = resolveRelaySettings(options);
  const relay = new HubRelay(settings, app.log, {
    onUpstreamEnded: options.onUpstreamSessionEnded,
    onSessionRefresh: options.onSessionRefresh,
    accountOf: options.accountOf,
    onTabAcknowledged: options.onTabAcknowledged,
  });
  app.decorate("hubRelay", relay as HubRelayControl);

  // The socket route lives in its own scope so @fastify/websocket's hooks touch no other route.
  await app.register(async (scope) => {
    if (!scope.hasDecorator("websocketServer")) {
      await scope.register(websocket, {
        options: { maxPayload: settings.maxMessageBytes, perMessageDeflate: false },
      });
    }
    // A handshake ws refuses after admission (bad key or version) gets a §8 answer, not ws's text/html.
    scope.websocketServer.on("wsClientError", answerRefusedHandshake);
    const admitted = new WeakMap<FastifyRequest, { identity: RelayIdentity; response: ServerResponse }>();
    scope.route({
      method: "GET",
      url: HUB_RELAY_PATH,
      // Everything here runs before the upgrade, so a refusal is a plain HTTP answer.
      preValidation: async (request, reply) => {
        if (!request.ws)
          return refuse(reply.header("Upgrade", "websocket"), 426, "HubUpgradeRequired", "Open a WebSocket.");
        if (!originAllowed(request.headers.origin, settings.allowedOrigins)) {
          request.log.warn({ origin: request.headers.origin }, "hub relay: origin refused");
          return refuse(reply, 403, "HubOriginRefused", "Origin not allowed.");
        }
        let identity: RelayIdentity | null;
        try {
          identity = await options.identityOf(request);
        } catch (error) {
          request.log.error({ err: error }, "hub relay: session lookup failed");
          return refuse(reply, 503, "HubSessionLookupFailed", "Try again later.");
        }
        if (!identity) return refuse(reply, 401, "HubNotSignedIn", "Not signed in.");
        admitted.set(request, { identity, response: reply.raw });
      },
      handler: async (_request, reply) =>
        refuse(reply.header("Upgrade", "websocket"), 426, "HubUpgradeRequired", "Open a WebSocket."),
      wsHandler: (socket, request) => {
        const entry = admitted.get(request);
        admitted.delete(request);
        if (!entry) return socket.close(1011, "not admitted");
        releaseUpgrade(entry.response, socket);
        // The relay closes its own sockets on shutdown (1001); @fastify/websocket's preClose would
        // close them first with a bare close frame, so they are not left in its client list.
        scope.websocketServer.clients?.delete(socket);
        relay.attach(socket, entry.identity);
      },
    });
    scope.addHook("preClose", async () => relay.close());
  });
}

/**
 * Lets go of the upgrade's HTTP objects, which would otherwise live (some kilobytes a tab) as long as
 * the socket: @fastify/websocket assigns a ServerResponse to the socket (its `_httpMessage`, whose
 * listeners reach the Fastify request and reply) and closes over both in its error listener. The
 * relay's own error listener takes over.
 */
function releaseUpgrade(response: ServerResponse, socket: WebSocket): void {
  if (response.socket) response.detachSocket(response.socket);
  socket.removeAllListeners("error");
}

/**
 * The `hubRelay` plugin. Not encapsulated (Fastify's `skip-override`, what fastify-plugin sets), so
 * the `hubRelay` decorator reaches the app that registers it.
 */
export const hubRelay = Object.assign(hubRelayPlugin, {
  [Symbol.for("skip-override")]: true,
  [Symbol.for("fastify.display-name")]: "hubRelay",
});
