/**
 * The gateway's role permissions call `GET /ws/Gateway/RolePermissions`: only with the service token,
 * and its answer is the distinct permission sets of every role of every account (§6: the configuration
 * plane warns about an entry no role can see), each sorted, nothing else — following role changes at
 * the next read.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { distinctPermissionSets } from "../../../server/upstream/admin/gateway-role-permissions-routes.ts";
import { OWNER_PERMISSIONS } from "../../../server/upstream/auth/signup-routes.ts";
import { DEMO_ROLES } from "../../../server/upstream/seed/demo-accounts.ts";
import { type AdminCallers, assertError, ok, startAdmin } from "./admin-fixture.ts";
import { Client } from "./upstream-fixture.ts";

const SERVICE_TOKEN = "role-permissions-suite-service-token-0123456789";
const PATH = "/ws/Gateway/RolePermissions";
let c: AdminCallers;
let previousToken: string | undefined;
let service: Client;

before(async () => {
  previousToken = process.env.UPSTREAM_SERVICE_TOKEN;
  process.env.UPSTREAM_SERVICE_TOKEN = SERVICE_TOKEN;
  c = await startAdmin();
  service = new Client(c.upstream.baseUrl, SERVICE_TOKEN);
});
after(async () => {
  if (previousToken === undefined) delete process.env.UPSTREAM_SERVICE_TOKEN;
  else process.env.UPSTREAM_SERVICE_TOKEN = previousToken;
  await c.upstream.close();
});

/** A permission string as a sorted set of entries. */
const set = (text: string) => text.split(";").sort();
/** The answer's sets as one comparable list, order-insensitive. */
const comparable = (sets: string[][]) => sets.map((entries) => entries.join(";")).sort();

/** What the call answers now. */
async function roles(what: string): Promise<string[][]> {
  const body = ok(await service.get(PATH), 200, what);
  assert.deepEqual(Object.keys(body), ["Roles"], `${what}: nothing but the sets`);
  return body.Roles as string[][];
}

const SEEDED = [OWNER_PERMISSIONS, DEMO_ROLES.staff, DEMO_ROLES.analyst, DEMO_ROLES.viewer].map(set);

test("needs the service token: anonymous, a member, staff and a wrong token get 401", async () => {
  for (const [who, client] of [
    ["anonymous", c.anonymous],
    ["member", c.member],
    ["staff", c.admin],
    ["wrong token", c.anonymous.as("wrong-token-wrong-token-wrong-token-0123456")],
  ] as const) {
    assertError(await client.get(PATH), 401, "AuthenticationRequired", who);
  }
  const answer = await service.get(PATH);
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get("cache-control"), "no-store");
});

test("the seeded demo: one sorted set per distinct role (Northwind's and Contoso's viewers are one set)", async () => {
  const sets = await roles("the seed");
  for (const entries of sets) assert.deepEqual(entries, [...entries].sort(), "each set sorted");
  assert.deepEqual(comparable(sets), comparable(SEEDED));
  assert.equal(sets.length, 4);
});

test("a role change shows at the next read", async () => {
  const created = ok(
    await c.member.post("/api/Roles", { Name: "Forecasters", Permissions: "Reports_r;Alerts_rw" }),
    201,
    "create",
  );
  assert.deepEqual(comparable(await roles("created")), comparable([...SEEDED, ["Alerts_rw", "Reports_r"]]));

  ok(await c.member.put(`/api/Roles/${created.RecId}`, { Permissions: "Insights_r" }), 200, "update");
  assert.deepEqual(comparable(await roles("changed")), comparable([...SEEDED, ["Insights_r"]]));

  // The viewer's permissions written in another order are the same set (stored canonical).
  const same = ok(
    await c.member.post("/api/Roles", {
      Name: "Viewers too",
      Permissions: "UserProfileAndPreferences_r;Dashboards_r",
    }),
    201,
    "same as the viewer",
  );
  assert.deepEqual(comparable(await roles("a duplicate")), comparable([...SEEDED, ["Insights_r"]]));

  for (const id of [created.RecId, same.RecId]) {
    assert.equal((await c.member.delete(`/api/Roles/${id}`)).status, 204, `delete ${id}`);
  }
  assert.deepEqual(comparable(await roles("deleted")), comparable(SEEDED));
});

const storedCases: { name: string; stored: string[]; expect: string[][] }[] = [
  { name: "entries sorted", stored: ["Reports_rw;Dashboards_r"], expect: [["Dashboards_r", "Reports_rw"]] },
  {
    name: "an alias is its canonical key, so the two strings are one set",
    stored: ["DataHook_r", "DataHooks_r"],
    expect: [["DataHooks_r"]],
  },
  { name: "an unreadable string grants nothing (as in the session)", stored: ["Nope_x"], expect: [[]] },
  { name: "a role without permissions is the empty set", stored: ["", "Nope_x"], expect: [[]] },
  {
    name: "the sets in order, each once",
    stored: ["Teams_r", "Alerts_r", "Teams_r"],
    expect: [["Alerts_r"], ["Teams_r"]],
  },
];

for (const { name, stored, expect } of storedCases) {
  test(`stored strings to sets: ${name}`, () => {
    assert.deepEqual(distinctPermissionSets(stored), expect);
  });
}
