/**
 * `npm run upstream`: the reference upstream as its own process. Environment: UPSTREAM_HOST
 * (default 127.0.0.1), UPSTREAM_PORT (5180), DATA_DIR (./data), UPSTREAM_SEED (seed the demo on
 * first start unless "0"), UPSTREAM_SEED_ANALYTICS (the demo's analytics data and dashboards with
 * it, unless "0"), UPSTREAM_DEBUG ("1" enables the debug-only calls), PUBLIC_URL (links in mails),
 * REDIS_URL (the hubs' backplane when several upstream instances share one store, realtime/README.md)
 * and REDIS_CHANNEL_PREFIX (its channel's prefix, default tessera:upstream:).
 * Stops gracefully on SIGINT/SIGTERM.
 */
import { buildUpstream } from "./app.ts";

const host = process.env.UPSTREAM_HOST ?? "127.0.0.1";
const port = Number(process.env.UPSTREAM_PORT ?? 5180);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  throw new Error(`UPSTREAM_PORT is not a port: ${process.env.UPSTREAM_PORT}`);

const app = await buildUpstream({
  dataDir: process.env.DATA_DIR ?? "./data",
  seed: process.env.UPSTREAM_SEED !== "0",
  seedAnalytics: process.env.UPSTREAM_SEED_ANALYTICS !== "0",
  debug: process.env.UPSTREAM_DEBUG === "1",
  publicUrl: process.env.PUBLIC_URL,
  redisUrl: process.env.REDIS_URL || undefined,
  redisChannelPrefix: process.env.REDIS_CHANNEL_PREFIX || undefined,
  logger: { level: process.env.LOG_LEVEL ?? "info", redact: ["req.headers.authorization"] },
});

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "stopping upstream");
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "error while stopping");
        process.exit(1);
      },
    );
  });
}

await app.listen({ host, port });
