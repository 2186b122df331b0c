/**
 * The jobs area across restarts (issue 3 acceptance: "restarting the process keeps every record";
 * DESIGN.md §5): exports, imported rows, tasks with their logs, schedule and alert settings and
 * history survive a stop and a start on the same data dir; and work a crash left unfinished is
 * resumed at the next start — an export is run again (and fails, telling its user, when its object
 * was deleted meanwhile: ExportFailed), an import applied just before the crash is only reported,
 * a schedule run in progress is ended as interrupted (ScheduleError), not counted as a failure.
 * The crash is simulated by editing the stopped service's database file, as a killed process
 * would have left it.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { filesForm } from "./content-fixture.ts";
import {
  type Client,
  type Json,
  objectId,
  openStoreSql,
  type RunningUpstream,
  signIn,
  startUpstream,
  TestClock,
} from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
const clock = new TestClock();
const ids = {
  orders: 0,
  schedule: 0,
  alert: 0,
  doomed: 0,
  exportTask: 0,
  doomedExport: 0,
  importTask: 0,
  runTask: 0,
};

before(async () => {
  upstream = await startUpstream({ clock });
  owner = await signIn(upstream, "owner");
});
after(async () => upstream.close());

async function waitForTask(client: Client, recId: number) {
  for (let i = 0; i < 200; i++) {
    const task = await client.get(`/api/Tasks/${recId}`);
    if (["Succeeded", "Failed", "Cancelled"].includes(task.body.Status)) return task.body as Json;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail(`task ${recId} did not finish`);
}

test("work done before a restart is all still there after it", async () => {
  ids.orders = await objectId(owner, "DataTable", "Orders 2024");
  ids.schedule = await objectId(owner, "Schedule", "Daily sales e-mail");
  ids.alert = await objectId(owner, "Alert", "Revenue drop");
  const exported = await owner.post("/api/Exports", { ObjectRecId: ids.orders, Format: "csv" });
  ids.exportTask = exported.body.TaskRecId;
  const imported = await owner.post(
    "/api/Imports/Data",
    filesForm(
      [
        {
          name: "rows.csv",
          data: Buffer.from("OrderId,OrderedAt,Customer,City,Total,Paid\nord-x,2025-01-01,C,Berlin,5,true\n"),
        },
      ],
      {
        DataTableRecId: String(ids.orders),
      },
    ),
  );
  ids.importTask = imported.body.Tasks[0].RecId;
  ids.runTask = (await owner.post(`/api/Schedules/${ids.schedule}/Run`)).body.TaskRecId;
  await owner.post(`/api/Alerts/${ids.alert}/Evaluate`);
  for (const task of [ids.exportTask, ids.importTask, ids.runTask])
    assert.equal((await waitForTask(owner, task)).Status, "Succeeded");
  const before = {
    exports: (await owner.get("/api/Exports")).body,
    rows: (await owner.get(`/api/DataTables/${ids.orders}/Rows?page=26&pageSize=10`)).body,
    log: (await owner.get(`/api/Tasks/${ids.importTask}/Log`)).body,
    schedule: (await owner.get(`/api/Schedules/${ids.schedule}/Settings`)).body,
    alert: (await owner.get(`/api/Alerts/${ids.alert}/Settings`)).body,
    scheduleHistory: (await owner.get(`/api/Content/Schedules/History?objectRecId=${ids.schedule}`)).body,
    alertHistory: (await owner.get(`/api/Content/Alerts/History?objectRecId=${ids.alert}`)).body,
    notifications: (await owner.get("/api/Notifications/")).body,
  };
  assert.equal(before.rows.total, 251);

  await upstream.stop();
  upstream = await startUpstream({ dataDir: upstream.dataDir, clock });
  owner = await signIn(upstream, "owner");
  assert.deepEqual((await owner.get("/api/Exports")).body, before.exports);
  assert.deepEqual(
    (await owner.get(`/api/DataTables/${ids.orders}/Rows?page=26&pageSize=10`)).body,
    before.rows,
  );
  assert.deepEqual((await owner.get(`/api/Tasks/${ids.importTask}/Log`)).body, before.log);
  assert.deepEqual((await owner.get(`/api/Schedules/${ids.schedule}/Settings`)).body, before.schedule);
  assert.deepEqual((await owner.get(`/api/Alerts/${ids.alert}/Settings`)).body, before.alert);
  assert.deepEqual(
    (await owner.get(`/api/Content/Schedules/History?objectRecId=${ids.schedule}`)).body,
    before.scheduleHistory,
  );
  assert.deepEqual(
    (await owner.get(`/api/Content/Alerts/History?objectRecId=${ids.alert}`)).body,
    before.alertHistory,
  );
  assert.deepEqual((await owner.get("/api/Notifications/")).body, before.notifications);
  const file = (before.exports.items as Json[])[0].FileUID;
  assert.equal((await owner.get(`/ws/File/Export/${file}`)).status, 200);
});

test("after a crash, unfinished work is resumed or ended at the next start", async () => {
  const doomed = await owner.post("/api/Content/Dashboards/Objects", {
    Type: "Dashboard",
    Name: "Crash victim",
  });
  ids.doomed = doomed.body.RecId;
  ids.doomedExport = (
    await owner.post("/api/Exports", { ObjectRecId: ids.doomed, Format: "json" })
  ).body.TaskRecId;
  await waitForTask(owner, ids.doomedExport);
  const retry = (await owner.post("/api/Exports", { ObjectRecId: ids.orders, Format: "json" })).body
    .TaskRecId;
  await waitForTask(owner, retry);
  const historyBefore = (await owner.get(`/api/Content/Schedules/History?objectRecId=${ids.schedule}`)).body
    .total;
  await upstream.stop();

  // What a process killed mid-way leaves behind: tasks still Queued or Running, an applied import
  // whose task was not told, a schedule run in progress; meanwhile the dashboard went to Deleted.
  const sql = await openStoreSql(upstream);
  const unfinish = (status: string, task: number) =>
    sql.run("UPDATE tasks SET status = ?, progress = 0, finished_at = NULL WHERE object_id = ?", [
      status,
      task,
    ]);
  for (const task of [ids.doomedExport, retry]) {
    await unfinish("Queued", task);
    await sql.run(
      "UPDATE export_jobs SET file_uid = NULL, error = NULL, finished_at = NULL WHERE task_id = ?",
      [task],
    );
  }
  await sql.run("UPDATE objects SET deleted_at = ? WHERE id = ?", [clock.ms, ids.doomed]);
  await unfinish("Running", ids.importTask);
  await sql.run("UPDATE import_jobs SET finished_at = NULL, content = NULL WHERE task_id = ?", [
    ids.importTask,
  ]);
  await unfinish("Running", ids.runTask);
  await sql.run("UPDATE schedule_jobs SET running_task_id = ? WHERE object_id = ?", [
    ids.runTask,
    ids.schedule,
  ]);
  await sql.close();

  upstream = await startUpstream({ dataDir: upstream.dataDir, clock });
  owner = await signIn(upstream, "owner");
  const failed = await waitForTask(owner, ids.doomedExport);
  assert.equal(failed.Status, "Failed");
  assert.equal(failed.Message, "«Crash victim» was deleted before the export ran.");
  assert.equal((await waitForTask(owner, retry)).Status, "Succeeded", "the export ran again");
  assert.equal(
    (await waitForTask(owner, ids.importTask)).Status,
    "Succeeded",
    "applied before the crash: only reported",
  );
  assert.equal(
    (await owner.get(`/api/DataTables/${ids.orders}/Rows?pageSize=1`)).body.total,
    251,
    "not applied twice",
  );
  const run = await waitForTask(owner, ids.runTask);
  assert.equal(run.Status, "Failed");
  assert.equal(run.Message, "The service restarted during the run.");

  const codes = ((await owner.get("/api/Notifications/")).body as Json[]).map((n) => n.Code);
  for (const code of ["ExportFailed", "ExportSucceeded", "BackgroundDataImportSucceeded", "ScheduleError"]) {
    assert.ok(codes.includes(code), `${code} in ${codes.slice(0, 8)}`);
  }
  const exportFailed = ((await owner.get("/api/Notifications/")).body as Json[]).find(
    (n) => n.Code === "ExportFailed",
  );
  assert.deepEqual([exportFailed.ExportName, exportFailed.ExportRecId], ["Crash victim.json", ids.doomed]);
  const history = (await owner.get(`/api/Content/Schedules/History?objectRecId=${ids.schedule}`)).body;
  assert.equal(history.total, historyBefore + 1);
  assert.deepEqual([history.items[0].Status, history.items[0].TaskRecId], ["Failed", ids.runTask]);
  const settings = (await owner.get(`/api/Schedules/${ids.schedule}/Settings`)).body;
  assert.equal(settings.IsRunning, false);
  assert.ok(
    settings.Tasks.every((task: Json) => task.ConsecutiveFailures === 0),
    "an interruption is not the task's failure",
  );
});
