/**
 * The floor of a WebSocket relay on Node with ws, the library the gateway's hub relay uses: every
 * socket opened at `/hubs/<hub>` gets its own socket to the upstream's same URL, and each frame is
 * passed on as it is, both ways — no session, parsing, validation or limits. The SignalR calls
 * before the socket (`POST /api/Login`, `POST /hubs/<hub>/negotiate`) are passed through with
 * fetch. Prints `{"port":…}` once listening; stops on SIGTERM.
 *
 *   node --import tsx scripts/bench/relay/bare-ws-relay.ts <upstreamUrl>
 */
import { createServer, type IncomingMessage } from "node:http";
import WebSocket, { type RawData, WebSocketServer } from "ws";

const upstreamUrl = process.argv[2];
if (!upstreamUrl) {
  process.stderr.write("usage: bare-ws-relay.ts <upstreamUrl>\n");
  process.exit(2);
}
const upstreamSockets = upstreamUrl.replace(/^http/, "ws");

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const server = createServer((request, response) => {
  void (async () => {
    const answer = await fetch(`${upstreamUrl}${request.url}`, {
      method: request.method,
      headers: { authorization: request.headers.authorization ?? "" },
      body: request.method === "POST" ? await bodyOf(request) : undefined,
    });
    response.writeHead(answer.status, {
      "content-type": answer.headers.get("content-type") ?? "application/octet-stream",
    });
    response.end(Buffer.from(await answer.arrayBuffer()));
  })().catch(() => response.writeHead(502).end());
});

/** Passes each frame of `from` on to `to` unchanged. */
function forward(from: WebSocket, to: WebSocket): void {
  from.on("message", (data: RawData, isBinary: boolean) => to.send(data, { binary: isBinary }));
  from.on("close", () => to.close());
  from.on("error", () => to.terminate());
}

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

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});
process.once("SIGTERM", () => {
  for (const client of sockets.clients) client.terminate();
  server.close(() => process.exit(0));
});
