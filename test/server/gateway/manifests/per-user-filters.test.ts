/**
 * The per-user filters as pure functions over the default manifests, table-driven: the condition
 * vocabulary of the menus schema, route access with upgrade routes, adminOnly, impersonation, link
 * resolution and the registries.
 */
import { BASE_SERVED } from "../../../helpers/base-served.ts";
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { evaluateCondition, type MenuConditionInput } from "../../../../core/menus/conditions.ts";
import { createRouteMatcher, routeOfLink } from "../../../../core/routes/match.ts";
import type { MenuCondition } from "../../../../schemas/menus.ts";
import {
  type AccessFacts,
  accessFactsFrom,
  accessFingerprint,
  userAccessOf,
} from "../../../../server/gateway/manifests/filter-access.ts";
import type { ManifestSet } from "../../../../server/gateway/manifests/manifest-set.ts";
import { resolveManifest } from "../../../../server/gateway/manifests/resolve-manifest.ts";
import { defaultManifests } from "../session/gateway-fixture.ts";

let set: ManifestSet;
before(async () => {
  set = await defaultManifests();
});

/** Facts of a synthetic user; every feature Included unless listed as Optional. */
function facts(options: {
  roles?: string[];
  admin?: [string, boolean, boolean][];
  optional?: string[];
  isAdmin?: boolean;
  impersonating?: boolean;
  flags?: Partial<AccessFacts["flags"]>;
  twoFactorPolicy?: string | null;
}): AccessFacts {
  const features: Record<string, string> = {};
  for (const feature of set.permissions.features) {
    const name = feature.sessionFlag ?? (feature.configName as string);
    features[name] = options.optional?.includes(feature.id) ? "Optional" : "Included";
  }
  return {
    accountRecId: 7,
    isAdmin: options.isAdmin ?? false,
    impersonating: options.impersonating ?? false,
    rolePermissions: options.roles ?? [],
    adminPermissions: options.admin ?? [],
    features,
    flags: {
      ShowHelpLinks: false,
      IsAdmin: options.isAdmin ?? false,
      MustSetup2FA: false,
      AccountIsWhiteLabel: false,
      AccountMenuLogoIsSet: false,
      ...options.flags,
    },
    twoFactorPolicy: options.twoFactorPolicy ?? "Optional",
    authenticationProtocol: "Password",
  };
}

function resolve(f: AccessFacts) {
  return resolveManifest(
    set,
    "v",
    { kind: "user", facts: f, fingerprint: accessFingerprint(f) },
    BASE_SERVED,
  );
}

/** The condition input the gateway evaluates menus with (resolve-manifest.ts). */
function context(f: AccessFacts): MenuConditionInput {
  const access = userAccessOf(f, set.permissions);
  return {
    profile: access.profile,
    session: access.session,
    shellFlags: { videoTutorials: true, signupAllowed: false },
    sessionValues: set.menus.sessionValues,
  };
}

describe("conditions", () => {
  const user = () =>
    facts({
      roles: ["Dashboards_r", "Reports_rw", "DataHook_r"],
      admin: [["Accounts", true, false]],
      flags: { ShowHelpLinks: true },
    });
  const cases: [string, unknown, boolean][] = [
    ["permission held", { permission: "Dashboards" }, true],
    ["permission level rw not held", { permission: "Dashboards", level: "rw" }, false],
    ["rw includes r", { permission: "Reports", level: "r" }, true],
    ["an alias grants the canonical key", { permission: "DataHooks" }, true],
    ["absent permission", { permission: "Users" }, false],
    ["feature included", { feature: "Dashboard" }, true],
    ["session flag", { sessionFlag: "ShowHelpLinks" }, true],
    ["session flag false", { sessionFlag: "MustSetup2FA" }, false],
    ["not impersonating", { impersonating: false }, true],
    ["2FA policy allows settings", { twoFactorPolicyAllowsSettings: true }, true],
    ["password sign-on", { passwordSignOn: true }, true],
    ["shell flag", { shellFlag: "videoTutorials" }, true],
    ["admin read", { adminModule: "Accounts" }, true],
    ["admin write not held", { adminModule: "Accounts", access: "write" }, false],
    ["allOf", { allOf: [{ permission: "Dashboards" }, { sessionFlag: "ShowHelpLinks" }] }, true],
    ["anyOf", { anyOf: [{ permission: "Users" }, { feature: "Report" }] }, true],
    ["not", { not: { permission: "Users" } }, true],
    ["three levels", { not: { anyOf: [{ allOf: [{ permission: "Users" }] }] } }, true],
    ["four levels are malformed", { not: { not: { not: { not: { permission: "Users" } } } } }, false],
    ["two kinds are malformed", { permission: "Dashboards", feature: "Dashboard" }, false],
    ["stray keys are malformed", { permission: "Dashboards", extra: 1 }, false],
    ["unknown atom", { role: "admin" }, false],
    ["empty anyOf", { anyOf: [] }, false],
    [
      "a malformed operand spoils the whole",
      { anyOf: [{ permission: "Dashboards" }, { bogus: true }] },
      false,
    ],
    ["not of malformed is not true", { not: { bogus: true } }, false],
    ["prototype names are no flags", { sessionFlag: "toString" }, false],
  ];
  for (const [name, condition, expected] of cases) {
    test(name, () => assert.equal(evaluateCondition(condition as MenuCondition, context(user())), expected));
  }
  test("an absent condition holds", () => assert.equal(evaluateCondition(undefined, context(user())), true));
});

describe("routes", () => {
  const byId = (manifest: ReturnType<typeof resolve>, id: string) =>
    manifest.routes.routes.find((r) => r.id === id);

  test("permission levels: r opens viewers, rw is needed for editors", () => {
    const reader = resolve(facts({ roles: ["Dashboards_r", "TableAndViews_r"] }));
    assert.ok(byId(reader, "dashboards"));
    assert.ok(byId(reader, "data"));
    assert.equal(byId(reader, "dataEditor"), undefined);
    assert.equal(byId(reader, "dashboardEditor"), undefined);
    const writer = resolve(facts({ roles: ["TableAndViews_rw"] }));
    assert.ok(byId(writer, "dataEditor"));
  });

  test("a held permission on a feature outside the subscription becomes an upgrade route; without the permission it is gone", () => {
    const manifest = resolve(facts({ roles: ["Insights_rw"], optional: ["Insight", "Binder"] }));
    const insights = byId(manifest, "insights");
    assert.deepEqual(insights?.upgrade, { feature: "Insight", objectType: "Insight" });
    assert.equal(insights?.screen, undefined);
    assert.equal(insights?.path, "/insights/:folderRecId?");
    assert.equal(byId(manifest, "binders"), undefined, "no Binders permission: not even an upgrade route");
  });

  test("admin routes need Read on one of their modules, and none survive impersonation", () => {
    const staff = facts({
      isAdmin: true,
      admin: [
        ["Support", true, false],
        ["Accounts", false, true],
      ],
    });
    const manifest = resolve(staff);
    assert.ok(byId(manifest, "adminSupport"));
    assert.ok(byId(manifest, "adminSupportDelete"), "admin redirects follow the same rule");
    assert.equal(byId(manifest, "adminAccounts"), undefined, "Write without Read opens nothing");
    const impersonating = resolve({ ...staff, impersonating: true });
    assert.ok(!impersonating.routes.routes.some((r) => r.access?.adminModules?.length));
    assert.deepEqual(impersonating.menus?.admin.sections, []);
    assert.deepEqual(impersonating.screens?.screens, []);
    assert.equal(impersonating.user?.impersonating, true);
  });

  test("links resolve to the best-ranked route, as the runtime's router does", () => {
    // The gateway resolves menu links with core's matcher over the app-mode routes (filter-menus.ts).
    const matchApp = createRouteMatcher(set.routes, "app");
    const routeOf = (link: string) => routeOfLink(link, matchApp)?.route ?? null;
    assert.equal(routeOf("/dashboards")?.id, "dashboards");
    assert.equal(routeOf("/dashboard/viewer/12")?.id, "dashboardViewer");
    assert.equal(routeOf("/dashboard/12")?.id, "legacyDashboard");
    assert.equal(routeOf("/admin/users/impersonate/12?x=1")?.id, "adminUserImpersonate");
    assert.equal(routeOf("/admin/users/impersonate/abc")?.id ?? null, null, "numeric parameter pattern");
    assert.equal(routeOf("/no/such/page/at/all"), null, "the help-mode catch-all is not an app route");
  });
});

describe("menus and registries", () => {
  test("adminOnly links only for admins", () => {
    const menus = structuredClone(set.menus);
    const link = menus.main.sections[0]?.links[0];
    assert.ok(link);
    link.adminOnly = true;
    const withFlag = { ...set, menus };
    const roles = [`${link.key}_rw`];
    const member = resolveManifest(
      withFlag,
      "v",
      {
        kind: "user",
        facts: facts({ roles }),
        fingerprint: "m",
      },
      BASE_SERVED,
    );
    const admin = resolveManifest(
      withFlag,
      "v",
      {
        kind: "user",
        facts: facts({ roles, isAdmin: true }),
        fingerprint: "a",
      },
      BASE_SERVED,
    );
    const links = (m: typeof member) => m.menus?.main.sections.flatMap((s) => s.links.map((l) => l.id)) ?? [];
    assert.ok(!links(member).includes(link.id));
    assert.ok(links(admin).includes(link.id));
  });

  test("user and help menus follow their conditions; stop-impersonation only while impersonating", () => {
    const entries = (m: ReturnType<typeof resolve>, menu: "user" | "help") =>
      m.menus?.[menu].entries.map((e) => e.id) ?? [];
    const plain = resolve(facts({ roles: ["SupportTickets_rw"] }));
    assert.ok(entries(plain, "user").includes("userSignOut"));
    assert.ok(!entries(plain, "user").includes("userStopImpersonation"));
    assert.ok(entries(plain, "help").includes("helpNewSupportTicket"));
    const acting = resolve(facts({ roles: [], impersonating: true, twoFactorPolicy: "Disabled" }));
    assert.deepEqual(entries(acting, "user"), ["userSwitchLanguage", "userStopImpersonation"]);
    assert.deepEqual(entries(acting, "help"), [], "the help menu's own condition fails");
  });

  test("dialogs with an admin module need Read; home redirects need the permission and the feature", () => {
    const member = resolve(facts({ roles: ["Dashboards_r", "Reports_r"], optional: ["Report"] }));
    assert.ok(!member.dialogs?.dialogs.some((d) => d.adminModule));
    assert.ok(member.dialogs?.dialogs.some((d) => d.id === "mySettings"));
    assert.deepEqual(
      member.permissions.homeRedirects.map((r) => r.menu),
      ["Dashboards"],
    );
    assert.equal(
      member.permissions.features.length,
      set.permissions.features.length,
      "every feature, for /upgrade",
    );
    const staff = resolve(facts({ isAdmin: true, admin: [["Connectors", true, false]] }));
    assert.ok(staff.dialogs?.dialogs.some((d) => d.id === "connectorSyntaxValidation"));
  });
});

describe("access facts", () => {
  test("read from LoggedInConfig defensively; the fingerprint ignores order and the account", () => {
    const config = {
      User: {
        AccountRecId: 3,
        IsAdmin: false,
        Impersonating: false,
        RolePermissions: ["Reports_r", "Dashboards_rw", "Reports_r", 5],
        AdminPermissions: [{ Key: "Tasks", Value: { Read: true, Write: false } }, { Key: 1 }],
        Dashboard: "Included",
        Report: "Optional",
        ShowHelpLinks: true,
        AccountTwoFactorAuthenticationPolicy: "Optional",
        AuthenticationProtocol: "Password",
      },
      FeaturesIntegrationAPI: "Included",
      FeaturesBogus: 3,
    };
    const read = accessFactsFrom(config, false);
    assert.ok(read);
    assert.deepEqual(read.rolePermissions, ["Dashboards_rw", "Reports_r"]);
    assert.deepEqual(read.adminPermissions, [["Tasks", true, false]]);
    assert.deepEqual(read.features, {
      Dashboard: "Included",
      FeaturesIntegrationAPI: "Included",
      Report: "Optional",
    });
    assert.equal(
      accessFactsFrom(config, true)?.impersonating,
      true,
      "the gateway's own impersonation mark counts",
    );
    const shuffled = accessFactsFrom(
      {
        ...config,
        User: { ...config.User, AccountRecId: 4, RolePermissions: ["Dashboards_rw", "Reports_r"] },
      },
      false,
    );
    assert.ok(shuffled);
    assert.equal(accessFingerprint(shuffled), accessFingerprint(read));
    assert.equal(accessFactsFrom({ User: { AccountRecId: "x" } }, false), null);
    assert.equal(accessFactsFrom(null, false), null);
  });
});
