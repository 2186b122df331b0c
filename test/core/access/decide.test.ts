/**
 * core's access decisions as tables from SPEC.md §4.1 (steps 9, 11, 12 and the admin-module rule)
 * and §6, each refusal with its reason, over the real permissions catalogue; subjects are read from
 * LoggedInConfig-like sources with core's reading (accessSubjectOf), as both sides build them.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type AccessSource,
  type AccessSubject,
  accessSubjectOf,
  isFeatureIncluded,
} from "../../../core/access/access-profile.ts";
import {
  type AccessDecision,
  decideDialogAccess,
  decideRouteAccess,
  isAdminPath,
} from "../../../core/access/decide.ts";
import permissionsJson from "../../../manifests/permissions.json" with { type: "json" };
import type { PermissionsManifest } from "../../../schemas/permissions.ts";
import type { RouteDefinition } from "../../../schemas/routes.ts";

const catalogue = permissionsJson as unknown as PermissionsManifest;

/** A subject read from LoggedInConfig-like fields; every feature Included unless listed as Optional. */
function subject(
  options: {
    roles?: string[];
    admin?: Record<string, [read: boolean, write: boolean]>;
    optional?: string[];
    isAdmin?: boolean;
    impersonating?: boolean;
  } = {},
): AccessSubject {
  const source: AccessSource = {
    rolePermissions: options.roles ?? [],
    adminPermissions: Object.entries(options.admin ?? {}).map(([key, [read, write]]) => ({
      key,
      read,
      write,
    })),
    isAdmin: options.isAdmin ?? Object.keys(options.admin ?? {}).length > 0,
    impersonating: options.impersonating ?? false,
    sessionFlag: (name) => (options.optional?.includes(name) ? "Optional" : "Included"),
    configValue: () => undefined,
  };
  return accessSubjectOf(source, catalogue);
}

const route = (path: string, access: RouteDefinition["access"] = {}): RouteDefinition => ({
  id: "r",
  path,
  screen: { kind: "home" },
  access,
});

const schedules = route("/schedules/:folderRecId?", { features: ["Schedules"], permission: "Schedules" });
const dataEditor = route("/data/editor/:recId", {
  features: ["TablesAndView"],
  permission: "TableAndViews",
  permissionLevel: "rw",
});
const adminAccounts = route("/admin/accounts", { adminModules: ["Accounts"] });
const adminSupportDelete: RouteDefinition = {
  id: "adminSupportDelete",
  path: "/admin/support/:recId/delete",
  redirect: { to: "/admin/support" },
  access: { adminModules: ["Support"] },
};

describe("routes (§4.1 steps 9, 11, 12, the admin-module rule; §6)", () => {
  const cases: Array<[string, RouteDefinition, AccessSubject, AccessDecision]> = [
    ["a route without rules opens for anyone", route("/upgrade"), subject(), { allowed: true }],
    ["a public route opens for anyone", route("/v/:code", { public: true }), subject(), { allowed: true }],
    ["permission and feature held", schedules, subject({ roles: ["Schedules_r"] }), { allowed: true }],
    [
      "step 11: the feature is only Optional — upgrade with its first object type",
      dataEditor,
      subject({ roles: ["TableAndViews_rw"], optional: ["TablesAndView"] }),
      { allowed: false, reason: "featureNotIncluded", feature: "TablesAndView", objectType: "DataTable" },
    ],
    [
      "step 12: the permission is missing",
      schedules,
      subject(),
      { allowed: false, reason: "permissionMissing", permission: "Schedules", level: "r", held: null },
    ],
    [
      "step 12: read where read-write is needed is too low",
      dataEditor,
      subject({ roles: ["TableAndViews_r"] }),
      { allowed: false, reason: "permissionMissing", permission: "TableAndViews", level: "rw", held: "r" },
    ],
    ["read-write includes read", schedules, subject({ roles: ["Schedules_rw"] }), { allowed: true }],
    [
      "an alias grants the canonical key (manifests/permissions.json)",
      route("/datahook", { permission: "DataHooks" }),
      subject({ roles: ["DataHook_r"] }),
      { allowed: true },
    ],
    [
      "§6: the permission is the first gate — without it a missing feature is no upgrade",
      schedules,
      subject({ optional: ["Schedules"] }),
      { allowed: false, reason: "permissionMissing", permission: "Schedules", level: "r", held: null },
    ],
    [
      "step 9: an /admin path without any admin permission",
      adminAccounts,
      subject({ roles: ["Users_rw"] }),
      { allowed: false, reason: "adminWithoutPermission" },
    ],
    [
      "admin-module rule: Write without Read opens nothing",
      adminAccounts,
      subject({ admin: { Accounts: [false, true] } }),
      { allowed: false, reason: "adminModuleMissing", modules: ["Accounts"] },
    ],
    [
      "admin-module rule: Read on another module only",
      adminAccounts,
      subject({ admin: { Users: [true, true] } }),
      { allowed: false, reason: "adminModuleMissing", modules: ["Accounts"] },
    ],
    [
      "admin-module rule: Read on one of several modules",
      route("/admin/x", { adminModules: ["Accounts", "Users"] }),
      subject({ admin: { Users: [true, false] } }),
      { allowed: true },
    ],
    ["Read on the module", adminAccounts, subject({ admin: { Accounts: [true, false] } }), { allowed: true }],
    [
      "an admin redirect follows the same rule",
      adminSupportDelete,
      subject({ admin: { Accounts: [true, true] } }),
      { allowed: false, reason: "adminModuleMissing", modules: ["Support"] },
    ],
    [
      "impersonation closes the admin area, whatever the upstream sent",
      adminAccounts,
      subject({ admin: { Accounts: [true, true] }, impersonating: true }),
      { allowed: false, reason: "impersonating" },
    ],
    [
      "impersonation leaves the member's routes open",
      schedules,
      subject({ roles: ["Schedules_r"], impersonating: true }),
      { allowed: true },
    ],
  ];
  for (const [name, given, who, expected] of cases) {
    test(name, () => assert.deepEqual(decideRouteAccess(given, who, catalogue.features), expected));
  }

  test("a feature outside the catalogue upgrades without an object type", () => {
    const decision = decideRouteAccess(
      route("/x", { features: ["Spaceships"] }),
      subject(),
      catalogue.features,
    );
    assert.deepEqual(decision, {
      allowed: false,
      reason: "featureNotIncluded",
      feature: "Spaceships",
      objectType: null,
    });
  });

  test("step 9's /admin is matched in any letter case, as routes are", () => {
    assert.equal(isAdminPath("/admin"), true);
    assert.equal(isAdminPath("/Admin/Accounts"), true);
    assert.equal(isAdminPath("/administration"), false);
    assert.equal(isAdminPath("/dashboards/admin"), false);
    assert.deepEqual(decideRouteAccess(route("/ADMIN/Accounts"), subject(), catalogue.features), {
      allowed: false,
      reason: "adminWithoutPermission",
    });
  });
});

describe("dialogs (§5: an admin module's dialog opens only with Read on it)", () => {
  const cases: Array<[string, { adminModule?: string }, AccessSubject, AccessDecision]> = [
    ["no admin module", {}, subject(), { allowed: true }],
    [
      "Read",
      { adminModule: "Connectors" },
      subject({ admin: { Connectors: [true, false] } }),
      { allowed: true },
    ],
    [
      "Write only",
      { adminModule: "Connectors" },
      subject({ admin: { Connectors: [false, true] } }),
      { allowed: false, reason: "adminModuleMissing", modules: ["Connectors"] },
    ],
    [
      "while impersonating",
      { adminModule: "Connectors" },
      subject({ admin: { Connectors: [true, true] }, impersonating: true }),
      { allowed: false, reason: "impersonating" },
    ],
  ];
  for (const [name, dialog, who, expected] of cases) {
    test(name, () => assert.deepEqual(decideDialogAccess(dialog, who), expected));
  }
});

describe("the subject both sides read (§3)", () => {
  const read = (source: Partial<AccessSource>) =>
    accessSubjectOf(
      {
        rolePermissions: [],
        adminPermissions: [],
        isAdmin: false,
        impersonating: false,
        sessionFlag: () => undefined,
        configValue: () => undefined,
        ...source,
      },
      catalogue,
    );

  test("permissions: aliases resolved, the higher level of a repeat wins, unknown keys and levels grant nothing", () => {
    const { permissions } = read({
      rolePermissions: ["DataHook_r", "datahooks_rw", "Reports_r", "Reports_w", "Spaceships_rw", "Users"],
    });
    assert.deepEqual([...permissions].sort(), [
      ["DataHooks", "rw"],
      ["Reports", "r"],
    ]);
  });

  test("a feature from its session flag, else its Features… name, else Optional; a value that is no availability is skipped", () => {
    const user: Record<string, unknown> = { Dashboard: "Optional", Report: "Bogus" };
    const config: Record<string, unknown> = {
      FeaturesDashboard: "Included",
      FeaturesReport: "Included",
      FeaturesIntegrationAPI: "Included",
    };
    const who = read({ sessionFlag: (name) => user[name], configValue: (name) => config[name] });
    assert.equal(who.features.get("Dashboard"), "Optional", "the session flag wins");
    assert.equal(
      isFeatureIncluded(who, "Report"),
      true,
      "an unreadable flag does not hide the config's value",
    );
    assert.equal(isFeatureIncluded(who, "IntegrationAPI"), true);
    assert.equal(who.features.get("Binder"), "Optional", "absent is Optional");
    assert.equal(who.features.size, catalogue.features.length);
  });

  test("impersonating: no admin grant and no IsAdmin (§4.2, DESIGN.md §3)", () => {
    const staff = { isAdmin: true, adminPermissions: [{ key: "Accounts", read: true, write: true }] };
    assert.equal(read(staff).isAdmin, true);
    assert.equal(read(staff).adminModules.get("Accounts")?.read, true);
    const acting = read({ ...staff, impersonating: true });
    assert.equal(acting.isAdmin, false);
    assert.equal(acting.adminModules.size, 0);
    assert.equal(acting.impersonating, true);
  });
});
