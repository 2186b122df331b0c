/**
 * The gateway under measurement, in a process of its own (its CPU and memory are read from /proc).
 * Prints `{"port":…}` once listening; answers the IPC message "gc" with `{gcDone: memoryUsage}` after
 * a full garbage collection (run it with --expose-gc); stops on SIGTERM.
 *
 *   node --expose-gc --import tsx scripts/bench/relay/gateway-server.ts <upstreamUrl> app|hub
 *
 * - `app`: what ships, `buildApp` (REST relay, session, /gw/hub with its default limits), without a
 *   logger: nginx runs with access_log off alike.
 * - `hub`: the same `buildApp` with one limit raised through `hubLimits`: the per-tab frame rate
 *   (HUB_BENCH_FRAMES_PER_SECOND). The shipped limit (20 frames a second per tab,
 *   DEFAULT_MAX_MESSAGES_PER_SECOND) is a policy that would close a closed-loop tab after 20 round
 *   trips; raising it measures the relay's own cost.
 */
import { buildApp, type GatewayOptions } from "../../../server/gateway/app.ts";
import { ROOT } from "../bench-paths.ts";
import { BENCH_ORIGIN } from "./bench-constants.ts";

/** A 48-byte secret for the benchmark's throwaway in-memory session store. */
const BENCH_SESSION_SECRET = "relay-benchmark-secret-0123456789-abcdefghijklmnop";
/** Frames a second a tab may send in `hub` mode: far above what a closed-loop tab reaches. */
const HUB_BENCH_FRAMES_PER_SECOND = 100_000;
/** Sign-ins the benchmark makes from one address within a window (it opens a session per socket). */
const BENCH_LOGIN_RULE = { limit: 100_000, windowMs: 60_000 };

async function shippedGateway(upstreamUrl: string, hubLimits?: GatewayOptions["hubLimits"]) {
  return buildApp({
    manifestsDir: `${ROOT}/manifests`,
    localesDir: `${ROOT}/locales`,
    distDir: null,
    upstreamUrl,
    sessionSecret: BENCH_SESSION_SECRET,
    dataDir: ":memory:",
    publicOrigins: [BENCH_ORIGIN],
    rateLimits: { login: { perIp: BENCH_LOGIN_RULE, perIdentifier: BENCH_LOGIN_RULE } },
    hubInvocable: { user: ["Echo"], chat: [] },
    hubLimits,
  });
}

const [upstreamUrl, mode] = process.argv.slice(2);
if (!upstreamUrl || (mode !== "app" && mode !== "hub")) {
  process.stderr.write("usage: gateway-server.ts <upstreamUrl> app|hub\n");
  process.exit(2);
}
const app = await shippedGateway(
  upstreamUrl,
  mode === "hub" ? { maxMessagesPerSecond: HUB_BENCH_FRAMES_PER_SECOND } : undefined,
);
const address = await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);
process.on("message", (message) => {
  if (message !== "gc") return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send?.({ gcDone: process.memoryUsage() });
});
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
