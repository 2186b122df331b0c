/**
 * The product as the end-to-end suite sees it: a fresh build in .tmp/e2e-dist and
 * the gateway on E2E_PORT, with a throwaway data directory.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../server/gateway/app.ts";
import { buildRuntime } from "./build.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const distDir = join(root, ".tmp", "e2e-dist");
await buildRuntime(distDir);
const dataDir = await mkdtemp(join(tmpdir(), "tessera-e2e-"));
const app = await buildApp({
  manifestsDir: join(root, "manifests"),
  localesDir: join(root, "locales"),
  distDir,
});
await app.listen({ host: "127.0.0.1", port: Number(process.env.E2E_PORT ?? 8191) });
console.log(`e2e gateway ready (data in ${dataDir})`);
const stop = () => void app.close().then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
