/**
 * §6 menu visibility, one decision per link (core/menus/menu-links.ts), as a table with the reason of
 * each refusal: adminOnly, impersonation, the role permission, the account's custom menu (the account
 * layer, DESIGN.md §3), the entry's condition, and the admin menu's module Read. Then the IsAdmin
 * session flag while impersonating, which the conditions read as the admin area does.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AccessDecision } from "../../../core/access/decide.ts";
import { evaluateCondition, type MenuConditionInput } from "../../../core/menus/conditions.ts";
import { decideAdminMenuLink, decideMainMenuLink } from "../../../core/menus/menu-links.ts";
import type { AdminMenuLink, MainMenuLink, MenuCondition } from "../../../schemas/menus.ts";
import { profile } from "../../helpers/guard-fixture.ts";

function input(
  who = profile(),
  options: { impersonating?: boolean; flags?: MenuConditionInput["session"]["flags"] } = {},
): MenuConditionInput {
  const impersonating = options.impersonating ?? false;
  return {
    profile: { ...who, impersonating },
    session: {
      flags: options.flags ?? {},
      twoFactorPolicy: null,
      authenticationProtocol: null,
      impersonating,
    },
    shellFlags: { videoTutorials: false, signupAllowed: false },
    sessionValues: { twoFactorPoliciesAllowingSettings: [], passwordAuthenticationProtocols: [] },
  };
}

const link = (patch: Partial<MainMenuLink> = {}): MainMenuLink => ({
  id: "users",
  textKey: "Menu_Users",
  link: "users",
  key: "Users",
  adminOnly: false,
  ...patch,
});
const member = profile({ permissions: { Users: "r" } });
const admin = { ...member, isAdmin: true };
const never = { not: { permission: "Users" } } as MenuCondition;

describe("navigation panel links (§6)", () => {
  const cases: Array<[string, MainMenuLink, MenuConditionInput, AccessDecision, Set<string>?]> = [
    ["its role permission at read", link(), input(member), { allowed: true }],
    [
      "without the role permission",
      link(),
      input(profile()),
      { allowed: false, reason: "permissionMissing", permission: "Users", level: "r", held: null },
    ],
    ["adminOnly, for an admin", link({ adminOnly: true }), input(admin), { allowed: true }],
    [
      "adminOnly, for a member",
      link({ adminOnly: true }),
      input(member),
      { allowed: false, reason: "adminOnly" },
    ],
    [
      "adminOnly, for an admin acting as a member",
      link({ adminOnly: true }),
      input({ ...member, isAdmin: false }, { impersonating: true }),
      { allowed: false, reason: "impersonating" },
    ],
    [
      "its visibleWhen does not hold",
      link({ visibleWhen: never }),
      input(member),
      { allowed: false, reason: "conditionNotMet" },
    ],
    [
      "hidden by the account's custom menu",
      link(),
      input(member),
      { allowed: false, reason: "hiddenByAccount", key: "Users" },
      new Set(["Users"]),
    ],
  ];
  for (const [name, given, on, expected, hidden] of cases) {
    test(name, () => assert.deepEqual(decideMainMenuLink(given, on, hidden), expected));
  }
});

describe("admin menu links (§6)", () => {
  const adminLink: AdminMenuLink = {
    id: "accounts",
    textKey: "Menu_Accounts",
    link: "/admin/accounts",
    adminModule: "Accounts",
  };
  const staff = profile({ admin: { Accounts: { read: true, write: false } } });
  const cases: Array<[string, AdminMenuLink, MenuConditionInput, AccessDecision]> = [
    ["Read on its module", adminLink, input(staff), { allowed: true }],
    [
      "Write only",
      adminLink,
      input(profile({ admin: { Accounts: { read: false, write: true } } })),
      { allowed: false, reason: "adminModuleMissing", modules: ["Accounts"] },
    ],
    [
      "while impersonating",
      adminLink,
      input(staff, { impersonating: true }),
      { allowed: false, reason: "impersonating" },
    ],
    [
      "its visibleWhen does not hold",
      { ...adminLink, visibleWhen: { permission: "Users" } as MenuCondition },
      input(staff),
      { allowed: false, reason: "conditionNotMet" },
    ],
  ];
  for (const [name, given, on, expected] of cases) {
    test(name, () => assert.deepEqual(decideAdminMenuLink(given, on), expected));
  }
});

test("the IsAdmin session flag is false while impersonating (the admin area is closed then)", () => {
  const isAdmin = { sessionFlag: "IsAdmin" } as MenuCondition;
  assert.equal(evaluateCondition(isAdmin, input(admin, { flags: { IsAdmin: true } })), true);
  assert.equal(
    evaluateCondition(isAdmin, input(admin, { flags: { IsAdmin: true }, impersonating: true })),
    false,
  );
});
