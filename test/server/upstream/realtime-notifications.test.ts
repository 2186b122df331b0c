/**
 * Notifications from events (§4.3) end to end: an action of one user (team membership over /api/Teams,
 * a custom notification from staff) stores a record for another user and pushes it as
 * `notificationAdded` on that user's hub connection — not the actor's, not a third user's, not another
 * account's. Also the Teams endpoints themselves (401 → 403 → success, bad input, cross-tenant), and
 * the producers other endpoints will call, driven through the service and checked over HTTP and the hub.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { upstreamContextOf } from "../../../server/upstream/app.ts";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import {
  notifyConnectorEvent,
  notifyDatabaseMigrationFailed,
  notifyInvoiceReady,
  notifyPaymentFailed,
  notifySubscriptionDowngradeReminder,
  notifySupportTicketUpdated,
} from "../../../server/upstream/notifications/account-events.ts";
import {
  dataTrashed,
  notifyAlertTriggered,
  notifyExportFinished,
  notifyImportFinished,
  notifyObjectShared,
  notifyScheduleEvent,
  objectDeleted,
} from "../../../server/upstream/notifications/object-events.ts";
import { accountRecId, connectHub, type HubRecorder, stopAll, userRecId } from "./realtime-fixture.ts";
import { type Client, type Json, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let viewer: Client;
let contoso: Client;
let admin: Client;
const ids = { owner: 0, analyst: 0, viewer: 0, contoso: 0, admin: 0, northwind: 0, contosoAccount: 0 };
const hubs: Record<"owner" | "analyst" | "viewer" | "contoso", HubRecorder> = {} as never;
const recorders: HubRecorder[] = [];

before(async () => {
  upstream = await startUpstream();
  [owner, analyst, viewer, contoso, admin] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "analyst"),
    signIn(upstream, "viewer"),
    signIn(upstream, "contoso"),
    signIn(upstream, "staffAdmin"),
  ]);
  ids.owner = await userRecId(owner);
  ids.analyst = await userRecId(analyst);
  ids.viewer = await userRecId(viewer);
  ids.contoso = await userRecId(contoso);
  ids.admin = await userRecId(admin);
  ids.northwind = await accountRecId(owner);
  ids.contosoAccount = await accountRecId(contoso);
  for (const [name, client] of [
    ["owner", owner],
    ["analyst", analyst],
    ["viewer", viewer],
    ["contoso", contoso],
  ] as const) {
    hubs[name] = await connectHub(upstream, "user", client);
    recorders.push(hubs[name]);
  }
});
after(async () => {
  await stopAll(recorders);
  await upstream.close();
});

const teamId = async (name: string) =>
  ((await owner.get("/api/Teams")).body as Json[]).find((team) => team.Name === name)?.RecId as number;

/** How many events each hub had received: what came before is not looked at by `assertNotNotified`. */
function mark(): Record<keyof typeof hubs, number> {
  const at = {} as Record<keyof typeof hubs, number>;
  for (const name of Object.keys(hubs) as (keyof typeof hubs)[]) at[name] = hubs[name].events.length;
  return at;
}

/** Flushes the hubs of the users who must not have been told, then checks they were not (since `since`). */
async function assertNotNotified(names: (keyof typeof hubs)[], code: string, since: ReturnType<typeof mark>) {
  for (const name of names) {
    await hubs[name].flush();
    const got = hubs[name].events
      .slice(since[name])
      .filter((event) => event.target === "notificationAdded" && (event.args[0] as Json).Code === code);
    assert.equal(got.length, 0, `${name} must not get ${code}`);
  }
}

test("Teams: 401 without a session, 403 without Teams, r reads but cannot change, rw changes", async () => {
  const anonymous = await owner.as(undefined).get("/api/Teams");
  assert.equal(anonymous.status, 401);
  assert.equal(anonymous.body.ErrorCode, ErrorCode.AuthenticationRequired);
  const denied = await analyst.get("/api/Teams");
  assert.equal(denied.status, 403);
  assert.equal(denied.body.ErrorCode, ErrorCode.PermissionDenied);
  assert.equal((await analyst.post("/api/Teams", { Name: "Nope" })).status, 403);

  const viewerRole = ((await owner.get("/api/Roles")).body as Json[]).find((role) => role.Name === "Viewer");
  const granted = await owner.put(`/api/Roles/${viewerRole.RecId}`, {
    Permissions: "Dashboards_r;Teams_r;UserProfileAndPreferences_r",
  });
  assert.equal(granted.status, 200);
  const list = await viewer.get("/api/Teams");
  assert.equal(list.status, 200);
  assert.deepEqual(
    (list.body as Json[]).map((team) => team.Name),
    ["Analytics", "Leadership"],
  );
  const readOnly = await viewer.post("/api/Teams", { Name: "Viewers' club" });
  assert.equal(readOnly.status, 403);
  assert.equal(readOnly.body.ErrorCode, ErrorCode.PermissionDenied);

  const created = await owner.post("/api/Teams", { Name: "  Finance  ", MemberRecIds: [ids.viewer] });
  assert.equal(created.status, 201);
  assert.equal(created.body.Name, "Finance");
  assert.deepEqual(
    created.body.Members.map((m: Json) => m.FullName),
    ["Vera Viewer"],
  );
  const renamed = await owner.put(`/api/Teams/${created.body.RecId}`, { Name: "Finance EMEA" });
  assert.equal(renamed.body.Name, "Finance EMEA");
  assert.equal((await viewer.get(`/api/Teams/${created.body.RecId}`)).body.Name, "Finance EMEA");
  assert.equal((await owner.delete(`/api/Teams/${created.body.RecId}`)).status, 204);
  assert.equal((await owner.get(`/api/Teams/${created.body.RecId}`)).status, 404);
});

test("Teams/Candidates: the account's active users, for Teams at rw only, never another account's", async () => {
  assert.equal((await owner.as(undefined).get("/api/Teams/Candidates")).status, 401);
  assert.equal((await viewer.get("/api/Teams/Candidates")).status, 403);
  const northwind = await owner.get("/api/Teams/Candidates");
  assert.equal(northwind.status, 200);
  const names = (northwind.body as Json[]).map((user) => user.FullName as string);
  assert.ok(names.includes("Vera Viewer") && names.includes("Olivia Owner"), names.join(", "));
  assert.deepEqual(
    names,
    [...names].sort((a, b) => a.localeCompare(b)),
  );
  assert.deepEqual(Object.keys((northwind.body as Json[])[0]).sort(), [
    "Email",
    "FullName",
    "RecId",
    "UserUID",
  ]);
  const contosoIds = ((await contoso.get("/api/Teams/Candidates")).body as Json[]).map((user) => user.RecId);
  assert.ok(!contosoIds.includes(ids.owner) && !contosoIds.includes(ids.viewer));
  assert.ok(contosoIds.includes(ids.contoso));
});

test("Teams: bad input gets a 4xx with its code and changes nothing", async () => {
  const since = mark();
  const before = (await owner.get("/api/Teams")).body;
  const analytics = await teamId("Analytics");
  const invalid: unknown[] = [
    {},
    { Name: "" },
    { Name: 5 },
    { Name: "x".repeat(81) },
    { Name: "Ops", Extra: true },
    { Name: "Ops", MemberRecIds: ["1"] },
    { Name: "Ops", MemberRecIds: [0] },
    { Name: "Ops", MemberRecIds: [ids.analyst, ids.analyst] },
  ];
  for (const body of invalid) {
    const reply = await owner.post("/api/Teams", body);
    assert.equal(reply.status, 400, JSON.stringify(body));
    assert.equal(reply.body.ErrorCode, ErrorCode.InvalidRequest);
  }
  const blank = await owner.post("/api/Teams", { Name: "   " });
  assert.equal(blank.status, 400);
  const taken = await owner.post("/api/Teams", { Name: "analytics" });
  assert.equal(taken.status, 409);
  assert.equal(taken.body.ErrorCode, ErrorCode.NameTaken);
  for (const stranger of [ids.contoso, 999_999]) {
    const unknown = await owner.post("/api/Teams", { Name: "Ghosts", MemberRecIds: [ids.analyst, stranger] });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.ErrorCode, ErrorCode.NotFound);
    const adding = await owner.post(`/api/Teams/${analytics}/Members`, {
      UserRecIds: [ids.viewer, stranger],
    });
    assert.equal(adding.status, 404);
  }
  assert.equal(
    (await owner.put(`/api/Teams/${analytics}`, { Name: "Leadership" })).body.ErrorCode,
    ErrorCode.NameTaken,
  );
  assert.equal((await owner.put("/api/Teams/abc", { Name: "X" })).status, 400);
  assert.equal((await owner.post(`/api/Teams/${analytics}/Members`, { UserRecIds: [] })).status, 400);
  assert.equal((await owner.delete(`/api/Teams/${analytics}/Members/999999`)).status, 404);
  const json = await owner.request("POST", "/api/Teams", "{", { "content-type": "application/json" });
  assert.equal(json.body.ErrorCode, ErrorCode.InvalidJson);

  assert.deepEqual((await owner.get("/api/Teams")).body, before, "no team changed");
  await assertNotNotified(["analyst", "viewer"], "AddedToTeam", since);
});

test("team events reach the member concerned on their hub — not the actor, a third user or another account", async () => {
  const since = mark();
  const leadership = await teamId("Leadership");
  const added = await owner.post(`/api/Teams/${leadership}/Members`, {
    UserRecIds: [ids.analyst, ids.viewer],
  });
  assert.equal(added.status, 200);
  const [notification] = (await hubs.analyst.next("notificationAdded")) as Json[];
  assert.equal(notification.Code, "AddedToTeam");
  assert.equal(notification.TeamName, "Leadership");
  assert.equal(notification.AuthorFullName, "Olivia Owner");
  const stored = (await analyst.get("/api/Notifications/")).body as Json[];
  assert.deepEqual(stored[0], notification, "the pushed notification is the stored record");
  await assertNotNotified(["owner", "viewer", "contoso"], "AddedToTeam", since);

  assert.equal((await owner.delete(`/api/Teams/${leadership}/Members/${ids.analyst}`)).status, 204);
  const [removed] = (await hubs.analyst.next("notificationAdded")) as Json[];
  assert.equal(removed.Code, "RemovedFromTeam");
  assert.equal(removed.IsRelatedObjectDeleted, undefined);

  const pilots = await owner.post("/api/Teams", {
    Name: "Pilot group",
    MemberRecIds: [ids.owner, ids.analyst, ids.viewer],
  });
  for (const name of ["analyst", "viewer"] as const) {
    const [n] = (await hubs[name].next(
      "notificationAdded",
      ([x]) => (x as Json).TeamName === "Pilot group",
    )) as Json[];
    assert.equal(n.Code, "AddedToTeam");
  }
  assert.equal((await owner.delete(`/api/Teams/${pilots.body.RecId}`)).status, 204);
  for (const name of ["analyst", "viewer"] as const) {
    const removal = ([x]: unknown[]) =>
      (x as Json).Code === "RemovedFromTeam" && (x as Json).TeamName === "Pilot group";
    const [n] = (await hubs[name].next("notificationAdded", removal)) as Json[];
    assert.equal(n.IsRelatedObjectDeleted, true, "the deleted-team variant");
  }
  await assertNotNotified(["owner", "contoso"], "RemovedFromTeam", since);
});

test("Teams: a user of another account can neither read, change nor learn of the account's teams", async () => {
  const analytics = await teamId("Analytics");
  const before = (await owner.get(`/api/Teams/${analytics}`)).body;
  const listed = (await contoso.get("/api/Teams")).body as Json[];
  assert.ok(!listed.some((team) => team.RecId === analytics || team.Name === "Analytics"));
  const calls: [string, string, unknown?][] = [
    ["GET", "/api/Teams/{id}"],
    ["PUT", "/api/Teams/{id}", { Name: "Hijacked" }],
    ["POST", "/api/Teams/{id}/Members", { UserRecIds: [ids.contoso] }],
    ["DELETE", `/api/Teams/{id}/Members/${ids.analyst}`],
    ["DELETE", "/api/Teams/{id}"],
  ];
  for (const [method, path, body] of calls) {
    const theirs = await contoso.request(method, path.replace("{id}", String(analytics)), body);
    const missing = await contoso.request(method, path.replace("{id}", "999999"), body);
    assert.equal(theirs.status, 404, `${method} ${path}`);
    assert.deepEqual(theirs.body, missing.body, "indistinguishable from a missing team");
  }
  const withStranger = await contoso.post("/api/Teams", { Name: "Spies", MemberRecIds: [ids.analyst] });
  const withMissing = await contoso.post("/api/Teams", { Name: "Spies", MemberRecIds: [999_999] });
  assert.equal(withStranger.status, 404);
  assert.deepEqual(withStranger.body, withMissing.body);
  assert.deepEqual((await owner.get(`/api/Teams/${analytics}`)).body, before, "unchanged");
});

test("custom notifications: 401, 403 for members and read-only staff, sent by Support or Accounts Write", async () => {
  const since = mark();
  const body = { AccountRecId: ids.northwind, Title: "Welcome", Body: "New dashboards are live." };
  assert.equal((await owner.as(undefined).post("/api/Admin/Notifications/Custom", body)).status, 401);
  const member = await owner.post("/api/Admin/Notifications/Custom", body);
  assert.equal(member.status, 403);
  assert.equal(member.body.ErrorCode, ErrorCode.StaffOnly);
  const auditor = await (await signIn(upstream, "staffAuditor")).post(
    "/api/Admin/Notifications/Custom",
    body,
  );
  assert.equal(auditor.status, 403);
  assert.equal(auditor.body.ErrorCode, ErrorCode.AdminPermissionDenied);

  const analystBefore = ((await analyst.get("/api/Notifications/")).body as Json[]).length;
  const bad: [unknown, number][] = [
    [{ ...body, UserRecIds: [ids.contoso] }, 404],
    [{ ...body, UserRecIds: [ids.analyst, 999_999] }, 404],
    [{ ...body, AccountRecId: 999_999 }, 404],
    [{ ...body, Title: "" }, 400],
    [{ ...body, Body: "x".repeat(4001) }, 400],
    [{ ...body, Extra: 1 }, 400],
    [{ ...body, UserRecIds: [] }, 400],
  ];
  for (const [payload, status] of bad) {
    assert.equal(
      (await admin.post("/api/Admin/Notifications/Custom", payload)).status,
      status,
      JSON.stringify(payload),
    );
  }
  assert.equal(
    ((await analyst.get("/api/Notifications/")).body as Json[]).length,
    analystBefore,
    "nothing stored",
  );

  const agent = await signIn(upstream, "supportAgent");
  const one = await agent.post("/api/Admin/Notifications/Custom", { ...body, UserRecIds: [ids.analyst] });
  assert.equal(one.status, 201);
  assert.equal(one.body.Count, 1);
  assert.equal(
    ((await hubs.analyst.next("notificationAdded", ([n]) => (n as Json).Code === "Custom"))[0] as Json).Title,
    "Welcome",
  );

  const everyone = await admin.post("/api/Admin/Notifications/Custom", { ...body, Title: "To all" });
  assert.equal(everyone.body.Count, 5, "every enabled Northwind user");
  for (const name of ["owner", "analyst", "viewer"] as const) {
    await hubs[name].next("notificationAdded", ([n]) => (n as Json).Title === "To all");
  }
  await assertNotNotified(["contoso"], "Custom", since);
});

test("event producers tell the right users only: exports (and their expiry), billing, shares, schedules, tickets", async () => {
  const context = upstreamContextOf(upstream.app);
  const ownerUser = { accountId: ids.northwind, recId: ids.owner, fullName: "Olivia Owner", uid: "" };
  const since = mark();

  await notifyExportFinished(context, {
    accountId: ids.northwind,
    userId: ids.owner,
    exportName: "Sales.xlsx",
    exportRecId: 4242,
    fileUid: "00000000-0000-4000-8000-000000000001",
  });
  const [exported] = (await hubs.owner.next(
    "notificationAdded",
    ([n]) => (n as Json).Code === "ExportSucceeded",
  )) as Json[];
  assert.equal(exported.ExportName, "Sales.xlsx");
  assert.equal(await objectDeleted(context, ids.northwind, { type: "Dashboard", recId: 4242 }), 1);
  const expired = ((await owner.get("/api/Notifications/")).body as Json[]).find(
    (n) => n.RecId === exported.RecId,
  );
  assert.equal(expired.IsRelatedObjectDeleted, true, "the expired variant");

  await notifyInvoiceReady(context, ids.northwind, "INV-2025-0042");
  await hubs.owner.next("notificationAdded", ([n]) => (n as Json).Code === "InvoiceReady");
  await assertNotNotified(["analyst", "viewer", "contoso"], "InvoiceReady", since);

  const shared = await notifyObjectShared(context, {
    actor: ownerUser,
    type: "Dashboard",
    object: { recId: 7, name: "Sales overview" },
    recipientUserIds: [ids.analyst, ids.owner, ids.contoso],
    shared: true,
  });
  assert.deepEqual(
    shared.map((n) => n.userId),
    [ids.analyst],
    "not the actor, never a user of another account",
  );
  await hubs.analyst.next("notificationAdded", ([n]) => (n as Json).Code === "DashboardShared");
  await assertNotNotified(["owner", "contoso"], "DashboardShared", since);

  await notifyScheduleEvent(context, {
    accountId: ids.northwind,
    event: "Error",
    schedule: { recId: 9, name: "Nightly refresh", ownerUserId: ids.viewer },
    message: "The connection timed out.",
  });
  await hubs.viewer.next("notificationAdded", ([n]) => (n as Json).Code === "ScheduleError");

  const ticket = await notifySupportTicketUpdated(context, {
    actor: { accountId: 1, recId: 3 },
    ticket: { accountId: ids.northwind, recId: 11, name: "Export <b>broken</b>", authorUserId: ids.owner },
    staffUserIds: [ids.admin],
  });
  assert.equal(ticket.length, 2);
  const [updated] = (await hubs.owner.next(
    "notificationAdded",
    ([n]) => (n as Json).Code === "SupportTicketUpdated",
  )) as Json[];
  assert.equal(updated.SupportTicketName, "Export <b>broken</b>", "stored as sent; the runtime escapes it");
  const staffList = (await admin.get("/api/Notifications/")).body as Json[];
  assert.equal(staffList[0].Code, "SupportTicketUpdated");
});

test("the other producers: imports, alerts, billing, connections, trashed data — recipients and fields", async () => {
  const context = upstreamContextOf(upstream.app);
  const nw = ids.northwind;
  const users = (records: { userId: number }[]) => records.map((n) => n.userId).sort((a, b) => a - b);
  const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);

  const failed = await notifyImportFinished(context, {
    accountId: nw,
    userId: ids.owner,
    kind: "User",
    succeeded: false,
    taskRecId: 5,
    message: "Row 3: e-mail missing.",
  });
  assert.equal(failed[0]?.code, "UserImportFailed");
  assert.equal(failed[0]?.fields.WorkerTaskHistoryRecId, 5);
  const data = await notifyImportFinished(context, {
    accountId: nw,
    userId: ids.analyst,
    kind: "BackgroundData",
    succeeded: true,
    taskRecId: 6,
    data: { recId: 31, name: "Orders" },
  });
  assert.deepEqual([data[0]?.code, data[0]?.fields.DataCloneRecId], ["BackgroundDataImportSucceeded", 31]);

  const alert = await notifyAlertTriggered(context, {
    accountId: nw,
    alert: { recId: 3, name: "Revenue drop", ownerUserId: ids.analyst },
    message: "Revenue fell 18%.",
    dashboards: [{ recId: 7, name: "Sales overview", thumbnail: "iVBORw0KGgo=" }],
    recipientUserIds: [ids.viewer, ids.contoso],
  });
  assert.deepEqual(users(alert), sorted(ids.analyst, ids.viewer), "never a user of another account");
  assert.equal(alert[0]?.fields.Dashboards?.[0]?.DashboardName, "Sales overview");
  await hubs.viewer.next("notificationAdded", ([n]) => (n as Json).Code === "AlertTriggered");

  for (const notifyBilling of [
    () => notifyPaymentFailed(context, nw, "INV-2025-0043"),
    () => notifySubscriptionDowngradeReminder(context, nw, "Starter"),
  ]) {
    assert.deepEqual(users(await notifyBilling()), [ids.owner], "only BillingAndSubscription holders");
  }

  const reauth = await notifyConnectorEvent(context, nw, "ReAuth", {
    recId: 12,
    name: "CRM",
    ownerUserId: ids.analyst,
  });
  assert.deepEqual(users(reauth), [ids.analyst], "the connection's owner");
  const deprecated = await notifyConnectorEvent(context, nw, "Deprecated", { recId: 12, name: "CRM" });
  const migration = await notifyDatabaseMigrationFailed(
    context,
    nw,
    { recId: 12, name: "CRM" },
    "Version 12 failed.",
  );
  for (const records of [deprecated, migration]) {
    const told = users(records);
    assert.ok(told.includes(ids.owner) && told.includes(ids.analyst), "Connections rw holders");
    assert.ok(!told.includes(ids.viewer));
  }

  const shared = await notifyObjectShared(context, {
    actor: { accountId: nw, recId: ids.owner, fullName: "Olivia Owner", uid: "" },
    type: "DataTable",
    object: { recId: 31, name: "Orders" },
    recipientUserIds: [ids.viewer],
    shared: true,
  });
  assert.ok((await dataTrashed(context, nw, 31, true)) >= 1);
  const trashed = ((await viewer.get("/api/Notifications/")).body as Json[]).find(
    (n) => n.RecId === shared[0]?.recId,
  );
  assert.equal(trashed.IsDataCloneTrashed, true, "DataShared's trashed variant");
  assert.equal(await dataTrashed(context, ids.contosoAccount, 31, true), 0, "scoped to the account");
});
