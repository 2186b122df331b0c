/**
 * GET Invoices (/subscription, §2.2 Account): the caller's own account's invoices, newest first, a
 * page at a time, with BillingAndSubscription at r; each downloads at invoice/{InvoiceNumber} (§7).
 * Another account's invoices never show, and their numbers download like missing ones.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { assertError, ok } from "./admin-fixture.ts";
import { assertIndistinguishable } from "./content-fixture.ts";
import { Client, type Json, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
before(async () => {
  upstream = await startUpstream();
  owner = await signIn(upstream, "owner");
});
after(async () => upstream.close());

const numbers = (page: Json) => (page.items as Json[]).map((invoice) => invoice.InvoiceNumber);

test("Invoices: 401 without a session, 403 without BillingAndSubscription, then newest first", async () => {
  assertError(await new Client(upstream.baseUrl).get("/api/Invoices"), 401, "AuthenticationRequired");
  assertError(await (await signIn(upstream, "viewer")).get("/api/Invoices"), 403, "PermissionDenied");
  const page = ok(await owner.get("/api/Invoices"));
  assert.equal(page.total, 3);
  assert.deepEqual(numbers(page), ["INV-2024-0003", "INV-2024-0002", "INV-2024-0001"]);
  const dates = (page.items as Json[]).map((invoice) => Date.parse(invoice.IssuedAt));
  assert.deepEqual(
    dates,
    [...dates].sort((a, b) => b - a),
  );
  const [newest] = page.items;
  assert.deepEqual(Object.keys(newest).sort(), [
    "Currency",
    "DownloadPath",
    "DueAt",
    "InvoiceNumber",
    "IssuedAt",
    "RecId",
    "Status",
    "Total",
  ]);
  assert.equal(newest.DownloadPath, "invoice/INV-2024-0003");
  assert.ok(typeof newest.Total === "number" && newest.Total > 0);
  const pdf = await owner.get(`/api/${newest.DownloadPath}`);
  assert.equal(pdf.status, 200);
  assert.equal(pdf.headers.get("content-type"), "application/pdf");
});

test("Invoices: paging; bad paging or unknown parameters answer 400", async () => {
  assert.deepEqual(numbers(ok(await owner.get("/api/Invoices?pageSize=2"))), [
    "INV-2024-0003",
    "INV-2024-0002",
  ]);
  const second = ok(await owner.get("/api/Invoices?pageSize=2&page=2"));
  assert.deepEqual(numbers(second), ["INV-2024-0001"]);
  assert.equal(second.total, 3);
  assert.deepEqual(ok(await owner.get("/api/Invoices?page=9")).items, []);
  for (const query of ["pageSize=0", "pageSize=201", "page=0", "page=x", "sort=IssuedAt", "account=2"]) {
    assertError(await owner.get(`/api/Invoices?${query}`), 400, "InvalidRequest", query);
  }
});

test("Invoices across accounts: only one's own, and a foreign number downloads like a missing one", async () => {
  const contoso = await signIn(upstream, "contoso");
  assert.deepEqual(numbers(ok(await contoso.get("/api/Invoices"))), ["INV-2024-0101"]);
  const starter = await signIn(upstream, "starter");
  assert.deepEqual(ok(await starter.get("/api/Invoices")), { items: [], total: 0 });
  assertIndistinguishable(
    await starter.get("/api/invoice/INV-2024-0003"),
    await starter.get("/api/invoice/INV-2099-9999"),
    "invoice download",
  );
});
