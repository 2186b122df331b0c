/**
 * What a published configuration applies at once and what waits for the next navigation (DESIGN.md
 * §3 pushed live; runtime/config/apply-plan.ts), one row per rule, on the shipped manifests.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AccessProfile } from "../../../core/access/access-profile.ts";
import {
  type ConfigDisplay,
  type ConfigUrgency,
  type HeldDefinition,
  planConfigApply,
} from "../../../runtime/config/apply-plan.ts";
import type { ClientManifest } from "../../../schemas/client-manifest.ts";
import { profile } from "../../helpers/guard-fixture.ts";
import type { JsonDocument } from "../../helpers/manifest-fixtures.ts";
import { entry, published, textsOf, userManifest } from "./config-fixture.ts";

const member = profile({
  permissions: { Dashboards: "rw", Tasks: "rw" },
  features: { Dashboard: "Included" },
});
const staff = profile({
  permissions: { Dashboards: "rw", Tasks: "rw" },
  features: { Dashboard: "Included" },
  admin: { Accounts: { read: true, write: true } },
});

const onDashboards: ConfigDisplay = { pathname: "/dashboards/12", routeId: "dashboards", openDialogs: [] };
const onAdminAccounts: ConfigDisplay = {
  pathname: "/admin/accounts",
  routeId: "adminAccounts",
  openDialogs: [],
};

interface Row {
  name: string;
  change: (draft: JsonDocument) => void;
  display?: ConfigDisplay;
  urgency?: ConfigUrgency;
  profile?: AccessProfile | null;
  held: HeldDefinition[];
  routeWithdrawn?: boolean;
}

const rows: Row[] = [
  {
    name: "menus apply at once, even over the route on display",
    change: (m) => {
      m.menus.main.sections.reverse();
    },
    held: [],
  },
  {
    name: "texts apply at once",
    change: (m) => {
      m.texts = textsOf("v2");
    },
    held: [],
  },
  {
    name: "notification templates apply at once",
    change: (m) => {
      m.notifications.templates[0].variants[0].icon = "bell";
    },
    held: [],
  },
  {
    name: "the shell applies at once",
    change: (m) => {
      m.shell.signupAllowed = !m.shell.signupAllowed;
    },
    held: [],
  },
  {
    name: "widget kinds apply at once, even under the dashboard on display",
    change: (m) => {
      entry(m.widgets.kinds, "scatter", "kind").enabled = false;
      m.widgets.kinds.push({ ...structuredClone(entry(m.widgets.kinds, "kpi", "kind")), kind: "bigNumber" });
    },
    held: [],
  },
  {
    name: "widget kinds apply at once while the dashboard on display is held",
    change: (m) => {
      entry(m.routes.routes, "dashboards").titleKey = "PageTitle_Home";
      entry(m.widgets.kinds, "bar", "kind").defaults.Stacked = true;
    },
    held: [{ kind: "route", id: "dashboards" }],
  },
  {
    name: "a route not on display applies at once",
    change: (m) => {
      entry(m.routes.routes, "tasks").titleKey = "PageTitle_Home";
    },
    held: [],
  },
  {
    name: "the route on display waits for the next navigation",
    change: (m) => {
      entry(m.routes.routes, "dashboards").titleKey = "PageTitle_Home";
      entry(m.routes.routes, "tasks").titleKey = "PageTitle_Home";
    },
    held: [{ kind: "route", id: "dashboards" }],
  },
  {
    name: "urgent: the route on display applies at once",
    change: (m) => {
      entry(m.routes.routes, "dashboards").titleKey = "PageTitle_Home";
    },
    urgency: "urgent",
    held: [],
  },
  {
    name: "the manifest-defined screen on display waits for the next navigation",
    change: (m) => {
      entry(m.screens.screens, "adminAccounts").list.columns.pop();
      entry(m.screens.screens, "adminUsers").list.columns.pop();
    },
    display: onAdminAccounts,
    profile: staff,
    held: [{ kind: "screen", id: "adminAccounts" }],
  },
  {
    name: "urgent: the screen on display applies at once",
    change: (m) => {
      entry(m.screens.screens, "adminAccounts").list.columns.pop();
    },
    display: onAdminAccounts,
    profile: staff,
    urgency: "urgent",
    held: [],
  },
  {
    name: "an open dialog's definition waits; a closed one applies at once",
    change: (m) => {
      entry(m.dialogs.dialogs, "mySettings").titleKey = "PageTitle_Home";
      entry(m.dialogs.dialogs, m.dialogs.dialogs[1].id).titleKey = "PageTitle_Home";
    },
    display: { ...onDashboards, openDialogs: ["mySettings"] },
    held: [{ kind: "dialog", id: "mySettings" }],
  },
  {
    name: "an open dialog the new manifest drops stays as it was until the next navigation",
    change: (m) => {
      m.dialogs.dialogs = m.dialogs.dialogs.filter((d: JsonDocument) => d.id !== "mySettings");
    },
    display: { ...onDashboards, openDialogs: ["mySettings"] },
    held: [{ kind: "dialog", id: "mySettings" }],
  },
  {
    name: "an unchanged open dialog holds nothing",
    change: (m) => {
      m.menus.main.sections.reverse();
    },
    display: { ...onDashboards, openDialogs: ["mySettings"] },
    held: [],
  },
  {
    name: "a removed route on display is withdrawn (held, so that only the runtime moves the user)",
    change: (m) => {
      m.routes.routes = m.routes.routes.filter((r: JsonDocument) => r.id !== "dashboards");
    },
    held: [{ kind: "route", id: "dashboards" }],
    routeWithdrawn: true,
  },
  {
    name: "urgent: a removed route on display is withdrawn too",
    change: (m) => {
      m.routes.routes = m.routes.routes.filter((r: JsonDocument) => r.id !== "dashboards");
    },
    urgency: "urgent",
    held: [{ kind: "route", id: "dashboards" }],
    routeWithdrawn: true,
  },
  {
    name: "a route the user may no longer open is withdrawn",
    change: (m) => {
      entry(m.routes.routes, "dashboards").access.permission = "Tasks";
      entry(m.routes.routes, "dashboards").access.features = ["Schedules"];
    },
    held: [{ kind: "route", id: "dashboards" }],
    routeWithdrawn: true,
  },
  {
    name: "a route moved away from the path on display is withdrawn",
    change: (m) => {
      entry(m.routes.routes, "dashboards").path = "/boards/:folderRecId?";
    },
    held: [{ kind: "route", id: "dashboards" }],
    routeWithdrawn: true,
  },
  {
    name: "a route turned into an upgrade redirect is withdrawn",
    change: (m) => {
      const route = entry(m.routes.routes, "dashboards");
      delete route.screen;
      route.redirect = { to: "/upgrade?objectType=Dashboard" };
    },
    held: [{ kind: "route", id: "dashboards" }],
    routeWithdrawn: true,
  },
  {
    name: "§1: maintenance moves a member instead; no banner, applied at once",
    change: (m) => {
      m.routes.routes = m.routes.routes.filter((r: JsonDocument) => r.id !== "dashboards");
      m.shell.maintenance.enabled = true;
    },
    urgency: "urgent",
    held: [],
  },
  {
    name: "§1: staff are not moved by maintenance, so a withdrawn route still sends them home",
    change: (m) => {
      m.routes.routes = m.routes.routes.filter((r: JsonDocument) => r.id !== "dashboards");
      m.shell.maintenance.enabled = true;
    },
    urgency: "urgent",
    profile: staff,
    held: [{ kind: "route", id: "dashboards" }],
    routeWithdrawn: true,
  },
  {
    name: "with no route on display everything applies at once",
    change: (m) => {
      entry(m.routes.routes, "dashboards").titleKey = "PageTitle_Home";
    },
    display: { pathname: "/dashboards/12", routeId: null, openDialogs: [] },
    held: [],
  },
];

/** The definition of `held` in `manifest`. */
function definition(manifest: ClientManifest, held: HeldDefinition): unknown {
  const list: ReadonlyArray<{ id: string }> =
    held.kind === "route"
      ? manifest.routes.routes
      : held.kind === "screen"
        ? (manifest.screens?.screens ?? [])
        : (manifest.dialogs?.dialogs ?? []);
  return list.find((item) => item.id === held.id);
}

describe("what a published version applies now and what it holds (DESIGN.md §3)", () => {
  for (const row of rows) {
    test(row.name, () => {
      const current = userManifest(1);
      const next = published(current, 2, row.change);
      const plan = planConfigApply({
        current,
        next,
        display: row.display ?? onDashboards,
        urgency: row.urgency ?? "normal",
        profile: row.profile === undefined ? member : row.profile,
        mode: "app",
      });
      assert.deepEqual(plan.held, row.held);
      assert.equal(plan.routeWithdrawn, row.routeWithdrawn ?? false);
      // What applies at once is the new version's own, whatever is held.
      assert.equal(plan.now.configVersion, 2);
      assert.equal(plan.now.menus, next.menus);
      assert.equal(plan.now.notifications, next.notifications);
      assert.equal(plan.now.shell, next.shell);
      assert.equal(plan.now.texts, next.texts);
      assert.equal(plan.now.widgets, next.widgets);
      if (row.held.length === 0) {
        assert.equal(plan.now, next);
        assert.equal(plan.atNextNavigation, null);
        return;
      }
      assert.equal(plan.atNextNavigation, next);
      for (const held of row.held) {
        // The very object on display, so nothing on display renders again.
        assert.equal(definition(plan.now, held), definition(current, held), `${held.kind} ${held.id}`);
      }
      // Held or not, the other entries are the new ones.
      const others = plan.now.routes.routes.filter((route) => !row.held.some((h) => h.id === route.id));
      assert.ok(others.every((route) => next.routes.routes.includes(route)));
    });
  }

  test("a second version over a held one compares with what is on display", () => {
    const base = userManifest(1);
    const second = published(base, 2, (m) => {
      entry(m.routes.routes, "dashboards").titleKey = "PageTitle_Home";
    });
    const first = planConfigApply({
      current: base,
      next: second,
      display: onDashboards,
      urgency: "normal",
      profile: member,
      mode: "app",
    });
    const third = published(second, 3, (m) => {
      m.menus.main.sections.reverse();
    });
    const again = planConfigApply({
      current: first.now,
      next: third,
      display: onDashboards,
      urgency: "normal",
      profile: member,
      mode: "app",
    });
    assert.deepEqual(again.held, [{ kind: "route", id: "dashboards" }]);
    assert.equal(entry(again.now.routes.routes as never, "dashboards").titleKey, "PageTitle_Dashboards");
    assert.equal(again.atNextNavigation, third);
  });
});
