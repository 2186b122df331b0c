/**
 * The gateway under benchmark, in its own process: the real app plus one
 * reference route that sends constant bytes of the same size as the manifest.
 * Prints the port once listening.
 */
import { join } from "node:path";
import { buildApp } from "../../server/gateway/app.ts";
import { ROOT } from "./bench-paths.ts";

const app = await buildApp({
  manifestsDir: join(ROOT, "manifests"),
  localesDir: join(ROOT, "locales"),
  distDir: null,
});
let constantBody = Buffer.alloc(0);
// Routes must exist before the app is ready; the body is filled in right after.
app.get("/bench/constant", async (_request, reply) =>
  reply.type("application/json; charset=utf-8").header("Cache-Control", "no-cache").send(constantBody),
);
constantBody = Buffer.from((await app.inject({ url: "/gw/manifest" })).rawPayload);
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === "object" && address ? address.port : 0, bytes: constantBody.length })}\n`,
);
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
