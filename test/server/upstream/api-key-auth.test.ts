/**
 * API keys authenticate the application API over real HTTP (issue 3): `Authorization: Bearer tsk_…`
 * acts as the key's creator with that member's role permissions; revoked, expired, unknown and
 * malformed keys get 401; keys are never read from the URL or another header; keys cannot manage
 * sessions, credentials or keys; another tenant's records stay invisible; each use sets LastUsedAt;
 * only the SHA-256 of a secret is stored.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, test } from "node:test";
import { upstreamContextOf } from "../../../server/upstream/app.ts";
import { generateToken, hashToken } from "../../../server/upstream/identity/secrets.ts";
import { assertIndistinguishable, libraryId, MISSING_ID } from "./content-fixture.ts";
import {
  Client,
  type Json,
  openStoreSql,
  type RunningUpstream,
  signIn,
  startUpstream,
} from "./upstream-fixture.ts";

const DAY_MS = 86_400_000;
let upstream: RunningUpstream;
let owner: Client;

before(async () => {
  upstream = await startUpstream();
  owner = await signIn(upstream, "owner");
});
after(async () => upstream.close());

/** Creates a key through the API as the owner; returns its secret and record id. */
async function ownerKey(name: string, expiresInDays?: number): Promise<{ secret: string; recId: number }> {
  const created = await owner.post("/api/ApiKeys", {
    Name: name,
    ...(expiresInDays && { ExpiresInDays: expiresInDays }),
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return { secret: created.body.Secret, recId: created.body.RecId };
}

/** A key for another demo user, written through the store (only owners may create keys over HTTP). */
async function keyFor(who: "analyst" | "starter"): Promise<string> {
  const config = (await (await signIn(upstream, who)).get("/api/Common/LoggedInConfig")).body;
  const secret = `tsk_${generateToken()}`;
  await upstreamContextOf(upstream.app).store.content.apiKeys.create(
    config.User.AccountRecId,
    {
      name: `${who} key`,
      prefix: secret.slice(0, 10),
      secretHash: hashToken(secret),
      createdByUserId: config.User.RecId,
      expiresAt: null,
    },
    upstream.clock.ms,
  );
  return secret;
}

test("a key authenticates as its creator: reads and changes what the creator may", async () => {
  const { secret } = await ownerKey("BI export");
  const client = new Client(upstream.baseUrl, secret);
  const list = await client.get("/api/Content/Dashboards/Objects?pageSize=200");
  assert.equal(list.status, 200, JSON.stringify(list.body));
  assert.ok(list.body.items.some((item: Json) => item.Name === "Sales overview"));
  const created = await client.post("/api/Content/Dashboards/Objects", {
    Type: "Dashboard",
    Name: "Made by a key",
  });
  assert.equal(created.status, 201);
  assert.equal(created.body.OwnerFullName, "Olivia Owner");
  assert.equal((await client.get("/api/SupportTickets")).status, 200);
});

test("the key is limited by its creator's role: 401 → 403 → success", async () => {
  const analyst = new Client(upstream.baseUrl, await keyFor("analyst"));
  assert.equal((await new Client(upstream.baseUrl).get("/api/SupportTickets")).status, 401);
  const denied = await analyst.get("/api/SupportTickets");
  assert.equal(denied.status, 403);
  assert.equal(denied.body.ErrorCode, 3001);
  assert.equal((await analyst.get("/api/Content/Dashboards/Objects")).status, 200);
  // A subscription without IntegrationAPI refuses keys.
  const starter = new Client(upstream.baseUrl, await keyFor("starter"));
  const noFeature = await starter.get("/api/Content/Dashboards/Objects");
  assert.equal(noFeature.status, 403);
  assert.equal(noFeature.body.ErrorCode, 3002);
});

test("revoked, expired, unknown and malformed keys answer 401 InvalidApiKey", async () => {
  const revoked = await ownerKey("to revoke");
  const revokedClient = new Client(upstream.baseUrl, revoked.secret);
  assert.equal((await revokedClient.get("/api/Content/Dashboards/Objects")).status, 200);
  assert.equal((await owner.delete(`/api/ApiKeys/${revoked.recId}`)).status, 200);
  const expiring = await ownerKey("short-lived", 1);
  const expiringClient = new Client(upstream.baseUrl, expiring.secret);
  assert.equal((await expiringClient.get("/api/Content/Dashboards/Objects")).status, 200);
  upstream.clock.advance(DAY_MS + 1);
  owner = await signIn(upstream, "owner");
  for (const secret of [revoked.secret, expiring.secret, `tsk_${generateToken()}`, "tsk_short"]) {
    const reply = await new Client(upstream.baseUrl, secret).get("/api/Content/Dashboards/Objects");
    assert.equal(reply.status, 401, secret);
    assert.equal(reply.body.ErrorCode, 2009, JSON.stringify(reply.body));
  }
});

test("keys are never taken from the URL or another header", async () => {
  const { secret } = await ownerKey("header only");
  const anonymous = new Client(upstream.baseUrl);
  for (const path of [
    `/api/Content/Dashboards/Objects?api_key=${secret}`,
    `/api/Content/Dashboards/Objects?access_token=${secret}`,
  ]) {
    assert.equal((await anonymous.get(path)).status, 401);
  }
  assert.equal((await anonymous.get("/api/Content/Dashboards/Objects", { "x-api-key": secret })).status, 401);
  assert.equal(
    (await anonymous.get("/api/Content/Dashboards/Objects", { authorization: secret })).status,
    401,
  );
});

test("calls on sessions, credentials and keys refuse keys (403 ApiKeyNotAllowed)", async () => {
  const { secret, recId } = await ownerKey("no escalation");
  const client = new Client(upstream.baseUrl, secret);
  const calls: [string, string, unknown?][] = [
    ["POST", "/api/Logout"],
    ["GET", "/api/v2/User/Ping"],
    ["POST", "/api/User/ChangePassword", { CurrentPassword: "x", NewPassword: "y" }],
    ["GET", "/api/ApiKeys"],
    ["POST", "/api/ApiKeys", { Name: "minted by a key" }],
    ["DELETE", `/api/ApiKeys/${recId}`],
  ];
  for (const [method, path, body] of calls) {
    const reply = await client.request(method, path, body);
    assert.equal(reply.status, 403, `${method} ${path}: ${JSON.stringify(reply.body)}`);
    assert.equal(reply.body.ErrorCode, 3070);
  }
  const keys = (await owner.get("/api/ApiKeys")).body as Json[];
  assert.ok(!keys.some((key) => key.Name === "minted by a key"));
  assert.equal(keys.find((key) => key.RecId === recId).Status, "Active");
});

test("another account's records answer like missing ones", async () => {
  const { secret } = await ownerKey("tenant check");
  const client = new Client(upstream.baseUrl, secret);
  const contoso = await signIn(upstream, "contoso");
  const kpis = await libraryId(contoso, "Dashboards", "Contoso KPIs");
  assertIndistinguishable(
    await client.get(`/api/Content/Dashboards/Objects/${kpis}`),
    await client.get(`/api/Content/Dashboards/Objects/${MISSING_ID}`),
    "foreign dashboard",
  );
  const list = await client.get("/api/Content/Dashboards/Objects?pageSize=200");
  assert.ok(!list.body.items.some((item: Json) => item.Name === "Contoso KPIs"));
});

test("each use sets LastUsedAt; only the secret's SHA-256 is stored", async () => {
  const { secret, recId } = await ownerKey("usage");
  const listed = () =>
    owner.get("/api/ApiKeys").then((r) => (r.body as Json[]).find((key) => key.RecId === recId));
  assert.equal((await listed()).LastUsedAt, null);
  await new Client(upstream.baseUrl, secret).get("/api/Content/Dashboards/Objects");
  assert.equal((await listed()).LastUsedAt, new Date(upstream.clock.ms).toISOString());
  const sql = await openStoreSql(upstream);
  try {
    const [row] = await sql.all<{ secret_hash: string }>("SELECT secret_hash FROM api_keys WHERE id = ?", [
      recId,
    ]);
    assert.equal(row?.secret_hash, createHash("sha256").update(secret).digest("hex"));
    const [leaked] = await sql.all<{ n: number | string }>(
      "SELECT COUNT(*) AS n FROM api_keys WHERE secret_hash = ? OR prefix = ?",
      [secret, secret],
    );
    assert.equal(Number(leaked?.n), 0);
  } finally {
    await sql.close();
  }
});
