/**
 * The floor of any WebSocket relay on Node, whatever its library: after the upgrade request, which it
 * forwards as it came, each socket is piped byte for byte to its own upstream connection — no frame
 * is read at all, as nginx's proxy does it. Prints `{"port":…}` once listening; stops on SIGTERM.
 *
 *   node --import tsx scripts/bench/relay/bare-tcp-relay.ts <upstreamUrl>
 */
import { connect, type Socket } from "node:net";
import { passThroughServer, serve, upstreamUrlArgument } from "./bare-passthrough.ts";

const upstream = new URL(upstreamUrlArgument("bare-tcp-relay.ts"));
const open = new Set<Socket>();

const server = passThroughServer(upstream.origin);
server.on("upgrade", (request, socket: Socket, head: Buffer) => {
  const leg = connect(Number(upstream.port), upstream.hostname, () => {
    let upgrade = `${request.method} ${request.url} HTTP/1.1\r\n`;
    for (let index = 0; index < request.rawHeaders.length; index += 2) {
      upgrade += `${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}\r\n`;
    }
    leg.write(`${upgrade}\r\n`);
    if (head.length > 0) leg.write(head);
    leg.setNoDelay(true);
    socket.setNoDelay(true);
    socket.pipe(leg);
    leg.pipe(socket);
  });
  for (const end of [socket, leg]) {
    open.add(end);
    end.once("close", () => open.delete(end));
  }
  leg.once("error", () => socket.destroy());
  socket.once("error", () => leg.destroy());
});
serve(server, () => {
  for (const end of open) end.destroy();
});
