/**
 * The preview's "why hidden" entries (DESIGN.md §3 "previewed as a given role/account"), table-driven
 * over the shipped manifests: each gate of core/access/decide.ts and core/menus/menu-links.ts named
 * with its details (§4.1 steps 9, 11, 12, §5, §6), a link's section condition, a link whose route
 * cannot be opened, the account layer's hidden links, and every entry the user does not get listed
 * exactly once with the text key that names it.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { MenuCondition } from "../../../../schemas/menus.ts";
import {
  type HiddenEntry,
  previewFacts,
  previewManifest,
} from "../../../../server/gateway/config/preview.ts";
import type { AccessFacts } from "../../../../server/gateway/manifests/filter-access.ts";
import type { ManifestSet } from "../../../../server/gateway/manifests/manifest-set.ts";
import { BASE_SERVED } from "../../../helpers/base-served.ts";
import { defaultManifests } from "../session/gateway-fixture.ts";

let base: ManifestSet;
before(async () => {
  base = await defaultManifests();
});

/** A member's facts: the role's permissions, every feature Included but those named Optional. */
function member(roles: string[], optional: string[] = [], more: Partial<AccessFacts> = {}): AccessFacts {
  const features: Record<string, "Included" | "Optional"> = {};
  for (const feature of base.permissions.features) {
    const name = feature.sessionFlag ?? (feature.configName as string);
    features[name] = optional.includes(feature.id) ? "Optional" : "Included";
  }
  return { ...previewFacts(7, { rolePermissions: roles, features }), ...more };
}

/** The set with its menus changed by `change` (a deep copy: the shipped set stays as loaded). */
function withMenus(change: (menus: ManifestSet["menus"]) => void): ManifestSet {
  const menus = structuredClone(base.menus);
  change(menus);
  return { ...base, menus };
}

function section(set: ManifestSet, id: string) {
  const found = set.menus.main.sections.find((s) => s.id === id);
  assert.ok(found, id);
  return found;
}

function link(set: ManifestSet, sectionId: string, linkId: string) {
  const found = section(set, sectionId).links.find((l) => l.id === linkId);
  assert.ok(found, linkId);
  return found;
}

function entry(hidden: HiddenEntry[], kind: HiddenEntry["kind"], id: string): HiddenEntry | undefined {
  return hidden.find((h) => h.kind === kind && h.id === id);
}

const cases: {
  name: string;
  set?: () => ManifestSet;
  operator?: () => ManifestSet;
  facts: () => AccessFacts;
  kind: HiddenEntry["kind"];
  id: string;
  expect: Omit<HiddenEntry, "kind" | "id"> | null;
}[] = [
  {
    name: "§6: a navigation panel link without its role permission",
    facts: () => member(["Dashboards_r"]),
    kind: "menuLink",
    id: "users",
    expect: {
      reason: "permissionMissing",
      details: { permission: "Users", level: "r", held: null },
      labelKey: "Menu_Users",
    },
  },
  {
    name: "§4.1 step 12: a route needing rw for a role holding r",
    facts: () => member(["TableAndViews_r"]),
    kind: "route",
    id: "dataEditor",
    expect: {
      reason: "permissionMissing",
      details: { permission: "TableAndViews", level: "rw", held: "r" },
      labelKey: "PageTitle_DataEditor",
    },
  },
  {
    name: "§4.1 step 11: an upgrade route — served, but opening /upgrade instead of its screen",
    facts: () => member(["Dashboards_r"], ["Dashboard"]),
    kind: "route",
    id: "dashboards",
    expect: {
      reason: "featureNotIncluded",
      details: { feature: "Dashboard", objectType: "Dashboard" },
      labelKey: "PageTitle_Dashboards",
    },
  },
  {
    name: "§4.1 step 11: the feature Included, the route is not hidden",
    facts: () => member(["Dashboards_r"]),
    kind: "route",
    id: "dashboards",
    expect: null,
  },
  {
    name: "§4.1 step 9: an /admin route without any admin permission",
    facts: () => member(["Users_r"]),
    kind: "route",
    id: "adminUsers",
    expect: { reason: "adminWithoutPermission", labelKey: "PageTitle_AdminUsers" },
  },
  {
    name: "§5, §6: an admin screen without Read on its module",
    facts: () => member([], [], { adminPermissions: [["Accounts", true, false]] }),
    kind: "screen",
    id: "adminUsers",
    expect: {
      reason: "adminModuleMissing",
      details: { modules: ["Users"] },
      labelKey: "PageTitle_AdminUsers",
    },
  },
  {
    name: "§6: an admin menu link without Read on its module",
    facts: () => member([], [], { adminPermissions: [["Accounts", true, false]] }),
    kind: "adminMenuLink",
    id: "adminUsers",
    expect: { reason: "adminModuleMissing", details: { modules: ["Users"] }, labelKey: "AdminMenu_Users" },
  },
  {
    name: "§5: a dialog tied to an admin module without Read on it",
    facts: () => member([]),
    kind: "dialog",
    id: "connectorSyntaxValidation",
    expect: {
      reason: "adminModuleMissing",
      details: { modules: ["Connectors"] },
      labelKey: "DialogTitle_ConnectorSyntaxValidation",
    },
  },
  {
    name: "DESIGN.md §3: the admin area while impersonating, whatever the grants",
    facts: () => member([], [], { impersonating: true, adminPermissions: [["Users", true, true]] }),
    kind: "adminMenuLink",
    id: "adminUsers",
    expect: { reason: "impersonating", labelKey: "AdminMenu_Users" },
  },
  {
    name: "§6: an adminOnly link for a user who is not an admin",
    set: () =>
      withMenus((menus) => Object.assign(link({ ...base, menus }, "security", "users"), { adminOnly: true })),
    facts: () => member(["Users_r"]),
    kind: "menuLink",
    id: "users",
    expect: { reason: "adminOnly", labelKey: "Menu_Users" },
  },
  {
    name: "schemas/menus.ts: the link's own visibleWhen fails",
    set: () =>
      withMenus((menus) =>
        Object.assign(link({ ...base, menus }, "security", "users"), {
          visibleWhen: { sessionFlag: "ShowHelpLinks" } satisfies MenuCondition,
        }),
      ),
    facts: () => member(["Users_r"]),
    kind: "menuLink",
    id: "users",
    expect: { reason: "conditionNotMet", labelKey: "Menu_Users" },
  },
  {
    name: "§6: the link's section's visibleWhen fails — named with the section",
    set: () =>
      withMenus((menus) =>
        Object.assign(section({ ...base, menus }, "security"), {
          visibleWhen: { sessionFlag: "ShowHelpLinks" } satisfies MenuCondition,
        }),
      ),
    facts: () => member(["Users_r"]),
    kind: "menuLink",
    id: "users",
    expect: { reason: "conditionNotMet", details: { section: "security" }, labelKey: "Menu_Users" },
  },
  {
    name: "filter-menus.ts: a link the user may see whose route they cannot open",
    set: () =>
      withMenus((menus) => Object.assign(link({ ...base, menus }, "security", "users"), { key: "Teams" })),
    facts: () => member(["Teams_r"]),
    kind: "menuLink",
    id: "users",
    expect: { reason: "routeNotOpen", details: { link: "/users" }, labelKey: "Menu_Users" },
  },
  {
    name: "DESIGN.md §3 account layer: a link the account's menus leave out",
    set: () =>
      withMenus((menus) => {
        const security = section({ ...base, menus }, "security");
        security.links = security.links.filter((l) => l.id !== "users");
      }),
    operator: () => base,
    facts: () => member(["Users_r"]),
    kind: "menuLink",
    id: "users",
    expect: { reason: "hiddenByAccount", details: { key: "Users" }, labelKey: "Menu_Users" },
  },
  {
    name: "DESIGN.md §3 account layer: an admin menu link the account's menus leave out",
    set: () =>
      withMenus((menus) => {
        for (const s of menus.admin.sections) s.links = s.links.filter((l) => l.id !== "adminUsers");
        menus.admin.sections = menus.admin.sections.filter((s) => s.links.length > 0);
      }),
    operator: () => base,
    facts: () => member([], [], { adminPermissions: [["Users", true, false]] }),
    kind: "adminMenuLink",
    id: "adminUsers",
    expect: { reason: "hiddenByAccount", details: { adminModule: "Users" }, labelKey: "AdminMenu_Users" },
  },
  {
    name: "without the operator layer's set, an account's missing link is not guessed at",
    set: () =>
      withMenus((menus) => {
        const security = section({ ...base, menus }, "security");
        security.links = security.links.filter((l) => l.id !== "users");
      }),
    facts: () => member(["Users_r"]),
    kind: "menuLink",
    id: "users",
    expect: null,
  },
];

describe("why an entry is hidden from the previewed user", () => {
  for (const c of cases) {
    test(c.name, () => {
      const set = c.set?.() ?? base;
      const { hidden } = previewManifest(set, BASE_SERVED, c.facts(), c.operator?.());
      const found = entry(hidden, c.kind, c.id);
      if (c.expect === null) {
        assert.equal(found, undefined, JSON.stringify(found));
        return;
      }
      assert.deepEqual(found, { kind: c.kind, id: c.id, ...c.expect });
    });
  }
});

describe("the hidden list is complete and never lists what the user gets", () => {
  const audiences: [string, () => AccessFacts][] = [
    ["a viewer", () => member(["Dashboards_r", "Reports_r"], ["Dashboard"])],
    ["an owner", () => member(base.permissions.rolePermissions.map((p) => `${p.key}_rw`))],
    ["staff", () => member([], [], { isAdmin: true, adminPermissions: [["Users", true, true]] })],
  ];
  for (const [name, facts] of audiences) {
    test(name, () => {
      const { manifest, hidden } = previewManifest(base, BASE_SERVED, facts());
      const keys = hidden.map((h) => `${h.kind}:${h.id}`);
      assert.equal(new Set(keys).size, keys.length, "each entry once");
      const servedLinks = new Set(
        [...(manifest.menus?.main.sections ?? []), ...(manifest.menus?.admin.sections ?? [])].flatMap((s) =>
          s.links.map((l) => l.id),
        ),
      );
      const upgrades = new Set(manifest.routes.routes.filter((r) => r.upgrade).map((r) => r.id));
      const routes = new Set(manifest.routes.routes.filter((r) => !r.upgrade).map((r) => r.id));
      for (const h of hidden) {
        if (h.kind === "route") assert.ok(!routes.has(h.id), `${h.id} is served`);
        if (h.kind === "route" && upgrades.has(h.id)) assert.equal(h.reason, "featureNotIncluded");
        if (h.kind === "menuLink" || h.kind === "adminMenuLink") assert.ok(!servedLinks.has(h.id), h.id);
        assert.notEqual(h.reason, "allowed", `${h.kind}:${h.id}`);
      }
      for (const route of base.routes.routes) {
        if (!routes.has(route.id)) assert.ok(keys.includes(`route:${route.id}`), route.id);
      }
      for (const s of [...base.menus.main.sections, ...base.menus.admin.sections]) {
        for (const l of s.links) {
          if (servedLinks.has(l.id)) continue;
          assert.ok(keys.includes(`menuLink:${l.id}`) || keys.includes(`adminMenuLink:${l.id}`), l.id);
        }
      }
    });
  }
});
