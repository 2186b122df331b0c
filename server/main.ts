/**
 * `npm start`: the product on its embedded defaults — the gateway, configured
 * from the environment (see README).
 */
import { fileURLToPath } from "node:url";
import { startGateway } from "./gateway/main.ts";
import { ManifestError } from "./gateway/manifests/manifest-problem.ts";

async function main(): Promise<void> {
  const gateway = await startGateway(process.env);
  const stop = async (signal: string) => {
    gateway.log.info({ signal }, "shutting down");
    await gateway.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof ManifestError ? error.message : error);
    process.exit(1);
  });
}
