/**
 * The reference pages' server: Fastify with @fastify/static over a built folder, configured as the
 * gateway's static-app plugin serves the runtime (immutable hashed assets under /assets/, index.html
 * with no-cache for every other path), so the bare React page is served by the same kind of server.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";

/** A running static server. */
export interface StaticServer {
  origin: string;
  close: () => Promise<void>;
}

/** Serves `dir` (index.html + assets/) on a free loopback port. */
export async function startStaticServer(dir: string): Promise<StaticServer> {
  const app = Fastify({ logger: false });
  const indexHtml = await readFile(join(dir, "index.html"));
  await app.register(fastifyStatic, {
    root: join(dir, "assets"),
    prefix: "/assets/",
    index: false,
    wildcard: true,
    cacheControl: false,
    etag: false,
    lastModified: false,
    // The build's .br/.gz copies (scripts/build-compress.ts), chosen by Accept-Encoding.
    preCompressed: true,
    setHeaders(res) {
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.setHeader("Vary", "Accept-Encoding");
    },
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(indexHtml),
  );
  const origin = (await app.listen({ host: "127.0.0.1", port: 0 })).replace("localhost", "127.0.0.1");
  return { origin, close: () => app.close() };
}
