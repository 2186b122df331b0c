/**
 * Cross-tenant isolation over real HTTP: for every resource family, a user of one account can
 * neither read nor change the other account's records, nor tell them apart from records that do
 * not exist (same status, same body).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  type Client,
  objectId,
  type Reply,
  type RunningUpstream,
  SAMPLE_CONNECTIONS,
  signIn,
  startUpstream,
} from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let northwind: Client;
let contoso: Client;

before(async () => {
  upstream = await startUpstream();
  northwind = await signIn(upstream, "owner");
  contoso = await signIn(upstream, "contoso");
});
after(async () => upstream.close());

/** The other tenant's record answers exactly like a record that does not exist. */
function assertIndistinguishable(foreign: Reply, missing: Reply, what: string): void {
  assert.equal(foreign.status, 404, `${what}: ${JSON.stringify(foreign.body)}`);
  assert.equal(missing.status, 404, what);
  assert.deepEqual(foreign.body, missing.body, `${what}: the body must not reveal existence`);
}

test("roles: another account's role cannot be read, changed or deleted", async () => {
  const contosoRoles = (await contoso.get("/api/Roles")).body as {
    RecId: number;
    Name: string;
    Permissions: string;
  }[];
  const viewerRole = contosoRoles.find((role) => role.Name === "Viewer");
  assert.ok(viewerRole);
  const missing = 999_999;
  assertIndistinguishable(
    await northwind.get(`/api/Roles/${viewerRole.RecId}`),
    await northwind.get(`/api/Roles/${missing}`),
    "GET role",
  );
  const change = { Permissions: "Dashboards_rw;Users_rw" };
  assertIndistinguishable(
    await northwind.put(`/api/Roles/${viewerRole.RecId}`, change),
    await northwind.put(`/api/Roles/${missing}`, change),
    "PUT role",
  );
  assertIndistinguishable(
    await northwind.delete(`/api/Roles/${viewerRole.RecId}`),
    await northwind.delete(`/api/Roles/${missing}`),
    "DELETE role",
  );
  const after = (await contoso.get(`/api/Roles/${viewerRole.RecId}`)).body;
  assert.equal(after.Permissions, viewerRole.Permissions);
  const names = ((await northwind.get("/api/Roles")).body as { Name: string }[]).map((role) => role.Name);
  assert.deepEqual(names.sort(), ["Account Owner", "Analyst", "Viewer"].sort());
  // A role created with the same name in another account does not clash.
  assert.equal((await contoso.post("/api/Roles", { Name: "Analyst", Permissions: "Reports_r" })).status, 201);
});

test("objects and data calls: another account's connection is invisible to lists, smart views and columns", async () => {
  const contosoConnection = await objectId(contoso, "DataConnection", SAMPLE_CONNECTIONS.contoso);
  const names = ((await northwind.get("/api/Objects?type=DataConnection")).body as { Name: string }[]).map(
    (o) => o.Name,
  );
  assert.ok(!names.includes(SAMPLE_CONNECTIONS.contoso));
  const body = { data: "{}", SmartViewModel: { Name: "SalesByGeography", Version: { Version: 1 } } };
  assert.equal(
    (await contoso.post(`/api/DataImport/Connection/${contosoConnection}/SmartView/ParametersData`, body))
      .status,
    200,
  );
  assertIndistinguishable(
    await northwind.post(`/api/DataImport/Connection/${contosoConnection}/SmartView/ParametersData`, body),
    await northwind.post("/api/DataImport/Connection/999999/SmartView/ParametersData", body),
    "smart view of a foreign connection (even with its result cached)",
  );
  assertIndistinguishable(
    await northwind.get(
      `/api/DataImport/Connection/${contosoConnection}/Items?folder=columns;10&search=orders`,
    ),
    await northwind.get("/api/DataImport/Connection/999999/Items?folder=columns;10&search=orders"),
    "columns of a foreign connection",
  );
});

test("notifications: another account cannot mark read or clear them", async () => {
  const own = (await northwind.get("/api/Notifications/")).body as { RecId: number; IsNew: boolean }[];
  const fresh = own.filter((n) => n.IsNew).map((n) => n.RecId);
  assert.ok(fresh.length > 0);
  assert.equal(
    (await contoso.put("/api/Notifications/", { NotificationRecIds: fresh })).status,
    204,
    "same answer as for unknown ids",
  );
  assert.equal((await contoso.delete("/api/Notifications/")).status, 204);
  const after = (await northwind.get("/api/Notifications/")).body as { RecId: number; IsNew: boolean }[];
  assert.equal(after.length, own.length);
  assert.deepEqual(
    after.filter((n) => n.IsNew).map((n) => n.RecId),
    fresh,
  );
  assert.deepEqual((await contoso.get("/api/Notifications/")).body, []);
});

test("files, invoices and avatars: another account's are indistinguishable from missing ones", async () => {
  const exportUid = ((await northwind.get("/api/Notifications/")).body as { FileUID?: string }[]).find(
    (n) => n.FileUID,
  )?.FileUID;
  assert.ok(exportUid);
  const noUid = "00000000-0000-4000-8000-000000000000";
  assertIndistinguishable(
    await contoso.get(`/ws/File/Export/${exportUid}`),
    await contoso.get(`/ws/File/Export/${noUid}`),
    "export file",
  );
  assertIndistinguishable(
    await northwind.get("/api/invoice/INV-2024-0101"),
    await northwind.get("/api/invoice/INV-2024-0999"),
    "invoice",
  );
  const contosoUserUid = (await contoso.get("/api/Common/LoggedInConfig")).body.User.UserUID;
  assertIndistinguishable(
    await northwind.get(`/ws/user/avatar/${contosoUserUid}`),
    await northwind.get(`/ws/user/avatar/${noUid}`),
    "avatar",
  );
});

test("support chat: another account's attachment and session are indistinguishable from missing ones", async () => {
  const form = new FormData();
  form.append("file[]", new Blob([Buffer.from("secret")], { type: "text/plain" }), "note.txt");
  const uploaded = await northwind.request("PUT", "/api/supportchat/file", form);
  assert.equal(uploaded.status, 201);
  const contosoChat = await signIn(upstream, "contoso");
  assertIndistinguishable(
    await contosoChat.get(`/api/supportchat/file?id=${uploaded.body.FileID}`),
    await contosoChat.get("/api/supportchat/file?id=00000000-0000-4000-8000-000000000000"),
    "chat file",
  );
  const sessions = (await northwind.get("/api/SupportSessions")).body as {
    RecId: number;
    Rating: number | null;
    Status: string;
  }[];
  const unrated = sessions.find((s) => s.Status === "Archived" && s.Rating === null);
  assert.ok(unrated);
  const rating = (id: number) => ({ Rating: 1, Feedback: "spam", SupportSessionRecId: id });
  assertIndistinguishable(
    await contoso.post("/api/SupportSessions/SaveRating", rating(unrated.RecId)),
    await contoso.post("/api/SupportSessions/SaveRating", rating(999_999)),
    "rating a foreign session",
  );
  const after = (await northwind.get("/api/SupportSessions")).body as {
    RecId: number;
    Rating: number | null;
  }[];
  assert.equal(after.find((s) => s.RecId === unrated.RecId)?.Rating, null, "still unrated");
  assert.equal(((await contoso.get("/api/supportchat/active")).body.Messages as unknown[]).length, 0);
});

test("widget themes and preferences stay in their account", async () => {
  const keys = ((await northwind.get("/api/Common/WidgetThemes")).body as { Key: string }[]).map(
    (theme) => theme.Key,
  );
  assert.ok(!keys.includes("Contoso Blue"));
  await contoso.put("/api/User/Interface", { InterfacePreferences: { theme: "dark" } });
  assert.equal(
    (await northwind.get("/api/Common/LoggedInConfig")).body.User.InterfacePreferences.theme,
    "light",
  );
});
