/**
 * Tessera instances as processes of their own, as a deployment runs them: each is `server/main.ts`
 * (a gateway and the reference upstream beside it) with the shared stores' URLs, Redis and the
 * secrets every instance must agree on. The try-out cluster (`npm run cluster`) and the
 * several-instances test start them here, so a SIGTERM or a SIGKILL hits a real process.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** What every instance of one cluster shares. */
export interface ClusterSettings {
  /** The gateways' PostgreSQL (sessions, configuration). */
  gatewayDatabaseUrl: string;
  /** The upstreams' PostgreSQL (their whole store); null keeps each upstream on SQLite in `dataDir`. */
  upstreamDatabaseUrl: string | null;
  redisUrl: string;
  /** Prefix of every Redis channel of this cluster, so two clusters on one Redis never meet. */
  redisChannelPrefix: string;
  /** Signs the session cookies: one secret, or a cookie from one instance is void on another. */
  sessionSecret: string;
  /** The gateways' service calls to the upstreams. */
  upstreamServiceToken: string;
  /** The built runtime every gateway serves. */
  distDir: string;
  /**
   * The query tool's reader role on PostgreSQL (UPSTREAM_QUERY_TOOL_DATABASE_URL); absent: the tool
   * answers that it has none.
   */
  queryToolDatabaseUrl?: string | null;
  /** Where the SQLite files (with upstreamDatabaseUrl null) and uploaded media live; shared. */
  dataDir: string;
  /** The address of the proxy in front (TRUSTED_PROXIES). */
  trustedProxies: string;
  /** The origins the product is reached at (the proxy's), for CSRF's Origin check. */
  publicOrigins: string;
}

/** Fresh secrets for a cluster. */
export function clusterSecrets(): Pick<ClusterSettings, "sessionSecret" | "upstreamServiceToken"> {
  return {
    sessionSecret: randomBytes(32).toString("base64url"),
    upstreamServiceToken: randomBytes(32).toString("base64url"),
  };
}

/** One running instance. */
export interface RunningInstance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  /** What the process wrote so far (its log). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM (graceful: drains, closes sockets with 1001) and waits for the exit. */
  stop(): Promise<number | string>;
  /** SIGKILL: no draining, sockets drop. */
  kill(): Promise<number | string>;
}

/**
 * Starts instance `name` on `port` and resolves once its /readyz answers 200 (or rejects with its
 * log when it exits first or is not ready within `readyWithinMs`). `seed`: the first instance
 * seeds the demo on an empty store; the others must not race it.
 */
export async function startInstance(
  settings: ClusterSettings,
  instance: { name: string; port: number; seed: boolean; readyWithinMs?: number; logLevel?: string },
): Promise<RunningInstance> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(instance.port),
    DIST_DIR: settings.distDir,
    DATA_DIR: settings.dataDir,
    GATEWAY_DATABASE_URL: settings.gatewayDatabaseUrl,
    REDIS_URL: settings.redisUrl,
    REDIS_CHANNEL_PREFIX: settings.redisChannelPrefix,
    SESSION_SECRET: settings.sessionSecret,
    UPSTREAM_SERVICE_TOKEN: settings.upstreamServiceToken,
    TRUSTED_PROXIES: settings.trustedProxies,
    PUBLIC_ORIGINS: settings.publicOrigins,
    PUBLIC_URL: settings.publicOrigins.split(",")[0],
    UPSTREAM_SEED: instance.seed ? "1" : "0",
    LOG_LEVEL: instance.logLevel ?? "warn",
  };
  if (settings.upstreamDatabaseUrl) env.UPSTREAM_DATABASE_URL = settings.upstreamDatabaseUrl;
  else delete env.UPSTREAM_DATABASE_URL;
  if (settings.queryToolDatabaseUrl) env.UPSTREAM_QUERY_TOOL_DATABASE_URL = settings.queryToolDatabaseUrl;
  else delete env.UPSTREAM_QUERY_TOOL_DATABASE_URL;
  // Each instance's embedded upstream on a port of its own, chosen by the OS.
  delete env.UPSTREAM_URL;
  delete env.UPSTREAM_PORT;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    log += String(chunk);
    // A long-running cluster's log is the tail that matters.
    if (log.length > 1_000_000) log = log.slice(-500_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  const url = `http://127.0.0.1:${instance.port}`;
  const deadline = Date.now() + (instance.readyWithinMs ?? 60_000);
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  for (;;) {
    if (ended) throw new Error(`instance ${instance.name} exited at start:\n${log.slice(-4_000)}`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`instance ${instance.name} was not ready on ${url} in time:\n${log.slice(-4_000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const signal = (name: NodeJS.Signals) => {
    if (!ended) child.kill(name);
    return exited;
  };
  return {
    name: instance.name,
    port: instance.port,
    url,
    process: child,
    output: () => log,
    exited,
    stop: () => signal("SIGTERM"),
    kill: () => signal("SIGKILL"),
  };
}
