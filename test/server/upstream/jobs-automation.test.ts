/**
 * Schedules and alerts end to end over real HTTP and the user hub (issue 3 item 5; §4.3 schedule
 * events and AlertTriggered): settings, manual runs and evaluations, the history, the failure limit
 * that lets the system disable a task, enabling and disabling, the scheduler driven by the test
 * clock, 401 → 403 → success, bad input that changes nothing, and the cross-tenant rules.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { assertIndistinguishable, MISSING_ID } from "./content-fixture.ts";
import { connectHub, type HubRecorder, stopAll, userRecId } from "./realtime-fixture.ts";
import {
  type Client,
  type Json,
  objectId,
  type RunningUpstream,
  signIn,
  startUpstream,
} from "./upstream-fixture.ts";

const MINUTE = 60_000;
let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let viewer: Client;
let starter: Client;
let contoso: Client;
let ownerHub: HubRecorder;
let analystHub: HubRecorder;
let viewerHub: HubRecorder;
let contosoHub: HubRecorder;
const ids = {
  daily: 0,
  weekly: 0,
  revenue: 0,
  stock: 0,
  orders: 0,
  sales: 0,
  media: 0,
  analyst: 0,
  viewer: 0,
};

before(async () => {
  upstream = await startUpstream();
  [owner, analyst, viewer, starter, contoso] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "analyst"),
    signIn(upstream, "viewer"),
    signIn(upstream, "starter"),
    signIn(upstream, "contoso"),
  ]);
  ids.daily = await objectId(owner, "Schedule", "Daily sales e-mail");
  ids.weekly = await objectId(owner, "Schedule", "Weekly KPI digest");
  ids.revenue = await objectId(owner, "Alert", "Revenue drop");
  ids.stock = await objectId(owner, "Alert", "Stock below threshold");
  ids.orders = await objectId(owner, "DataTable", "Orders 2024");
  ids.sales = await objectId(owner, "Dashboard", "Sales overview");
  ids.media = await objectId(owner, "Media", "logo-mark.png");
  ids.analyst = await userRecId(analyst);
  ids.viewer = await userRecId(viewer);
  [ownerHub, analystHub, viewerHub, contosoHub] = await Promise.all([
    connectHub(upstream, "user", owner),
    connectHub(upstream, "user", analyst),
    connectHub(upstream, "user", viewer),
    connectHub(upstream, "user", contoso),
  ]);
});
after(async () => {
  await stopAll([ownerHub, analystHub, viewerHub, contosoHub]);
  await upstream.close();
});

const note = async (hub: HubRecorder, code: string, accept: (n: Json) => boolean = () => true) =>
  ((await hub.next("notificationAdded", ([n]) => (n as Json).Code === code && accept(n))) as [Json])[0];

async function count(hub: HubRecorder, code: string, accept: (n: Json) => boolean = () => true) {
  await hub.flush();
  return hub.of("notificationAdded").filter(([n]) => (n as Json).Code === code && accept(n)).length;
}

const settings = (tasks: Json[], extra: Json = {}) => ({
  Recurrence: { Frequency: "Minutes", IntervalMinutes: 5 },
  Enabled: false,
  Tasks: tasks,
  ...extra,
});
const history = async (area: "Schedules" | "Alerts", recId: number) =>
  (await owner.get(`/api/Content/${area}/History?objectRecId=${recId}`)).body as Json;

test("401 → 403 → 200 on schedules and alerts", async () => {
  const anonymous = owner.as(undefined);
  for (const [method, path] of [
    ["GET", `/api/Schedules/${ids.daily}/Settings`],
    ["POST", `/api/Schedules/${ids.daily}/Run`],
    ["PUT", `/api/Schedules/${ids.daily}/Enabled`],
    ["POST", `/api/Alerts/${ids.revenue}/Evaluate`],
  ] as const) {
    assert.equal(
      (await anonymous.request(method, path, method === "PUT" ? { Enabled: true } : undefined)).status,
      401,
      path,
    );
    const denied = await analyst.request(method, path, method === "PUT" ? { Enabled: true } : undefined);
    assert.equal(denied.status, 403, path);
    assert.equal(denied.body.ErrorCode, ErrorCode.PermissionDenied);
  }
  const noFeature = await starter.get(`/api/Alerts/${ids.revenue}/Settings`);
  assert.equal(
    noFeature.status,
    403,
    "the Starter plan lacks AutomationAlert: refused before anything is looked up",
  );
  assert.equal(noFeature.body.ErrorCode, ErrorCode.FeatureNotIncluded);
  assert.equal((await viewer.get(`/api/Schedules/${ids.daily}/Settings`)).status, 403);

  const daily = await owner.get(`/api/Schedules/${ids.daily}/Settings`);
  assert.equal(daily.status, 200);
  assert.equal(daily.body.Configured, true);
  assert.deepEqual(daily.body.Recurrence, { Frequency: "Daily", Time: "07:00" });
  assert.equal(daily.body.NextRunAt, "2025-01-16T07:00:00.000Z");
  assert.deepEqual(
    daily.body.Tasks.map((t: Json) => t.Name),
    ["Sales overview", "Orders"],
  );
  const weekly = await owner.get(`/api/Schedules/${ids.weekly}/Settings`);
  assert.equal(weekly.body.Configured, false);
  const unconfigured = await owner.post(`/api/Schedules/${ids.weekly}/Run`);
  assert.equal(unconfigured.status, 409);
  assert.equal(unconfigured.body.ErrorCode, ErrorCode.ScheduleNotRunnable);
  const stock = await owner.post(`/api/Alerts/${ids.stock}/Evaluate`);
  assert.equal(stock.status, 409);
  assert.equal(stock.body.ErrorCode, ErrorCode.AlertNotConfigured);
});

test("a manual run exports each task, records the history and tells owner and recipients", async () => {
  const saved = await owner.put(
    `/api/Schedules/${ids.weekly}/Settings`,
    settings([{ Name: "Orders", ObjectRecId: ids.orders, Format: "json" }], {
      RecipientUserRecIds: [ids.analyst, ids.viewer],
    }),
  );
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  assert.equal(saved.body.Configured, true);
  assert.equal(saved.body.NextRunAt, null, "disabled: the scheduler does not run it");

  const run = await owner.post(`/api/Schedules/${ids.weekly}/Run`);
  assert.equal(run.status, 202);
  for (const hub of [analystHub, viewerHub]) {
    const triggered = await note(hub, "ScheduleTriggered", (n) => n.ScheduleRecId === ids.weekly);
    assert.equal(triggered.ScheduleName, "Weekly KPI digest");
  }
  for (const hub of [ownerHub, analystHub])
    await note(hub, "ScheduleCompleted", (n) => n.ScheduleRecId === ids.weekly);
  assert.equal(await count(ownerHub, "ScheduleTriggered"), 0, "the owner ran it: not told it started");
  assert.equal(await count(contosoHub, "ScheduleCompleted"), 0);

  const entries = await history("Schedules", ids.weekly);
  assert.equal(entries.total, 1);
  assert.equal(entries.items[0].Status, "Succeeded");
  assert.equal(entries.items[0].TaskRecId, run.body.TaskRecId);
  const log = await owner.get(`/api/Tasks/${run.body.TaskRecId}/Log`);
  assert.equal(log.body.Status, "Succeeded");
  const made = ((await owner.get("/api/Exports")).body.items as Json[]).find(
    (e) => e.ScheduleRecId === ids.weekly,
  );
  assert.equal(made.Status, "Succeeded");
  assert.equal(made.ExportName, "Orders 2024.json");
  assert.equal((await owner.get(`/ws/File/Export/${made.FileUID}`)).body.Rows.length, 250);
});

test("disabling a task or the schedule tells the others; the failure limit disables a task by the system", async () => {
  const taskOff = await owner.put(`/api/Schedules/${ids.weekly}/Enabled`, {
    Enabled: false,
    TaskName: "orders",
  });
  assert.equal(taskOff.status, 200);
  assert.equal(taskOff.body.Tasks[0].Enabled, false);
  assert.equal((await note(analystHub, "ScheduleTaskDisabled")).ScheduleTaskName, "orders");
  assert.equal(
    (await owner.put(`/api/Schedules/${ids.weekly}/Enabled`, { Enabled: false, TaskName: "Nope" })).status,
    404,
  );
  assert.equal(
    (await owner.post(`/api/Schedules/${ids.weekly}/Run`)).body.ErrorCode,
    ErrorCode.ScheduleNotRunnable,
  );
  await owner.put(`/api/Schedules/${ids.weekly}/Enabled`, { Enabled: true, TaskName: "Orders" });
  await owner.put(`/api/Schedules/${ids.weekly}/Enabled`, { Enabled: true });
  assert.equal((await owner.put(`/api/Schedules/${ids.weekly}/Enabled`, { Enabled: false })).status, 200);
  await note(viewerHub, "ScheduleDisabled", (n) => n.ScheduleRecId === ids.weekly);
  await owner.put(`/api/Schedules/${ids.weekly}/Enabled`, { Enabled: false });
  assert.equal(
    await count(viewerHub, "ScheduleDisabled"),
    1,
    "disabling again changes nothing and tells nobody",
  );
  assert.equal(await count(ownerHub, "ScheduleDisabled"), 0, "not the user who did it");

  // A schedule whose only object goes to Deleted: three failed runs, then the system disables it.
  const doomed = (await owner.post("/api/Content/Dashboards/Objects", { Type: "Dashboard", Name: "Doomed" }))
    .body.RecId;
  const schedule = (await owner.post("/api/Content/Schedules/Objects", { Type: "Schedule", Name: "Fragile" }))
    .body.RecId;
  const fragile = settings([{ Name: "Doomed export", ObjectRecId: doomed, Format: "csv" }], {
    RecipientUserRecIds: [ids.analyst],
    Enabled: true,
  });
  assert.equal((await owner.put(`/api/Schedules/${schedule}/Settings`, fragile)).status, 200);
  assert.equal((await owner.delete(`/api/Content/Dashboards/Objects/${doomed}`)).status, 204);
  for (let run = 1; run <= 3; run++) {
    assert.equal((await owner.post(`/api/Schedules/${schedule}/Run`)).status, 202, `run ${run}`);
    const error = await note(ownerHub, "ScheduleError", (n) => n.ScheduleRecId === schedule);
    assert.equal(error.ScheduleTaskName, "Doomed export");
    assert.equal(error.Message, "«Doomed» was deleted before the export ran.");
  }
  const disabled = await note(
    analystHub,
    "ScheduleTaskDisabledBySystem",
    (n) => n.ScheduleRecId === schedule,
  );
  assert.equal(disabled.ScheduleTaskName, "Doomed export");
  await note(ownerHub, "ScheduleTaskDisabledBySystem", (n) => n.ScheduleRecId === schedule);
  const after = (await owner.get(`/api/Schedules/${schedule}/Settings`)).body;
  assert.deepEqual([after.Enabled, after.DisabledBySystem, after.NextRunAt], [false, true, null]);
  assert.deepEqual(
    [after.Tasks[0].Enabled, after.Tasks[0].DisabledBySystem, after.Tasks[0].ConsecutiveFailures],
    [false, true, 3],
  );
  const entries = await history("Schedules", schedule);
  assert.deepEqual(
    entries.items.map((e: Json) => e.Status),
    ["Failed", "Failed", "Failed"],
  );
  assert.equal(
    (await owner.post(`/api/Schedules/${schedule}/Run`)).body.ErrorCode,
    ErrorCode.ScheduleNotRunnable,
  );
});

test("bad schedule and alert settings answer 4xx with a code and change nothing", async () => {
  const before = (await owner.get(`/api/Schedules/${ids.daily}/Settings`)).body;
  const task = { Name: "A", ObjectRecId: ids.orders, Format: "csv" };
  const cases: [Json, number, number][] = [
    [
      settings([task], { Recurrence: { Frequency: "Minutes", Time: "07:00" } }),
      400,
      ErrorCode.InvalidRequest,
    ],
    [
      settings([task], { Recurrence: { Frequency: "Minutes", IntervalMinutes: 1 } }),
      400,
      ErrorCode.InvalidRequest,
    ],
    [settings([task], { Recurrence: { Frequency: "Daily", Time: "24:00" } }), 400, ErrorCode.InvalidRequest],
    [settings([task, { ...task, Name: "a" }]), 400, ErrorCode.InvalidRequest],
    [settings([{ ...task, Format: "pdf" }]), 400, ErrorCode.InvalidRequest],
    [settings([]), 400, ErrorCode.InvalidRequest],
    [settings([task], { Colour: "red" }), 400, ErrorCode.InvalidRequest],
    [settings([{ ...task, ObjectRecId: MISSING_ID }]), 404, ErrorCode.NotFound],
    [settings([{ ...task, ObjectRecId: ids.media }]), 400, ErrorCode.NotExportable],
    [settings([task], { RecipientUserRecIds: [MISSING_ID] }), 404, ErrorCode.NotFound],
  ];
  for (const [body, status, code] of cases) {
    const reply = await owner.put(`/api/Schedules/${ids.daily}/Settings`, body);
    assert.equal(reply.status, status, JSON.stringify(body));
    assert.equal(reply.body.ErrorCode, code);
  }
  assert.deepEqual((await owner.get(`/api/Schedules/${ids.daily}/Settings`)).body, before);

  const alertBefore = (await owner.get(`/api/Alerts/${ids.revenue}/Settings`)).body;
  const alert = {
    DataTableRecId: ids.orders,
    Column: "Total",
    Aggregate: "Sum",
    Operator: "Below",
    Threshold: 1,
    Recurrence: { Frequency: "Hourly", Minute: 0 },
    Enabled: false,
  };
  const alertCases: [Json, number][] = [
    [{ ...alert, Column: "City" }, 400],
    [{ ...alert, Column: "Nope" }, 400],
    [{ ...alert, Operator: "Equals" }, 400],
    [{ ...alert, Threshold: "1" }, 400],
    [{ ...alert, Recurrence: { Frequency: "Hourly", Minute: 60 } }, 400],
    [{ ...alert, DataTableRecId: ids.sales }, 404],
    [{ ...alert, DashboardRecIds: [ids.orders] }, 404],
  ];
  for (const [body, status] of alertCases) {
    const reply = await owner.put(`/api/Alerts/${ids.revenue}/Settings`, body);
    assert.equal(reply.status, status, JSON.stringify(body));
  }
  assert.deepEqual((await owner.get(`/api/Alerts/${ids.revenue}/Settings`)).body, alertBefore);
});

test("an alert evaluation is recorded; a triggered one tells owner and recipients with its dashboards", async () => {
  const skipped = await owner.post(`/api/Alerts/${ids.revenue}/Evaluate`);
  assert.equal(skipped.status, 200);
  assert.deepEqual([skipped.body.Status, skipped.body.Value], ["Skipped", 58927.13]);
  assert.equal(await count(ownerHub, "AlertTriggered"), 0);

  const base = (await owner.get(`/api/Alerts/${ids.revenue}/Settings`)).body;
  const saved = await owner.put(`/api/Alerts/${ids.revenue}/Settings`, {
    DataTableRecId: ids.orders,
    Column: "total",
    Aggregate: "Sum",
    Operator: "Below",
    Threshold: 60_000,
    DashboardRecIds: base.DashboardRecIds,
    RecipientUserRecIds: [ids.viewer],
    Recurrence: { Frequency: "Daily", Time: "07:30" },
    Enabled: true,
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  assert.equal(saved.body.Column, "Total");
  const triggered = await owner.post(`/api/Alerts/${ids.revenue}/Evaluate`);
  assert.deepEqual([triggered.body.Status, triggered.body.Triggered], ["Triggered", true]);
  for (const hub of [ownerHub, viewerHub]) {
    const alert = await note(hub, "AlertTriggered");
    assert.equal(alert.AlertName, "Revenue drop");
    assert.match(alert.Message, /Sum of Total in «Orders 2024» is 58,927\.13, below 60,000/);
    assert.equal(alert.Dashboards[0].DashboardName, "Sales overview");
    assert.equal(alert.Dashboards[0].DashboardRecId, ids.sales);
    assert.ok(
      Buffer.from(alert.Dashboards[0].DashboardThumbnail, "base64").subarray(1, 4).toString() === "PNG",
    );
  }
  assert.equal(await count(analystHub, "AlertTriggered"), 0);
  const entries = await history("Alerts", ids.revenue);
  assert.deepEqual(
    entries.items.slice(0, 2).map((e: Json) => e.Status),
    ["Triggered", "Skipped"],
  );
});

test("the scheduler runs due schedules and alerts by the injected clock", async () => {
  const schedule = await owner.put(
    `/api/Schedules/${ids.weekly}/Settings`,
    settings([{ Name: "Orders", ObjectRecId: ids.orders, Format: "csv" }], {
      Enabled: true,
      RecipientUserRecIds: [ids.analyst],
    }),
  );
  assert.equal(schedule.body.NextRunAt, new Date(upstream.clock.ms + 5 * MINUTE).toISOString());
  const alert = (await owner.get(`/api/Alerts/${ids.revenue}/Settings`)).body;
  await owner.put(`/api/Alerts/${ids.revenue}/Settings`, {
    ...Object.fromEntries(
      [
        "DataTableRecId",
        "Column",
        "Aggregate",
        "Operator",
        "Threshold",
        "Message",
        "DashboardRecIds",
        "RecipientUserRecIds",
      ].map((k) => [k, alert[k]]),
    ),
    Recurrence: { Frequency: "Minutes", IntervalMinutes: 10 },
    Enabled: true,
  });
  const runsBefore = (await history("Schedules", ids.weekly)).total;
  const alertsBefore = (await history("Alerts", ids.revenue)).total;

  upstream.clock.advance(5 * MINUTE);
  const triggered = await note(ownerHub, "ScheduleTriggered", (n) => n.ScheduleRecId === ids.weekly);
  assert.equal(
    triggered.ScheduleName,
    "Weekly KPI digest",
    "started by the scheduler: the owner is told too",
  );
  await note(analystHub, "ScheduleCompleted", (n) => n.ScheduleRecId === ids.weekly);
  assert.equal((await history("Schedules", ids.weekly)).total, runsBefore + 1);
  const moved = (await owner.get(`/api/Schedules/${ids.weekly}/Settings`)).body;
  assert.equal(moved.NextRunAt, new Date(upstream.clock.ms + 5 * MINUTE).toISOString());

  upstream.clock.advance(5 * MINUTE);
  await note(viewerHub, "AlertTriggered");
  await note(analystHub, "ScheduleCompleted", (n) => n.ScheduleRecId === ids.weekly);
  assert.equal((await history("Alerts", ids.revenue)).total, alertsBefore + 1);
  assert.equal((await history("Schedules", ids.weekly)).total, runsBefore + 2);
  // Nothing more is due: a tick later, nothing else ran.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  assert.equal((await history("Schedules", ids.weekly)).total, runsBefore + 2);
  assert.equal((await history("Alerts", ids.revenue)).total, alertsBefore + 1);
});

test("cross-tenant: another account's schedules and alerts answer like missing ones", async () => {
  for (const [method, path, body] of [
    ["GET", "/api/Schedules/{id}/Settings", undefined],
    [
      "PUT",
      "/api/Schedules/{id}/Settings",
      settings([{ Name: "A", ObjectRecId: ids.orders, Format: "csv" }]),
    ],
    ["POST", "/api/Schedules/{id}/Run", undefined],
    ["PUT", "/api/Schedules/{id}/Enabled", { Enabled: false }],
  ] as const) {
    assertIndistinguishable(
      await contoso.request(method, path.replace("{id}", String(ids.daily)), body),
      await contoso.request(method, path.replace("{id}", String(MISSING_ID)), body),
      `${method} ${path}`,
    );
  }
  assertIndistinguishable(
    await contoso.post(`/api/Alerts/${ids.revenue}/Evaluate`),
    await contoso.post(`/api/Alerts/${MISSING_ID}/Evaluate`),
    "alert evaluate",
  );
  // Contoso's own schedule cannot point at Northwind's objects or users.
  const own = (await contoso.post("/api/Content/Schedules/Objects", { Type: "Schedule", Name: "Mine" })).body
    .RecId;
  const foreignTask = await contoso.put(
    `/api/Schedules/${own}/Settings`,
    settings([{ Name: "A", ObjectRecId: ids.orders, Format: "csv" }]),
  );
  assert.equal(foreignTask.status, 404);
  const contosoKpis = await objectId(contoso, "Dashboard", "Contoso KPIs");
  const foreignUser = await contoso.put(
    `/api/Schedules/${own}/Settings`,
    settings([{ Name: "A", ObjectRecId: contosoKpis, Format: "csv" }], {
      RecipientUserRecIds: [ids.analyst],
    }),
  );
  assert.equal(foreignUser.status, 404);
  assert.equal((await contoso.get(`/api/Schedules/${own}/Settings`)).body.Configured, false);
  assert.equal(await count(contosoHub, "ScheduleCompleted"), 0);
  assert.equal(await count(contosoHub, "AlertTriggered"), 0);
});
