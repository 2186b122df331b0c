/**
 * The product on real sockets for the account-layer and frame-ancestors suites: the real seeded
 * upstream and the gateway from `buildApp` in front of it, with the service token both share and a
 * minimal built runtime (an index.html), so the app's HTML responses are the real ones.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../../server/gateway/app.ts";
import { LOCALES_DIR, MANIFESTS_DIR } from "../../helpers/manifest-fixtures.ts";
import {
  PUBLIC_ORIGIN,
  type RunningUpstream,
  startUpstream,
  TEST_SESSION_SECRET,
} from "./integration/integration-fixture.ts";

/** The shared secret of the upstream's service calls in these suites (≥ 32 characters). */
export const SUITE_SERVICE_TOKEN = "account-layer-suite-service-token-0123456789abcdef";

const RATE_LIMIT = {
  perIp: { limit: 1000, windowMs: 60_000 },
  perIdentifier: { limit: 1000, windowMs: 60_000 },
};

/** The running pair. */
export interface AccountStack {
  upstream: RunningUpstream;
  gateway: FastifyInstance;
  /** `http://127.0.0.1:<port>` of the gateway. */
  url: string;
  close(): Promise<void>;
}

/** Starts upstream and gateway; `serviceToken: null` leaves the gateway without the token. */
export async function startAccountStack(
  options: { serviceToken?: string | null } = {},
): Promise<AccountStack> {
  // The upstream reads its service token from the environment (at start and per call): keep it set.
  process.env.UPSTREAM_SERVICE_TOKEN = SUITE_SERVICE_TOKEN;
  const upstream = await startUpstream();
  const distDir = mkdtempSync(join(tmpdir(), "tessera-account-dist-"));
  mkdirSync(join(distDir, "assets"));
  writeFileSync(join(distDir, "index.html"), "<!doctype html><title>Tessera</title><div id=root></div>");
  const gateway = await buildApp({
    manifestsDir: MANIFESTS_DIR,
    localesDir: LOCALES_DIR,
    distDir,
    upstreamUrl: upstream.url,
    sessionSecret: TEST_SESSION_SECRET,
    dataDir: ":memory:",
    publicOrigins: [PUBLIC_ORIGIN],
    upstreamServiceToken: options.serviceToken === undefined ? SUITE_SERVICE_TOKEN : options.serviceToken,
    rateLimits: { login: RATE_LIMIT, twoFactor: RATE_LIMIT, token: RATE_LIMIT },
  });
  const url = await gateway.listen({ host: "127.0.0.1", port: 0 });
  return {
    upstream,
    gateway,
    url,
    close: async () => {
      await gateway.close();
      await upstream.close();
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}
