/**
 * The whole product on real sockets, wired exactly as `npm start` wires it: the real embedded
 * upstream (`buildUpstream`, seeded, over a temporary data dir) on 127.0.0.1, and the gateway built
 * by `buildApp` in front of it on 127.0.0.1. Nothing of the gateway is assembled by hand here: what
 * these suites exercise is what ships.
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from "fastify";
import { buildApp, type GatewayOptions } from "../../../../server/gateway/app.ts";
import { buildUpstream, type UpstreamOptions } from "../../../../server/upstream/app.ts";
import { LOCALES_DIR, MANIFESTS_DIR } from "../../../helpers/manifest-fixtures.ts";

/** A loopback port nobody listens on (shared by the gateway's test fixtures). */
export { freePort } from "../../../helpers/free-port.ts";

/** The origin the product is reached at in these suites (the gateway's `publicOrigins`). */
export const PUBLIC_ORIGIN = "https://analytics.tessera.test";

/** A 48-byte session secret (never the development default). */
export const TEST_SESSION_SECRET = "integration-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

/** A cheap scrypt cost: the suites sign in often; hashes record their own cost. */
const TEST_PASSWORD_COST = { N: 1024, r: 8, p: 1 };

/** Generous limits: the suites sign in many times from 127.0.0.1 (rate limits have their own suite). */
const SUITE_RATE_LIMITS: GatewayOptions["rateLimits"] = Object.fromEntries(
  ["login", "twoFactor", "token", "impersonation", "changePassword"].map((action) => [
    action,
    { perIp: { limit: 1000, windowMs: 60_000 }, perIdentifier: { limit: 1000, windowMs: 60_000 } },
  ]),
);

/** The real upstream, listening. */
export interface RunningUpstream {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>`. */
  url: string;
  port: number;
  dataDir: string;
  /** Closes the server; the data dir stays, so it can start again on the same port. */
  stop(): Promise<void>;
  /** Closes the server and removes its data dir. */
  close(): Promise<void>;
}

/** How a suite starts the upstream. */
export interface UpstreamStart {
  /** Reuse a data dir (a restart); default a fresh temp dir. */
  dataDir?: string;
  /** Listen on this port (0: any). */
  port?: number;
  /** Enable the debug-only calls of §7 (GenerateRDSToken mints `st` tokens). */
  debug?: boolean;
  /** Sees every request the upstream receives, before its routes do: what crossed the gateway. */
  onRequest?: (request: FastifyRequest) => void;
  /** The upstream's logger option (default off), as main.ts gives it. */
  logger?: UpstreamOptions["logger"];
  /** Seed the analytics demo too (UpstreamOptions.seedAnalytics; default off, it costs about a second). */
  seedAnalytics?: boolean;
}

/** Starts the seeded upstream over `dataDir` (a fresh temp dir by default) on `port` (0: any). */
export async function startUpstream(options: UpstreamStart = {}): Promise<RunningUpstream> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "tessera-integration-"));
  let app: FastifyInstance | undefined;
  let url: string;
  try {
    app = await buildUpstream({
      dataDir,
      seed: true,
      seedAnalytics: options.seedAnalytics ?? false,
      debug: options.debug ?? false,
      passwordCost: TEST_PASSWORD_COST,
      logger: options.logger,
    });
    const seen = options.onRequest;
    if (seen) app.addHook("onRequest", async (request) => seen(request));
    url = await app.listen({ host: "127.0.0.1", port: options.port ?? 0 });
  } catch (error) {
    await app?.close();
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const running = app;
  const stop = () => running.close();
  const close = async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app: running, url, port: Number(new URL(url).port), dataDir, stop, close };
}

/** The gateway from `buildApp`, listening. */
export interface RunningGateway {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>`: where the suites connect (the browser's Origin is PUBLIC_ORIGIN). */
  url: string;
  port: number;
  /** `ws://127.0.0.1:<port>/gw/hub`. */
  hubUrl: string;
}

/**
 * Builds the gateway with `buildApp` in front of `upstreamUrl` and listens on 127.0.0.1:0; `more`
 * sets further options of buildApp (a built runtime, the service token).
 */
export async function startGateway(
  upstreamUrl: string,
  options: { logger?: FastifyServerOptions["logger"]; more?: Partial<GatewayOptions> } = {},
): Promise<RunningGateway> {
  const app = await buildApp({
    manifestsDir: MANIFESTS_DIR,
    localesDir: LOCALES_DIR,
    distDir: null,
    upstreamUrl,
    sessionSecret: TEST_SESSION_SECRET,
    dataDir: ":memory:",
    publicOrigins: [PUBLIC_ORIGIN],
    rateLimits: SUITE_RATE_LIMITS,
    logger: options.logger ?? false,
    ...options.more,
  });
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  return { app, url, port, hubUrl: `ws://127.0.0.1:${port}/gw/hub` };
}

/** The upstream and the gateway in front of it, and how to take both down. */
export interface Stack {
  upstream: RunningUpstream;
  gateway: RunningGateway;
  close(): Promise<void>;
}

/** Starts the real upstream and the gateway in front of it. */
export async function startStack(
  options: Omit<UpstreamStart, "dataDir" | "port"> & { logger?: FastifyServerOptions["logger"] } = {},
): Promise<Stack> {
  const upstream = await startUpstream({
    debug: options.debug,
    onRequest: options.onRequest,
    seedAnalytics: options.seedAnalytics,
  });
  let gateway: RunningGateway;
  try {
    gateway = await startGateway(upstream.url, { logger: options.logger });
  } catch (error) {
    await upstream.close();
    throw error;
  }
  return {
    upstream,
    gateway,
    close: async () => {
      await gateway.app.close();
      await upstream.close();
    },
  };
}

/** A purpose-built upstream: a plain HTTP server on 127.0.0.1 with its own handler. */
export interface SmallUpstream {
  server: http.Server;
  url: string;
  port: number;
  /** Closes the listener and destroys every open connection at once (the process "dies"). */
  kill(): Promise<void>;
}

/** Starts a small upstream answering with `handler` on `port` (0: any). */
export async function startSmallUpstream(
  handler: (request: http.IncomingMessage, response: http.ServerResponse) => void,
  port = 0,
): Promise<SmallUpstream> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    server,
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    kill: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
