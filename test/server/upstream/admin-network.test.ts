/**
 * Configuration and network screens: configuration entries the service reads (SignupAllowed) with
 * sealed secrets, the IP database with manual ranges and whole-list imports, and blocked IPs that the
 * gateway reads with its service token (UPSTREAM_SERVICE_TOKEN).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { gzipSync } from "node:zlib";
import { writeZip } from "../../../server/upstream/admin/zip.ts";
import { type AdminCallers, assertError, filesForm, firstRow, ok, startAdmin } from "./admin-fixture.ts";
import { Client, type Json } from "./upstream-fixture.ts";

const SERVICE_TOKEN = "gateway-service-token-".padEnd(48, "x");
let c: AdminCallers;
before(async () => {
  process.env.UPSTREAM_SERVICE_TOKEN = SERVICE_TOKEN;
  c = await startAdmin();
});
after(async () => {
  delete process.env.UPSTREAM_SERVICE_TOKEN;
  await c.upstream.close();
});

test("configuration: entries the service reads; JSON or text values; secrets sealed, never shown", async () => {
  const signup = {
    AccountName: "Wingtip",
    Domain: "wingtip",
    FullName: "Wanda Wing",
    Email: "wanda@wingtip.example",
    Password: "wingtip-password",
  };
  const setting = ok(await c.admin.get("/api/Admin/Configuration/SignupAllowed"));
  assert.deepEqual([setting.Value, setting.Section], ["true", "security"]);
  assert.equal(
    ok(await c.admin.put("/api/Admin/Configuration/SignupAllowed", { Value: "false" })).ModifiedByName,
    "Ada Admin",
  );
  assertError(await new Client(c.upstream.baseUrl).post("/api/Signup", signup), 403, "SignupNotAllowed");
  ok(await c.admin.put("/api/Admin/Configuration/SignupAllowed", { Value: "true" }));
  ok(await new Client(c.upstream.baseUrl).post("/api/Signup", signup), 201);

  assertError(
    await c.admin.post("/api/Admin/Configuration", { Key: "9bad", Section: "general" }),
    400,
    "InvalidRequest",
  );
  assertError(
    await c.admin.post("/api/Admin/Configuration", { Key: "SignupAllowed", Section: "general" }),
    409,
    "DuplicateRecord",
  );
  const text = ok(
    await c.admin.post("/api/Admin/Configuration", {
      Key: "email.footer",
      Section: "email",
      Value: "Kind regards, Tessera",
      Description: "Mail footer.",
    }),
    201,
  );
  assert.equal(text.Value, "Kind regards, Tessera");
  assert.deepEqual(
    ok(await c.admin.get("/api/Admin/Configuration?Section=email")).items.map((row: Json) => row.Key),
    ["email.footer"],
  );
  assertError(
    await c.admin.put("/api/Admin/Configuration/email.footer", { Key: "other" }),
    400,
    "FieldNotChangeable",
  );
  assertError(
    await c.admin.post("/api/Admin/Configuration", {
      Key: "email.password",
      Section: "email",
      IsSecret: true,
      Value: "p4ss",
    }),
    422,
    "SecretStorageNotConfigured",
  );
  process.env.UPSTREAM_SECRETS_KEY = "k".repeat(40);
  try {
    const secret = ok(
      await c.admin.post("/api/Admin/Configuration", {
        Key: "email.password",
        Section: "email",
        IsSecret: true,
        Value: "p4ss",
      }),
      201,
    );
    assert.deepEqual([secret.IsSecret, secret.Value], [true, null]);
    assert.ok(
      !JSON.stringify(ok(await c.admin.get("/api/Admin/Configuration?Section=email"))).includes("p4ss"),
    );
  } finally {
    delete process.env.UPSTREAM_SECRETS_KEY;
  }
  ok(await c.admin.delete("/api/Admin/Configuration/email.footer"), 204);
  assertError(await c.admin.delete("/api/Admin/Configuration/email.footer"), 404, "NotFound");
});

test("IP database: manual ranges, whole-list imports (CSV, gzip, ZIP), no provider for scheduled updates", async () => {
  const range = { StartIp: "100.64.0.0", EndIp: "100.64.255.255", CountryCode: "BE", City: "Brussels" };
  assertError(
    await c.admin.post("/api/Admin/IpDatabase", { ...range, EndIp: "100.63.0.0" }),
    400,
    "InvalidIpRange",
  );
  assertError(
    await c.admin.post("/api/Admin/IpDatabase", { ...range, EndIp: "2001:db8::1" }),
    400,
    "InvalidIpRange",
  );
  const manual = ok(await c.admin.post("/api/Admin/IpDatabase", range), 201);
  assert.equal(manual.IsManual, true);
  const imported = await firstRow(c.admin, "Admin/IpDatabase", "IsManual=false");
  assertError(await c.admin.put(`/api/Admin/IpDatabase/${imported.RecId}`, { City: "X" }), 409, "Conflict");

  const before = ok(await c.admin.get("/api/Admin/IpDatabase?pageSize=100")).total;
  const upload = (name: string, data: Buffer | string) =>
    c.admin.request(
      "POST",
      "/api/Admin/IpDatabaseUpdates/Upload",
      filesForm([{ name, type: "application/octet-stream", data }]),
    );
  assertError(
    await upload("ranges.csv", "StartIp,EndIp,CountryCode\n10.0.0.0,10.0.0.255,XX1\n"),
    400,
    "InvalidIpDatabaseFile",
  );
  assertError(await upload("ranges.csv", "10.0.0.9,10.0.0.1,DE\n"), 400, "InvalidIpDatabaseFile");
  assertError(await upload("ranges.gz", "not gzip"), 400, "InvalidIpDatabaseFile");
  assert.equal(ok(await c.admin.get("/api/Admin/IpDatabase?pageSize=100")).total, before);
  const csv =
    'StartIp,EndIp,CountryCode,Region,City,Organization\n10.0.0.0,10.0.0.255,DE,Berlin,Berlin,"Netz, GmbH"\n2001:db8::,2001:db8::ffff,FR,,,\n';
  const update = ok(await upload("ranges.csv.gz", gzipSync(csv)), 201);
  assert.deepEqual(
    [update.Status, update.RangeCount, update.Source, update.StartedByName],
    ["Succeeded", 2, "Upload", "Ada Admin"],
  );
  const rows = ok(await c.admin.get("/api/Admin/IpDatabase?pageSize=100&sort=StartIp")).items;
  assert.deepEqual(
    rows.map((row: Json) => row.StartIp),
    ["10.0.0.0", "100.64.0.0", "2001:db8::"],
    "imported ranges replaced, the manual one kept, sorted numerically",
  );
  assert.equal(rows[0].Organization, "Netz, GmbH");
  ok(await upload("ranges.zip", writeZip([{ name: "ranges.csv", data: Buffer.from(csv) }])), 201);
  assertError(await c.admin.post("/api/Admin/IpDatabaseUpdates/Run"), 422, "ExternalSystemNotConfigured");
  ok(await c.admin.delete(`/api/Admin/IpDatabase/${manual.RecId}`), 204);
});

test("blocked IPs: canonical blocks with their country; the gateway reads them with the service token", async () => {
  assertError(
    await c.admin.post("/api/Admin/BlockedIps", { IpAddress: "10.0.0.5/24", Reason: "Manual" }),
    400,
    "InvalidIpRange",
  );
  assertError(
    await c.admin.post("/api/Admin/BlockedIps", { IpAddress: "10.0.0.300", Reason: "Manual" }),
    400,
    "InvalidRequest",
  );
  assertError(
    await c.admin.post("/api/Admin/BlockedIps", { IpAddress: "203.0.113.45", Reason: "Manual" }),
    409,
    "DuplicateRecord",
  );
  assertError(
    await c.admin.post("/api/Admin/BlockedIps", {
      IpAddress: "10.9.9.9",
      Reason: "Manual",
      BlockedUntil: "2024-01-01T00:00:00Z",
    }),
    400,
    "InvalidRequest",
  );
  const blocked = ok(
    await c.admin.post("/api/Admin/BlockedIps", {
      IpAddress: "2001:0DB8:0:0:0:0:0:0/32",
      Reason: "Abuse",
      Note: "Botnet",
    }),
    201,
  );
  assert.deepEqual(
    [blocked.IpAddress, blocked.CountryCode, blocked.BlockedByName, blocked.CurrentlyBlocked],
    ["2001:db8::/32", "FR", "Ada Admin", true],
  );
  assertError(
    await c.admin.put(`/api/Admin/BlockedIps/${blocked.RecId}`, { IpAddress: "10.0.0.1" }),
    400,
    "FieldNotChangeable",
  );
  const until = ok(
    await c.admin.put(`/api/Admin/BlockedIps/${blocked.RecId}`, { BlockedUntil: "2025-01-16T00:00:00Z" }),
  );
  assert.equal(until.BlockedUntil, "2025-01-16T00:00:00.000Z");

  const service = await new Client(c.upstream.baseUrl).get("/api/Admin/BlockedIps/Active", {
    authorization: `Bearer ${SERVICE_TOKEN}`,
  });
  assert.equal(service.status, 200);
  assert.ok(
    service.body.Items.some(
      (item: Json) => item.IpAddress === "2001:db8::/32" && item.BlockedUntil === "2025-01-16T00:00:00.000Z",
    ),
  );
  assertError(
    await new Client(c.upstream.baseUrl).get("/api/Admin/BlockedIps/Active", {
      authorization: `Bearer ${SERVICE_TOKEN}y`,
    }),
    401,
    "SessionExpired",
  );
  assertError(
    await new Client(c.upstream.baseUrl, SERVICE_TOKEN).get("/api/Admin/BlockedIps"),
    401,
    "SessionExpired",
    "the token opens only the gateway's list",
  );

  const current = ok(await c.admin.get("/api/Admin/BlockedIps?CurrentlyBlocked=false")).items;
  assert.deepEqual(
    current.map((row: Json) => row.IpAddress),
    ["192.0.2.10"],
  );
  assert.match((await c.admin.get("/api/Admin/BlockedIps/Export")).body.toString("utf8"), /2001:db8::\/32/);
  assert.equal(
    ok(await c.admin.post("/api/Admin/BlockedIps/Delete", { ids: [blocked.RecId, current[0].RecId] }))
      .deleted,
    2,
  );
});
