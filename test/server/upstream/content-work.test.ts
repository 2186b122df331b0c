/**
 * Tasks, API keys, usage metrics, managed accounts and projects over real HTTP: 401 → 403
 * (permission, and the IntegrationAPI feature for keys) → success for each family; task logs,
 * cancel and delete rules; a key's secret shown once and stored only hashed; metrics that match the
 * store's real counts; bad input refused with a code and nothing changed.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { listObjects, MISSING_ID } from "./content-fixture.ts";
import {
  Client,
  type DemoUser,
  openStoreSql,
  type RunningUpstream,
  signIn,
  startUpstream,
} from "./upstream-fixture.ts";

let upstream: RunningUpstream;
const clients = new Map<DemoUser, Client>();
const as = (who: DemoUser) => clients.get(who) as Client;

before(async () => {
  upstream = await startUpstream();
  for (const who of ["owner", "analyst", "viewer", "starter", "contoso"] as DemoUser[]) {
    clients.set(who, await signIn(upstream, who));
  }
});
after(async () => upstream.close());

const FAMILIES: { path: string; denied: [DemoUser, keyof typeof ErrorCode][] }[] = [
  { path: "/api/Tasks", denied: [["analyst", "PermissionDenied"]] },
  {
    path: "/api/ApiKeys",
    denied: [
      ["starter", "FeatureNotIncluded"],
      ["analyst", "PermissionDenied"],
    ],
  },
  { path: "/api/UsageMetrics", denied: [["viewer", "PermissionDenied"]] },
  { path: "/api/ManagedAccounts", denied: [["analyst", "PermissionDenied"]] },
  { path: "/api/Projects", denied: [["viewer", "PermissionDenied"]] },
];

for (const family of FAMILIES) {
  test(`${family.path}: 401 → 403 → 200`, async () => {
    assert.equal((await new Client(upstream.baseUrl).get(family.path)).status, 401);
    for (const [who, code] of family.denied) {
      const reply = await as(who).get(family.path);
      assert.equal(reply.status, 403, who);
      assert.equal(reply.body.ErrorCode, ErrorCode[code], who);
    }
    assert.equal((await as("owner").get(family.path)).status, 200);
  });
}

test("tasks: states, logs (incrementally), cancel only while running, delete only when finished", async () => {
  const owner = as("owner");
  const list = (await owner.get("/api/Tasks?sort=Name&pageSize=200")).body;
  const byName = (name: string) => list.items.find((t: { Name: string }) => t.Name === name);
  const seeded = ["Import of Orders 2024", "Refresh of Orders 2024", "Weekly KPI digest run"].map(byName);
  assert.deepEqual(
    seeded.map((t: { Status: string }) => t.Status),
    ["Succeeded", "Running", "Failed"],
  );
  const [done, running, failed] = seeded;
  assert.equal(done.RelatedObjectName, "Orders 2024");
  const log = (await owner.get(`/api/Tasks/${failed.RecId}/Log`)).body;
  assert.deepEqual(
    log.Lines.map((l: { Severity: number }) => l.Severity),
    [1, 3],
  );
  const tail = (await owner.get(`/api/Tasks/${failed.RecId}/Log?after=${log.Lines[0].RecId}`)).body;
  assert.equal(tail.Lines.length, 1);
  const runningNow = (await owner.get("/api/Tasks?status=Running&pageSize=200")).body.items;
  assert.ok(runningNow.every((t: { Status: string }) => t.Status === "Running"));
  assert.ok(runningNow.some((t: { RecId: number }) => t.RecId === running.RecId));
  const stillRunning = await owner.delete(`/api/Tasks/${running.RecId}`);
  assert.equal(stillRunning.status, 409);
  assert.equal(stillRunning.body.ErrorCode, ErrorCode.TaskStillRunning);
  const cancelled = await owner.post(`/api/Tasks/${running.RecId}/Cancel`);
  assert.equal(cancelled.body.Status, "Cancelled");
  const lines = (await owner.get(`/api/Tasks/${running.RecId}/Log`)).body.Lines;
  assert.equal(lines.at(-1).Message, "Cancelled by Olivia Owner.");
  assert.equal(
    (await owner.post(`/api/Tasks/${running.RecId}/Cancel`)).body.ErrorCode,
    ErrorCode.TaskFinished,
  );
  assert.equal((await owner.delete(`/api/Tasks/${running.RecId}`)).status, 204);
  assert.equal((await owner.get(`/api/Tasks/${running.RecId}`)).status, 404);
  assert.equal((await owner.get("/api/Tasks?status=Nope")).status, 400);
  assert.equal((await owner.get(`/api/Tasks/${done.RecId}/Log?limit=0`)).status, 400);
});

test("API keys: the secret is shown once and stored only as a hash; revoke keeps the key listed", async () => {
  const owner = as("owner");
  const created = await owner.post("/api/ApiKeys", { Name: "Warehouse sync", ExpiresInDays: 90 });
  assert.equal(created.status, 201);
  const secret: string = created.body.Secret;
  assert.match(secret, /^tsk_[A-Za-z0-9_-]{43}$/);
  assert.ok(secret.startsWith(created.body.Prefix));
  const list = (await owner.get("/api/ApiKeys")).body as { RecId: number; Status: string }[];
  assert.ok(!JSON.stringify(list).includes(secret.slice(10)), "lists never carry the secret");
  assert.deepEqual(list.map((key) => key.Status).sort(), ["Active", "Active"]);
  const sql = await openStoreSql(upstream);
  try {
    const [stored] = await sql.all<{ secret_hash: string }>("SELECT secret_hash FROM api_keys WHERE id = ?", [
      created.body.RecId,
    ]);
    assert.equal(stored?.secret_hash, createHash("sha256").update(secret).digest("hex"));
    const [count] = await sql.all<{ n: number | string }>(
      "SELECT COUNT(*) AS n FROM api_keys WHERE secret_hash = ?",
      [secret],
    );
    assert.equal(Number(count?.n), 0);
  } finally {
    await sql.close();
  }
  const revoked = await owner.delete(`/api/ApiKeys/${created.body.RecId}`);
  assert.equal(revoked.body.Status, "Revoked");
  assert.equal(
    (await owner.delete(`/api/ApiKeys/${created.body.RecId}`)).body.ErrorCode,
    ErrorCode.ApiKeyRevoked,
  );
  for (const body of [{ Name: " " }, { Name: "k", ExpiresInDays: 0 }, { Name: "k", Secret: "mine" }, {}]) {
    const reply = await owner.post("/api/ApiKeys", body);
    assert.equal(reply.status, 400, JSON.stringify(body));
  }
  assert.equal((await owner.get("/api/ApiKeys")).body.length, 2);
});

test("usage metrics are the store's real counts", async () => {
  const owner = as("owner");
  const metrics = (await owner.get("/api/UsageMetrics?days=7")).body;
  assert.equal(metrics.SessionsPerDay.length, 7);
  const dashboards = metrics.ObjectsByType.find(
    (entry: { Type: string }) => entry.Type === "Dashboard",
  ).Count;
  // The owner sees every live dashboard but the analyst's personal ones, which the metrics count too.
  const visible = (await listObjects(owner, "Dashboards")).total;
  assert.ok(dashboards >= visible);
  await owner.post("/api/Content/Dashboards/Objects", { Type: "Dashboard", Name: "Counted" });
  const after = (await owner.get("/api/UsageMetrics?days=7")).body;
  assert.equal(
    after.ObjectsByType.find((entry: { Type: string }) => entry.Type === "Dashboard").Count,
    dashboards + 1,
  );
  assert.ok(
    metrics.Users.Total >= 5 && metrics.Users.Enabled <= metrics.Users.Total,
    "the five Northwind demo users at least",
  );
  assert.ok(metrics.Users.ActiveInPeriod >= 2, "owner and analyst signed in");
  assert.equal(metrics.SessionsPerDay.at(-1).Count >= 2, true);
  assert.ok(metrics.StorageBytes.Media > 0 && metrics.StorageBytes.Files > 0);
  assert.equal((await owner.get("/api/UsageMetrics?days=0")).status, 400);
});

test("managed accounts: Northwind manages its Starter account, nobody else does", async () => {
  const list = (await as("owner").get("/api/ManagedAccounts")).body;
  assert.deepEqual(
    list.map((account: { Domain: string }) => account.Domain),
    ["northwind-starter"],
  );
  assert.equal(list[0].UserCount, 1);
  assert.equal(
    (await as("owner").get(`/api/ManagedAccounts/${list[0].RecId}`)).body.Name,
    "Northwind Starter",
  );
  assert.deepEqual((await as("starter").get("/api/ManagedAccounts")).body, []);
  assert.equal((await as("contoso").get(`/api/ManagedAccounts/${list[0].RecId}`)).status, 404);
});

test("projects: create, read, update, delete; bad dates and fields refused, nothing changed", async () => {
  const owner = as("owner");
  const created = await owner.post("/api/Projects", {
    Name: "Pricing study",
    StartDate: "2025-02-01",
    DueDate: "2025-03-01",
  });
  assert.equal(created.status, 201);
  assert.equal(created.body.Status, "Planned");
  const id = created.body.RecId;
  const updated = await owner.put(`/api/Projects/${id}`, { Status: "Active", Description: "Compare plans." });
  assert.equal(updated.body.Status, "Active");
  assert.equal(updated.body.StartDate, "2025-02-01");
  const before = (await owner.get(`/api/Projects/${id}`)).body;
  for (const body of [
    { DueDate: "2025-01-01" },
    { StartDate: "2025-02-30x" },
    { Status: "Done" },
    { Name: "" },
    {},
  ]) {
    const reply = await owner.put(`/api/Projects/${id}`, body);
    assert.equal(reply.status, 400, JSON.stringify(body));
    assert.equal(reply.body.ErrorCode, ErrorCode.InvalidRequest);
  }
  assert.deepEqual((await owner.get(`/api/Projects/${id}`)).body, before);
  const page = (await owner.get("/api/Projects?status=Active&sort=-Name&pageSize=200")).body;
  const active = page.items.map((p: { Name: string }) => p.Name);
  assert.ok(active.includes("Pricing study") && active.includes("Q3 revenue dashboard rollout"));
  assert.ok(!active.includes("Data warehouse migration"), "Planned projects are filtered out");
  assert.deepEqual(
    active,
    [...active].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())),
  );
  assert.equal((await owner.delete(`/api/Projects/${id}`)).status, 204);
  assert.equal((await owner.get(`/api/Projects/${id}`)).status, 404);
  assert.equal((await owner.delete(`/api/Projects/${MISSING_ID}`)).status, 404);
});
