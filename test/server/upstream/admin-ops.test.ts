/**
 * Operations screens: nodes drain and resume, tasks cancel and retry with their log, data loader
 * runs queue member tasks, mail is queued again and moves between inbox and spam, and log analytics
 * aggregates the requests this very test makes.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type AdminCallers, assertError, firstRow, ok, startAdmin } from "./admin-fixture.ts";
import type { Json } from "./upstream-fixture.ts";

let c: AdminCallers;
before(async () => {
  c = await startAdmin();
});
after(async () => c.upstream.close());

test("bosses and workers: drain, resume, edit, remove only offline nodes", async () => {
  const boss = await firstRow(c.admin, "Admin/Bosses", "Status=Online");
  assert.equal(ok(await c.admin.post(`/api/Admin/Bosses/${boss.RecId}/Drain`)).Status, "Draining");
  assertError(await c.admin.post(`/api/Admin/Bosses/${boss.RecId}/Drain`), 409, "Conflict");
  assertError(await c.admin.delete(`/api/Admin/Bosses/${boss.RecId}`), 409, "Conflict");
  assert.equal(ok(await c.admin.post(`/api/Admin/Bosses/${boss.RecId}/Resume`)).Status, "Online");
  const offline = await firstRow(c.admin, "Admin/Workers", "Status=Offline");
  const worker = await firstRow(c.admin, "Admin/Workers", "Status=Online");
  assertError(
    await c.admin.put(`/api/Admin/Workers/${worker.RecId}`, { MaxConcurrency: 0 }),
    400,
    "InvalidRequest",
  );
  assertError(
    await c.admin.put(`/api/Admin/Workers/${worker.RecId}`, { Status: "Offline" }),
    400,
    "InvalidRequest",
  );
  assert.equal(
    ok(
      await c.admin.put(`/api/Admin/Workers/${worker.RecId}`, {
        WorkerGroup: "etl-large",
        MaxConcurrency: 32,
      }),
    ).WorkerGroup,
    "etl-large",
  );
  assert.equal(ok(await c.admin.get("/api/Admin/Workers?WorkerGroup=large")).total, 1);
  ok(await c.admin.delete(`/api/Admin/Workers/${offline.RecId}`), 204);
  assertError(await c.admin.post("/api/Admin/Workers/999999/Drain"), 404, "NotFound");
});

test("tasks: cancel (one or selected), retry, log", async () => {
  const { items } = ok(await c.admin.get("/api/Admin/Tasks?pageSize=50"));
  const queued = items.find((task: Json) => task.Status === "Queued" || task.Status === "Running");
  const done = items.find((task: Json) => task.Status === "Succeeded");
  assert.ok(queued && done, "the seed has open and finished tasks");
  assertError(await c.admin.post(`/api/Admin/Tasks/${done.RecId}/Cancel`), 409, "Conflict");
  assertError(
    await c.admin.post("/api/Admin/Tasks/Cancel", { ids: [queued.RecId, done.RecId] }),
    409,
    "Conflict",
  );
  assert.equal(
    ok(await c.admin.get(`/api/Admin/Tasks/${queued.RecId}`)).Status,
    queued.Status,
    "all or nothing",
  );
  assert.deepEqual(ok(await c.admin.post("/api/Admin/Tasks/Cancel", { ids: [queued.RecId] })), {
    updated: 1,
  });
  assert.equal(ok(await c.admin.get(`/api/Admin/Tasks/${queued.RecId}`)).Status, "Cancelled");
  const retried = ok(await c.admin.post(`/api/Admin/Tasks/${queued.RecId}/Retry`));
  assert.deepEqual([retried.Status, retried.Progress, retried.EndedAt], ["Queued", 0, null]);
  const log = ok(await c.auditor.get(`/api/Admin/Tasks/${queued.RecId}/Log`));
  assert.deepEqual(
    log.slice(-2).map((line: Json) => [line.Severity, line.Message]),
    [
      [2, "Cancelled by staff."],
      [1, "Queued again by staff."],
    ],
  );
  assertError(await c.admin.post("/api/Admin/Tasks/Cancel", { ids: [] }), 400, "InvalidRequest");
});

test("data loaders: run now queues a DataLoad task, cancel stops it, disabled loaders do not run", async () => {
  const loader = await firstRow(c.admin, "Admin/DataLoaders");
  assertError(await c.admin.post(`/api/Admin/DataLoaders/${loader.RecId}/Cancel`), 409, "Conflict");
  assert.equal(ok(await c.admin.post(`/api/Admin/DataLoaders/${loader.RecId}/Run`)).Status, "Queued");
  assertError(await c.admin.post(`/api/Admin/DataLoaders/${loader.RecId}/Run`), 409, "Conflict");
  const task = await firstRow(c.admin, "Admin/Tasks", "TaskType=DataLoad&Status=Queued");
  assert.equal(task.AccountRecId, loader.AccountRecId);
  assert.deepEqual(
    ok(await c.admin.get(`/api/Admin/DataLoaders/${loader.RecId}/Log`)).map((line: Json) => line.Message),
    ["Queued by staff."],
  );
  assert.equal(ok(await c.admin.post(`/api/Admin/DataLoaders/${loader.RecId}/Cancel`)).Status, "Idle");
  assertError(
    await c.admin.put(`/api/Admin/DataLoaders/${loader.RecId}`, { Priority: "Urgent" }),
    400,
    "InvalidRequest",
  );
  const disabled = ok(
    await c.admin.put(`/api/Admin/DataLoaders/${loader.RecId}`, { IsEnabled: false, Priority: "High" }),
  );
  assert.deepEqual([disabled.Status, disabled.Priority], ["Disabled", "High"]);
  assertError(await c.admin.post(`/api/Admin/DataLoaders/${loader.RecId}/Run`), 409, "Conflict");
});

test("mail: resend queues again (one or selected), body panels, inbound reprocess and spam", async () => {
  const bounced = await firstRow(c.admin, "Admin/EmailOutbound", "Status=Bounced");
  assert.ok(bounced.LastError.includes("550"));
  const body = ok(await c.auditor.get(`/api/Admin/EmailOutbound/${bounced.RecId}/Body`));
  assert.ok(body.Html.startsWith("<pre") && body.Text.includes("reset the password"));
  const resent = ok(await c.admin.post(`/api/Admin/EmailOutbound/${bounced.RecId}/Resend`));
  assert.deepEqual([resent.Status, resent.LastError], ["Queued", null]);
  assertError(await c.admin.post(`/api/Admin/EmailOutbound/${bounced.RecId}/Resend`), 409, "Conflict");
  const failed = await firstRow(c.admin, "Admin/EmailOutbound", "Status=Failed");
  const sent = await firstRow(c.admin, "Admin/EmailOutbound", "Status=Sent");
  assert.deepEqual(
    ok(await c.admin.post("/api/Admin/EmailOutbound/Resend", { ids: [failed.RecId, sent.RecId] })),
    { updated: 2 },
  );
  assert.equal(ok(await c.admin.get("/api/Admin/EmailOutbound?Status=Sent")).total, 0);

  const rejected = await firstRow(c.admin, "Admin/EmailInbound", "Status=Rejected");
  assert.equal(
    ok(await c.admin.post(`/api/Admin/EmailInbound/${rejected.RecId}/Reprocess`)).Status,
    "Received",
  );
  assertError(await c.admin.post(`/api/Admin/EmailInbound/${rejected.RecId}/Reprocess`), 409, "Conflict");
  ok(await c.admin.post(`/api/Admin/EmailInbound/${rejected.RecId}/MarkSpam`), 204);
  assertError(await c.admin.get(`/api/Admin/EmailInbound/${rejected.RecId}`), 404, "NotFound");
  assert.equal(
    ok(await c.admin.get(`/api/Admin/EmailSpam/${rejected.RecId}`)).Reason,
    "Marked as spam by staff.",
  );
  ok(await c.admin.post(`/api/Admin/EmailSpam/${rejected.RecId}/Release`), 204);
  ok(await c.admin.get(`/api/Admin/EmailInbound/${rejected.RecId}`));
  const spam = ok(await c.admin.get("/api/Admin/EmailSpam")).items.map((row: Json) => row.RecId);
  assertError(
    await c.admin.post("/api/Admin/EmailSpam/Delete", { ids: [...spam, rejected.RecId] }),
    404,
    "NotFound",
    "an inbox mail is not spam",
  );
  assert.deepEqual(ok(await c.admin.post("/api/Admin/EmailSpam/Delete", { ids: spam })), {
    deleted: spam.length,
  });
});

test("application logs and log analytics aggregate real entries and requests", async () => {
  const errors = ok(await c.admin.get("/api/Admin/ApplicationLogs?Severity=3"));
  assert.ok(errors.total >= 1 && errors.items.every((row: Json) => row.Severity === 3));
  const audit = ok(await c.admin.get("/api/Admin/ApplicationLogs?Source=Aud&sort=-Date"));
  assert.ok(audit.items.every((row: Json) => row.Source === "Audit"));
  assertError(await c.admin.get("/api/Admin/ApplicationLogs?Severity=4"), 400, "InvalidRequest");
  for (let i = 0; i < 3; i += 1) ok(await c.admin.get("/api/Admin/Connectors"));
  const requests = ok(
    await c.admin.get("/api/Admin/LogAnalytics?GroupBy=requests&search=Connectors&pageSize=100"),
  );
  const row = requests.items.find((item: Json) => item.Key === "GET /api/Admin/Connectors");
  assert.ok(
    row.Count >= 3 &&
      row.ErrorCount === 0 &&
      row.MaxDurationMs >= row.P95DurationMs &&
      row.P95DurationMs >= 0,
  );
  const accounts = ok(await c.admin.get("/api/Admin/LogAnalytics?GroupBy=accounts"));
  assert.ok(accounts.items.some((item: Json) => item.Key === "Tessera Operations"));
  const tasks = ok(await c.admin.get("/api/Admin/LogAnalytics?GroupBy=tasks&sort=Key"));
  assert.ok(tasks.total >= 1);
  const csv = await c.admin.get("/api/Admin/LogAnalytics/Export?GroupBy=queries");
  assert.match(csv.body.toString("utf8"), /^\uFEFF/);
  assertError(await c.admin.get("/api/Admin/LogAnalytics?GroupBy=users"), 400, "InvalidRequest");
});

test("tasks map and connectors: routes per task type; connection counts are real", async () => {
  const route = {
    TaskType: "ReportRender",
    WorkerGroup: "default",
    Priority: 5,
    MaxConcurrency: 10,
    MaxConcurrencyPerAccount: 2,
    TimeoutMinutes: 30,
    MaxRetries: 1,
  };
  assertError(
    await c.admin.post("/api/Admin/TasksMap", { ...route, TaskType: "DataLoad" }),
    409,
    "DuplicateRecord",
  );
  assertError(await c.admin.post("/api/Admin/TasksMap", { ...route, Priority: 11 }), 400, "InvalidRequest");
  const created = ok(await c.admin.post("/api/Admin/TasksMap", route), 201);
  assertError(
    await c.admin.put(`/api/Admin/TasksMap/${created.RecId}`, { TaskType: "Other" }),
    400,
    "FieldNotChangeable",
  );
  assert.equal(
    ok(await c.admin.put(`/api/Admin/TasksMap/${created.RecId}`, { IsEnabled: false })).IsEnabled,
    false,
  );
  ok(await c.admin.delete(`/api/Admin/TasksMap/${created.RecId}`), 204);

  const retail = await firstRow(c.admin, "Admin/Connectors", "search=SampleRetail");
  assert.ok(retail.ConnectionCount >= 2, "Northwind's and Contoso's connections");
  assertError(
    await c.admin.put(`/api/Admin/Connectors/${retail.RecId}`, { Code: "Other" }),
    400,
    "InvalidRequest",
  );
  assert.equal(
    ok(await c.admin.put(`/api/Admin/Connectors/${retail.RecId}`, { Status: "Deprecated" })).Status,
    "Deprecated",
  );
  assert.match(
    (await c.admin.get("/api/Admin/Connectors/Export?Status=Deprecated")).body.toString("utf8"),
    /SampleRetail/,
  );
});
