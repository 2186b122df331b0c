import type { FastifyInstance } from "fastify";

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: every check passes; `degraded` when serving a fallback). */
export async function healthEndpoints(
  app: FastifyInstance,
  options: {
    readinessChecks: Record<string, () => Promise<boolean> | boolean>;
    /**
     * Checks reported beside the readiness checks that do not decide readiness: one failing leaves
     * the gateway ready, reported as `degraded` (the fan-out's Redis: the instance serves on without it).
     */
    advisoryChecks?: Record<string, () => boolean>;
    /**
     * What keeps the gateway from serving what it should while it still serves (the configuration's
     * last known good); null when nothing does. Ready, but reported as `degraded` with the details.
     */
    degraded?: () => Record<string, unknown> | null;
  },
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
    let advisoryFailed = false;
    for (const [name, check] of Object.entries(options.advisoryChecks ?? {})) {
      results[name] = check();
      advisoryFailed ||= !results[name];
    }
    const details = ready ? (options.degraded?.() ?? null) : null;
    const degraded = details ?? (ready && advisoryFailed ? {} : null);
    return reply
      .code(ready ? 200 : 503)
      .header("Cache-Control", "no-store")
      .send({
        status: !ready ? "not-ready" : degraded ? "degraded" : "ready",
        checks: results,
        ...(degraded ? { degraded } : {}),
      });
  });
}
