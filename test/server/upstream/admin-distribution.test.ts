/**
 * Distribution and object screens: packages uploaded into folders, downloaded and installed into
 * accounts, deployments recorded Pending (no deployment transport), environments that cannot be
 * tested without one, the object viewer's JSON and restore, and account synchronisation.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { writeZip } from "../../../server/upstream/admin/zip.ts";
import { type AdminCallers, assertError, filesForm, firstRow, ok, startAdmin } from "./admin-fixture.ts";
import type { Json } from "./upstream-fixture.ts";

let c: AdminCallers;
before(async () => {
  c = await startAdmin();
});
after(async () => c.upstream.close());

test("packages: folders, upload, download, install into accounts, deploy (pending: no transport)", async () => {
  const pkg = (manifest: unknown) =>
    writeZip([{ name: "package.json", data: Buffer.from(JSON.stringify(manifest)) }]);
  const folder = ok(await c.admin.post("/api/Admin/PackageManager/Folders", { Name: "Finance" }), 201);
  assertError(
    await c.admin.post("/api/Admin/PackageManager/Folders?FolderRecId=999999", { Name: "X" }),
    400,
    "InvalidReference",
  );
  assertError(
    await c.admin.post("/api/Admin/PackageManager/Folders", { Name: "Finance" }),
    409,
    "DuplicateRecord",
  );
  const upload = (data: Buffer, name = "pkg.zip") =>
    c.admin.request(
      "POST",
      `/api/Admin/PackageManager/Upload?FolderRecId=${folder.RecId}&search=`,
      filesForm([{ name, type: "application/zip", data }]),
    );
  assertError(await upload(Buffer.from("not a zip")), 400, "InvalidPackage");
  assertError(await upload(pkg({ Name: "P", Version: "one", Objects: [] })), 400, "InvalidPackage");
  assertError(
    await upload(pkg({ Name: "P", Version: "1.0.0", Objects: [{ Type: "User", Name: "x" }] })),
    400,
    "InvalidPackage",
  );
  assertError(
    await upload(pkg({ Name: "P", Version: "1.0.0", Objects: [] }), "pkg.tar"),
    400,
    "UnsupportedFileType",
  );
  const objects = [
    { Type: "Dashboard", Name: "Cash flow", Properties: { Layout: "grid" } },
    { Type: "Report", Name: "Ledger" },
  ];
  const item = ok(await upload(pkg({ Name: "Finance pack", Version: "1.2.0", Objects: objects })), 201);
  assert.deepEqual([item.ItemType, item.ObjectCount, item.FolderRecId], ["Package", 2, folder.RecId]);
  assert.deepEqual(
    ok(await c.admin.get(`/api/Admin/PackageManager?FolderRecId=${folder.RecId}`)).items.map(
      (row: Json) => row.Name,
    ),
    ["Finance pack"],
  );
  const download = await c.auditor.get(`/api/Admin/PackageManager/${item.RecId}/File`);
  assert.deepEqual([download.status, download.headers.get("content-type")], [200, "application/zip"]);
  assertError(await c.admin.delete(`/api/Admin/PackageManager/${folder.RecId}`), 409, "RecordInUse");

  assertError(
    await c.admin.post(`/api/Admin/PackageManager/${item.RecId}/Install`, { AccountRecIds: [1] }),
    400,
    "InvalidReference",
  );
  const first = ok(
    await c.admin.post(`/api/Admin/PackageManager/${item.RecId}/Install`, { AccountRecIds: [3] }),
  );
  assert.deepEqual(first.Results, [{ AccountRecId: 3, Added: 2, Updated: 0, Skipped: 0 }]);
  const again = ok(
    await c.admin.post(`/api/Admin/PackageManager/${item.RecId}/Install`, {
      AccountRecIds: [3],
      Overwrite: true,
    }),
  );
  assert.deepEqual(again.Results, [{ AccountRecId: 3, Added: 0, Updated: 0, Skipped: 2 }]);
  const installed = ok(await c.admin.get("/api/Admin/ObjectViewer?AccountRecId=3&search=Cash%20flow"));
  assert.equal(installed.items[0].ObjectType, "Dashboard");

  const staging = await firstRow(c.admin, "Admin/DistributionEnvironments", "search=Staging");
  const inactive = await firstRow(c.admin, "Admin/DistributionEnvironments", "IsActive=false");
  assertError(
    await c.admin.post("/api/Admin/ObjectDeployments", {
      PackageRecId: folder.RecId,
      EnvironmentRecId: staging.RecId,
    }),
    400,
    "InvalidReference",
  );
  assertError(
    await c.admin.post("/api/Admin/ObjectDeployments", {
      PackageRecId: item.RecId,
      EnvironmentRecId: inactive.RecId,
    }),
    400,
    "InvalidReference",
  );
  const deployment = ok(
    await c.admin.post("/api/Admin/ObjectDeployments", {
      PackageRecId: item.RecId,
      EnvironmentRecId: staging.RecId,
      Notes: "Q1",
    }),
    201,
  );
  assert.deepEqual(
    [deployment.Status, deployment.PackageVersion, deployment.ObjectCount],
    ["Pending", "1.2.0", 2],
  );
  assert.match(
    ok(await c.auditor.get(`/api/Admin/ObjectDeployments/${deployment.RecId}/Log`))[0].Message,
    /No deployment transport/,
  );
  assertError(
    await c.admin.put(`/api/Admin/ObjectDeployments/${deployment.RecId}`, {
      EnvironmentRecId: inactive.RecId,
    }),
    400,
    "FieldNotChangeable",
  );
  assert.equal(
    ok(await c.admin.put(`/api/Admin/ObjectDeployments/${deployment.RecId}`, { Notes: "Q1 release" })).Notes,
    "Q1 release",
  );
  const failed = await firstRow(c.admin, "Admin/ObjectDeployments", "Status=Failed");
  assertError(
    await c.admin.put(`/api/Admin/ObjectDeployments/${failed.RecId}`, { Notes: "x" }),
    409,
    "Conflict",
  );
  assert.equal(
    ok(await c.admin.post(`/api/Admin/ObjectDeployments/${failed.RecId}/Retry`)).Status,
    "Pending",
  );
  const done = await firstRow(c.admin, "Admin/ObjectDeployments", "Status=Succeeded");
  assertError(
    await c.admin.post(`/api/Admin/ObjectDeployments/${done.RecId}/Rollback`),
    422,
    "ExternalSystemNotConfigured",
  );
  assertError(
    await c.admin.post(`/api/Admin/ObjectDeployments/${deployment.RecId}/Rollback`),
    409,
    "Conflict",
  );
  assertError(
    await c.auditor.post(`/api/Admin/DistributionEnvironments/${staging.RecId}/Test`),
    422,
    "ExternalSystemNotConfigured",
  );
  assertError(
    await c.admin.post("/api/Admin/DistributionEnvironments", {
      Name: "Dev",
      Type: "Development",
      Url: "https://dev.example",
      ApiKey: "k",
    }),
    422,
    "SecretStorageNotConfigured",
  );
  assertError(
    await c.admin.delete(`/api/Admin/DistributionEnvironments/${staging.RecId}`),
    409,
    "RecordInUse",
  );
  ok(await c.admin.delete(`/api/Admin/DistributionEnvironments/${inactive.RecId}`), 204);
});

test("object viewer and account synchroniser: JSON, restore, copy definitions between accounts", async () => {
  const deleted = await firstRow(c.admin, "Admin/ObjectViewer", "IsDeleted=true&search=Old%20pipeline");
  const json = await c.auditor.get(`/api/Admin/ObjectViewer/${deleted.ObjectId}/Json`);
  assert.match(String(json.headers.get("content-disposition")), /attachment; filename="Dashboard-\d+\.json"/);
  assert.deepEqual(
    [json.body.Name, json.body.Deleted, typeof json.body.Properties],
    ["Old pipeline", true, "object"],
  );
  assert.equal(
    ok(await c.admin.post(`/api/Admin/ObjectViewer/${deleted.ObjectId}/Restore`)).IsDeleted,
    false,
  );
  assertError(await c.admin.post(`/api/Admin/ObjectViewer/${deleted.ObjectId}/Restore`), 409, "Conflict");
  assertError(await c.admin.get("/api/Admin/ObjectViewer/not%2Fa-key"), 400, "InvalidRequest");

  const sync = await firstRow(c.admin, "Admin/AccountSynchronizer");
  assertError(
    await c.admin.put(`/api/Admin/AccountSynchronizer/${sync.RecId}`, {
      TargetAccountRecId: sync.SourceAccountRecId,
    }),
    400,
    "InvalidRequest",
  );
  assertError(
    await c.admin.put(`/api/Admin/AccountSynchronizer/${sync.RecId}`, { ObjectTypes: ["Role"] }),
    400,
    "InvalidRequest",
  );
  const dashboards = async (account: number) =>
    ok(
      await c.admin.get(
        `/api/Admin/ObjectViewer?AccountRecId=${account}&ObjectType=Dashboard&IsDeleted=false&pageSize=200`,
      ),
    )
      .items.map((row: Json) => row.Name)
      .sort();
  const source = await dashboards(sync.SourceAccountRecId);
  const ran = ok(await c.admin.post(`/api/Admin/AccountSynchronizer/${sync.RecId}/Run`));
  assert.deepEqual([ran.LastSyncStatus, ran.LastSyncAt], ["Succeeded", "2025-01-15T09:00:00.000Z"]);
  const target = await dashboards(sync.TargetAccountRecId);
  for (const name of source) assert.ok(target.includes(name), `${name} copied`);
  assert.match(
    ok(await c.admin.post(`/api/Admin/AccountSynchronizer/${sync.RecId}/Run`)).LastSyncMessage,
    /^0 added/,
  );
  ok(await c.admin.put(`/api/Admin/AccountSynchronizer/${sync.RecId}`, { IncludeData: true }));
  assertError(
    await c.admin.post(`/api/Admin/AccountSynchronizer/${sync.RecId}/Run`),
    422,
    "ExternalSystemNotConfigured",
  );
  ok(
    await c.admin.put(`/api/Admin/AccountSynchronizer/${sync.RecId}`, {
      IncludeData: false,
      IsEnabled: false,
    }),
  );
  assertError(await c.admin.post(`/api/Admin/AccountSynchronizer/${sync.RecId}/Run`), 409, "Conflict");
  const bySource = ok(
    await c.admin.get(`/api/Admin/AccountSynchronizer?AccountRecId=${sync.SourceAccountRecId}`),
  );
  assert.equal(bySource.total, 1);
  ok(await c.admin.delete(`/api/Admin/AccountSynchronizer/${sync.RecId}`), 204);
});
