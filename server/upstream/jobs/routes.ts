/**
 * The jobs area (the producers of the §4.3 events, DESIGN.md §5): exports, imports, schedule
 * runs and alert evaluations, connection tests, and the staff triggers of billing and connector
 * events. One runtime per upstream: the in-process queue the background work runs on and the
 * scheduler, started once the upstream is ready and stopped when it closes. See
 * server/upstream/README-jobs.md.
 *
 * At start, work the last process left unfinished is resumed (the store keeps every job: DESIGN.md
 * §5, tasks and history survive): exports and imports left Queued or Running are queued again — an
 * import applied just before the stop is only reported, never applied twice — and a schedule run
 * that was in progress is ended as interrupted (its exports are not redone).
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import type { Guards } from "../http/guards.ts";
import { registerAdminJobRoutes } from "./admin-routes.ts";
import { registerAlertRoutes } from "./alerts-routes.ts";
import { registerDataJobRoutes } from "./data-routes.ts";
import { queueExport } from "./exports.ts";
import { registerExportRoutes } from "./exports-routes.ts";
import { queueImport } from "./imports.ts";
import { registerImportRoutes } from "./imports-routes.ts";
import { createJobRuntime, type JobRuntime } from "./runtime.ts";
import { Scheduler } from "./scheduler.ts";
import { endInterruptedRun } from "./schedules.ts";
import { registerScheduleRoutes } from "./schedules-routes.ts";

/** Registers every jobs route under the application base and ties the runtime to the app's life. */
export function registerJobRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const runtime = createJobRuntime(context);
  const scheduler = new Scheduler(runtime);
  registerExportRoutes(api, runtime, guards);
  registerImportRoutes(api, runtime, guards);
  registerScheduleRoutes(api, runtime, guards);
  registerAlertRoutes(api, runtime, guards);
  registerDataJobRoutes(api, runtime, guards);
  registerAdminJobRoutes(api, runtime, guards);
  api.addHook("onReady", async () => {
    await recoverJobs(runtime).catch((error: unknown) =>
      context.log.error({ err: error }, "resuming jobs failed"),
    );
    scheduler.start();
  });
  // Stop starting work, then let running jobs finish before the store closes (waiting ones resume later).
  api.addHook("preClose", async () => {
    await scheduler.stop();
    await runtime.queue.close();
  });
}

/** Queues or ends what the last process left unfinished. */
export async function recoverJobs(runtime: JobRuntime): Promise<void> {
  const { context } = runtime;
  const { exports, imports, schedules } = context.store.jobs;
  for (const job of await exports.unfinishedForRecovery()) {
    if (job.scheduleId === null) queueExport(runtime, job);
    else
      await exports.fail(job.accountId, job.recId, "The service restarted during the export.", context.now());
  }
  for (const job of await imports.unfinishedForRecovery()) queueImport(runtime, job);
  for (const job of await schedules.runningForRecovery()) {
    await endInterruptedRun(runtime, job).catch((error: unknown) =>
      context.log.error({ err: error }, "ending an interrupted schedule run failed"),
    );
  }
}
