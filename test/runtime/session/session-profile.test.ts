import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { hasRolePermission, isFeatureIncluded } from "../../../core/access/access-profile.ts";
import { accessProfileFrom, interfacePreferencesOf } from "../../../runtime/session/session-profile.ts";
import type { LoggedInConfig } from "../../../schemas/payloads/user-session.ts";
import type { PermissionsManifest } from "../../../schemas/permissions.ts";
import { MANIFESTS_DIR, ROOT } from "../../helpers/manifest-fixtures.ts";

const permissions = JSON.parse(
  readFileSync(join(MANIFESTS_DIR, "permissions.json"), "utf8"),
) as PermissionsManifest;
const fixture = JSON.parse(
  readFileSync(join(ROOT, "test/fixtures/payloads/logged-in-config.json"), "utf8"),
) as LoggedInConfig;

function withUser(patch: Partial<LoggedInConfig["User"]>, top: Partial<LoggedInConfig> = {}): LoggedInConfig {
  return { ...fixture, ...top, User: { ...fixture.User, ...patch } };
}

test("permissions are parsed with aliases resolved; unknown keys grant nothing", () => {
  const profile = accessProfileFrom(
    withUser({ RolePermissions: ["Dashboards_rw", "DataHook_r", "Spaceships_rw"] }),
    permissions,
  );
  assert.equal(hasRolePermission(profile, "Dashboards", "rw"), true);
  assert.equal(hasRolePermission(profile, "DataHooks", "r"), true);
  assert.equal(hasRolePermission(profile, "DataHooks", "rw"), false);
  assert.equal(profile.permissions.has("Spaceships"), false);
});

test("features come from the session flag, and IntegrationAPI from its Features… name (§3)", () => {
  const profile = accessProfileFrom(
    withUser(
      { Dashboard: "Optional", Report: "Included" },
      { FeaturesIntegrationAPI: "Included", FeaturesDashboard: "Included" },
    ),
    permissions,
  );
  assert.equal(isFeatureIncluded(profile, "Dashboard"), false, "the session flag wins");
  assert.equal(isFeatureIncluded(profile, "Report"), true);
  assert.equal(isFeatureIncluded(profile, "IntegrationAPI"), true);
});

test("admin permissions become a map keyed by module (§3)", () => {
  const profile = accessProfileFrom(
    withUser({ IsAdmin: true, AdminPermissions: [{ Key: "Accounts", Value: { Read: true, Write: false } }] }),
    permissions,
  );
  assert.deepEqual(profile.adminModules.get("Accounts"), { read: true, write: false });
  assert.equal(profile.isAdmin, true);
});

test("InterfacePreferences as a JSON string is parsed (§3)", () => {
  assert.deepEqual(interfacePreferencesOf(withUser({ InterfacePreferences: '{"theme":"dark"}' as never })), {
    theme: "dark",
  });
  assert.deepEqual(interfacePreferencesOf(withUser({ InterfacePreferences: "not json" as never })), {});
  assert.deepEqual(interfacePreferencesOf(withUser({ InterfacePreferences: null })), {});
});
