/**
 * Graceful shutdown (DESIGN.md §4): stop accepting, let in-flight requests
 * finish within a deadline, close WebSockets with 1001 (the hub relay's
 * preClose hook), then force whatever is left.
 */
import type { FastifyInstance } from "fastify";

/** How long in-flight requests get to finish after a stop signal. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/** Closes `app`; after `deadlineMs` the remaining connections are destroyed. Resolves true when it drained in time. */
export async function closeWithDeadline(
  app: FastifyInstance,
  deadlineMs = SHUTDOWN_DEADLINE_MS,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), deadlineMs);
    timer.unref();
  });
  const drained = app.close().then(() => true as const);
  const inTime = await Promise.race([drained, deadline]);
  clearTimeout(timer);
  if (!inTime) {
    app.log.warn({ deadlineMs }, "shutdown deadline passed; closing the remaining connections");
    app.server.closeAllConnections();
    await drained.catch(() => undefined);
  }
  return inTime;
}
