/**
 * Mounts the upstream's realtime endpoints (DESIGN.md §4 hub protocol; §7 hub events): registers
 * @fastify/websocket once (messages up to 1 MiB), the user hub at /hubs/user and the support chat hub
 * at /hubs/supportchat, both authenticated by the upstream session, and the session watch that sends
 * the disconnection events; with `redisUrl`, the Redis backplane between the upstream's instances.
 * README.md in this folder lists every target and argument shape.
 */
import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { answerRefusedHandshake } from "../http/errors.ts";
import { DEFAULT_SHUTDOWN_GRACE_MS, RedisBackplane, withinGrace } from "../hubs/index.ts";
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
  const backplane = context.settings.redisUrl
    ? new RedisBackplane({
        url: context.settings.redisUrl,
        channelPrefix: context.settings.redisChannelPrefix,
        log: context.log,
      })
    : null;
  let watch: SessionWatch | undefined;
  let publisher: ChatPublisher | undefined;
  const watchOf = () => watch as SessionWatch;
  const userHub = registerUserHub(app, context, watchOf, backplane ?? undefined);
  const chatHub = await registerChatHub(
    app,
    context,
    () => publisher as ChatPublisher,
    backplane ?? undefined,
  );
  watch = new SessionWatch(context, { user: userHub, chat: chatHub }, backplane ?? undefined);
  publisher = new ChatPublisher(context, chatHub);
  const realtime = new Realtime(userHub, chatHub, publisher, watch, backplane);
  setRealtime(context, realtime);
  watch.start();
  const stopListening = publisher.listen();
  // Events this instance may have missed: its clients reconnect (allowed) and read back what the
  // store holds — notifications and chat transcripts (README.md, "Several instances").
  const stopResync = backplane?.onResync(() => {
    for (const hub of [userHub, chatHub]) {
      for (const connection of hub.connections()) {
        connection.close({ error: "Reconnect to catch up.", allowReconnect: true });
      }
    }
  });
  // After the hubs' own shutdown (preClose), which waited for the invocations under way: what they
  // stored is published (the session read first), then the backplane closes, so the last sends of a
  // closing instance still reach the others.
  app.addHook("onClose", async () => {
    watch?.stop();
    stopListening();
    stopResync?.();
    if (publisher) await withinGrace(publisher.settled(), DEFAULT_SHUTDOWN_GRACE_MS);
    await backplane?.close();
  });
  return realtime;
}
