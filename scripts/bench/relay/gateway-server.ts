/**
 * The gateway under measurement, in a process of its own (its CPU and memory are read from /proc).
 * Prints `{"port":…}` once listening; answers the IPC message "gc" with `{gcDone: memoryUsage}` after
 * a full garbage collection (run it with --expose-gc); stops on SIGTERM.
 *
 *   node --expose-gc --import tsx scripts/bench/relay/gateway-server.ts <upstreamUrl> app|hub
 *
 * - `app`: exactly what ships, `buildApp` (REST relay, session, /gw/hub with its default limits).
 * - `hub`: the same session and hub relay plugins, registered as app.ts registers them, with the
 *   per-tab frame rate raised to HUB_BENCH_FRAMES_PER_SECOND. The shipped limit (20 frames a second
 *   per tab, DEFAULT_MAX_MESSAGES_PER_SECOND) is a policy that would close a closed-loop tab after 20
 *   round trips; buildApp does not expose it, so this mode measures the relay's own cost instead.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { buildApp } from "../../../server/gateway/app.ts";
import { hubRelay } from "../../../server/gateway/plugins/hub-relay.ts";
import { sessionEndpoints } from "../../../server/gateway/plugins/session.ts";
import { createGatewaySession } from "../../../server/gateway/session/gateway-session.ts";
import { ROOT } from "../bench-paths.ts";
import { BENCH_ORIGIN } from "./bench-constants.ts";

/** A 48-byte secret for the benchmark's throwaway in-memory session store. */
const BENCH_SESSION_SECRET = "relay-benchmark-secret-0123456789-abcdefghijklmnop";
/** Frames a second a tab may send in `hub` mode: far above what a closed-loop tab reaches. */
const HUB_BENCH_FRAMES_PER_SECOND = 1_000_000;
/** Sign-ins the benchmark makes from one address within a window (it opens a session per socket). */
const BENCH_LOGIN_RULE = { limit: 100_000, windowMs: 60_000 };

async function shippedGateway(upstreamUrl: string): Promise<FastifyInstance> {
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
  });
}

async function hubGateway(upstreamUrl: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, trustProxy: false });
  const session = createGatewaySession({
    upstreamAppBase: `${upstreamUrl}/api/`,
    secret: BENCH_SESSION_SECRET,
    store: { sqliteFile: ":memory:" },
    cookieSecurity: "auto",
    allowedOrigins: [BENCH_ORIGIN],
    rateLimits: { login: { perIp: BENCH_LOGIN_RULE, perIdentifier: BENCH_LOGIN_RULE } },
  });
  app.addHook("onRequest", session.csrfGuard);
  await app.register(hubRelay, {
    upstream: { hubBase: `${upstreamUrl}/hubs` },
    identityOf: session.identityOf,
    allowedOrigins: [BENCH_ORIGIN],
    invocable: { user: ["Echo"], chat: [] },
    maxMessagesPerSecond: HUB_BENCH_FRAMES_PER_SECOND,
    onUpstreamSessionEnded: (sessionId) => session.endSession(sessionId),
  });
  await app.register(sessionEndpoints, {
    session,
    signupAllowed: () => false,
    onSessionEnded: (sessionId: string) => app.hubRelay.endSession(sessionId, "/loggedout"),
  });
  return app;
}

const [upstreamUrl, mode] = process.argv.slice(2);
if (!upstreamUrl || (mode !== "app" && mode !== "hub")) {
  process.stderr.write("usage: gateway-server.ts <upstreamUrl> app|hub\n");
  process.exit(2);
}
const app = mode === "app" ? await shippedGateway(upstreamUrl) : await hubGateway(upstreamUrl);
const address = await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);
process.on("message", (message) => {
  if (message !== "gc") return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send?.({ gcDone: process.memoryUsage() });
});
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
