/**
 * Catalogue screens: help articles and functions (unique codes and names, publishing time, JSON
 * parameters), login announcements that really feed Common/LoginAnnouncement, and system media
 * uploaded several at once and served publicly with a sandboxing policy.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type AdminCallers, assertError, filesForm, firstRow, ok, startAdmin } from "./admin-fixture.ts";
import { Client, type Json } from "./upstream-fixture.ts";

let c: AdminCallers;
before(async () => {
  c = await startAdmin();
});
after(async () => c.upstream.close());

test("help center and query functions: unique codes and names, publishing time, JSON parameters", async () => {
  const article = {
    Title: "Export to Excel",
    Code: "export-excel",
    Type: "Faq",
    LanguageCode: "en",
    Body: "Choose Export, then Excel.",
  };
  assertError(
    await c.admin.post("/api/Admin/HelpCenter", { ...article, Code: "Export Excel" }),
    400,
    "InvalidRequest",
  );
  assertError(
    await c.admin.post("/api/Admin/HelpCenter", { ...article, VideoUrl: "http://insecure.example/v" }),
    400,
    "InvalidRequest",
  );
  assertError(
    await c.admin.post("/api/Admin/HelpCenter", { ...article, Code: "share-dashboard" }),
    409,
    "DuplicateRecord",
  );
  const created = ok(
    await c.admin.post("/api/Admin/HelpCenter", { ...article, Body: "x".repeat(100_000) }),
    201,
  );
  assert.equal(created.PublishedAt, null);
  assert.equal(
    ok(await c.admin.put(`/api/Admin/HelpCenter/${created.RecId}`, { IsPublished: true })).PublishedAt,
    "2025-01-15T09:00:00.000Z",
  );
  ok(
    await c.admin.post("/api/Admin/HelpCenter", {
      ...article,
      LanguageCode: "de",
      Title: "Nach Excel exportieren",
    }),
    201,
  );
  assert.equal(ok(await c.admin.get("/api/Admin/HelpCenter?search=export-excel")).total, 2);

  const fn = {
    Name: "MEDIAN",
    Category: "Aggregate",
    ReturnType: "Number",
    Syntax: "MEDIAN(expression)",
    Description: "Middle value.",
  };
  assertError(
    await c.admin.post("/api/Admin/QueryFunctionCatalogue", { ...fn, Parameters: "[{" }),
    400,
    "InvalidRequest",
  );
  assertError(
    await c.admin.post("/api/Admin/QueryFunctionCatalogue", { ...fn, Name: "sum" }),
    409,
    "NameTaken",
  );
  const median = ok(
    await c.admin.post("/api/Admin/QueryFunctionCatalogue", {
      ...fn,
      Parameters: '[{"Name":"expression","Type":"Number"}]',
    }),
    201,
  );
  assertError(
    await c.admin.put(`/api/Admin/QueryFunctionCatalogue/${median.RecId}`, { Name: "MEDIAN2" }),
    400,
    "FieldNotChangeable",
  );
  assert.equal(
    ok(
      await c.admin.put(`/api/Admin/QueryFunctionCatalogue/${median.RecId}`, {
        Name: "MEDIAN",
        IsEnabled: false,
      }),
    ).IsEnabled,
    false,
  );
});

test("login announcements feed Common/LoginAnnouncement: active, in their dates, for everyone", async () => {
  const current = ok(await c.member.get("/api/Common/LoginAnnouncement"));
  const seeded = await firstRow(c.admin, "Admin/LoginAnnouncements", "search=document-database");
  assert.equal((current.Title ?? current.title ?? current.RecId) ? seeded.Title : seeded.Title, seeded.Title);
  assertError(
    await c.admin.post("/api/Admin/LoginAnnouncements", {
      Title: "T",
      Severity: "Info",
      Body: "B",
      FromDate: "2025-01-20T00:00:00Z",
      ToDate: "2025-01-10T00:00:00Z",
    }),
    400,
    "InvalidRequest",
  );
  ok(await c.admin.put(`/api/Admin/LoginAnnouncements/${seeded.RecId}`, { IsActive: false }));
  const none = await c.member.get("/api/Common/LoginAnnouncement");
  assert.ok(
    none.status === 204 || none.body === null || JSON.stringify(none.body).indexOf(seeded.Title) < 0,
    "an inactive announcement is not shown",
  );
  const everyone = ok(
    await c.admin.post("/api/Admin/LoginAnnouncements", {
      Title: "New admin screens",
      Severity: "Info",
      Body: "Have a look.",
      FromDate: "2025-01-01T00:00:00Z",
      ToDate: "2025-02-01T00:00:00Z",
    }),
    201,
  );
  assert.match(JSON.stringify(ok(await c.member.get("/api/Common/LoginAnnouncement"))), /New admin screens/);
  ok(await c.admin.put(`/api/Admin/LoginAnnouncements/${everyone.RecId}`, { TargetAccountRecId: 4 }));
  assert.doesNotMatch(
    JSON.stringify((await c.member.get("/api/Common/LoginAnnouncement")).body ?? ""),
    /New admin screens/,
  );
  assert.equal(
    ok(await c.admin.post("/api/Admin/LoginAnnouncements/Delete", { ids: [everyone.RecId, seeded.RecId] }))
      .deleted,
    2,
  );
});

test("system media: several files at once, typed by extension, public with a sandboxing policy", async () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  const uploaded = ok(
    await c.admin.request(
      "POST",
      "/api/Admin/SystemMedia/Upload",
      filesForm([
        { name: "login-bg.svg", type: "image/svg+xml", data: svg },
        { name: "terms.pdf", type: "application/pdf", data: "%PDF-1.4 sample" },
      ]),
    ),
    201,
  );
  assert.deepEqual(
    uploaded.items.map((row: Json) => [row.FileName, row.Category, row.ContentType]),
    [
      ["login-bg.svg", "Other", "image/svg+xml"],
      ["terms.pdf", "Document", "application/pdf"],
    ],
  );
  const count = ok(await c.admin.get("/api/Admin/SystemMedia")).total;
  assertError(
    await c.admin.request(
      "POST",
      "/api/Admin/SystemMedia/Upload",
      filesForm([{ name: "run.exe", type: "application/octet-stream", data: "MZ" }]),
    ),
    400,
    "UnsupportedFileType",
  );
  assertError(
    await c.admin.request(
      "POST",
      "/api/Admin/SystemMedia/Upload",
      filesForm([{ name: "../evil.png", type: "image/png", data: "x" }]),
    ),
    400,
    "InvalidFileName",
  );
  assertError(
    await c.admin.request(
      "POST",
      "/api/Admin/SystemMedia/Upload",
      filesForm([{ name: "big.png", type: "image/png", data: Buffer.alloc(10 * 1024 * 1024 + 1) }]),
    ),
    413,
    "BodyTooLarge",
  );
  assertError(
    await c.admin.post("/api/Admin/SystemMedia/Upload", { file: "x" }),
    415,
    "UnsupportedMediaType",
  );
  assert.equal(ok(await c.admin.get("/api/Admin/SystemMedia")).total, count);

  const [image] = uploaded.items;
  const file = await c.auditor.get(`/api/Admin/SystemMedia/${image.RecId}/File`);
  assert.deepEqual([file.status, file.body.toString()], [200, svg]);
  const open = await new Client(c.upstream.baseUrl).get(`/ws/SystemMedia/${image.FileUID}`);
  assert.equal(open.status, 200);
  assert.match(String(open.headers.get("content-security-policy")), /sandbox/);
  assert.equal(open.headers.get("x-content-type-options"), "nosniff");
  assert.equal(image.PublicUrl, `{webservices}/SystemMedia/${image.FileUID}`);
  assert.equal(
    ok(
      await c.admin.put(`/api/Admin/SystemMedia/${image.RecId}`, {
        FileName: "login-background.svg",
        Category: "LoginBackground",
      }),
    ).Category,
    "LoginBackground",
  );
  assertError(
    await c.admin.put(`/api/Admin/SystemMedia/${image.RecId}`, { FileName: "a/b.svg" }),
    400,
    "InvalidRequest",
  );
  ok(
    await c.admin.post("/api/Admin/SystemMedia/Delete", {
      ids: uploaded.items.map((row: Json) => row.RecId),
    }),
  );
  assert.equal((await new Client(c.upstream.baseUrl).get(`/ws/SystemMedia/${image.FileUID}`)).status, 404);
});
