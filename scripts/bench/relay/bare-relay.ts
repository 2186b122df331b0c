/**
 * The floor a Node relay can reach: a few lines of Fastify and an undici keep-alive pool, relaying
 * `/api/*` with no session, checks or limits. Prints `{"port":…}` once listening; stops on SIGTERM.
 *
 *   node --import tsx scripts/bench/relay/bare-relay.ts <upstreamUrl>
 */
import Fastify from "fastify";
import { Pool } from "undici";

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "host",
  "upgrade",
  "te",
  "trailer",
]);

const upstreamUrl = process.argv[2];
if (!upstreamUrl) {
  process.stderr.write("usage: bare-relay.ts <upstreamUrl>\n");
  process.exit(2);
}
const pool = new Pool(upstreamUrl, { connections: 128, pipelining: 1 });
const app = Fastify({ logger: false });
app.removeAllContentTypeParsers();
app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
app.all("/api/*", async (request, reply) => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = String(value);
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const answer = await pool.request({
    path: request.url,
    method: request.method as "GET",
    headers,
    body: hasBody ? request.raw : null,
  });
  reply.code(answer.statusCode);
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) reply.header(name, value);
  }
  return reply.send(answer.body);
});
app.addHook("onClose", async () => pool.close());

const address = await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
