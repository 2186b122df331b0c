/**
 * Account events end to end over real HTTP and the user hub (issue 3 item 5; §4.3 InvoiceReady,
 * PaymentFailed, SubscriptionDowngradeReminder, DeprecatedConnector, ReAuthConnector): the staff
 * triggers under /api/Admin/Jobs (401 → 403 StaffOnly / AdminPermissionDenied → success), the
 * member-side connection test, who is told (the account's billing users, the connections' owners)
 * and who is not (other members, other tenants), bad input and repeated calls.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { assertIndistinguishable, MISSING_ID } from "./content-fixture.ts";
import { accountRecId, connectHub, type HubRecorder, stopAll } from "./realtime-fixture.ts";
import {
  type Client,
  type Json,
  objectId,
  type RunningUpstream,
  SAMPLE_CONNECTIONS,
  signIn,
  startUpstream,
} from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let viewer: Client;
let contoso: Client;
let admin: Client;
let auditor: Client;
let ownerHub: HubRecorder;
let analystHub: HubRecorder;
let contosoHub: HubRecorder;
const ids = { northwind: 0, contosoAccount: 0, crm: 0, retail: 0 };

before(async () => {
  upstream = await startUpstream();
  [owner, analyst, viewer, contoso, admin, auditor] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "analyst"),
    signIn(upstream, "viewer"),
    signIn(upstream, "contoso"),
    signIn(upstream, "staffAdmin"),
    signIn(upstream, "staffAuditor"),
  ]);
  ids.northwind = await accountRecId(owner);
  ids.contosoAccount = await accountRecId(contoso);
  ids.crm = await objectId(owner, "DataConnection", "CRM (OAuth)");
  ids.retail = await objectId(owner, "DataConnection", SAMPLE_CONNECTIONS.retail);
  [ownerHub, analystHub, contosoHub] = await Promise.all([
    connectHub(upstream, "user", owner),
    connectHub(upstream, "user", analyst),
    connectHub(upstream, "user", contoso),
  ]);
});
after(async () => {
  await stopAll([ownerHub, analystHub, contosoHub]);
  await upstream.close();
});

const note = async (hub: HubRecorder, code: string, accept: (n: Json) => boolean = () => true) =>
  ((await hub.next("notificationAdded", ([n]) => (n as Json).Code === code && accept(n))) as [Json])[0];

async function count(hub: HubRecorder, code: string) {
  await hub.flush();
  return hub.of("notificationAdded").filter(([n]) => (n as Json).Code === code).length;
}

test("staff triggers: 401 → 403 for members (StaffOnly) and read-only staff (AdminPermissionDenied)", async () => {
  const calls: [string, Json][] = [
    ["/api/Admin/Jobs/Invoices", { AccountRecId: ids.northwind }],
    ["/api/Admin/Jobs/Payments/INV-2024-0002/Fail", undefined],
    ["/api/Admin/Jobs/DowngradeReminders", { AccountRecId: ids.northwind, SubscriptionType: "Starter" }],
    ["/api/Admin/Jobs/Connectors/Csv/Deprecate", undefined],
  ];
  for (const [path, body] of calls) {
    const anonymous = await admin.as(undefined).post(path, body);
    assert.equal(anonymous.status, 401, path);
    const member = await owner.post(path, body);
    assert.equal(member.status, 403, path);
    assert.equal(member.body.ErrorCode, ErrorCode.StaffOnly);
    const readOnly = await auditor.post(path, body);
    assert.equal(readOnly.status, 403, path);
    assert.equal(readOnly.body.ErrorCode, ErrorCode.AdminPermissionDenied);
  }
});

test("an issued invoice is ready for the account's billing users only, and downloadable", async () => {
  const issued = await admin.post("/api/Admin/Jobs/Invoices", { AccountRecId: ids.northwind });
  assert.equal(issued.status, 201, JSON.stringify(issued.body));
  assert.equal(issued.body.InvoiceNumber, "INV-2025-0001");
  assert.deepEqual([issued.body.Status, issued.body.Currency, issued.body.Total], ["Due", "EUR", 499]);
  const ready = await note(ownerHub, "InvoiceReady");
  assert.equal(ready.InvoiceNumber, "INV-2025-0001");
  assert.equal(await count(analystHub, "InvoiceReady"), 0, "no BillingAndSubscription permission");
  assert.equal(await count(contosoHub, "InvoiceReady"), 0);
  const pdf = await owner.get("/api/invoice/INV-2025-0001");
  assert.equal(pdf.status, 200);
  assert.equal(Buffer.from(pdf.body).subarray(0, 5).toString(), "%PDF-");
  assert.equal((await contoso.get("/api/invoice/INV-2025-0001")).status, 404);

  const next = await admin.post("/api/Admin/Jobs/Invoices", { AccountRecId: ids.contosoAccount });
  assert.equal(next.body.InvoiceNumber, "INV-2025-0002", "numbers are unique across accounts");
  assert.equal((await note(contosoHub, "InvoiceReady")).InvoiceNumber, "INV-2025-0002");
  assert.equal(await count(ownerHub, "InvoiceReady"), 1);

  assert.equal((await admin.post("/api/Admin/Jobs/Invoices", { AccountRecId: MISSING_ID })).status, 404);
  const operator = await accountRecId(admin);
  const unpaid = await admin.post("/api/Admin/Jobs/Invoices", { AccountRecId: operator });
  assert.equal(unpaid.status, 409, "the operator's internal plan costs nothing");
  assert.equal(unpaid.body.ErrorCode, ErrorCode.NoSubscriptionPlan);
  for (const body of [{}, { AccountRecId: "2" }, { AccountRecId: ids.northwind, Extra: 1 }]) {
    const reply = await admin.post("/api/Admin/Jobs/Invoices", body);
    assert.equal(reply.status, 400);
    assert.equal(reply.body.ErrorCode, ErrorCode.InvalidRequest);
  }
  assert.equal(
    (await admin.post("/api/Admin/Jobs/Invoices", { AccountRecId: ids.northwind })).body.InvoiceNumber,
    "INV-2025-0003",
  );
});

test("a failed payment is told to the billing users; only a due invoice can fail", async () => {
  const failed = await admin.post("/api/Admin/Jobs/Payments/INV-2025-0001/Fail");
  assert.equal(failed.status, 200);
  assert.equal(failed.body.Status, "Failed");
  assert.equal((await note(ownerHub, "PaymentFailed")).InvoiceNumber, "INV-2025-0001");
  const again = await admin.post("/api/Admin/Jobs/Payments/INV-2025-0001/Fail");
  assert.equal(again.status, 409);
  assert.equal(again.body.ErrorCode, ErrorCode.InvoiceNotDue);
  assert.equal((await admin.post("/api/Admin/Jobs/Payments/INV-2024-0001/Fail")).status, 409, "paid");
  assert.equal((await admin.post("/api/Admin/Jobs/Payments/INV-9999-9999/Fail")).status, 404);
  assert.equal((await admin.post("/api/Admin/Jobs/Payments/..%2Fetc/Fail")).status, 400);
  assert.equal(await count(ownerHub, "PaymentFailed"), 1);
  assert.equal(await count(analystHub, "PaymentFailed"), 0);
});

test("a downgrade reminder names the coming plan; unknown plans and the current one are refused", async () => {
  const sent = await admin.post("/api/Admin/Jobs/DowngradeReminders", {
    AccountRecId: ids.northwind,
    SubscriptionType: "Starter",
  });
  assert.equal(sent.status, 200);
  assert.equal(sent.body.Notified, 1);
  assert.equal((await note(ownerHub, "SubscriptionDowngradeReminder")).SubscriptionType, "Starter");
  const cases: [Json, number, number][] = [
    [{ AccountRecId: ids.northwind, SubscriptionType: "Platinum" }, 400, ErrorCode.InvalidReference],
    [{ AccountRecId: ids.northwind, SubscriptionType: "Business" }, 400, ErrorCode.InvalidRequest],
    [{ AccountRecId: ids.northwind, SubscriptionType: "<b>x</b>" }, 400, ErrorCode.InvalidRequest],
    [{ AccountRecId: MISSING_ID, SubscriptionType: "Starter" }, 404, ErrorCode.NotFound],
  ];
  for (const [body, status, code] of cases) {
    const reply = await admin.post("/api/Admin/Jobs/DowngradeReminders", body);
    assert.equal(reply.status, status, JSON.stringify(body));
    assert.equal(reply.body.ErrorCode, code);
  }
  assert.equal(await count(ownerHub, "SubscriptionDowngradeReminder"), 1);
  assert.equal(await count(contosoHub, "SubscriptionDowngradeReminder"), 0);
});

test("deprecating a connector tells the owners of its connections, each in their own account", async () => {
  const done = await admin.post("/api/Admin/Jobs/Connectors/SampleRetail/Deprecate");
  assert.equal(done.status, 200);
  assert.deepEqual([done.body.Connections, done.body.Notified], [2, 2]);
  const northwind = await note(analystHub, "DeprecatedConnector");
  assert.deepEqual(
    [northwind.DataConnectionName, northwind.DataConnectionRecId],
    [SAMPLE_CONNECTIONS.retail, ids.retail],
  );
  const theirs = await note(contosoHub, "DeprecatedConnector");
  assert.equal(
    theirs.DataConnectionName,
    SAMPLE_CONNECTIONS.contoso,
    "Contoso is told about its own connection only",
  );
  assert.notEqual(theirs.DataConnectionRecId, ids.retail);
  assert.equal(
    await count(ownerHub, "DeprecatedConnector"),
    0,
    "the owner owns no connection of this connector",
  );

  const again = await admin.post("/api/Admin/Jobs/Connectors/SampleRetail/Deprecate");
  assert.equal(again.status, 409);
  assert.equal(again.body.ErrorCode, ErrorCode.ConnectorAlreadyDeprecated);
  assert.equal((await admin.post("/api/Admin/Jobs/Connectors/NoSuchConnector/Deprecate")).status, 404);
  assert.equal((await admin.post("/api/Admin/Jobs/Connectors/bad%20code/Deprecate")).status, 400);
  assert.equal(await count(analystHub, "DeprecatedConnector"), 1);
});

test("connection test: sample connections answer; expired credentials ask the owner to re-authenticate", async () => {
  const anonymous = await owner.as(undefined).post(`/api/Connections/${ids.retail}/Test`);
  assert.equal(anonymous.status, 401);
  const denied = await viewer.post(`/api/Connections/${ids.retail}/Test`);
  assert.equal(denied.status, 403);
  assert.equal(denied.body.ErrorCode, ErrorCode.PermissionDenied);

  const retail = await analyst.post(`/api/Connections/${ids.retail}/Test`);
  assert.equal(retail.status, 200);
  assert.equal(retail.body.Status, "Succeeded");
  assert.match(retail.body.Message, /stores in the sample/);
  const documents = await analyst.post(
    `/api/Connections/${await objectId(analyst, "DataConnection", SAMPLE_CONNECTIONS.documents)}/Test`,
  );
  assert.equal(documents.body.Status, "Succeeded");

  const crm = await analyst.post(`/api/Connections/${ids.crm}/Test`);
  assert.equal(crm.body.Status, "CredentialsRejected");
  const reauth = await note(ownerHub, "ReAuthConnector");
  assert.deepEqual([reauth.DataConnectionName, reauth.DataConnectionRecId], ["CRM (OAuth)", ids.crm]);
  assert.equal(
    await count(analystHub, "ReAuthConnector"),
    0,
    "the connection's owner is told, not the tester",
  );
  assert.equal(await count(contosoHub, "ReAuthConnector"), 0);

  const dashboard = await objectId(owner, "Dashboard", "Sales overview");
  assert.equal((await owner.post(`/api/Connections/${dashboard}/Test`)).status, 404, "not a connection");
  assert.equal((await owner.post("/api/Connections/abc/Test")).status, 400);
  assertIndistinguishable(
    await contoso.post(`/api/Connections/${ids.crm}/Test`),
    await contoso.post(`/api/Connections/${MISSING_ID}/Test`),
    "foreign connection",
  );
  assert.equal(await count(ownerHub, "ReAuthConnector"), 1, "the foreign attempt told nobody");
});
