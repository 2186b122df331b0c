import assert from "node:assert/strict";
import { test } from "node:test";
import {
  formatPermissionString,
  hasPermission,
  parsePermissionString,
} from "../../../core/access/permission-string.ts";

const catalogue = {
  rolePermissions: [{ key: "Dashboards" }, { key: "DataHooks", aliases: ["DataHook"] }, { key: "Users" }],
};

const cases: Array<{ input: string; expect: Record<string, string>; issues?: string[] }> = [
  { input: "", expect: {} },
  { input: "Dashboards_r", expect: { Dashboards: "r" } },
  { input: "Dashboards_rw;Users_r", expect: { Dashboards: "rw", Users: "r" } },
  { input: " Dashboards_r ; Users_rw ;", expect: { Dashboards: "r", Users: "rw" } },
  { input: "DataHook_rw", expect: { DataHooks: "rw" } },
  { input: "dashboards_R", expect: { Dashboards: "r" } },
  { input: "Dashboards_r;Dashboards_rw", expect: { Dashboards: "rw" }, issues: ["duplicate"] },
  { input: "Dashboards_rw;Dashboards_r", expect: { Dashboards: "rw" }, issues: ["duplicate"] },
  { input: "Nope_r", expect: {}, issues: ["unknownKey"] },
  { input: "Dashboards_x", expect: {}, issues: ["unknownLevel"] },
  { input: "Dashboards", expect: {}, issues: ["malformed"] },
  { input: "_r;Users_", expect: {}, issues: ["malformed", "malformed"] },
];

for (const { input, expect, issues = [] } of cases) {
  test(`parses ${JSON.stringify(input)}`, () => {
    const result = parsePermissionString(input, catalogue);
    assert.deepEqual(Object.fromEntries(result.permissions), expect);
    assert.deepEqual(
      result.issues.map((i) => i.reason),
      issues,
    );
  });
}

test("an absent key means no access; rw covers r", () => {
  const { permissions } = parsePermissionString("Dashboards_rw;Users_r", catalogue);
  assert.equal(hasPermission(permissions, "Dashboards", "r"), true);
  assert.equal(hasPermission(permissions, "Dashboards", "rw"), true);
  assert.equal(hasPermission(permissions, "Users", "rw"), false);
  assert.equal(hasPermission(permissions, "DataHooks"), false);
});

test("formats in a stable order and round-trips", () => {
  const { permissions } = parsePermissionString("Users_r;Dashboards_rw", catalogue);
  assert.equal(formatPermissionString(permissions), "Dashboards_rw;Users_r");
  assert.deepEqual(
    parsePermissionString(formatPermissionString(permissions), catalogue).permissions,
    permissions,
  );
});
