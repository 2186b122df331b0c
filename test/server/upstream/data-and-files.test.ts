/**
 * Data calls and downloads over real HTTP: smart view parameters (cached per connection, view,
 * version and data), document columns (cached per row scan), account logo with ForcePrimary,
 * avatars, export files and invoices.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { DEFAULT_LIFETIMES } from "../../../server/upstream/options.ts";
import {
  Client,
  objectId,
  type RunningUpstream,
  SAMPLE_CONNECTIONS,
  signIn,
  startUpstream,
} from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let retailId: number;
let documentsId: number;

before(async () => {
  upstream = await startUpstream();
  owner = await signIn(upstream, "owner");
  retailId = await objectId(owner, "DataConnection", SAMPLE_CONNECTIONS.retail);
  documentsId = await objectId(owner, "DataConnection", SAMPLE_CONNECTIONS.documents);
});
after(async () => upstream.close());

function smartView(data: string, version: number, name = "SalesByGeography") {
  return { data, SmartViewModel: { Name: name, Version: { Version: version } } };
}

test("SmartView ParametersData: options cascade from the chosen values", async () => {
  const reply = await owner.post(
    `/api/DataImport/Connection/${retailId}/SmartView/ParametersData`,
    smartView(JSON.stringify({ Country: "Germany" }), 1),
  );
  assert.equal(reply.status, 200);
  const [country, region, city] = reply.body.Parameters;
  assert.deepEqual(
    country.Options.map((o: { value: string }) => o.value),
    ["France", "Germany", "Netherlands", "United States"],
  );
  assert.equal(country.Value, "Germany");
  assert.deepEqual(
    region.Options.map((o: { label: string }) => o.label),
    ["Bavaria", "Berlin", "Hesse"],
  );
  assert.equal(city.Options.length, 5);
  const v2 = await owner.post(
    `/api/DataImport/Connection/${retailId}/SmartView/ParametersData`,
    smartView(JSON.stringify({ Country: "Germany", Region: "Berlin", City: "Berlin" }), 2),
  );
  assert.deepEqual(
    v2.body.Parameters.map((p: { Name: string }) => p.Name),
    ["Country", "Region", "City", "Channel"],
  );
  assert.deepEqual(v2.body.Parameters[3].Options, [{ label: "Retail", value: "Retail" }]);
});

test("SmartView ParametersData: cached per connection, view name, version and data", async () => {
  const path = `/api/DataImport/Connection/${retailId}/SmartView/ParametersData`;
  const data = JSON.stringify({ Country: "France" });
  const first = await owner.post(path, smartView(data, 1));
  assert.equal(first.headers.get("x-cache"), "MISS");
  const second = await owner.post(path, smartView(JSON.stringify({ Country: "France" }), 1));
  assert.equal(second.headers.get("x-cache"), "HIT");
  assert.deepEqual(second.body, first.body);
  assert.equal((await owner.post(path, smartView(data, 2))).headers.get("x-cache"), "MISS", "other version");
  assert.equal(
    (await owner.post(path, smartView(JSON.stringify({ Country: "Netherlands" }), 1))).headers.get("x-cache"),
    "MISS",
    "other data",
  );
  upstream.clock.advance(DEFAULT_LIFETIMES.dataCacheMs + 1);
  assert.equal((await owner.post(path, smartView(data, 1))).headers.get("x-cache"), "MISS", "expired");
});

test("SmartView ParametersData: unknown views 404, bad data 400, document connectors 400", async () => {
  const path = `/api/DataImport/Connection/${retailId}/SmartView/ParametersData`;
  assert.equal((await owner.post(path, smartView("{}", 9))).status, 404);
  assert.equal((await owner.post(path, smartView("{}", 1, "Nope"))).status, 404);
  assert.equal((await owner.post(path, smartView("[1]", 1))).body.ErrorCode, ErrorCode.InvalidRequest);
  assert.equal((await owner.post(path, smartView("{oops", 1))).body.ErrorCode, ErrorCode.InvalidRequest);
  assert.equal((await owner.post(path, smartView(JSON.stringify({ Planet: "Mars" }), 1))).status, 400);
  assert.equal((await owner.post(path, smartView(JSON.stringify({ Country: 7 }), 1))).status, 400);
  assert.equal(
    (await owner.post(path, { data: "{}", SmartViewModel: { Name: "SalesByGeography", Version: 1 } })).status,
    400,
  );
  const wrongKind = await owner.post(
    `/api/DataImport/Connection/${documentsId}/SmartView/ParametersData`,
    smartView("{}", 1),
  );
  assert.equal(wrongKind.body.ErrorCode, ErrorCode.ConnectorNotSupported);
  assert.equal(
    (await owner.post("/api/DataImport/Connection/999999/SmartView/ParametersData", smartView("{}", 1)))
      .status,
    404,
  );
});

test("document columns: inferred from the first rows, dotted paths, cached per row scan", async () => {
  const path = (rows: number, table = "orders") =>
    `/api/DataImport/Connection/${documentsId}/Items?folder=columns;${rows}&search=${table}`;
  const few = await owner.get(path(100));
  assert.equal(few.status, 200);
  assert.equal(few.headers.get("x-cache"), "MISS");
  const names = (few.body.Items as { Name: string; Type: string }[]).map((c) => c.Name);
  assert.ok(names.includes("customer.address.city"));
  assert.ok(!names.includes("discount"), "not in the first 100 rows");
  assert.equal(few.body.RowsScanned, 100);
  const types = Object.fromEntries(
    (few.body.Items as { Name: string; Type: string }[]).map((c) => [c.Name, c.Type]),
  );
  assert.equal(types.orderedAt, "date");
  assert.equal(types.paid, "boolean");
  assert.equal(types.items, "array");
  const more = await owner.get(path(250));
  assert.ok((more.body.Items as { Name: string }[]).some((c) => c.Name === "discount"));
  assert.equal((await owner.get(path(100))).headers.get("x-cache"), "HIT");
  assert.equal((await owner.get(path(100, "nothing"))).status, 404);
  assert.equal((await owner.get(path(100, "constructor"))).status, 404);
  assert.equal((await owner.get(path(0))).status, 400);
  assert.equal(
    (await owner.get(`/api/DataImport/Connection/${documentsId}/Items?folder=tables&search=orders`)).status,
    400,
  );
  assert.equal(
    (await owner.get(`/api/DataImport/Connection/${retailId}/Items?folder=columns;5&search=orders`)).body
      .ErrorCode,
    ErrorCode.ConnectorNotSupported,
  );
});

test("account logo: public by UID, menu logo by default, primary with ForcePrimary", async () => {
  const uid = (await owner.get("/api/Common/LoggedInConfig")).body.User.AccountLogoUID;
  const anonymous = new Client(upstream.baseUrl);
  const menu = await anonymous.get(`/ws/account/logo/${uid}`);
  assert.equal(menu.status, 200);
  assert.equal(menu.headers.get("content-type"), "image/png");
  assert.deepEqual([...menu.body.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  const primary = await anonymous.get(`/ws/account/logo/${uid}`, { ForcePrimary: "true" });
  assert.equal(primary.status, 200);
  assert.notDeepEqual(primary.body, menu.body);
  assert.equal(menu.body.readUInt32BE(16), 64, "menu logo is 64 px wide");
  assert.equal(primary.body.readUInt32BE(16), 128, "primary logo is 128 px wide");
  const cached = await anonymous.get(`/ws/account/logo/${uid}`, {
    "If-None-Match": menu.headers.get("etag") ?? "",
  });
  assert.equal(cached.status, 304);
  assert.equal((await anonymous.get("/ws/account/logo/00000000-0000-4000-8000-000000000000")).status, 404);
  assert.equal((await anonymous.get("/ws/account/logo/..%2F..%2Fetc%2Fpasswd")).status, 400);
});

test("avatars: colleagues and support agents by UID; a generated initials SVG when none was uploaded", async () => {
  const analystUid = (await (await signIn(upstream, "analyst")).get("/api/Common/LoggedInConfig")).body.User
    .UserUID;
  const agentUid = (await (await signIn(upstream, "supportAgent")).get("/api/Common/LoggedInConfig")).body
    .User.UserUID;
  const avatar = await owner.get(`/ws/user/avatar/${analystUid}`);
  assert.equal(avatar.status, 200);
  assert.equal(avatar.headers.get("content-type"), "image/svg+xml");
  assert.match(avatar.body.toString(), />AA<\/text>/);
  assert.match(avatar.headers.get("content-security-policy") ?? "", /default-src 'none'/);
  assert.equal((await owner.get(`/ws/user/avatar/${agentUid}`)).status, 200);
  const staffAdminUid = (await (await signIn(upstream, "staffAdmin")).get("/api/Common/LoggedInConfig")).body
    .User.UserUID;
  assert.equal(
    (await owner.get(`/ws/user/avatar/${staffAdminUid}`)).status,
    404,
    "other staff are not visible",
  );
  assert.equal((await new Client(upstream.baseUrl).get(`/ws/user/avatar/${analystUid}`)).status, 401);
});

test("export download: the owner's file by type and UID, as an attachment", async () => {
  const list = (await owner.get("/api/Notifications/")).body as { Code: string; FileUID?: string }[];
  const fileUid = list.find((n) => n.Code === "ExportSucceeded" && n.FileUID)?.FileUID;
  assert.ok(fileUid);
  const file = await owner.get(`/ws/File/Export/${fileUid}`);
  assert.equal(file.status, 200);
  assert.match(file.headers.get("content-disposition") ?? "", /^attachment; filename="Sales overview\.csv"/);
  assert.match(file.body.toString(), /^Region,Revenue\n/);
  assert.equal((await owner.get(`/ws/File/Media/${fileUid}`)).status, 404, "type must match");
  assert.equal((await owner.get(`/ws/File/Invoice/${fileUid}`)).status, 400, "unknown type");
  assert.equal((await owner.get("/ws/File/Export/..%2F..%2Fupstream.sqlite")).status, 400);
  assert.equal(
    (await (await signIn(upstream, "analyst")).get(`/ws/File/Export/${fileUid}`)).status,
    404,
    "another user's export",
  );
});

test("invoice download: a PDF for the account's invoice; BillingAndSubscription needed", async () => {
  const pdf = await owner.get("/api/invoice/INV-2024-0002");
  assert.equal(pdf.status, 200);
  assert.equal(pdf.headers.get("content-type"), "application/pdf");
  assert.match(pdf.body.subarray(0, 8).toString("latin1"), /^%PDF-1\.4/);
  assert.match(pdf.body.toString("latin1"), /\(Number: INV-2024-0002\)/);
  assert.match(pdf.body.toString("latin1"), /%%EOF\n$/);
  assert.equal((await owner.get("/api/Invoice/inv-2024-0002")).status, 200, "numbers are case-insensitive");
  assert.equal((await owner.get("/api/invoice/INV-2024-9999")).status, 404);
  assert.equal((await owner.get("/api/invoice/INV-2024-0101")).status, 404, "Contoso's invoice");
  const analyst = await (await signIn(upstream, "analyst")).get("/api/invoice/INV-2024-0002");
  assert.equal(analyst.status, 403);
  const staff = await (await signIn(upstream, "staffAuditor")).get("/api/invoice/INV-2024-0101");
  assert.equal(staff.status, 200, "staff with Invoices Read see any account's invoice");
});
