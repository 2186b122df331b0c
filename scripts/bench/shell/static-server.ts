/**
 * The reference pages' server: Fastify with @fastify/static over a built folder, with the gateway's own
 * asset options (server/gateway/plugins/static-app.ts: immutable hashed assets under /assets/,
 * pre-compressed copies) and index.html with no-cache for every other path, so the bare React page
 * is served by the same kind of server as the runtime — by default with the gateway's security
 * headers too (security-headers.ts), as every page of the product is.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";
import { securityHeaders } from "../../../server/gateway/plugins/security-headers.ts";
import { hashedAssetOptions } from "../../../server/gateway/plugins/static-app.ts";

/** A running static server. */
export interface StaticServer {
  origin: string;
  close: () => Promise<void>;
}

/**
 * Serves `dir` (index.html + assets/) on a free loopback port; with `gatewayHeaders` (the default)
 * every response carries the gateway's security headers (CSP, Cross-Origin-Opener-Policy, …).
 */
export async function startStaticServer(
  dir: string,
  options: { gatewayHeaders?: boolean } = {},
): Promise<StaticServer> {
  const app = Fastify({ logger: false });
  const indexHtml = await readFile(join(dir, "index.html"));
  if (options.gatewayHeaders ?? true) await securityHeaders(app);
  await app.register(fastifyStatic, hashedAssetOptions(join(dir, "assets")));
  app.setNotFoundHandler((_request, reply) =>
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(indexHtml),
  );
  const origin = (await app.listen({ host: "127.0.0.1", port: 0 })).replace("localhost", "127.0.0.1");
  return { origin, close: () => app.close() };
}
