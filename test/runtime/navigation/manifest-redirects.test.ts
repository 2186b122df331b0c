/**
 * The redirect and legacy-frame rules of §2 as encoded in the default routes
 * manifest, driven through the real guard: one case per rule.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { createRouteMatcher } from "../../../core/routes/match.ts";
import { decideNavigation, type GuardInput } from "../../../runtime/navigation/guard.ts";
import type { PermissionsManifest } from "../../../schemas/permissions.ts";
import type { RoutesManifest } from "../../../schemas/routes.ts";
import { loc, profile } from "../../helpers/guard-fixture.ts";
import { MANIFESTS_DIR } from "../../helpers/manifest-fixtures.ts";

const routes = JSON.parse(readFileSync(join(MANIFESTS_DIR, "routes.json"), "utf8")) as RoutesManifest;
const permissions = JSON.parse(
  readFileSync(join(MANIFESTS_DIR, "permissions.json"), "utf8"),
) as PermissionsManifest;
const matchApp = createRouteMatcher(routes, "app");

/** Staff with every admin module and a member with every permission and feature. */
const everyone = profile({
  permissions: Object.fromEntries(permissions.rolePermissions.map((p) => [p.key, "rw" as const])),
  features: Object.fromEntries(permissions.features.map((f) => [f.id, "Included" as const])),
  admin: Object.fromEntries(permissions.adminModules.map((m) => [m.key, { read: true, write: true }])),
});

function navigate(url: string): ReturnType<typeof decideNavigation> {
  const to = loc(url);
  const input: GuardInput = {
    from: null,
    fromRoute: null,
    to,
    match: matchApp(to.pathname),
    session: { status: "authenticated", profile: everyone },
    permissions,
    notFoundRedirect: routes.notFoundRedirect,
    signupAllowed: false,
    leaveConfirmed: false,
    maintenancePath: null,
  };
  return decideNavigation(input);
}

describe("§2 redirect rules of the default manifest", () => {
  const cases: Array<[string, string]> = [
    ["/automation", "/schedules"],
    ["/home", "/"],
    ["/home/Dashboard", "/?type=Dashboard"],
    ["/home/Dashboard/42", "/?type=Dashboard&id=42"],
    ["/home/Dashboard/42/Binder/7", "/?type=Dashboard&id=42&menu=Binder"],
    ["/media", "/files"],
    ["/media/12", "/files?folder=12"],
    ["/support/77", "/supporttickets?id=77"],
    ["/support/77?st=abc", "/supporttickets?st=abc&id=77"],
    ["/admin/performanceanalytics", "/admin/loganalytics"],
    ["/admin/support/9/delete", "/admin/support?delete=true&id=9"],
    ["/admin/supportandhelp/9/delete", "/admin/support?delete=true&id=9"],
    ["/no/such/page", "/"],
  ];
  for (const [from, to] of cases) {
    test(`${from} → ${to}`, () => {
      const decision = navigate(from);
      assert.equal(decision.type, "redirect", JSON.stringify(decision));
      assert.equal(decision.type === "redirect" && decision.to, to);
    });
  }
  test("/help/{routeTab?}/{routeItemCode?} goes to the external help site", () => {
    assert.deepEqual(navigate("/help/faq/websockets"), {
      type: "external",
      site: "help",
      path: ["faq", "websockets"],
    });
    assert.deepEqual(navigate("/help"), { type: "external", site: "help", path: [] });
  });
});

describe("§2.3 legacy pages open the mapped legacy URL", () => {
  const cases: Array<[string, string]> = [
    ["/admin/credits", "/legacy/admin/credits"],
    ["/admin/invoices", "/legacy/admin/invoices"],
    ["/admin/subscriptionandpayment/inv/31", "/legacy/admin/subscriptionandpayment/invoice?id=31"],
    ["/dashboard/editor/5", "/legacy/dashboard/editor?id=5"],
    ["/dashboard/5", "/legacy/dashboard/viewer?id=5"],
    ["/data/fusion/8", "/legacy/data/fusion?id=8"],
    ["/data/merge/8", "/legacy/data/merge?id=8"],
    ["/data/transform/8", "/legacy/data/transform?id=8"],
    ["/connection/newconnection/snowflake", "/legacy/connection/new?connector=snowflake"],
    ["/connection/oauth/revoke/salesforce", "/legacy/connection/oauth/revoke?connector=salesforce"],
  ];
  for (const [path, legacyUrl] of cases) {
    test(`${path} → ${legacyUrl}`, () => {
      const decision = navigate(path);
      assert.equal(decision.type, "allow", JSON.stringify(decision));
      assert.equal(decision.type === "allow" && decision.legacyUrl, legacyUrl);
    });
  }
  test("static segments win over parameters: /dashboard/viewer/5 is the viewer, not a legacy page", () => {
    const decision = navigate("/dashboard/viewer/5");
    assert.equal(decision.type === "allow" && decision.match.route.screen?.kind, "dashboardViewer");
  });
});
