/**
 * /admin/users, /admin/internalusers and /admin/prospects: disabling and locking end sessions and
 * refuse sign-in, unlock, 2FA reset and password reset mail; staff permissions take effect at once
 * and staff cannot lock themselves out; a prospect converts into an account with its contact
 * invited. Bad input answers 4xx with a code and changes nothing.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  type AdminCallers,
  assertError,
  find,
  login,
  mailToken,
  ok,
  startAdmin,
  total,
} from "./admin-fixture.ts";
import { Client, type Json } from "./upstream-fixture.ts";

let c: AdminCallers;
before(async () => {
  c = await startAdmin();
});
after(async () => c.upstream.close());

test("users: disable and lock end sessions, unlock, reset 2FA, password reset mail, delete", async () => {
  const analyst = await find(c.admin, "Admin/Users", "analyst@northwind.example");
  const session = new Client(
    c.upstream.baseUrl,
    ok(await login(c.upstream, "northwind", "analyst@northwind.example", "tessera-demo")).Token,
  );
  assertError(await c.admin.put(`/api/Admin/Users/${analyst.RecId}`, { Status: "Invited" }), 409, "Conflict");
  assertError(
    await c.admin.put(`/api/Admin/Users/${analyst.RecId}`, { AccountRecId: 4 }),
    400,
    "FieldNotChangeable",
  );
  assertError(
    await c.admin.put(`/api/Admin/Users/${analyst.RecId}`, { Email: "not-an-email" }),
    400,
    "InvalidRequest",
  );
  assertError(
    await c.admin.put(`/api/Admin/Users/${analyst.RecId}`, { Email: "owner@northwind.example" }),
    409,
    "EmailTaken",
  );
  assert.equal(ok(await c.admin.get(`/api/Admin/Users/${analyst.RecId}`)).Email, "analyst@northwind.example");

  assertError(await c.admin.post(`/api/Admin/Users/${analyst.RecId}/Unlock`), 409, "Conflict");
  assert.equal(
    ok(await c.admin.put(`/api/Admin/Users/${analyst.RecId}`, { Status: "Locked" })).Status,
    "Locked",
  );
  assertError(await session.get("/api/Common/LoggedInConfig"), 401, "SessionExpired");
  assertError(
    await login(c.upstream, "northwind", "analyst@northwind.example", "tessera-demo"),
    403,
    "AccountDisabled",
  );
  assert.equal(ok(await c.admin.post(`/api/Admin/Users/${analyst.RecId}/Unlock`)).Status, "Active");
  ok(await login(c.upstream, "northwind", "analyst@northwind.example", "tessera-demo"));
  assert.ok(ok(await c.admin.get(`/api/Admin/Users/${analyst.RecId}`)).LastLoginAt);

  const secure = await find(c.admin, "Admin/Users", "secure@northwind.example");
  assert.equal(secure.TwoFactorEnabled, true);
  assert.equal(ok(await c.admin.post(`/api/Admin/Users/${secure.RecId}/Reset2FA`)).TwoFactorEnabled, false);
  assertError(await c.admin.post(`/api/Admin/Users/${secure.RecId}/Reset2FA`), 409, "TwoFactorNotEnabled");

  ok(await c.admin.post(`/api/Admin/Users/${secure.RecId}/SendPasswordReset`));
  const mails = ok(await c.admin.get("/api/Admin/EmailOutbound?to=secure@northwind.example")).items;
  assert.equal(mails[0].Template, "PasswordReset");
  assert.equal(mails[0].Status, "Queued");

  const viewer = await find(c.admin, "Admin/Users", "viewer@northwind.example");
  assert.equal(
    ok(await c.admin.put(`/api/Admin/Users/${viewer.RecId}`, { Status: "Disabled", FullName: "  Vera V.  " }))
      .FullName,
    "Vera V.",
  );
  ok(await c.admin.delete(`/api/Admin/Users/${viewer.RecId}`), 204);
  assertError(await c.admin.delete(`/api/Admin/Users/${viewer.RecId}`), 404, "NotFound");
  assertError(
    await c.admin.get("/api/Admin/Users/1"),
    404,
    "NotFound",
    "staff are internal users, not members",
  );
});

test("internal users: permissions apply at once; staff cannot lock themselves out", async () => {
  const auditor = await find(c.admin, "Admin/InternalUsers", "auditor@tessera.example");
  const prospect = {
    CompanyName: "Tailspin",
    ContactName: "Tia",
    Email: "tia@tailspin.example",
    Source: "Event",
    Status: "New",
  };
  assertError(await c.auditor.post("/api/Admin/Prospects", prospect), 403, "AdminPermissionDenied");
  const changed = ok(
    await c.admin.put(`/api/Admin/InternalUsers/${auditor.RecId}`, { WriteModules: ["Prospects"] }),
  );
  assert.ok(changed.WriteModules.includes("Prospects") && changed.ReadModules.includes("Accounts"));
  ok(await c.auditor.post("/api/Admin/Prospects", prospect), 201);
  assertError(
    await c.admin.put(`/api/Admin/InternalUsers/${auditor.RecId}`, { ReadModules: ["NoSuchModule"] }),
    400,
    "InvalidRequest",
  );

  const me = await find(c.admin, "Admin/InternalUsers", "admin@tessera.example");
  assertError(
    await c.admin.put(`/api/Admin/InternalUsers/${me.RecId}`, { IsActive: false }),
    409,
    "SelfChangeNotAllowed",
  );
  assertError(
    await c.admin.put(`/api/Admin/InternalUsers/${me.RecId}`, { WriteModules: ["Accounts"] }),
    409,
    "SelfChangeNotAllowed",
  );
  assertError(await c.admin.delete(`/api/Admin/InternalUsers/${me.RecId}`), 409, "SelfChangeNotAllowed");

  const agent = await find(c.admin, "Admin/InternalUsers", "agent@tessera.example");
  assert.deepEqual(
    [agent.IsSupportAgent, agent.DisplayName, agent.ChatAvailability],
    [true, "Sofia", "Online"],
  );
  const created = ok(
    await c.admin.post("/api/Admin/InternalUsers", {
      FullName: "Nina New",
      Email: "nina@tessera.example",
      LanguageCode: "en",
      IsSupportAgent: true,
      MaxConcurrentChats: 2,
      ReadModules: ["Support"],
      WriteModules: ["Support"],
    }),
    201,
  );
  assert.deepEqual(
    [created.ChatAvailability, created.ReadModules, created.IsActive],
    ["Offline", ["Support"], true],
  );
  await mailToken(c.admin, "nina@tessera.example");
  ok(await c.admin.put(`/api/Admin/InternalUsers/${agent.RecId}`, { IsActive: false }));
  assertError(await c.agent.get("/api/Admin/Support"), 401, "SessionExpired");
  ok(await c.admin.delete(`/api/Admin/InternalUsers/${created.RecId}`), 204);
});

test("prospects: convert into an account with the contact invited; converted prospects stay converted", async () => {
  const lead = await find(c.admin, "Admin/Prospects", "Litware");
  const business = await find(c.admin, "Admin/SubscriptionTemplates", "Business");
  const accounts = await total(c.admin, "Admin/Accounts");
  assertError(
    await c.admin.post(`/api/Admin/Prospects/${lead.RecId}/Convert`, {
      Domain: "contoso",
      SubscriptionTemplateRecId: business.RecId,
    }),
    409,
    "DomainTaken",
  );
  assertError(
    await c.admin.post(`/api/Admin/Prospects/${lead.RecId}/Convert`, { Domain: "litware" }),
    400,
    "InvalidRequest",
  );
  assertError(
    await c.clerk.post(`/api/Admin/Prospects/${lead.RecId}/Convert`, {
      Domain: "litware",
      SubscriptionTemplateRecId: business.RecId,
    }),
    403,
    "AdminPermissionDenied",
    "needs Accounts Write too",
  );
  assert.equal(await total(c.admin, "Admin/Accounts"), accounts);
  assert.equal(ok(await c.admin.get(`/api/Admin/Prospects/${lead.RecId}`)).Status, "Qualified");

  const converted = ok(
    await c.admin.post(`/api/Admin/Prospects/${lead.RecId}/Convert`, {
      Domain: "litware",
      SubscriptionTemplateRecId: business.RecId,
    }),
  );
  assert.deepEqual([converted.Status, converted.ConvertedAccountName], ["Converted", "Litware Health"]);
  const account = ok(await c.admin.get(`/api/Admin/Accounts/${converted.ConvertedAccountRecId}`));
  assert.deepEqual(
    [account.Status, account.UserCount, account.SubscriptionTemplateName],
    ["Trial", 1, "Business"],
  );
  await mailToken(c.admin, "lina@litware.example");
  assertError(
    await c.admin.post(`/api/Admin/Prospects/${lead.RecId}/Convert`, {
      Domain: "litware2",
      SubscriptionTemplateRecId: business.RecId,
    }),
    409,
    "Conflict",
  );
  assertError(await c.admin.put(`/api/Admin/Prospects/${lead.RecId}`, { Status: "Lost" }), 409, "Conflict");
  assertError(
    await c.admin.post("/api/Admin/Prospects", {
      CompanyName: "New",
      ContactName: "N",
      Email: "n@new.example",
      Source: "Event",
      Status: "Converted",
    }),
    409,
    "Conflict",
  );
  assertError(
    await c.admin.post("/api/Admin/Prospects", {
      CompanyName: " ",
      ContactName: "N",
      Email: "n@new.example",
      Source: "Event",
      Status: "New",
    }),
    400,
    "InvalidRequest",
  );
  assertError(
    await c.admin.post("/api/Admin/Prospects", {
      CompanyName: "N",
      ContactName: "N",
      Email: "n@new.example",
      Source: "Event",
      Status: "New",
      AssignedToRecId: 4,
    }),
    400,
    "InvalidReference",
  );

  const { items } = ok(await c.admin.get("/api/Admin/Prospects?Status=Lost"));
  const removed = ok(
    await c.admin.post("/api/Admin/Prospects/Delete", { ids: items.map((row: Json) => row.RecId) }),
  );
  assert.equal(removed.deleted, items.length);
  assertError(
    await c.admin.post("/api/Admin/Prospects/Delete", { ids: [lead.RecId, 999_999] }),
    404,
    "NotFound",
  );
  assert.equal(
    ok(await c.admin.get(`/api/Admin/Prospects/${lead.RecId}`)).RecId,
    lead.RecId,
    "all or nothing",
  );
});
