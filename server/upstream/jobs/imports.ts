/**
 * Background imports (§4.3 UserImport…, TeamImport…, BackgroundDataImport… Succeeded / Failed, each
 * linking to the task log): the file is read and validated row by row, every problem goes to the
 * task log with its line, and the whole file is applied in one transaction or not at all. Imported
 * users are invited by mail (they choose their password from the link); members of imported teams
 * are told (AddedToTeam).
 */
import { notifyImportFinished } from "../notifications/object-events.ts";
import type { ImportJob } from "../store/types/imports.ts";
import { CsvError, type ParsedCsv, parseCsv } from "./csv.ts";
import { importData, importTeams, importUsers, RowProblems } from "./import-kinds.ts";
import { failureMessage, JobFailure, type JobRuntime, taskReporter } from "./runtime.ts";

/** Problems shown in the task log at most (the count is always given). */
const MAX_LOGGED_PROBLEMS = 100;

/** Queues an import. */
export function queueImport(runtime: JobRuntime, job: ImportJob): void {
  runtime.queue.enqueue(`import ${job.taskId}`, () => runImport(runtime, job));
}

/** Runs one import (in the queue's worker). */
export async function runImport(runtime: JobRuntime, job: ImportJob): Promise<void> {
  const { context } = runtime;
  const task = taskReporter(runtime, job.accountId, job.taskId);
  const table =
    job.dataTableId === null ? undefined : await context.store.objects.get(job.accountId, job.dataTableId);
  const tell = (succeeded: boolean, message?: string) =>
    notifyImportFinished(context, {
      accountId: job.accountId,
      userId: job.userId,
      kind: job.kind,
      succeeded,
      taskRecId: job.taskId,
      ...(table && { data: { recId: table.recId, name: table.name } }),
      ...(message !== undefined && { message }),
    });
  const finish = () => context.store.jobs.imports.finish(job.accountId, job.taskId, context.now());
  if (job.appliedAt !== null) {
    // Applied before a restart, but not yet reported.
    await task.succeed("The import was applied before the service restarted.");
    await finish();
    await tell(true);
    return;
  }
  const status = await task.status();
  if (status !== "Queued" && status !== "Running") return finish();
  await task.start(`Reading ${job.fileName}.`);
  try {
    if (job.content === null) throw new JobFailure("The file of this import is no longer available.");
    let csv: ParsedCsv;
    try {
      csv = parseCsv(job.content);
    } catch (error) {
      throw error instanceof CsvError ? new JobFailure(error.message) : error;
    }
    await task.log(1, `${csv.records.length} row(s) to check.`, 10);
    const run = { User: importUsers, Team: importTeams, BackgroundData: importData }[job.kind];
    const summary = await run(runtime, job, csv);
    await finish();
    if (summary === "cancelled") return;
    await task.succeed(summary);
    await tell(true);
  } catch (error) {
    const message = failureMessage(runtime, error, "import");
    const problems = error instanceof RowProblems ? error.problems : [];
    for (const problem of problems.slice(0, MAX_LOGGED_PROBLEMS)) await task.log(3, problem);
    if (problems.length > MAX_LOGGED_PROBLEMS)
      await task.log(3, `… and ${problems.length - MAX_LOGGED_PROBLEMS} more.`);
    await task.fail(message);
    await finish();
    await tell(false, message);
  }
}
