/**
 * `npm run upstream`: the reference upstream as its own process. Environment: UPSTREAM_HOST
 * (default 127.0.0.1), UPSTREAM_PORT (5180) and the rest as `upstreamOptionsFromEnvironment` reads
 * it. Stops gracefully on SIGINT/SIGTERM.
 */
import { buildUpstream } from "./app.ts";
import { upstreamOptionsFromEnvironment } from "./options.ts";

const host = process.env.UPSTREAM_HOST ?? "127.0.0.1";
const port = Number(process.env.UPSTREAM_PORT ?? 5180);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  throw new Error(`UPSTREAM_PORT is not a port: ${process.env.UPSTREAM_PORT}`);

const app = await buildUpstream(upstreamOptionsFromEnvironment(process.env));

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "stopping upstream");
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "error while stopping");
        process.exit(1);
      },
    );
  });
}

await app.listen({ host, port });
