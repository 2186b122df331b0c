import type { FastifyInstance } from "fastify";

/**
 * The browser's session with the gateway. This gateway holds no sessions yet
 * (logins arrive with the session/relay work), so every probe answers 401 —
 * the true state, which the runtime treats as an anonymous visitor.
 */
export async function sessionEndpoints(app: FastifyInstance): Promise<void> {
  app.get("/gw/session", async (_request, reply) =>
    reply.code(401).header("Cache-Control", "no-store").send({ ErrorCode: 401, Message: "Not signed in" }),
  );
}
