/**
 * Exports (§2.5 Exports dialog; §4.3 ExportSucceeded / ExportFailed): an export serialises an object
 * (jobs/export-content.ts) into a file of the files store, downloaded at {webservices}/File/Export/
 * {uid} by the user it was made for. A requested export has its own Export task and tells its user
 * when it finished; a schedule's exports run inside the schedule's task and its events tell instead.
 * ExportRecId is the exported object, so purging the object turns the notification into its
 * expired variant (notifications/object-events.ts objectDeleted, called by the library's purge).
 */
import { notifyExportFinished } from "../notifications/object-events.ts";
import type { ExportJob } from "../store/types/exports.ts";
import { objectForUser } from "./access.ts";
import { buildExportFile, exportFileName } from "./export-content.ts";
import {
  EXPORT_FILE_LIFETIME_MS,
  failureMessage,
  JobFailure,
  type JobRuntime,
  taskReporter,
} from "./runtime.ts";

/** How an export ended. */
export type ExportOutcome =
  | { ok: true; fileUid: string }
  | { ok: false; error: string }
  | { ok: false; cancelled: true };

/** Queues an export that has its own task; its user is told when it finished. */
export function queueExport(runtime: JobRuntime, job: ExportJob): void {
  runtime.queue.enqueue(`export ${job.recId}`, async () => {
    await runExport(runtime, job);
  });
}

/** Runs one export now (in the queue's worker, or inside a schedule run). */
export async function runExport(runtime: JobRuntime, job: ExportJob): Promise<ExportOutcome> {
  const { context } = runtime;
  const { exports } = context.store.jobs;
  const ownTask = job.scheduleId === null;
  const task = taskReporter(runtime, job.accountId, job.taskId);
  const fileName = exportFileName(job.objectName, job.format);
  if (ownTask && job.finishedAt !== null) return reportFinished(runtime, job);
  if (ownTask) {
    const status = await task.status();
    if (status !== "Queued" && status !== "Running") {
      await exports.fail(job.accountId, job.recId, "The export was cancelled.", context.now());
      return { ok: false, cancelled: true };
    }
    await task.start(`Exporting «${job.objectName}» as ${job.format.toUpperCase()}.`);
  }
  try {
    const object =
      job.objectId === null ? undefined : await context.store.objects.get(job.accountId, job.objectId);
    if (!object || object.deletedAt !== null) {
      throw new JobFailure(`«${job.objectName}» was deleted before the export ran.`);
    }
    if (!(await objectForUser(context, job.accountId, job.userId, object.recId))) {
      throw new JobFailure(`«${job.objectName}» is no longer available to the user the export is for.`);
    }
    const file = await buildExportFile(context, object, job.format);
    const now = context.now();
    const stored = await exports.complete(
      job.accountId,
      job.recId,
      {
        ownerUserId: job.userId,
        itemType: "Export",
        name: file.name,
        contentType: file.contentType,
        data: file.data,
        relatedObjectId: object.recId,
        expiresAt: now + EXPORT_FILE_LIFETIME_MS,
      },
      now,
    );
    if (stored === "cancelled") return { ok: false, cancelled: true };
    const summary = `${file.name}: ${file.rowCount > 0 ? `${file.rowCount} rows, ` : ""}${file.data.length} bytes.`;
    if (ownTask) {
      await task.succeed(`Exported ${summary}`);
      await notifyExportFinished(context, {
        accountId: job.accountId,
        userId: job.userId,
        exportName: file.name,
        exportRecId: object.recId,
        fileUid: stored.uid,
      });
    }
    return { ok: true, fileUid: stored.uid };
  } catch (error) {
    const message = failureMessage(runtime, error, "export");
    await exports.fail(job.accountId, job.recId, message, context.now());
    if (ownTask) {
      await task.fail(message);
      await notifyExportFinished(context, {
        accountId: job.accountId,
        userId: job.userId,
        exportName: fileName,
        exportRecId: job.objectId ?? 0,
        error: message,
      });
    }
    return { ok: false, error: message };
  }
}

/** Reports an export that finished before a restart but whose task was not told yet. */
async function reportFinished(runtime: JobRuntime, job: ExportJob): Promise<ExportOutcome> {
  const task = taskReporter(runtime, job.accountId, job.taskId);
  const exportName = exportFileName(job.objectName, job.format);
  const event = { accountId: job.accountId, userId: job.userId, exportName, exportRecId: job.objectId ?? 0 };
  if (job.fileUid !== null) {
    await task.succeed(`Exported ${exportName}.`);
    await notifyExportFinished(runtime.context, { ...event, fileUid: job.fileUid });
    return { ok: true, fileUid: job.fileUid };
  }
  const error = job.error ?? "The export did not finish.";
  await task.fail(error);
  await notifyExportFinished(runtime.context, { ...event, error });
  return { ok: false, error };
}

/** An export as GET /api/Exports lists it. */
export function exportBody(job: ExportJob, now: number) {
  const cancelled = job.fileUid === null && job.taskStatus === "Cancelled";
  const status =
    job.fileUid !== null
      ? "Succeeded"
      : cancelled
        ? "Cancelled"
        : job.error !== null
          ? "Failed"
          : job.taskStatus;
  return {
    RecId: job.recId,
    TaskRecId: job.taskId,
    ExportName: exportFileName(job.objectName, job.format),
    ObjectRecId: job.objectId,
    ObjectName: job.objectName,
    ObjectType: job.objectType,
    Format: job.format,
    Status: status,
    Message: job.error,
    FileUID: job.fileUid,
    IsExpired: job.fileExpiresAt !== null && job.fileExpiresAt <= now,
    IsRelatedObjectDeleted: job.objectId === null,
    ScheduleRecId: job.scheduleId,
    CreatedAt: new Date(job.createdAt).toISOString(),
    FinishedAt: job.finishedAt === null ? null : new Date(job.finishedAt).toISOString(),
  };
}
