/** Starts the gateway alone, configured from the environment (see README). */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.ts";
import { readGatewayConfig } from "./config.ts";
import { ManifestError } from "./manifests/manifest-problem.ts";
import { SessionSecretError } from "./session/session-secret.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Builds and listens; resolves to the running app. */
export async function startGateway(env: NodeJS.ProcessEnv = process.env) {
  const config = readGatewayConfig(env, root);
  const app = await buildApp(config.app);
  await app.listen({ host: config.host, port: config.port });
  return app;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  startGateway().catch((error: unknown) => {
    // An invalid manifest set refuses to start, naming file, pointer and reason.
    console.error(
      error instanceof ManifestError || error instanceof SessionSecretError ? error.message : error,
    );
    process.exit(1);
  });
}
