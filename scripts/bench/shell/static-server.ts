/**
 * The reference pages' server: Fastify with @fastify/static over a built folder, with the gateway's own
 * asset options (server/gateway/plugins/static-app.ts: immutable hashed assets under /assets/,
 * pre-compressed copies) and index.html with no-cache for every other path, so the bare React page
 * is served by the same kind of server as the runtime.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";
import { hashedAssetOptions } from "../../../server/gateway/plugins/static-app.ts";

/** A running static server. */
export interface StaticServer {
  origin: string;
  close: () => Promise<void>;
}

/** Serves `dir` (index.html + assets/) on a free loopback port. */
export async function startStaticServer(dir: string): Promise<StaticServer> {
  const app = Fastify({ logger: false });
  const indexHtml = await readFile(join(dir, "index.html"));
  await app.register(fastifyStatic, hashedAssetOptions(join(dir, "assets")));
  app.setNotFoundHandler((_request, reply) =>
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(indexHtml),
  );
  const origin = (await app.listen({ host: "127.0.0.1", port: 0 })).replace("localhost", "127.0.0.1");
  return { origin, close: () => app.close() };
}
