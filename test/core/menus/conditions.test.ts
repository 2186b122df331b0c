import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AccessProfile } from "../../../core/access/access-profile.ts";
import { evaluateCondition, type MenuConditionInput } from "../../../core/menus/conditions.ts";
import { visibleAdminMenu, visibleMainMenu } from "../../../core/menus/menu-links.ts";
import menusJson from "../../../manifests/menus.json" with { type: "json" };
import type { MenuCondition, MenusManifest } from "../../../schemas/menus.ts";
import { profile } from "../../helpers/guard-fixture.ts";

const menus = menusJson as unknown as MenusManifest;

function input(
  options: {
    profile?: AccessProfile;
    flags?: MenuConditionInput["session"]["flags"];
    twoFactorPolicy?: string | null;
    authenticationProtocol?: string | null;
    impersonating?: boolean;
    videoTutorials?: boolean;
    signupAllowed?: boolean;
  } = {},
): MenuConditionInput {
  return {
    profile: options.profile ?? profile(),
    session: {
      flags: options.flags ?? {},
      twoFactorPolicy: options.twoFactorPolicy ?? null,
      authenticationProtocol: options.authenticationProtocol ?? null,
      impersonating: options.impersonating ?? false,
    },
    shellFlags: {
      videoTutorials: options.videoTutorials ?? false,
      signupAllowed: options.signupAllowed ?? false,
    },
    sessionValues: menus.sessionValues,
  };
}

const c = (value: unknown) => value as MenuCondition;
const reader = profile({ permissions: { Dashboards: "r", Exports: "rw" } });
const admin = profile({
  admin: { Accounts: { read: true, write: false }, Users: { read: false, write: true } },
});
const withFeatures = profile({ features: { Dashboard: "Included", Report: "Optional" } });

describe("condition atoms (schemas/menus.ts)", () => {
  const cases: Array<[string, unknown, MenuConditionInput, boolean]> = [
    ["permission held at r", { permission: "Dashboards" }, input({ profile: reader }), true],
    ["permission absent", { permission: "Users" }, input({ profile: reader }), false],
    [
      "permission r does not satisfy rw",
      { permission: "Dashboards", level: "rw" },
      input({ profile: reader }),
      false,
    ],
    ["permission rw satisfies rw", { permission: "Exports", level: "rw" }, input({ profile: reader }), true],
    ["permission rw satisfies r", { permission: "Exports", level: "r" }, input({ profile: reader }), true],
    ["feature Included", { feature: "Dashboard" }, input({ profile: withFeatures }), true],
    ["feature Optional is false", { feature: "Report" }, input({ profile: withFeatures }), false],
    ["feature absent is false", { feature: "Binder" }, input({ profile: withFeatures }), false],
    ["sessionFlag true", { sessionFlag: "ShowHelpLinks" }, input({ flags: { ShowHelpLinks: true } }), true],
    [
      "sessionFlag false",
      { sessionFlag: "ShowHelpLinks" },
      input({ flags: { ShowHelpLinks: false } }),
      false,
    ],
    ["sessionFlag absent", { sessionFlag: "MustSetup2FA" }, input(), false],
    [
      "impersonating true holds while impersonating",
      { impersonating: true },
      input({ impersonating: true }),
      true,
    ],
    ["impersonating true fails otherwise", { impersonating: true }, input(), false],
    ["impersonating false holds otherwise", { impersonating: false }, input(), true],
    [
      "impersonating false fails while impersonating",
      { impersonating: false },
      input({ impersonating: true }),
      false,
    ],
    [
      "2FA policy Optional allows",
      { twoFactorPolicyAllowsSettings: true },
      input({ twoFactorPolicy: "Optional" }),
      true,
    ],
    [
      "2FA policy compared case-insensitively",
      { twoFactorPolicyAllowsSettings: true },
      input({ twoFactorPolicy: "required" }),
      true,
    ],
    [
      "2FA policy Disabled does not allow",
      { twoFactorPolicyAllowsSettings: true },
      input({ twoFactorPolicy: "Disabled" }),
      false,
    ],
    [
      "2FA policy absent never allows",
      { twoFactorPolicyAllowsSettings: true },
      input({ twoFactorPolicy: null }),
      false,
    ],
    [
      "2FA policy false expected, Disabled",
      { twoFactorPolicyAllowsSettings: false },
      input({ twoFactorPolicy: "Disabled" }),
      true,
    ],
    ["password sign-on", { passwordSignOn: true }, input({ authenticationProtocol: "Password" }), true],
    [
      "password sign-on, other case",
      { passwordSignOn: true },
      input({ authenticationProtocol: "PASSWORD" }),
      true,
    ],
    ["SAML is not password", { passwordSignOn: true }, input({ authenticationProtocol: "SAML" }), false],
    [
      "absent protocol is not password",
      { passwordSignOn: false },
      input({ authenticationProtocol: null }),
      true,
    ],
    ["shellFlag true", { shellFlag: "videoTutorials" }, input({ videoTutorials: true }), true],
    ["shellFlag false", { shellFlag: "signupAllowed" }, input(), false],
    ["adminModule read (default)", { adminModule: "Accounts" }, input({ profile: admin }), true],
    [
      "adminModule read explicit",
      { adminModule: "Accounts", access: "read" },
      input({ profile: admin }),
      true,
    ],
    [
      "adminModule write missing",
      { adminModule: "Accounts", access: "write" },
      input({ profile: admin }),
      false,
    ],
    ["adminModule write only has no read", { adminModule: "Users" }, input({ profile: admin }), false],
    ["adminModule write held", { adminModule: "Users", access: "write" }, input({ profile: admin }), true],
    ["adminModule absent", { adminModule: "Invoices" }, input({ profile: admin }), false],
  ];
  for (const [name, condition, given, expected] of cases) {
    test(name, () => assert.equal(evaluateCondition(c(condition), given), expected));
  }
  test("an absent condition holds", () => assert.equal(evaluateCondition(undefined, input()), true));
});

describe("combinators", () => {
  const on = input({ profile: reader, flags: { ShowHelpLinks: true } });
  const cases: Array<[string, unknown, boolean]> = [
    ["allOf all true", { allOf: [{ permission: "Dashboards" }, { sessionFlag: "ShowHelpLinks" }] }, true],
    ["allOf one false", { allOf: [{ permission: "Dashboards" }, { permission: "Users" }] }, false],
    ["anyOf one true", { anyOf: [{ permission: "Users" }, { sessionFlag: "ShowHelpLinks" }] }, true],
    ["anyOf none true", { anyOf: [{ permission: "Users" }, { impersonating: true }] }, false],
    ["not of false", { not: { permission: "Users" } }, true],
    ["not of true", { not: { permission: "Dashboards" } }, false],
    [
      "three levels",
      { anyOf: [{ allOf: [{ not: { permission: "Users" } }, { permission: "Dashboards" }] }] },
      true,
    ],
  ];
  for (const [name, condition, expected] of cases) {
    test(name, () => assert.equal(evaluateCondition(c(condition), on), expected));
  }
});

describe("malformed conditions are false, never shown by accident", () => {
  const on = input({ profile: reader });
  const cases: Array<[string, unknown]> = [
    ["empty object", {}],
    ["unknown atom", { role: "admin" }],
    ["two atoms in one object", { permission: "Dashboards", feature: "Dashboard" }],
    ["stray key", { permission: "Dashboards", extra: true }],
    ["bad level", { permission: "Dashboards", level: "w" }],
    ["non-string permission", { permission: 5 }],
    ["unknown session flag", { sessionFlag: "IsStaff" }],
    ["non-boolean impersonating", { impersonating: "yes" }],
    ["unknown shell flag", { shellFlag: "maintenance" }],
    ["empty allOf", { allOf: [] }],
    ["anyOf not an array", { anyOf: { permission: "Dashboards" } }],
    ["not of a malformed operand", { not: { permission: 5 } }],
    ["not of nothing", { not: null }],
    ["allOf with a malformed operand", { anyOf: [{ permission: "Dashboards" }, { bogus: 1 }] }],
    ["four combinator levels", { not: { not: { not: { not: { permission: "Users" } } } } }],
    ["an array", [{ permission: "Dashboards" }]],
    ["null", null],
  ];
  for (const [name, condition] of cases) {
    test(name, () => assert.equal(evaluateCondition(c(condition), on), false));
  }
});

describe("visibleMainMenu (§6, the real menus manifest)", () => {
  const ids = (sections: ReturnType<typeof visibleMainMenu>) =>
    Object.fromEntries(sections.map((s) => [s.id, s.links.map((l) => l.id)]));

  test("no permission: no section at all (sections with no visible link are hidden)", () => {
    assert.deepEqual(visibleMainMenu(menus.main, input()), []);
  });

  test("each link follows its role permission; others and empty sections are hidden", () => {
    const p = profile({ permissions: { Dashboards: "r", Schedules: "rw", Users: "r" } });
    assert.deepEqual(ids(visibleMainMenu(menus.main, input({ profile: p }))), {
      analytics: ["dashboards"],
      automation: ["schedules", "schedulesHistory"],
      security: ["users"],
    });
  });

  test("every link of §6's sections shows with all permissions, each prefixed with /", () => {
    const all = profile({
      permissions: Object.fromEntries(
        menus.main.sections.flatMap((s) => s.links.map((l) => [l.key, "r" as const])),
      ),
    });
    const sections = visibleMainMenu(menus.main, input({ profile: { ...all, isAdmin: true } }));
    assert.equal(sections.length, menus.main.sections.length);
    assert.equal(sections.flatMap((s) => s.links).length, menus.main.sections.flatMap((s) => s.links).length);
    for (const link of sections.flatMap((s) => s.links)) assert.match(link.link, /^\/[a-z]/);
  });

  test("the feature does not hide a link; it badges it as an upgrade (§4.1 step 11)", () => {
    const p = profile({
      permissions: { Dashboards: "r", Reports: "r" },
      features: { Dashboard: "Included" },
    });
    const links = visibleMainMenu(menus.main, input({ profile: p })).flatMap((s) => s.links);
    assert.deepEqual(
      links.map((l) => [l.id, l.upgrade]),
      [
        ["dashboards", false],
        ["reports", true],
      ],
    );
  });

  const adminOnlyMenu: MenusManifest["main"] = {
    ...menus.main,
    sections: [
      {
        id: "mixed",
        titleKey: "MenuSection_Account",
        icon: "gear",
        column: 1,
        links: [
          { id: "open", textKey: "Menu_API", link: "/api", key: "API", adminOnly: false },
          {
            id: "staff",
            textKey: "Menu_ManagedAccounts",
            link: "/managedaccounts",
            key: "ManagedAccounts",
            adminOnly: true,
          },
        ],
      },
      {
        id: "staffOnly",
        titleKey: "MenuSection_Support",
        icon: "gear",
        column: 2,
        links: [
          { id: "staff2", textKey: "Menu_Projects", link: "projects", key: "Projects", adminOnly: true },
        ],
      },
      {
        id: "conditional",
        titleKey: "MenuSection_Data",
        icon: "gear",
        column: 2,
        visibleWhen: c({ sessionFlag: "ShowHelpLinks" }),
        links: [{ id: "data", textKey: "Menu_Tables", link: "/data", key: "API", adminOnly: false }],
      },
    ],
  };
  const everything = profile({ permissions: { API: "r", ManagedAccounts: "r", Projects: "r" } });

  test("adminOnly links are hidden from non-admins, and a section left empty is hidden", () => {
    assert.deepEqual(ids(visibleMainMenu(adminOnlyMenu, input({ profile: everything }))), {
      mixed: ["open"],
    });
  });

  test("admins see adminOnly links; a link without a leading slash gets one", () => {
    const sections = visibleMainMenu(adminOnlyMenu, input({ profile: { ...everything, isAdmin: true } }));
    assert.deepEqual(ids(sections), { mixed: ["open", "staff"], staffOnly: ["staff2"] });
    assert.equal(sections[1]?.links[0]?.link, "/projects");
  });

  test("a section's visibleWhen hides it", () => {
    const shown = visibleMainMenu(
      adminOnlyMenu,
      input({ profile: everything, flags: { ShowHelpLinks: true } }),
    );
    assert.deepEqual(ids(shown), { mixed: ["open"], conditional: ["data"] });
  });
});

describe("visibleAdminMenu (§6: modules with Read; shown when items exist)", () => {
  test("a non-admin gets no admin menu", () => {
    assert.deepEqual(visibleAdminMenu(menus.admin, input({ profile: profile() })), []);
  });

  test("only links whose module has Read; write alone does not count", () => {
    const sections = visibleAdminMenu(menus.admin, input({ profile: admin }));
    assert.deepEqual(
      sections.map((s) => [s.id, s.links.map((l) => l.link)]),
      [["adminSectionCustomers", ["/admin/accounts"]]],
    );
  });

  test("every admin link uses /admin/ and shows with Read on every module", () => {
    const modules = [...new Set(menus.admin.sections.flatMap((s) => s.links.map((l) => l.adminModule)))];
    const staff = profile({
      admin: Object.fromEntries(modules.map((m) => [m, { read: true, write: false }])),
    });
    const links = visibleAdminMenu(menus.admin, input({ profile: staff })).flatMap((s) => s.links);
    assert.equal(links.length, menus.admin.sections.flatMap((s) => s.links).length);
    for (const link of links) assert.match(link.link, /^\/admin\//);
  });
});
