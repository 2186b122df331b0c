/**
 * The floor a Node relay can reach with the libraries the gateway uses: Fastify routing `/api/*` to
 * an undici keep-alive pool through `dispatch`, the browser's response written by hand — no session,
 * checks, limits, hooks or promises. Headers are copied both ways minus hop-by-hop ones. Prints
 * `{"port":…}` once listening; stops on SIGTERM.
 *
 *   node --import tsx scripts/bench/relay/bare-relay.ts <upstreamUrl>
 */
import type { ServerResponse } from "node:http";
import Fastify from "fastify";
import { type Dispatcher, Pool } from "undici";

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "host",
  "upgrade",
  "te",
  "trailer",
]);

function endToEnd(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = String(value);
  }
  return kept;
}

/** Streams one upstream answer to the browser's response as it arrives. */
class BareExchange implements Dispatcher.DispatchHandler {
  constructor(private readonly response: ServerResponse) {}

  // Present, even empty, so undici takes this for a handler of its current API (onResponse*).
  onRequestStart(): void {}

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    this.response.writeHead(statusCode, endToEnd(headers));
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.response.write(chunk);
  }

  onResponseEnd(): void {
    this.response.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController): void {
    if (this.response.headersSent) this.response.destroy();
    else this.response.writeHead(502).end();
  }
}

const upstreamUrl = process.argv[2];
if (!upstreamUrl) {
  process.stderr.write("usage: bare-relay.ts <upstreamUrl>\n");
  process.exit(2);
}
const pool = new Pool(upstreamUrl, { connections: 128, pipelining: 1 });
const app = Fastify({ logger: false });
app.removeAllContentTypeParsers();
app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
app.all("/api/*", (request, reply) => {
  reply.hijack();
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  pool.dispatch(
    {
      path: request.url,
      method: request.method as Dispatcher.HttpMethod,
      headers: endToEnd(request.headers),
      body: hasBody ? request.raw : null,
    },
    new BareExchange(reply.raw),
  );
});
app.addHook("onClose", async () => pool.close());

const address = await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
