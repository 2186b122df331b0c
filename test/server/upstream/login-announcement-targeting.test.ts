/**
 * Common/LoggedInConfig over real HTTP, after sign-in (§4.2): a login announcement is shown only to
 * its audience — everyone, the target account, the target language — and once per user; and
 * MustSetup2FA follows the /admin/users flag together with the account's 2FA policy.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { totpCode } from "../../../server/upstream/identity/totp.ts";
import { type AdminCallers, find, ok, startAdmin } from "./admin-fixture.ts";
import { Client, type Json, signIn } from "./upstream-fixture.ts";

let c: AdminCallers;
const config = async (client: Client) => ok(await client.get("/api/Common/LoggedInConfig"));
const showsAnnouncement = async (client: Client) => (await config(client)).ShowLoginAnnouncement as boolean;

before(async () => {
  c = await startAdmin();
  // Only the announcements of these tests run.
  const seeded = ok(await c.admin.get("/api/Admin/LoginAnnouncements?pageSize=200")).items as Json[];
  for (const row of seeded)
    ok(await c.admin.put(`/api/Admin/LoginAnnouncements/${row.RecId}`, { IsActive: false }));
});
after(async () => c.upstream.close());

async function announce(title: string, audience: Record<string, unknown>): Promise<number> {
  const created = ok(
    await c.admin.post("/api/Admin/LoginAnnouncements", {
      Title: title,
      Severity: "Info",
      Body: `${title} body`,
      FromDate: "2025-01-01T00:00:00Z",
      ToDate: "2025-12-31T00:00:00Z",
      ...audience,
    }),
    201,
  );
  return created.RecId as number;
}

test("an announcement for one account is shown there only, once per user", async () => {
  const owner = await signIn(c.upstream, "owner");
  const contoso = await signIn(c.upstream, "contoso");
  assert.equal(await showsAnnouncement(owner), false);
  assert.equal((await owner.get("/api/Common/LoginAnnouncement")).status, 404);

  const contosoId = (await config(contoso)).User.AccountRecId;
  const recId = await announce("Contoso maintenance", { TargetAccountRecId: contosoId });
  assert.equal(await showsAnnouncement(contoso), true);
  assert.equal(ok(await contoso.get("/api/Common/LoginAnnouncement")).Title, "Contoso maintenance");
  assert.equal(await showsAnnouncement(owner), false, "Northwind is not the target");
  assert.equal((await owner.get("/api/Common/LoginAnnouncement")).status, 404);
  assert.equal((await owner.post(`/api/Common/LoginAnnouncement/${recId}/Seen`)).status, 404);

  assert.equal((await contoso.post(`/api/Common/LoginAnnouncement/${recId}/Seen`)).status, 204);
  assert.equal(await showsAnnouncement(contoso), false);
  assert.equal(
    await showsAnnouncement(await signIn(c.upstream, "contoso")),
    false,
    "not again after sign-in",
  );
  assert.equal((await contoso.get("/api/Common/LoginAnnouncement")).status, 404);
  // Another user of the target account still gets it.
  const consultant = ok(
    await new Client(c.upstream.baseUrl).post("/api/Login", {
      Domain: "contoso",
      Email: "consultant@example.com",
      Password: "tessera-demo",
    }),
  );
  const consultantClient = owner.as(consultant.Token);
  assert.equal(await showsAnnouncement(consultantClient), true);
  ok(await c.admin.put(`/api/Admin/LoginAnnouncements/${recId}`, { IsActive: false }));
  assert.equal(await showsAnnouncement(consultantClient), false, "inactive: shown to nobody");
});

test("an announcement for one language is shown to users of that language only", async () => {
  const analystRow = await find(c.admin, "Admin/Users", "analyst@northwind.example");
  ok(await c.admin.put(`/api/Admin/Users/${analystRow.RecId}`, { LanguageCode: "de" }));
  const analyst = await signIn(c.upstream, "analyst");
  const viewer = await signIn(c.upstream, "viewer");
  const recId = await announce("Neue Funktionen", { LanguageCode: "de" });
  assert.equal(await showsAnnouncement(analyst), true);
  assert.equal(ok(await analyst.get("/api/Common/LoginAnnouncement")).RecId, recId);
  assert.equal(await showsAnnouncement(viewer), false);
  assert.equal((await viewer.post(`/api/Common/LoginAnnouncement/${recId}/Seen`)).status, 404);
  // For everyone: the viewer gets it; the analyst gets the newest one not seen yet.
  const everyone = await announce("For everyone", {});
  assert.equal(ok(await viewer.get("/api/Common/LoginAnnouncement")).RecId, everyone);
  assert.equal((await analyst.post(`/api/Common/LoginAnnouncement/${everyone}/Seen`)).status, 204);
  assert.equal(ok(await analyst.get("/api/Common/LoginAnnouncement")).RecId, recId);
  assert.equal((await analyst.post(`/api/Common/LoginAnnouncement/${recId}/Seen`)).status, 204);
  assert.equal(await showsAnnouncement(analyst), false);
  for (const id of [recId, everyone])
    ok(await c.admin.put(`/api/Admin/LoginAnnouncements/${id}`, { IsActive: false }));
});

test("MustSetup2FA: the admin flag, within the account's 2FA policy, until a second factor is set", async () => {
  const viewerRow = await find(c.admin, "Admin/Users", "viewer@northwind.example");
  const viewer = await signIn(c.upstream, "viewer");
  assert.equal((await config(viewer)).User.MustSetup2FA, false);
  ok(await c.admin.put(`/api/Admin/Users/${viewerRow.RecId}`, { MustSetup2FA: true }));
  assert.equal((await config(viewer)).User.MustSetup2FA, true, "flagged under the Optional policy");

  // A policy that disables 2FA wins over the flag; Required needs no flag.
  const starterRow = await find(c.admin, "Admin/Users", "starter@northwind.example");
  ok(await c.admin.put(`/api/Admin/Users/${starterRow.RecId}`, { MustSetup2FA: true }));
  const accountId = starterRow.AccountRecId as number;
  ok(await c.admin.put(`/api/Admin/Accounts/${accountId}`, { TwoFactorAuthenticationPolicy: "Disabled" }));
  const starter = await signIn(c.upstream, "starter");
  assert.equal((await config(starter)).User.MustSetup2FA, false);
  ok(await c.admin.put(`/api/Admin/Accounts/${accountId}`, { TwoFactorAuthenticationPolicy: "Required" }));
  ok(await c.admin.put(`/api/Admin/Users/${starterRow.RecId}`, { MustSetup2FA: false }));
  assert.equal((await config(await signIn(c.upstream, "starter"))).User.MustSetup2FA, true);

  // Setting up the second factor ends it, while the flag stays set.
  const setup = ok(await viewer.post("/api/User/TwoFactor/Setup"));
  const code = totpCode(setup.Secret, c.upstream.clock.ms);
  assert.equal((await viewer.post("/api/User/TwoFactor/Enable", { Code: code })).status, 204);
  assert.equal(ok(await c.admin.get(`/api/Admin/Users/${viewerRow.RecId}`)).MustSetup2FA, true);
  assert.equal((await config(viewer)).User.MustSetup2FA, false, "has a second factor now");

  // Unflagged, under the Optional policy: not asked.
  const ownerRow = await find(c.admin, "Admin/Users", "owner@northwind.example");
  ok(await c.admin.put(`/api/Admin/Users/${ownerRow.RecId}`, { MustSetup2FA: true }));
  ok(await c.admin.put(`/api/Admin/Users/${ownerRow.RecId}`, { MustSetup2FA: false }));
  assert.equal((await config(await signIn(c.upstream, "owner"))).User.MustSetup2FA, false);
});
