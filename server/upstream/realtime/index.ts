/**
 * Mounts the upstream's realtime endpoints (DESIGN.md §4 hub protocol; §7 hub events): registers
 * @fastify/websocket once (messages up to 1 MiB), the user hub at /hubs/user and the support chat hub
 * at /hubs/supportchat, both authenticated by the upstream session, and the session watch that sends
 * the disconnection events. README.md in this folder lists every target and argument shape.
 */
import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { answerRefusedHandshake } from "../http/errors.ts";
import { ChatPublisher } from "./chat-events.ts";
import { registerChatHub } from "./chat-hub.ts";
import { Realtime, setRealtime } from "./handle.ts";
import { SessionWatch } from "./session-watch.ts";
import { registerUserHub } from "./user-hub.ts";

export { type Audience, type LogSeverity, Realtime, realtimeOf } from "./handle.ts";
export { ChatHubMethod, ChatHubTarget, UserHubMethod, UserHubTarget } from "./targets.ts";

/** Largest WebSocket message accepted at the transport level (the hubs' own limit is lower). */
export const WEBSOCKET_MAX_PAYLOAD_BYTES = 1024 * 1024;

/** Mounts both hubs on the upstream app; call once, after the REST routes. */
export async function mountRealtime(app: FastifyInstance, context: UpstreamContext): Promise<Realtime> {
  await app.register(websocket, { options: { maxPayload: WEBSOCKET_MAX_PAYLOAD_BYTES } });
  // A handshake ws refuses after a hub admitted it (bad key or version) gets a §8 answer, not text/html.
  app.websocketServer.on("wsClientError", answerRefusedHandshake);
  let watch: SessionWatch | undefined;
  let publisher: ChatPublisher | undefined;
  const watchOf = () => watch as SessionWatch;
  const userHub = registerUserHub(app, context, watchOf);
  const chatHub = await registerChatHub(app, context, () => publisher as ChatPublisher);
  watch = new SessionWatch(context, { user: userHub, chat: chatHub });
  publisher = new ChatPublisher(context, chatHub);
  const realtime = new Realtime(userHub, chatHub, publisher, watch);
  setRealtime(context, realtime);
  watch.start();
  const stopListening = publisher.listen();
  app.addHook("onClose", async () => {
    watch?.stop();
    stopListening();
  });
  return realtime;
}
