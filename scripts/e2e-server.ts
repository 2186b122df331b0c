/**
 * The product as the end-to-end suite sees it: a fresh build in .tmp/e2e-dist,
 * the embedded upstream (seeded demo, throwaway data directory) on a loopback
 * port, and the gateway on E2E_PORT relaying to it — as `npm start` runs them.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../server/gateway/app.ts";
import { parseHelpHosts } from "../server/gateway/plugins/help-mode.ts";
import { buildUpstream } from "../server/upstream/app.ts";
import { buildRuntime } from "./build.ts";
import { startHubFaultControl, startHubFaultProxy } from "./e2e-hub-fault.ts";

/** A generous rate limit for the suite's many sign-ins from one address. */
const E2E_RATE_LIMIT = {
  perIp: { limit: 10_000, windowMs: 60_000 },
  perIdentifier: { limit: 10_000, windowMs: 60_000 },
};

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// E2E_DIST_DIR: scripts that start their own e2e server (screenshots, shell benchmark) build apart;
// a relative one is taken from the repository root (the gateway serves the build from an absolute path).
const distDir = resolve(root, process.env.E2E_DIST_DIR ?? join(".tmp", "e2e-dist"));
await buildRuntime(distDir);
const dataDir = await mkdtemp(join(tmpdir(), "tessera-e2e-"));
const port = Number(process.env.E2E_PORT ?? 8191);
// As `npm start` does: both halves share a service token, so blocked IPs and frame-ancestors work.
process.env.UPSTREAM_SERVICE_TOKEN ??= randomBytes(32).toString("base64url");
const upstream = await buildUpstream({
  dataDir,
  seed: true,
  seedAnalytics: true,
  publicUrl: `http://127.0.0.1:${port}`,
});
const directUpstreamUrl = (await upstream.listen({ host: "127.0.0.1", port: 0 })).replace(
  "localhost",
  "127.0.0.1",
);
// Test-only: the gateway reaches the upstream through a pass-through that can drop the upstream's
// hubs (scripts/e2e-hub-fault.ts), triggered on a loopback control port (E2E_CONTROL_PORT).
const hubFault = await startHubFaultProxy(directUpstreamUrl);
const upstreamUrl = hubFault.url;
const controlPort = Number(process.env.E2E_CONTROL_PORT ?? port + 100);
// A busy control port must not take the whole suite down: only the hub-drop spec needs it.
const control = await startHubFaultControl(hubFault, controlPort).catch((error: unknown) => {
  console.warn(`hub-drop control not started on ${controlPort}: ${String(error)}`);
  return null;
});
const app = await buildApp({
  manifestsDir: join(root, "manifests"),
  localesDir: join(root, "locales"),
  distDir,
  upstreamUrl,
  sessionSecret: "tessera-e2e-session-secret-0123456789abcdef",
  dataDir: ":memory:",
  upstreamServiceToken: process.env.UPSTREAM_SERVICE_TOKEN,
  publicOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
  // Help mode (§1) on the localhost name of the same server; 127.0.0.1 stays the product.
  helpHosts: parseHelpHosts(`localhost:${port}`),
  // The suite signs the demo users in many times from one address; the limits have their own tests.
  rateLimits: {
    login: E2E_RATE_LIMIT,
    twoFactor: E2E_RATE_LIMIT,
    token: E2E_RATE_LIMIT,
    impersonation: E2E_RATE_LIMIT,
  },
});
await app.listen({ host: "127.0.0.1", port });
console.log(
  `e2e gateway ready on ${port}, upstream ${directUpstreamUrl} via ${upstreamUrl}, hub-drop control on ${controlPort} (data in ${dataDir})`,
);
const stop = () =>
  void app
    .close()
    .then(() => new Promise<void>((resolve) => (control ? control.close(() => resolve()) : resolve())))
    .then(() => hubFault.close())
    .then(() => upstream.close())
    .then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
