/**
 * /admin/subscriptiontemplates and /admin/creditnotes: one default template, duplicating, deleting
 * only unused templates; credit notes against real invoices (same account, same currency, never
 * more than the invoice), issued with a yearly number, then refunded or voided, as PDF. The billing
 * clerk (billing modules only) works here and nowhere else.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type AdminCallers, assertError, ok, startAdmin } from "./admin-fixture.ts";
import type { Json } from "./upstream-fixture.ts";

let c: AdminCallers;
before(async () => {
  c = await startAdmin();
});
after(async () => c.upstream.close());

const template = (name: string, extra: Json = {}) => ({
  Name: name,
  SubscriptionType: "Team",
  Currency: "EUR",
  MonthlyPrice: 99,
  YearlyPrice: 990,
  MaxUsers: 10,
  MaxStorageGb: 50,
  IncludedFeatures: ["Dashboard", "Report"],
  OptionalFeatures: ["Insight"],
  ...extra,
});

test("subscription templates: create, one default, duplicate, delete only when unused", async () => {
  const before = ok(await c.clerk.get("/api/Admin/SubscriptionTemplates")).total;
  assertError(
    await c.clerk.post(
      "/api/Admin/SubscriptionTemplates",
      template("Overlap", { OptionalFeatures: ["Dashboard"] }),
    ),
    400,
    "InvalidFeatureSelection",
  );
  assertError(
    await c.clerk.post(
      "/api/Admin/SubscriptionTemplates",
      template("Bad", { IncludedFeatures: ["Teleport"] }),
    ),
    400,
    "InvalidRequest",
  );
  assertError(
    await c.clerk.post("/api/Admin/SubscriptionTemplates", template("Bad", { MonthlyPrice: -1 })),
    400,
    "InvalidRequest",
  );
  assertError(await c.clerk.post("/api/Admin/SubscriptionTemplates", template("Business")), 409, "NameTaken");
  assert.equal(ok(await c.clerk.get("/api/Admin/SubscriptionTemplates")).total, before);

  const team = ok(
    await c.clerk.post("/api/Admin/SubscriptionTemplates", template("Team", { IsDefault: true })),
    201,
  );
  assert.deepEqual([team.MonthlyPrice, team.AccountCount, team.IsDefault], [99, 0, true]);
  const defaults = ok(await c.clerk.get("/api/Admin/SubscriptionTemplates?pageSize=50")).items.filter(
    (row: Json) => row.IsDefault,
  );
  assert.deepEqual(
    defaults.map((row: Json) => row.Name),
    ["Team"],
  );

  const copy = ok(await c.clerk.post(`/api/Admin/SubscriptionTemplates/${team.RecId}/Duplicate`), 201);
  assert.deepEqual(
    [copy.Name, copy.IsDefault, copy.IncludedFeatures],
    ["Team (copy)", false, ["Dashboard", "Report"]],
  );
  assert.equal(
    ok(await c.clerk.post(`/api/Admin/SubscriptionTemplates/${team.RecId}/Duplicate`), 201).Name,
    "Team (copy 2)",
  );
  assert.equal(
    ok(await c.clerk.put(`/api/Admin/SubscriptionTemplates/${copy.RecId}`, { MonthlyPrice: 89.5 }))
      .MonthlyPrice,
    89.5,
  );

  const business = ok(await c.clerk.get("/api/Admin/SubscriptionTemplates?search=Business")).items[0];
  assert.ok(business.AccountCount > 0);
  assertError(await c.clerk.delete(`/api/Admin/SubscriptionTemplates/${business.RecId}`), 409, "RecordInUse");
  ok(await c.clerk.delete(`/api/Admin/SubscriptionTemplates/${copy.RecId}`), 204);
  assertError(await c.clerk.get("/api/Admin/Support"), 403, "AdminPermissionDenied");
});

test("credit notes: against a real invoice of the account, issued with a number, then refunded or voided", async () => {
  const note = (extra: Json) => ({
    AccountRecId: 2,
    InvoiceNumber: "INV-2024-0001",
    Amount: 10,
    Currency: "EUR",
    Reason: "Late delivery",
    ...extra,
  });
  const before = ok(await c.clerk.get("/api/Admin/CreditNotes")).total;
  assertError(
    await c.clerk.post("/api/Admin/CreditNotes", note({ InvoiceNumber: "INV-2024-0101" })),
    400,
    "InvalidReference",
    "another account's invoice",
  );
  assertError(
    await c.clerk.post("/api/Admin/CreditNotes", note({ InvoiceNumber: "INV-9999" })),
    400,
    "InvalidReference",
  );
  assertError(await c.clerk.post("/api/Admin/CreditNotes", note({ Currency: "USD" })), 400, "InvalidRequest");
  assertError(await c.clerk.post("/api/Admin/CreditNotes", note({ Amount: 0 })), 400, "InvalidRequest");
  assertError(
    await c.clerk.post("/api/Admin/CreditNotes", note({ Amount: 100_000 })),
    409,
    "CreditExceedsInvoice",
  );
  assert.equal(ok(await c.clerk.get("/api/Admin/CreditNotes")).total, before);

  const draft = ok(await c.clerk.post("/api/Admin/CreditNotes", note({})), 201);
  assert.deepEqual(
    [draft.Status, draft.Number, draft.CreatedByName, draft.AccountName],
    ["Draft", null, "Bill Ledger", "Northwind Analytics"],
  );
  assertError(await c.clerk.get(`/api/Admin/CreditNotes/${draft.RecId}/Pdf`), 409, "Conflict");
  assertError(
    await c.clerk.put(`/api/Admin/CreditNotes/${draft.RecId}`, { InvoiceNumber: "INV-2024-0002" }),
    400,
    "FieldNotChangeable",
  );
  assert.equal(ok(await c.clerk.put(`/api/Admin/CreditNotes/${draft.RecId}`, { Amount: 12.5 })).Amount, 12.5);
  assertError(await c.clerk.post(`/api/Admin/CreditNotes/${draft.RecId}/MarkRefunded`), 409, "Conflict");

  const issued = ok(await c.clerk.post(`/api/Admin/CreditNotes/${draft.RecId}/Issue`));
  assert.match(issued.Number, /^CN-2025-\d{4}$/);
  assert.equal(issued.IssuedAt, "2025-01-15T09:00:00.000Z");
  assertError(await c.clerk.put(`/api/Admin/CreditNotes/${draft.RecId}`, { Amount: 1 }), 409, "Conflict");
  assertError(await c.clerk.delete(`/api/Admin/CreditNotes/${draft.RecId}`), 409, "Conflict");
  const pdf = await c.auditor.get(`/api/Admin/CreditNotes/${draft.RecId}/Pdf`);
  assert.equal(pdf.status, 200);
  assert.equal(pdf.headers.get("content-type"), "application/pdf");
  assert.ok(
    pdf.body.toString("latin1").startsWith("%PDF-") && pdf.body.toString("latin1").includes(issued.Number),
  );
  assert.equal(ok(await c.clerk.post(`/api/Admin/CreditNotes/${draft.RecId}/Void`)).Status, "Void");
  assertError(await c.clerk.post(`/api/Admin/CreditNotes/${draft.RecId}/Void`), 409, "Conflict");

  const drafts = ok(await c.clerk.get("/api/Admin/CreditNotes?Status=Draft")).items;
  assert.ok(drafts.length >= 1 && drafts.every((row: Json) => row.Status === "Draft"));
  ok(await c.clerk.delete(`/api/Admin/CreditNotes/${drafts[0].RecId}`), 204);
  const csv = await c.clerk.get("/api/Admin/CreditNotes/Export?IssuedFrom=2025-01-01");
  assert.match(csv.body.toString("utf8"), new RegExp(issued.Number));
});
