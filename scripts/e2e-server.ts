/**
 * The product as the end-to-end suite sees it: a fresh build in .tmp/e2e-dist,
 * the embedded upstream (seeded demo, throwaway data directory) on a loopback
 * port, and the gateway on E2E_PORT relaying to it — as `npm start` runs them.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../server/gateway/app.ts";
import { buildUpstream } from "../server/upstream/app.ts";
import { buildRuntime } from "./build.ts";

/** A generous rate limit for the suite's many sign-ins from one address. */
const E2E_RATE_LIMIT = {
  perIp: { limit: 10_000, windowMs: 60_000 },
  perIdentifier: { limit: 10_000, windowMs: 60_000 },
};

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const distDir = join(root, ".tmp", "e2e-dist");
await buildRuntime(distDir);
const dataDir = await mkdtemp(join(tmpdir(), "tessera-e2e-"));
const port = Number(process.env.E2E_PORT ?? 8191);
const upstream = await buildUpstream({ dataDir, seed: true, publicUrl: `http://127.0.0.1:${port}` });
const upstreamUrl = (await upstream.listen({ host: "127.0.0.1", port: 0 })).replace("localhost", "127.0.0.1");
const app = await buildApp({
  manifestsDir: join(root, "manifests"),
  localesDir: join(root, "locales"),
  distDir,
  upstreamUrl,
  sessionSecret: "tessera-e2e-session-secret-0123456789abcdef",
  dataDir: ":memory:",
  publicOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
  // The suite signs the demo users in many times from one address; the limits have their own tests.
  rateLimits: {
    login: E2E_RATE_LIMIT,
    twoFactor: E2E_RATE_LIMIT,
    token: E2E_RATE_LIMIT,
    impersonation: E2E_RATE_LIMIT,
  },
});
await app.listen({ host: "127.0.0.1", port });
console.log(`e2e gateway ready on ${port}, upstream ${upstreamUrl} (data in ${dataDir})`);
const stop = () =>
  void app
    .close()
    .then(() => upstream.close())
    .then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
