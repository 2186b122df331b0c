/**
 * `npm run cluster`: a try-out of several instances on this machine — CLUSTER_INSTANCES (2) Tessera
 * instances (scripts/cluster/instances.ts) on PostgreSQL and Redis behind nginx on
 * 127.0.0.1:CLUSTER_PORT (8080), as README "Running several instances" describes. The databases
 * are CLUSTER_DATABASE_URL's (default the loopback server, postgres://postgres@127.0.0.1:5432/test)
 * under the schemas `tessera_cluster_gateway` and `tessera_cluster_upstream`, kept between runs
 * (`--fresh` drops them first); Redis is REDIS_URL (redis://127.0.0.1:6379). Ctrl-C stops nginx,
 * then each instance gracefully.
 */
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import pg from "pg";
import { clusterSecrets, type RunningInstance, startInstance } from "./instances.ts";
import { nginxBinary, removeNginxPrefix, startNginx } from "./nginx.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The URL with `schema` as its search_path (node-postgres passes `options` to the server). */
export function withSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("options", `-c search_path=${schema}`);
  return parsed.toString();
}

/** Creates `schemas` on the server at `url` (dropping them first when `fresh`). */
export async function prepareSchemas(url: string, schemas: readonly string[], fresh: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL does not answer at CLUSTER_DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    for (const schema of schemas) {
      if (fresh) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * The query tool's reader for the try-out: a login role `name` with no right of its own (created when
 * missing; the upstream grants it the demo views), as the URL of `url` logging in as it; null, with a
 * warning, when this server's user may not create roles (the query tool then says it has none).
 */
export async function prepareQueryReaderRole(url: string, name: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [name]);
    if (rowCount === 0) await client.query(`CREATE ROLE ${name} LOGIN`);
  } catch (error) {
    // 42710: another try-out created it meanwhile.
    if ((error as { code?: string }).code !== "42710") {
      console.warn(`query tool: no reader role (${(error as Error).message}); it will not run staff SQL`);
      return null;
    }
  } finally {
    await client.end();
  }
  const reader = new URL(url);
  reader.username = name;
  reader.password = "";
  return reader.toString();
}

/** Throws with a clear message unless Redis answers at `url`. */
export async function checkRedis(url: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(`Redis does not answer at REDIS_URL: ${(error as Error).message}`);
  } finally {
    client.disconnect();
  }
}

async function main(): Promise<void> {
  if (!nginxBinary()) throw new Error("nginx is not installed (Debian: apt-get install nginx-light)");
  const fresh = process.argv.includes("--fresh");
  const count = Number(process.env.CLUSTER_INSTANCES ?? 2);
  const port = Number(process.env.CLUSTER_PORT ?? 8080);
  if (!Number.isInteger(count) || count < 1 || count > 8) throw new Error("CLUSTER_INSTANCES must be 1–8");
  const databaseUrl = process.env.CLUSTER_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
  await prepareSchemas(databaseUrl, ["tessera_cluster_gateway", "tessera_cluster_upstream"], fresh);
  await checkRedis(redisUrl);
  const distDir = join(ROOT, "dist");
  if (!existsSync(join(distDir, "index.html")))
    throw new Error("no built runtime in dist/: run npm run build first");
  const dataDir = join(ROOT, "data", "cluster");
  mkdirSync(dataDir, { recursive: true });
  const origin = `http://127.0.0.1:${port}`;
  const settings = {
    gatewayDatabaseUrl: withSchema(databaseUrl, "tessera_cluster_gateway"),
    upstreamDatabaseUrl: withSchema(databaseUrl, "tessera_cluster_upstream"),
    // Trust authentication on loopback: the role logs in without a password, as the server's user does.
    queryToolDatabaseUrl: await prepareQueryReaderRole(databaseUrl, "tessera_cluster_query_reader"),
    redisUrl,
    redisChannelPrefix: "tessera:cluster:",
    ...clusterSecrets(),
    distDir,
    dataDir,
    trustedProxies: "127.0.0.1",
    publicOrigins: `${origin},http://localhost:${port}`,
  };
  const instances: RunningInstance[] = [];
  // The first seeds an empty store alone; the others start once it is ready.
  for (let i = 0; i < count; i++) {
    const instance = await startInstance(settings, {
      name: `instance-${i + 1}`,
      port: port + 1 + i,
      seed: i === 0,
      logLevel: "info",
    });
    instances.push(instance);
    console.log(`${instance.name} ready at ${instance.url}`);
  }
  const nginx = await startNginx({
    prefix: mkdtempSync(join(tmpdir(), "tessera-cluster-nginx-")),
    listen: { host: "127.0.0.1", port },
    gateways: instances.map((instance) => ({ host: "127.0.0.1", port: instance.port })),
  });
  console.log(`nginx in front of ${count} instances: ${nginx.url} (Ctrl-C stops everything)`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await nginx.stop();
    removeNginxPrefix(nginx.prefix);
    await Promise.all(instances.map((instance) => instance.stop()));
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
  for (const instance of instances) {
    void instance.exited.then((code) => {
      if (!stopping)
        console.error(`${instance.name} exited (${code}); nginx sends its clients to the others`);
    });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
