/**
 * The gateway under measurement, in a process of its own: `buildApp` as it ships, serving the
 * benchmark's build of the runtime in front of the upstream, on a fixed loopback port (its origin is
 * the public origin the browser and the HTTP client send), the sign-in rate limits relaxed, no
 * logger. Prints `{"port":…}` once listening; stops on SIGTERM.
 *
 *   node --import tsx scripts/bench/dashboards/gateway-server.ts <upstreamUrl> <port> <distDir>
 */
import { buildApp, type GatewayOptions } from "../../../server/gateway/app.ts";
import { ROOT } from "../bench-paths.ts";

/** A 48-byte secret for the benchmark's throwaway in-memory session store. */
const BENCH_SESSION_SECRET = "dashboards-benchmark-secret-0123456789-abcdefghi";

const relaxed = { limit: 100_000, windowMs: 60_000 };
const rateLimits: GatewayOptions["rateLimits"] = Object.fromEntries(
  ["login", "twoFactor", "token", "impersonation", "changePassword"].map((action) => [
    action,
    { perIp: relaxed, perIdentifier: relaxed },
  ]),
);

const [upstreamUrl, port, distDir] = process.argv.slice(2);
if (!upstreamUrl || !port || !/^\d+$/.test(port) || !distDir) {
  process.stderr.write("usage: gateway-server.ts <upstreamUrl> <port> <distDir>\n");
  process.exit(2);
}
const app = await buildApp({
  manifestsDir: `${ROOT}/manifests`,
  localesDir: `${ROOT}/locales`,
  distDir,
  upstreamUrl,
  sessionSecret: BENCH_SESSION_SECRET,
  dataDir: ":memory:",
  publicOrigins: [`http://127.0.0.1:${port}`],
  rateLimits,
});
const address = await app.listen({ host: "127.0.0.1", port: Number(port) });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
