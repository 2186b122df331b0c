/**
 * The gateway under measurement, in a process of its own: `buildApp` as it ships in front of the
 * upstream, with the sign-in rate limits relaxed as the integration fixture relaxes them (the
 * benchmark signs a hundred sessions in from 127.0.0.1) and without a logger. Prints `{"port":…}`
 * once listening; stops on SIGTERM.
 *
 *   node --import tsx scripts/bench/publish/gateway-server.ts <upstreamUrl>
 */
import { buildApp, type GatewayOptions } from "../../../server/gateway/app.ts";
import { ROOT } from "../bench-paths.ts";
import { PUBLISH_BENCH_ORIGIN } from "./bench-constants.ts";

/** A 48-byte secret for the benchmark's throwaway in-memory session store. */
const BENCH_SESSION_SECRET = "publish-benchmark-secret-0123456789-abcdefghijklm";

const relaxed = { limit: 100_000, windowMs: 60_000 };
const rateLimits: GatewayOptions["rateLimits"] = Object.fromEntries(
  ["login", "twoFactor", "token", "impersonation", "changePassword"].map((action) => [
    action,
    { perIp: relaxed, perIdentifier: relaxed },
  ]),
);

const [upstreamUrl] = process.argv.slice(2);
if (!upstreamUrl) {
  process.stderr.write("usage: gateway-server.ts <upstreamUrl>\n");
  process.exit(2);
}
const app = await buildApp({
  manifestsDir: `${ROOT}/manifests`,
  localesDir: `${ROOT}/locales`,
  distDir: null,
  upstreamUrl,
  sessionSecret: BENCH_SESSION_SECRET,
  dataDir: ":memory:",
  publicOrigins: [PUBLISH_BENCH_ORIGIN],
  rateLimits,
});
const address = await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
