import type { FastifyInstance } from "fastify";

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: every check passes). */
export async function healthEndpoints(
  app: FastifyInstance,
  options: { readinessChecks: Record<string, () => Promise<boolean> | boolean> },
): Promise<void> {
  app.get("/healthz", async (_request, reply) =>
    reply.header("Cache-Control", "no-store").send({ status: "ok" }),
  );
  app.get("/readyz", async (_request, reply) => {
    const results: Record<string, boolean> = {};
    for (const [name, check] of Object.entries(options.readinessChecks)) {
      results[name] = await Promise.resolve()
        .then(check)
        .catch(() => false);
    }
    const ready = Object.values(results).every(Boolean);
    return reply
      .code(ready ? 200 : 503)
      .header("Cache-Control", "no-store")
      .send({ status: ready ? "ready" : "not-ready", checks: results });
  });
}
