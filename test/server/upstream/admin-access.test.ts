/**
 * §6 access checks on every admin endpoint the screens manifest names (list, record, export,
 * create, edit, delete, bulk delete, panels and custom actions), over real HTTP, in the order the
 * upstream applies them: no session → 401; an account member → 403 StaffOnly (a member of any
 * account reaches no admin endpoint); staff without Read on the screen's module → 403
 * AdminPermissionDenied; staff with Read but no Write (the auditor) → 403 on every change, and past
 * the guards on every read.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  type AdminCallers,
  assertError,
  endpointFor,
  firstRow,
  type ManifestScreen,
  manifestScreens,
  startAdmin,
} from "./admin-fixture.ts";
import type { Client, Json } from "./upstream-fixture.ts";

let callers: AdminCallers;
before(async () => {
  callers = await startAdmin();
});
after(async () => callers.upstream.close());

interface Call {
  method: string;
  path: string;
  write: boolean;
  body?: unknown;
}

/** Every call a screen's manifest offers, with the first row's key where a row is needed. */
async function callsOf(screen: ManifestScreen): Promise<Call[]> {
  const { list, actions = {} } = screen;
  const row: Json = await firstRow(callers.admin, list.endpoint);
  const record = `${list.endpoint}/{${list.rowKey}}`;
  const calls: Call[] = [{ method: "GET", path: endpointFor(list.endpoint), write: false }];
  // Screens with a detail form read their records one by one (log analytics rows are aggregates).
  if (screen.detail) calls.push({ method: "GET", path: endpointFor(record, row), write: false });
  const panels = ((screen.detail as { panels?: { endpoint: string }[] } | undefined)?.panels ?? []).map(
    (panel) => panel.endpoint,
  );
  for (const panel of panels) calls.push({ method: "GET", path: endpointFor(panel, row), write: false });
  if (actions.create) calls.push({ method: "POST", path: endpointFor(list.endpoint), write: true, body: {} });
  if (actions.edit) calls.push({ method: "PUT", path: endpointFor(record, row), write: true, body: {} });
  if (actions.delete) calls.push({ method: "DELETE", path: endpointFor(record, row), write: true });
  if (actions.delete?.bulk)
    calls.push({
      method: "POST",
      path: endpointFor(`${list.endpoint}/Delete`),
      write: true,
      body: { ids: [row[list.rowKey]] },
    });
  for (const action of actions.custom ?? []) {
    if (!action.endpoint || !action.method) continue; // navigateTo: an in-app link, no call
    calls.push({
      method: action.method,
      path: endpointFor(action.endpoint, row),
      write: action.readOnly !== true,
      body: action.method === "GET" ? undefined : {},
    });
  }
  return calls;
}

const send = (client: Client, call: Call) => client.request(call.method, call.path, call.body);

test("the manifest names 36 admin screens, each with a module", () => {
  const screens = manifestScreens();
  assert.equal(screens.length, 36);
  for (const screen of screens) assert.ok(screen.adminModule, screen.id);
});

for (const screen of manifestScreens()) {
  test(`${screen.id}: 401 → 403 member → 403 no Read → 403 no Write → past the guards`, async () => {
    const withoutRead =
      screen.adminModule === "Support" || screen.adminModule === "SupportSessions"
        ? callers.clerk
        : callers.agent;
    for (const call of await callsOf(screen)) {
      const what = `${call.method} ${call.path}`;
      assertError(await send(callers.anonymous, call), 401, "AuthenticationRequired", what);
      assertError(await send(callers.member, call), 403, "StaffOnly", what);
      assertError(await send(withoutRead, call), 403, "AdminPermissionDenied", what);
      if (call.write) {
        assertError(await send(callers.auditor, call), 403, "AdminPermissionDenied", what);
      } else {
        const reply = await send(callers.auditor, call);
        assert.ok(
          ![401, 403].includes(reply.status),
          `${what} with Read: ${reply.status} ${JSON.stringify(reply.body)}`,
        );
      }
    }
  });
}

test("the blocked-IP list for the gateway: staff with Read, or the service token only", async () => {
  assertError(await callers.anonymous.get("/api/Admin/BlockedIps/Active"), 401, "AuthenticationRequired");
  assertError(await callers.member.get("/api/Admin/BlockedIps/Active"), 403, "StaffOnly");
  assertError(await callers.agent.get("/api/Admin/BlockedIps/Active"), 403, "AdminPermissionDenied");
  const list = await callers.auditor.get("/api/Admin/BlockedIps/Active");
  assert.equal(list.status, 200);
  // Blocks in force only: the expired one is left out.
  assert.deepEqual(list.body.Items.map((item: { IpAddress: string }) => item.IpAddress).sort(), [
    "198.51.100.0/24",
    "2001:db8:bad::/48",
    "203.0.113.45",
  ]);
  // Without UPSTREAM_SERVICE_TOKEN in this process, a made-up bearer is just an unknown session.
  assertError(
    await callers.anonymous.get("/api/Admin/BlockedIps/Active", {
      authorization: `Bearer ${"x".repeat(40)}`,
    }),
    401,
    "SessionExpired",
  );
});

test("members learn nothing: an existing and a missing record answer alike; impersonating staff act as the member", async () => {
  for (const screen of manifestScreens().filter((candidate) => candidate.detail)) {
    const row: Json = await firstRow(callers.admin, screen.list.endpoint);
    const record = `${screen.list.endpoint}/{${screen.list.rowKey}}`;
    const missing = typeof row[screen.list.rowKey] === "number" ? 999_999 : "missing-key";
    const existing = await callers.member.get(endpointFor(record, row));
    const absent = await callers.member.get(endpointFor(record, { [screen.list.rowKey]: missing }));
    assert.equal(existing.status, 403, screen.id);
    assert.deepEqual(existing.body, absent.body, `${screen.id}: the answer must not reveal the record`);
    if (screen.actions?.edit) {
      const change = await callers.member.put(endpointFor(record, row), {});
      assert.deepEqual([change.status, change.body], [absent.status, absent.body]);
    }
  }
  const viewer = await firstRow(callers.admin, "Admin/Users", "search=viewer%40northwind.example");
  const token = (await callers.admin.post(`/api/Admin/Users/${viewer.RecId}/ImpersonationToken`)).body.Token;
  const impersonating = callers.admin.as(
    (await callers.admin.post("/api/Admin/Users/Impersonate", { Token: token })).body.Token,
  );
  assertError(await impersonating.get("/api/Admin/Accounts"), 403, "StaffOnly");
  assertError(await impersonating.get("/api/Admin/BlockedIps/Active"), 403, "StaffOnly");
});
