/**
 * §4.2 "For admin users the admin constants and config scripts load once" (runtime/session/
 * admin-scripts.ts): the decision as data, and the loads it makes against a fake gateway.
 */
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";
import {
  type AdminScriptsState,
  adminScriptsAction,
  adminScriptsStore,
  syncAdminScripts,
} from "../../../runtime/session/admin-scripts.ts";
import type { LoggedInConfig } from "../../../schemas/payloads/user-session.ts";

const session = (user: { uid: string; admin: boolean; impersonating?: boolean }) =>
  ({
    User: { UserUID: user.uid, IsAdmin: user.admin, Impersonating: user.impersonating ?? false },
  }) as unknown as LoggedInConfig;

const staff = session({ uid: "staff-1", admin: true });
const otherStaff = session({ uid: "staff-2", admin: true });
const member = session({ uid: "member-1", admin: false });
const impersonating = session({ uid: "member-1", admin: true, impersonating: true });

const none: Pick<AdminScriptsState, "userUID" | "status"> = { userUID: null, status: "idle" };
const held = (status: AdminScriptsState["status"], userUID = "staff-1") => ({ userUID, status });

describe("§4.2 admin scripts: when they load", () => {
  const rows = [
    { name: "staff signing in: load", held: none, config: staff, expect: "load" },
    { name: "the same staff session again: once only", held: held("loaded"), config: staff, expect: "keep" },
    { name: "while they load: not twice", held: held("loading"), config: staff, expect: "keep" },
    { name: "after a failed load: again", held: held("failed"), config: staff, expect: "load" },
    { name: "another staff member: theirs", held: held("loaded"), config: otherStaff, expect: "load" },
    { name: "a member: never", held: none, config: member, expect: "keep" },
    {
      name: "a staff member impersonating acts as the member: never",
      held: none,
      config: impersonating,
      expect: "keep",
    },
    {
      name: "impersonation starts: the staff's are forgotten",
      held: held("loaded"),
      config: impersonating,
      expect: "clear",
    },
    { name: "sign-out: forgotten", held: held("loaded"), config: null, expect: "clear" },
    { name: "no session and none held: nothing", held: none, config: null, expect: "keep" },
  ] as const;
  for (const row of rows) {
    test(row.name, () => assert.equal(adminScriptsAction(row.held, row.config), row.expect));
  }
});

describe("§4.2 admin scripts: the loads", () => {
  let calls: Array<{ url: string; accept: string | null }> = [];
  let fail = false;
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, accept: new Headers(init?.headers).get("accept") });
    if (fail) return new Response(JSON.stringify({ ErrorCode: 5051, Message: "down" }), { status: 502 });
    const body = url.endsWith("Constants") ? { AdminModules: ["Accounts"] } : { SignupAllowed: true };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;

  beforeEach(async () => {
    calls = [];
    fail = false;
    await syncAdminScripts(null, fetchImpl);
  });

  test("staff: both read once as JSON through the webservices relay, then kept", async () => {
    await syncAdminScripts(staff, fetchImpl);
    assert.deepEqual(calls, [
      { url: "/webservices/Client/Admin/Constants", accept: "application/json" },
      { url: "/webservices/Client/Admin/Config", accept: "application/json" },
    ]);
    assert.deepEqual(adminScriptsStore.get(), {
      userUID: "staff-1",
      status: "loaded",
      constants: { AdminModules: ["Accounts"] },
      config: { SignupAllowed: true },
    });
    await syncAdminScripts(staff, fetchImpl);
    assert.equal(calls.length, 2);
  });

  test("a member: no call", async () => {
    await syncAdminScripts(member, fetchImpl);
    assert.deepEqual(calls, []);
    assert.equal(adminScriptsStore.get().constants, null);
  });

  test("a failed load is marked and tried again with the next session change", async () => {
    fail = true;
    await assert.rejects(syncAdminScripts(staff, fetchImpl));
    assert.equal(adminScriptsStore.get().status, "failed");
    fail = false;
    await syncAdminScripts(staff, fetchImpl);
    assert.equal(adminScriptsStore.get().status, "loaded");
  });

  test("signed out while loading: the answer is dropped", async () => {
    const loading = syncAdminScripts(staff, fetchImpl);
    await syncAdminScripts(null, fetchImpl);
    await loading;
    assert.deepEqual(adminScriptsStore.get(), {
      userUID: null,
      status: "idle",
      constants: null,
      config: null,
    });
  });
});
