/**
 * The floor of a WebSocket relay on Node with ws, the library the gateway's hub relay uses: every
 * socket opened at `/hubs/<hub>` gets its own socket to the upstream's same URL, and each frame is
 * passed on as it is, both ways — no session, parsing, validation or limits. Prints `{"port":…}`
 * once listening; stops on SIGTERM.
 *
 *   node --import tsx scripts/bench/relay/bare-ws-relay.ts <upstreamUrl>
 */
import WebSocket, { type RawData, WebSocketServer } from "ws";
import { passThroughServer, serve, upstreamUrlArgument } from "./bare-passthrough.ts";

const upstreamUrl = upstreamUrlArgument("bare-ws-relay.ts");
const upstreamSockets = upstreamUrl.replace(/^http/, "ws");

/** Passes each frame of `from` on to `to` unchanged. */
function forward(from: WebSocket, to: WebSocket): void {
  from.on("message", (data: RawData, isBinary: boolean) => to.send(data, { binary: isBinary }));
  from.on("close", () => to.close());
  from.on("error", () => to.terminate());
}

const server = passThroughServer(upstreamUrl);
const sockets = new WebSocketServer({ noServer: true, perMessageDeflate: false });
server.on("upgrade", (request, socket, head) => {
  const upstream = new WebSocket(`${upstreamSockets}${request.url}`, {
    headers: { authorization: request.headers.authorization ?? "" },
    perMessageDeflate: false,
  });
  upstream.once("error", () => socket.destroy());
  upstream.once("open", () => {
    sockets.handleUpgrade(request, socket, head, (browser) => {
      forward(browser, upstream);
      forward(upstream, browser);
    });
  });
});
serve(server, () => {
  for (const client of sockets.clients) client.terminate();
});
