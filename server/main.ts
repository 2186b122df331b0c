/**
 * `npm start`: the product on its embedded defaults. Without UPSTREAM_URL the
 * reference upstream starts in this process on a loopback port and the gateway
 * relays to it over HTTP and WebSocket, exactly as to a remote one (DESIGN.md §1).
 */
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { startGateway } from "./gateway/main.ts";
import { ManifestError } from "./gateway/manifests/manifest-problem.ts";
import { SessionSecretError } from "./gateway/session/session-secret.ts";
import { closeWithDeadline } from "./gateway/shutdown.ts";
import { buildUpstream } from "./upstream/app.ts";
import { upstreamOptionsFromEnvironment } from "./upstream/options.ts";

/** Starts the embedded upstream on 127.0.0.1 (UPSTREAM_PORT, default a free port); returns it and its origin. */
async function startEmbeddedUpstream(env: NodeJS.ProcessEnv): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildUpstream({
    ...upstreamOptionsFromEnvironment(env),
    // Mail links point at this process's gateway unless told otherwise.
    publicUrl: env.PUBLIC_URL || `http://${env.HOST ?? "127.0.0.1"}:${env.PORT ?? 8080}`,
  });
  await app.listen({ host: "127.0.0.1", port: Number(env.UPSTREAM_PORT ?? 0) });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}` };
}

/**
 * With the embedded upstream and no UPSTREAM_SERVICE_TOKEN, both halves share a random one for this
 * run, so the gateway's service calls (blocked IPs, embedding allow-lists) work on the defaults.
 */
function ensureServiceToken(): void {
  if (!process.env.UPSTREAM_URL && !process.env.UPSTREAM_SERVICE_TOKEN)
    process.env.UPSTREAM_SERVICE_TOKEN = randomBytes(32).toString("base64url");
}

async function main(): Promise<void> {
  ensureServiceToken();
  const env = { ...process.env };
  const upstream = env.UPSTREAM_URL ? null : await startEmbeddedUpstream(env);
  if (upstream) env.UPSTREAM_URL = upstream.url;
  const gateway = await startGateway(env);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    gateway.log.info({ signal }, "shutting down");
    // The gateway drains first (it depends on the upstream), then the upstream.
    await closeWithDeadline(gateway);
    await upstream?.app.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(
      error instanceof ManifestError || error instanceof SessionSecretError ? error.message : error,
    );
    process.exit(1);
  });
}
