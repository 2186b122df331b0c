/**
 * Exports end to end over real HTTP and the user hub (issue 3 item 5; §2.5 Exports; §4.3
 * ExportSucceeded / ExportFailed): 401 → 403 → 202, the background task, the notification pushed to
 * the right user only, the file download (owner only), the rights on the exported object, bad input
 * that stores nothing, the expired variant after a purge, and the cross-tenant rules.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { connectHub, type HubRecorder, stopAll } from "./realtime-fixture.ts";
import {
  type Client,
  type Json,
  objectId,
  type RunningUpstream,
  signIn,
  startUpstream,
} from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let viewer: Client;
let contoso: Client;
let ownerHub: HubRecorder;
let analystHub: HubRecorder;
let contosoHub: HubRecorder;
const ids = { orders: 0, sales: 0, report: 0, media: 0, draft: 0 };

before(async () => {
  upstream = await startUpstream();
  [owner, analyst, viewer, contoso] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "analyst"),
    signIn(upstream, "viewer"),
    signIn(upstream, "contoso"),
  ]);
  ids.orders = await objectId(owner, "DataTable", "Orders 2024");
  ids.sales = await objectId(owner, "Dashboard", "Sales overview");
  ids.report = await objectId(owner, "Report", "Quarterly sales report");
  ids.media = await objectId(owner, "Media", "logo-mark.png");
  ids.draft = await objectId(owner, "Dashboard", "Board pack (draft)");
  ownerHub = await connectHub(upstream, "user", owner);
  analystHub = await connectHub(upstream, "user", analyst);
  contosoHub = await connectHub(upstream, "user", contoso);
});
after(async () => {
  await stopAll([ownerHub, analystHub, contosoHub]);
  await upstream.close();
});

const notified = (hub: HubRecorder, code: string, accept: (n: Json) => boolean = () => true) =>
  hub.next("notificationAdded", (args) => (args[0] as Json).Code === code && accept(args[0]));

async function assertNoNotification(hub: HubRecorder, code: string) {
  await hub.flush();
  assert.equal(
    hub.of("notificationAdded").filter(([n]) => (n as Json).Code === code).length,
    0,
    `unexpected ${code}`,
  );
}

test("401 without a session, 403 without the Exports permission, then 202", async () => {
  const anonymous = owner.as(undefined);
  const denied = await anonymous.post("/api/Exports", { ObjectRecId: ids.orders, Format: "csv" });
  assert.equal(denied.status, 401);
  assert.equal(denied.body.ErrorCode, ErrorCode.AuthenticationRequired);
  assert.equal((await anonymous.get("/api/Exports")).status, 401);

  for (const call of [
    viewer.post("/api/Exports", { ObjectRecId: ids.sales, Format: "csv" }),
    viewer.get("/api/Exports"),
  ]) {
    const reply = await call;
    assert.equal(reply.status, 403);
    assert.equal(reply.body.ErrorCode, ErrorCode.PermissionDenied);
  }
  // 403 comes before validation: a caller without the right learns nothing from the body.
  assert.equal((await viewer.post("/api/Exports", { Nonsense: true })).status, 403);
});

test("an export of a data table runs in the background, tells its user, and the file is theirs alone", async () => {
  const started = await analyst.post("/api/Exports", { ObjectRecId: ids.orders, Format: "csv" });
  assert.equal(started.status, 202);
  assert.equal(started.body.ExportName, "Orders 2024.csv");
  assert.equal(started.body.ObjectRecId, ids.orders);
  const [note] = (await notified(analystHub, "ExportSucceeded")) as [Json];
  assert.equal(note.ExportName, "Orders 2024.csv");
  assert.equal(note.ExportRecId, ids.orders);
  assert.match(note.FileUID, /^[0-9a-f-]{36}$/);

  const file = await analyst.get(`/ws/File/Export/${note.FileUID}`);
  assert.equal(file.status, 200);
  assert.match(file.headers.get("content-type") ?? "", /^text\/csv/);
  const lines = String(file.body).trimEnd().split("\r\n");
  assert.equal(lines[0], "OrderId,OrderedAt,Customer,City,Total,Paid");
  assert.equal(lines.length, 251, "header and the 250 sample orders");
  assert.match(lines[1] ?? "", /^ord-0001,2024-01-01T00:00:00\.000Z,Customer \d+,[^,]+,[\d.]+,(true|false)$/);

  // Another member of the account and another tenant cannot download it.
  assert.equal((await owner.get(`/ws/File/Export/${note.FileUID}`)).status, 404);
  assert.equal((await contoso.get(`/ws/File/Export/${note.FileUID}`)).status, 404);
  await assertNoNotification(ownerHub, "ExportSucceeded");
  await assertNoNotification(contosoHub, "ExportSucceeded");

  const list = await analyst.get("/api/Exports");
  assert.equal(list.status, 200);
  assert.equal(list.body.total, 1);
  const [entry] = list.body.items as Json[];
  assert.equal(entry.Status, "Succeeded");
  assert.equal(entry.FileUID, note.FileUID);
  assert.equal(entry.IsExpired, false);
  const task = await owner.get(`/api/Tasks/${entry.TaskRecId}/Log`);
  assert.equal(task.body.Status, "Succeeded");
  assert.ok((task.body.Lines as Json[]).some((line) => /250 rows/.test(line.Message)));
  assert.equal((await owner.get("/api/Exports")).body.total, 0, "the list shows the caller's exports only");
});

test("other objects export their definition, as CSV or JSON", async () => {
  const started = await owner.post("/api/Exports", { ObjectRecId: ids.sales, Format: "json" });
  assert.equal(started.status, 202);
  const [note] = (await notified(
    ownerHub,
    "ExportSucceeded",
    (n) => n.ExportName === "Sales overview.json",
  )) as [Json];
  const file = await owner.get(`/ws/File/Export/${note.FileUID}`);
  assert.equal(file.status, 200);
  const definition = file.body as Json;
  assert.equal(definition.Type, "Dashboard");
  assert.equal(definition.Name, "Sales overview");
  assert.equal(typeof definition.Properties.Thumbnail, "string");

  await owner.post("/api/Exports", { ObjectRecId: ids.report, Format: "csv" });
  const [csv] = (await notified(
    ownerHub,
    "ExportSucceeded",
    (n) => n.ExportName === "Quarterly sales report.csv",
  )) as [Json];
  const text = String((await owner.get(`/ws/File/Export/${csv.FileUID}`)).body);
  assert.match(text, /^Property,Value\r\nRecId,\d+\r\nType,Report\r\nName,Quarterly sales report\r\n/);
});

test("the exported object's rights: type permission 403, invisible or missing 404, media 400", async () => {
  const report = await analyst.post("/api/Exports", { ObjectRecId: ids.report, Format: "csv" });
  assert.equal(report.status, 403, "the analyst's role does not open reports");
  assert.equal(report.body.ErrorCode, ErrorCode.PermissionDenied);

  const missing = await analyst.post("/api/Exports", { ObjectRecId: 999_999, Format: "csv" });
  assert.equal(missing.status, 404);
  const privateDraft = await analyst.post("/api/Exports", { ObjectRecId: ids.draft, Format: "csv" });
  assert.equal(privateDraft.status, 404, "someone else's Personal object is not visible");
  assert.deepEqual(privateDraft.body, missing.body);

  const media = await owner.post("/api/Exports", { ObjectRecId: ids.media, Format: "csv" });
  assert.equal(media.status, 400);
  assert.equal(media.body.ErrorCode, ErrorCode.NotExportable);
});

test("bad input answers 400 with a code and stores nothing", async () => {
  const before = (await owner.get("/api/Tasks?pageSize=1")).body.total;
  const exportsBefore = (await owner.get("/api/Exports")).body.total;
  for (const body of [
    { ObjectRecId: ids.orders, Format: "xlsx" },
    { ObjectRecId: "4", Format: "csv" },
    { ObjectRecId: ids.orders },
    { ObjectRecId: ids.orders, Format: "csv", FileName: "x.csv" },
    { ObjectRecId: 0, Format: "csv" },
  ]) {
    const reply = await owner.post("/api/Exports", body);
    assert.equal(reply.status, 400, JSON.stringify(body));
    assert.equal(reply.body.ErrorCode, ErrorCode.InvalidRequest);
  }
  const broken = await owner.request("POST", "/api/Exports", "{not json", {
    "content-type": "application/json",
  });
  assert.equal(broken.status, 400);
  assert.equal(broken.body.ErrorCode, ErrorCode.InvalidJson);
  assert.equal((await owner.get("/api/Tasks?pageSize=1")).body.total, before);
  assert.equal((await owner.get("/api/Exports")).body.total, exportsBefore);
  assert.equal((await owner.get("/api/Exports?pageSize=500")).status, 400);
});

test("deleted objects are not exported; a purge turns the notification into its expired variant", async () => {
  const created = await owner.post("/api/Content/Dashboards/Objects", {
    Type: "Dashboard",
    Name: "Short-lived",
  });
  assert.equal(created.status, 201);
  const recId = created.body.RecId as number;
  await owner.post("/api/Exports", { ObjectRecId: recId, Format: "csv" });
  const [note] = (await notified(ownerHub, "ExportSucceeded", (n) => n.ExportRecId === recId)) as [Json];

  assert.equal((await owner.delete(`/api/Content/Dashboards/Objects/${recId}`)).status, 204);
  const trashed = await owner.post("/api/Exports", { ObjectRecId: recId, Format: "csv" });
  assert.equal(trashed.status, 404, "an object in Deleted is not exported");
  assert.equal((await owner.post(`/api/Content/Dashboards/Objects/${recId}/Purge`)).status, 204);

  const stored = ((await owner.get("/api/Notifications/")).body as Json[]).find(
    (n) => n.RecId === note.RecId,
  );
  assert.equal(stored.IsRelatedObjectDeleted, true, "ExportSucceeded shows its expired variant");
  const entry = ((await owner.get("/api/Exports")).body.items as Json[]).find(
    (e) => e.FileUID === note.FileUID,
  );
  assert.equal(entry.IsRelatedObjectDeleted, true);
  assert.equal(entry.ObjectRecId, null);
});

test("cross-tenant: another account's objects and exports are invisible", async () => {
  const foreign = await contoso.post("/api/Exports", { ObjectRecId: ids.orders, Format: "csv" });
  const missing = await contoso.post("/api/Exports", { ObjectRecId: 999_998, Format: "csv" });
  assert.equal(foreign.status, 404);
  assert.deepEqual(foreign.body, missing.body, "the same answer as for a missing record");
  const list = await contoso.get("/api/Exports");
  assert.equal(list.status, 200);
  assert.equal(list.body.total, 0);
  await assertNoNotification(contosoHub, "ExportSucceeded");
  await assertNoNotification(contosoHub, "ExportFailed");
});
