/**
 * /admin/accounts changes the real identity store: an account created from a template gets the
 * template's features and its invited first user signs in with them; suspending ends the account's
 * sessions and refuses sign-in until it is reactivated; the operator's account and accounts that
 * manage others are protected. Bad input answers 4xx with a code and changes nothing.
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
import { Client } from "./upstream-fixture.ts";

let c: AdminCallers;
before(async () => {
  c = await startAdmin();
});
after(async () => c.upstream.close());

test("accounts: create from a template, invite its first user, who signs in with the template's features", async () => {
  const starter = await find(c.admin, "Admin/SubscriptionTemplates", "Starter");
  const before = await total(c.admin, "Admin/Accounts");
  const bad = [
    [
      {
        Domain: "fabrikam",
        Status: "Trial",
        SubscriptionTemplateRecId: starter.RecId,
        LanguageCode: "en",
        TwoFactorAuthenticationPolicy: "Optional",
      },
      400,
      "InvalidRequest",
    ],
    [
      {
        Name: "X",
        Domain: "admin",
        Status: "Trial",
        SubscriptionTemplateRecId: starter.RecId,
        LanguageCode: "en",
        TwoFactorAuthenticationPolicy: "Optional",
      },
      400,
      "InvalidDomain",
    ],
    [
      {
        Name: "X",
        Domain: "northwind",
        Status: "Trial",
        SubscriptionTemplateRecId: starter.RecId,
        LanguageCode: "en",
        TwoFactorAuthenticationPolicy: "Optional",
      },
      409,
      "DomainTaken",
    ],
    [
      {
        Name: "X",
        Domain: "Bad_Domain",
        Status: "Trial",
        SubscriptionTemplateRecId: starter.RecId,
        LanguageCode: "en",
        TwoFactorAuthenticationPolicy: "Optional",
      },
      400,
      "InvalidRequest",
    ],
    [
      {
        Name: "X",
        Domain: "x-internal",
        Status: "Trial",
        SubscriptionTemplateRecId: (await find(c.admin, "Admin/SubscriptionTemplates", "Internal")).RecId,
        LanguageCode: "en",
        TwoFactorAuthenticationPolicy: "Optional",
      },
      400,
      "InvalidReference",
    ],
  ] as const;
  for (const [body, status, code] of bad)
    assertError(await c.admin.post("/api/Admin/Accounts", body), status, code, JSON.stringify(body));
  assert.equal(await total(c.admin, "Admin/Accounts"), before);

  const account = ok(
    await c.admin.post("/api/Admin/Accounts", {
      Name: "Fabrikam",
      Domain: "fabrikam",
      Status: "Trial",
      SubscriptionTemplateRecId: starter.RecId,
      TrialEndsAt: "2025-02-15",
      LanguageCode: "de",
      IsWhiteLabel: false,
      MenuTitle: null,
      TwoFactorAuthenticationPolicy: "Optional",
    }),
    201,
  );
  assert.deepEqual(
    [account.Status, account.SubscriptionTemplateName, account.UserCount, account.TrialEndsAt],
    ["Trial", "Starter", 0, "2025-02-15"],
  );
  assertError(
    await c.admin.put(`/api/Admin/Accounts/${account.RecId}`, { Domain: "fabrikam2" }),
    400,
    "FieldNotChangeable",
  );
  assert.equal(
    ok(
      await c.admin.put(`/api/Admin/Accounts/${account.RecId}`, {
        Name: "Fabrikam GmbH",
        Domain: "fabrikam",
      }),
    ).Name,
    "Fabrikam GmbH",
  );

  assertError(
    await c.admin.post("/api/Admin/Users", {
      FullName: "Fritz",
      Email: "fritz@fabrikam.example",
      AccountRecId: account.RecId,
      LanguageCode: "de",
      Status: "Active",
    }),
    409,
    "Conflict",
  );
  const user = ok(
    await c.admin.post("/api/Admin/Users", {
      FullName: "Fritz Fabrikam",
      Email: "fritz@fabrikam.example",
      AccountRecId: account.RecId,
      LanguageCode: "de",
      Status: "Invited",
    }),
    201,
  );
  assert.equal(user.Status, "Invited");
  assertError(
    await c.admin.post("/api/Admin/Users", {
      FullName: "Again",
      Email: "FRITZ@fabrikam.example",
      AccountRecId: account.RecId,
      LanguageCode: "de",
      Status: "Invited",
    }),
    409,
    "EmailTaken",
  );
  assertError(
    await c.admin.post("/api/Admin/Users", {
      FullName: "Staff?",
      Email: "s@tessera.example",
      AccountRecId: 1,
      LanguageCode: "en",
      Status: "Invited",
    }),
    400,
    "InvalidReference",
  );

  ok(
    await new Client(c.upstream.baseUrl).post("/api/Login/ResetPassword", {
      Token: await mailToken(c.admin, "fritz@fabrikam.example"),
      Password: "fabrikam-password",
    }),
    204,
  );
  assert.equal(ok(await c.admin.get(`/api/Admin/Users/${user.RecId}`)).Status, "Active");
  const signedIn = ok(await login(c.upstream, "fabrikam", "fritz@fabrikam.example", "fabrikam-password"));
  const config = ok(await new Client(c.upstream.baseUrl, signedIn.Token).get("/api/Common/LoggedInConfig"));
  assert.equal(config.User.Dashboard, "Included", "Starter includes dashboards");
  assert.equal(config.User.Insight, "Optional", "Starter leaves insights optional");

  const csv = await c.admin.get("/api/Admin/Accounts/Export?search=Fabrikam");
  assert.equal(csv.status, 200);
  assert.match(String(csv.headers.get("content-type")), /text\/csv/);
  assert.match(String(csv.headers.get("content-disposition")), /attachment; filename="Accounts-/);
  assert.match(csv.body.toString("utf8"), /^\uFEFFRecId,Name,Domain,.*\r\n\d+,Fabrikam GmbH,fabrikam,/s);

  assertError(await c.admin.delete("/api/Admin/Accounts/2"), 409, "RecordInUse", "Northwind manages Starter");
  assertError(await c.admin.delete("/api/Admin/Accounts/1"), 409, "ProtectedRecord");
  ok(await c.admin.delete(`/api/Admin/Accounts/${account.RecId}`), 204);
  assertError(await c.admin.get(`/api/Admin/Accounts/${account.RecId}`), 404, "NotFound");
  assertError(
    await login(c.upstream, "fabrikam", "fritz@fabrikam.example", "fabrikam-password"),
    401,
    "InvalidCredentials",
  );
});

test("accounts: suspending ends the account's sessions and refuses sign-in; reactivating restores it", async () => {
  const starter = await find(c.admin, "Admin/Accounts", "Northwind Starter");
  const stella = ok(
    await login(c.upstream, "northwind-starter", "starter@northwind.example", "tessera-demo"),
  );
  const session = new Client(c.upstream.baseUrl, stella.Token);
  ok(await session.get("/api/Common/LoggedInConfig"));
  assertError(await c.admin.post(`/api/Admin/Accounts/${starter.RecId}/Reactivate`), 409, "Conflict");
  assert.equal(ok(await c.admin.post(`/api/Admin/Accounts/${starter.RecId}/Suspend`)).Status, "Suspended");
  assertError(await session.get("/api/Common/LoggedInConfig"), 401, "SessionExpired");
  assertError(
    await login(c.upstream, "northwind-starter", "starter@northwind.example", "tessera-demo"),
    403,
    "AccountDisabled",
  );
  assertError(await c.admin.post("/api/Admin/Accounts/1/Suspend"), 409, "ProtectedRecord");
  assert.equal(ok(await c.admin.post(`/api/Admin/Accounts/${starter.RecId}/Reactivate`)).Status, "Active");
  ok(await login(c.upstream, "northwind-starter", "starter@northwind.example", "tessera-demo"));
});
