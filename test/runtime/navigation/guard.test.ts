import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decideNavigation, type GuardDecision } from "../../../runtime/navigation/guard.ts";
import { guardInput, member, profile } from "../../helpers/guard-fixture.ts";

type Expect = { type: GuardDecision["type"] } & Record<string, unknown>;

/** Asserts the decision has the expected type and fields (only those named). */
function expectDecision(decision: GuardDecision, expected: Expect): void {
  assert.equal(decision.type, expected.type, JSON.stringify(decision));
  for (const [key, value] of Object.entries(expected)) {
    assert.deepEqual(
      (decision as Record<string, unknown>)[key],
      value,
      `${key} of ${JSON.stringify(decision)}`,
    );
  }
}

const effectTypes = (d: GuardDecision) => ("effects" in d ? d.effects.map((e) => e.type) : []);

/** The member's grants, to give a staff profile a member's access too. */
const maintenanceMemberGrants = { permissions: member.permissions, features: member.features };
const maintenanceStaff = profile({ admin: { Accounts: { read: true, write: true } } });
const impersonatingStaff = {
  ...maintenanceStaff,
  adminModules: new Map(),
  isAdmin: false,
  impersonating: true,
};

describe("§1 maintenance in the guard", () => {
  // The fixture's routes have no maintenance page: a public route stands in for it.
  const page = "/v/maintenance";
  const on = { maintenancePath: page, maintenancePagePath: page };
  const off = { maintenancePath: null, maintenancePagePath: page };
  const cases: Array<{ name: string; input: ReturnType<typeof guardInput>; expect: Expect }> = [
    {
      name: "a member goes to the maintenance page and the path is remembered",
      input: guardInput("/dashboards/7#h", { profile: member, ...on }),
      expect: {
        type: "redirect",
        to: page,
        reason: "maintenance",
        effects: [{ type: "rememberBeforeMaintenance", url: "/dashboards/7#h" }],
      },
    },
    {
      name: "a visitor goes there too",
      input: guardInput("/", { status: "anonymous", ...on }),
      expect: { type: "redirect", to: page, reason: "maintenance" },
    },
    {
      name: "staff (IsAdmin, not impersonating) keep full access",
      input: guardInput("/dashboards", {
        profile: { ...maintenanceStaff, ...maintenanceMemberGrants },
        ...on,
      }),
      expect: { type: "allow" },
    },
    {
      name: "staff reach the admin area",
      input: guardInput("/admin/accounts", { profile: maintenanceStaff, ...on }),
      expect: { type: "allow" },
    },
    {
      name: "an impersonating maintenanceStaff member is the member: maintenance applies",
      input: guardInput("/dashboards", {
        profile: { ...impersonatingStaff, ...maintenanceMemberGrants },
        ...on,
      }),
      expect: { type: "redirect", to: page, reason: "maintenance" },
    },
    {
      name: "an unknown session is asked first: it may be maintenanceStaff",
      input: guardInput("/dashboards", { status: "unknown", ...on }),
      expect: { type: "login", mode: "attempt", effects: [] },
    },
    {
      name: "a running login is waited for",
      input: guardInput("/dashboards", { status: "pending", ...on }),
      expect: { type: "login", mode: "wait" },
    },
    {
      name: "a failed login is not maintenanceStaff",
      input: guardInput("/dashboards", { status: "failed", ...on }),
      expect: { type: "redirect", to: page, reason: "maintenance" },
    },
    {
      name: "a visitor may open /login, so that maintenanceStaff can sign in",
      input: guardInput("/login", { status: "anonymous", ...on }),
      expect: { type: "allow" },
    },
    {
      name: "the maintenance page itself opens while maintenance is on",
      input: guardInput(page, { status: "anonymous", ...on }),
      expect: { type: "allow" },
    },
    {
      name: "staff may look at the maintenance page while it is on",
      input: guardInput(page, { profile: maintenanceStaff, ...on }),
      expect: { type: "allow" },
    },
    {
      name: "maintenance ended: the maintenance page returns to the remembered path",
      input: guardInput(page, {
        from: page,
        profile: member,
        ...off,
        beforeMaintenance: "/dashboards/7#h",
      }),
      expect: {
        type: "redirect",
        to: "/dashboards/7#h",
        reason: "maintenanceEnded",
        effects: [{ type: "forgetBeforeMaintenance" }],
      },
    },
    {
      name: "maintenance ended with nothing remembered: home",
      input: guardInput(page, { status: "anonymous", ...off }),
      expect: { type: "redirect", to: "/", reason: "maintenanceEnded" },
    },
    {
      name: "without maintenance other paths are not touched",
      input: guardInput("/dashboards", { profile: member, ...off, beforeMaintenance: "/tasks" }),
      expect: { type: "allow" },
    },
  ];
  for (const { name, input, expect } of cases) {
    test(name, () => expectDecision(decideNavigation(input), expect));
  }
});

describe("§4.1 navigation guard, one case per step", () => {
  const cases: Array<{ name: string; input: ReturnType<typeof guardInput>; expect: Expect }> = [
    {
      name: "step 1: a non-public route remembers its full URL",
      input: guardInput("/dashboards/7?x=1#h", { status: "anonymous" }),
      expect: { type: "redirect", to: "/login" },
    },
    {
      name: "step 2: the same URL again is ignored",
      input: guardInput("/dashboards", { from: "/dashboards", profile: member }),
      expect: { type: "ignore" },
    },
    {
      name: "step 2: / is never ignored",
      input: guardInput("/", { from: "/", profile: member }),
      expect: { type: "allow" },
    },
    {
      name: "step 3: a running login is waited for",
      input: guardInput("/dashboards", { status: "pending" }),
      expect: { type: "login", mode: "wait" },
    },
    {
      name: "step 3: a failed login goes to /login",
      input: guardInput("/dashboards", { status: "failed" }),
      expect: { type: "redirect", to: "/login", reason: "loginFailed" },
    },
    {
      name: "step 4: it= starts impersonation and is removed from the URL",
      input: guardInput("/dashboards?it=tok123&x=1", { profile: member }),
      expect: { type: "login", mode: "impersonate", token: "tok123", cleanUrl: "/dashboards?x=1" },
    },
    {
      name: "step 4: it= also applies on public routes",
      input: guardInput("/v/abc?it=tok", { status: "anonymous" }),
      expect: { type: "login", mode: "impersonate", token: "tok", cleanUrl: "/v/abc" },
    },
    {
      name: "step 5: st= on a non-public route logs in with the token",
      input: guardInput("/dashboards?st=tok9", { status: "unknown" }),
      expect: { type: "login", mode: "token", token: "tok9", cleanUrl: "/dashboards" },
    },
    {
      name: "step 5: st= on a public route is left alone",
      input: guardInput("/v/abc?st=tok9", { status: "anonymous" }),
      expect: { type: "allow" },
    },
    {
      name: "step 7: no user yet on a non-public route attempts a login",
      input: guardInput("/dashboards", { status: "unknown" }),
      expect: { type: "login", mode: "attempt" },
    },
    {
      name: "step 7: no user yet on a not-logged-in-only route attempts a login",
      input: guardInput("/login", { status: "unknown" }),
      expect: { type: "login", mode: "attempt" },
    },
    {
      name: "step 7: no login attempt on a plain public route",
      input: guardInput("/v/abc", { status: "unknown" }),
      expect: { type: "allow" },
    },
    {
      name: "step 7: a logged-in user on a not-logged-in-only route goes to /",
      input: guardInput("/login", { profile: member }),
      expect: { type: "redirect", to: "/", reason: "loggedInOnNotLoggedInOnly" },
    },
    {
      name: "step 7: no user on a non-public route goes to /login",
      input: guardInput("/dashboards", { status: "anonymous" }),
      expect: { type: "redirect", to: "/login", reason: "noSession" },
    },
    {
      name: "step 7: an anonymous visitor may open /login",
      input: guardInput("/login", { status: "anonymous" }),
      expect: { type: "allow" },
    },
    {
      name: "step 8: leaving the legacy dashboard editor asks it first",
      input: guardInput("/dashboards", { from: "/dashboard/editor/5", profile: member }),
      expect: { type: "confirmLeave" },
    },
    {
      name: "step 8: once the editor agreed, the navigation proceeds",
      input: guardInput("/dashboards", {
        from: "/dashboard/editor/5",
        profile: member,
        leaveConfirmed: true,
      }),
      expect: { type: "allow" },
    },
    {
      name: "step 8: leaving unsaved work for another path asks the screen first",
      input: guardInput("/dashboards", { from: "/dashboards/7", profile: member, unsavedWork: true }),
      expect: { type: "confirmLeave" },
    },
    {
      name: "step 8: unsaved work lets a query-only change pass",
      input: guardInput("/dashboards/7?tab=legacy", {
        from: "/dashboards/7",
        profile: member,
        unsavedWork: true,
      }),
      expect: { type: "allow" },
    },
    {
      name: "step 8: once the user agreed to drop the unsaved work, the navigation proceeds",
      input: guardInput("/dashboards", {
        from: "/dashboards/7",
        profile: member,
        unsavedWork: true,
        leaveConfirmed: true,
      }),
      expect: { type: "allow" },
    },
    {
      name: "step 9: /admin without any admin permission goes to /",
      input: guardInput("/admin/accounts", { profile: member }),
      expect: { type: "redirect", to: "/", reason: "adminWithoutPermission" },
    },
    {
      name: "step 10: / with go-to-menu and a permitted menu redirects",
      input: guardInput("/", {
        profile: profile({ ...memberOptions(), homePageType: "GoToMenu", homeMenu: "Tables" }),
      }),
      expect: { type: "redirect", to: "/data", reason: "homePageMenu" },
    },
    {
      name: "step 10: a menu the user may not open does not redirect",
      input: guardInput("/", {
        profile: profile({
          features: { Dashboard: "Included" },
          homePageType: "GoToMenu",
          homeMenu: "Dashboards",
        }),
      }),
      expect: { type: "allow" },
    },
    {
      name: "step 11: a feature that is only Optional goes to /upgrade with the first object type",
      input: guardInput("/data/editor/3", {
        profile: profile({ permissions: { TableAndViews: "rw" }, features: { TablesAndView: "Optional" } }),
      }),
      expect: { type: "redirect", to: "/upgrade?objectType=DataTable", reason: "featureNotIncluded" },
    },
    {
      name: "step 12: a missing role permission goes to /",
      input: guardInput("/schedules", { profile: profile({ features: { Schedules: "Included" } }) }),
      expect: { type: "redirect", to: "/", reason: "permissionMissing" },
    },
    {
      name: "step 12: read where read-write is needed goes to /",
      input: guardInput("/data/editor/3", {
        profile: profile({ permissions: { TableAndViews: "r" }, features: { TablesAndView: "Included" } }),
      }),
      expect: { type: "redirect", to: "/", reason: "permissionMissing" },
    },
  ];
  for (const { name, input, expect } of cases) {
    test(name, () => expectDecision(decideNavigation(input), expect));
  }

  test("step 1: the remembered URL is the full URL, path, query and hash", () => {
    const decision = decideNavigation(guardInput("/dashboards/7?x=1#h", { status: "anonymous" }));
    assert.ok("effects" in decision);
    assert.deepEqual(decision.effects[0], { type: "rememberRedirect", url: "/dashboards/7?x=1#h" });
  });

  test("step 1: one-time tokens (st, it) are never part of the remembered URL", () => {
    const decision = decideNavigation(
      guardInput("/dashboards/7?st=secret&x=1&it=other#h", { status: "pending" }),
    );
    assert.ok("effects" in decision);
    assert.deepEqual(decision.effects[0], { type: "rememberRedirect", url: "/dashboards/7?x=1#h" });
  });

  test("step 1: public routes are not remembered", () => {
    const decision = decideNavigation(guardInput("/login", { status: "anonymous" }));
    assert.ok(!effectTypes(decision).includes("rememberRedirect"));
  });

  test("step 6: the warning is cleared and the overlay shown on a top-level change only", () => {
    const across = decideNavigation(guardInput("/schedules", { from: "/dashboards", profile: member }));
    assert.deepEqual(effectTypes(across), [
      "rememberRedirect",
      "clearDisconnectionWarning",
      "showLoadingOverlay",
    ]);
    const within = decideNavigation(guardInput("/dashboards/9", { from: "/dashboards/8", profile: member }));
    assert.deepEqual(effectTypes(within), ["rememberRedirect", "clearDisconnectionWarning"]);
  });
});

function memberOptions() {
  return {
    permissions: { Dashboards: "rw", TableAndViews: "rw" } as const,
    features: { Dashboard: "Included", TablesAndView: "Included" } as const,
  };
}

describe("§4.1 the order of the steps", () => {
  test("step 2 before step 3: the same URL is ignored even while a login runs", () => {
    expectDecision(decideNavigation(guardInput("/dashboards", { from: "/dashboards", status: "pending" })), {
      type: "ignore",
    });
  });
  test("step 3 before step 4: a running login is awaited before impersonation starts", () => {
    expectDecision(decideNavigation(guardInput("/dashboards?it=x", { status: "pending" })), {
      type: "login",
      mode: "wait",
    });
  });
  test("step 4 before step 5: it= wins over st=", () => {
    expectDecision(decideNavigation(guardInput("/dashboards?st=a&it=b", { status: "unknown" })), {
      type: "login",
      mode: "impersonate",
      token: "b",
      cleanUrl: "/dashboards?st=a",
    });
  });
  test("step 5 before step 7: a token login is preferred to a plain login attempt", () => {
    expectDecision(decideNavigation(guardInput("/dashboards?st=a", { status: "unknown" })), {
      type: "login",
      mode: "token",
    });
  });
  test("step 7 before step 8: without a session the editor is not asked", () => {
    expectDecision(
      decideNavigation(guardInput("/dashboards", { from: "/dashboard/editor/1", status: "anonymous" })),
      {
        type: "redirect",
        to: "/login",
      },
    );
  });
  test("step 8 before step 9: the editor is asked before the admin gate", () => {
    expectDecision(
      decideNavigation(guardInput("/admin/accounts", { from: "/dashboard/editor/1", profile: member })),
      {
        type: "confirmLeave",
      },
    );
  });
  test("step 9 before the admin-module rule: no admin permission at all goes to /", () => {
    expectDecision(decideNavigation(guardInput("/admin/accounts", { profile: member })), {
      type: "redirect",
      reason: "adminWithoutPermission",
    });
  });
  test("§6: the permission is the first gate and the feature the second — without the permission a missing feature sends home, as the gateway does by never sending the route", () => {
    expectDecision(
      decideNavigation(
        guardInput("/schedules", { profile: profile({ features: { Schedules: "Optional" } }) }),
      ),
      {
        type: "redirect",
        to: "/",
        reason: "permissionMissing",
      },
    );
    expectDecision(
      decideNavigation(
        guardInput("/schedules", {
          profile: profile({ permissions: { Schedules: "r" }, features: { Schedules: "Optional" } }),
        }),
      ),
      {
        type: "redirect",
        to: "/upgrade?objectType=Schedule",
        reason: "featureNotIncluded",
      },
    );
  });
});

describe("§4.1 additional rules", () => {
  test("a hash-only change only sets the hash", () => {
    expectDecision(
      decideNavigation(guardInput("/dashboards#b", { from: "/dashboards#a", profile: member })),
      {
        type: "setHash",
        hash: "#b",
      },
    );
  });
  test("dialogs close on a path change, not on a query change", () => {
    const pathChange = decideNavigation(guardInput("/schedules", { from: "/dashboards", profile: member }));
    const queryChange = decideNavigation(
      guardInput("/dashboards?q=2", { from: "/dashboards?q=1", profile: member }),
    );
    assert.ok(pathChange.type === "allow" && pathChange.closeDialogs);
    assert.ok(queryChange.type === "allow" && !queryChange.closeDialogs);
  });
  test("a legacy-screen route opens the mapped legacy URL", () => {
    expectDecision(decideNavigation(guardInput("/dashboard/editor/42", { profile: member })), {
      type: "allow",
      legacyUrl: "/legacy/dashboard/editor?id=42",
    });
  });
  test("an admin screen without Read on its module goes to /", () => {
    const staff = profile({
      admin: { Users: { read: true, write: true }, Accounts: { read: false, write: false } },
    });
    expectDecision(decideNavigation(guardInput("/admin/accounts", { profile: staff })), {
      type: "redirect",
      to: "/",
      reason: "adminModuleMissing",
    });
  });
  test("an admin screen with Read on its module opens", () => {
    const staff = profile({ admin: { Accounts: { read: true, write: false } } });
    expectDecision(decideNavigation(guardInput("/admin/accounts", { profile: staff })), { type: "allow" });
  });
  test("page titles come from the route", () => {
    expectDecision(decideNavigation(guardInput("/dashboards", { profile: member })), {
      type: "allow",
      titleKey: "PageTitle_Dashboards",
    });
  });
  test("the l parameter is removed", () => {
    expectDecision(decideNavigation(guardInput("/dashboards?l=1&q=x#z", { profile: member })), {
      type: "allow",
      replaceUrl: "/dashboards?q=x#z",
    });
  });
  test("signup is reachable only when allowed, otherwise /login", () => {
    expectDecision(decideNavigation(guardInput("/signup", { status: "anonymous" })), {
      type: "redirect",
      to: "/login",
      reason: "signupNotAllowed",
    });
    expectDecision(decideNavigation(guardInput("/signup", { status: "anonymous", signupAllowed: true })), {
      type: "allow",
    });
  });
  test("§1: the maintenance flag sends every page to the maintenance page, remembering where from", () => {
    const decision = decideNavigation(
      guardInput("/dashboards?x=1", { profile: member, maintenancePath: "/maintenance" }),
    );
    expectDecision(decision, {
      type: "redirect",
      to: "/maintenance",
      reason: "maintenance",
      effects: [{ type: "rememberBeforeMaintenance", url: "/dashboards?x=1" }],
    });
  });
  test("unknown paths go to /", () => {
    expectDecision(decideNavigation(guardInput("/no/such/page", { profile: member })), {
      type: "redirect",
      to: "/",
      reason: "unknownPath",
    });
  });
  test("a numeric parameter that is not numeric makes the path unknown", () => {
    const staff = profile({ admin: { Users: { read: true, write: true } } });
    expectDecision(decideNavigation(guardInput("/admin/users/impersonate/abc", { profile: staff })), {
      type: "redirect",
      reason: "unknownPath",
    });
    expectDecision(decideNavigation(guardInput("/admin/users/impersonate/12", { profile: staff })), {
      type: "allow",
    });
  });
});

describe("unknown paths", () => {
  test("without a session they may be signed-in routes: remembered, then login", () => {
    const attempt = decideNavigation(guardInput("/not/public/yet?x=1", { status: "unknown" }));
    expectDecision(attempt, { type: "login", mode: "attempt" });
    assert.deepEqual(effectTypes(attempt), ["rememberRedirect"]);
    expectDecision(decideNavigation(guardInput("/not/public/yet", { status: "anonymous" })), {
      type: "redirect",
      to: "/login",
      reason: "noSession",
    });
    expectDecision(decideNavigation(guardInput("/not/public/yet", { status: "pending" })), {
      type: "login",
      mode: "wait",
    });
  });
});

describe("redirect routes", () => {
  const cases: Array<[string, string]> = [
    ["/automation", "/schedules"],
    ["/support/77", "/supporttickets?id=77"],
    ["/support/a%2Fb", "/supporttickets?id=a%2Fb"],
  ];
  for (const [from, to] of cases) {
    test(`${from} → ${to}`, () =>
      expectDecision(decideNavigation(guardInput(from, { status: "anonymous" })), {
        type: "redirect",
        to,
        reason: "redirectRoute",
      }));
  }
  test("/help/… goes to the external help site with the present parameters", () => {
    expectDecision(decideNavigation(guardInput("/help/faq", { status: "anonymous" })), {
      type: "external",
      site: "help",
      path: ["faq"],
    });
  });
});
