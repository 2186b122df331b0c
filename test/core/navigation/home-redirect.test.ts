/**
 * §4.1 step 10 (core/navigation/home-redirect.ts) as a table over the real map of
 * manifests/permissions.json: go-to-menu with a permitted menu redirects to the menu's screen; a menu
 * whose permission is missing or whose feature is not Included does not.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { AccessProfile } from "../../../core/access/access-profile.ts";
import { homeRedirectFor, isHomeRedirectPermitted } from "../../../core/navigation/home-redirect.ts";
import permissionsJson from "../../../manifests/permissions.json" with { type: "json" };
import type { PermissionsManifest } from "../../../schemas/permissions.ts";
import { profile } from "../../helpers/guard-fixture.ts";

const permissions = permissionsJson as unknown as PermissionsManifest;

const user = (homeMenu: string, options: Parameters<typeof profile>[0] = {}): AccessProfile =>
  profile({ homePageType: "GoToMenu", homeMenu, ...options });
const tables = {
  permissions: { TableAndViews: "r" as const },
  features: { TablesAndView: "Included" as const },
};

const cases: Array<[string, AccessProfile, string | null]> = [
  ["tables to /data", user("Tables", tables), "/data"],
  [
    "dashboards to /dashboards",
    user("Dashboards", { permissions: { Dashboards: "r" }, features: { Dashboard: "Included" } }),
    "/dashboards",
  ],
  [
    "data loaders to /dataloader",
    profile({
      homePageType: "GoToMenu",
      homeMenu: "DataLoaders",
      permissions: { DataLoaders: "rw" },
      features: { DataLoader: "Included" },
    }),
    "/dataloader",
  ],
  ["the permission is missing", user("Tables", { features: { TablesAndView: "Included" } }), null],
  [
    "the feature is not Included",
    user("Tables", { ...tables, features: { TablesAndView: "Optional" } }),
    null,
  ],
  ["a menu the map does not know", user("Spaceships", tables), null],
  ["another home page type", profile({ homePageType: "Default", homeMenu: "Tables", ...tables }), null],
  ["no home page type", profile({ homeMenu: "Tables", ...tables }), null],
];
for (const [name, who, expected] of cases) {
  test(`§4.1 step 10: ${name}`, () => assert.equal(homeRedirectFor(who, permissions), expected));
}

test("every entry of the map is permitted with its permission and feature, and only then", () => {
  for (const entry of permissions.homeRedirects) {
    const features = entry.feature ? { [entry.feature]: "Included" as const } : {};
    assert.equal(
      isHomeRedirectPermitted(entry, profile({ permissions: { [entry.permission]: "r" }, features })),
      true,
      entry.menu,
    );
    assert.equal(isHomeRedirectPermitted(entry, profile({ features })), false, entry.menu);
  }
});
