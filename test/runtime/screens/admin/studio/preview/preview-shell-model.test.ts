/**
 * The shell a previewed person gets (§2.5, §6, §9), laid out from the manifest the gateway resolved
 * for them (server/gateway/config/preview.ts over the shipped manifests): the served sections in the
 * configuration's own column counts, the upgrade badge of §4.1 step 11, the help and user menus with
 * the shell's separator and language-switch rules, which parts the first screen's shell profile
 * shows, and what `/` opens.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import {
  previewDropdown,
  previewFirstScreen,
  previewShellModel,
} from "../../../../../../runtime/screens/admin/studio/preview/preview-shell-model.ts";
import type { ClientManifest, ClientRoute } from "../../../../../../schemas/client-manifest.ts";
import type { DropdownMenu } from "../../../../../../schemas/menus.ts";
import { previewFacts, previewManifest } from "../../../../../../server/gateway/config/preview.ts";
import type { AccessFacts } from "../../../../../../server/gateway/manifests/filter-access.ts";
import type { ManifestSet } from "../../../../../../server/gateway/manifests/manifest-set.ts";
import { BASE_SERVED } from "../../../../../helpers/base-served.ts";
import { defaultManifests } from "../../../../../server/gateway/session/gateway-fixture.ts";

let set: ManifestSet;
before(async () => {
  set = await defaultManifests();
});

/** The manifest the gateway's preview resolves for a member holding `roles`, with `optional` features Optional. */
function manifestFor(
  roles: string[],
  optional: string[] = [],
  more: Partial<AccessFacts> = {},
): ClientManifest {
  const features: Record<string, "Included" | "Optional"> = {};
  for (const feature of set.permissions.features) {
    const name = feature.sessionFlag ?? (feature.configName as string);
    features[name] = optional.includes(feature.id) ? "Optional" : "Included";
  }
  const facts = { ...previewFacts(7, { rolePermissions: roles, features }), ...more };
  return previewManifest(set, BASE_SERVED, facts).manifest;
}

const linkIds = (columns: readonly (readonly { links: readonly { id: string }[] }[])[]) =>
  columns.flat().flatMap((section) => section.links.map((link) => link.id));

describe("the navigation panel and the admin menu", () => {
  test("a viewer: the served links only, a feature not Included badged as an upgrade, no admin menu", () => {
    const model = previewShellModel(manifestFor(["Dashboards_r", "Reports_r"], ["Dashboard"]));
    assert.ok(model.main, "a navigation panel");
    const links = model.main.columns.flat().flatMap((section) => section.links);
    assert.deepEqual(
      links.map((link) => [link.id, link.upgrade]),
      [
        ["dashboards", true],
        ["reports", false],
      ],
    );
    assert.ok(
      links.every((link) => link.link.startsWith("/")),
      "§2.5: links are prefixed with /",
    );
    assert.equal(model.main.titleKey, set.menus.main.titleKey);
    assert.equal(model.admin, null, "no admin permission, no admin menu");
  });

  test("§9: sections sit in their column, at most the configuration's column count", () => {
    const owner = manifestFor(set.permissions.rolePermissions.map((p) => `${p.key}_rw`));
    const model = previewShellModel(owner);
    assert.ok(model.main);
    assert.ok(model.main.columns.length <= owner.constants.menuColumns);
    const expected = [1, 2]
      .map((column) => (owner.menus?.main.sections ?? []).filter((s) => s.column === column).map((s) => s.id))
      .filter((ids) => ids.length > 0);
    assert.deepEqual(
      model.main.columns.map((column) => column.map((section) => section.id)),
      expected,
    );
    const narrow = previewShellModel({ ...owner, constants: { ...owner.constants, menuColumns: 1 } });
    assert.equal(narrow.main?.columns.length, 1, "one column when the configuration says one");
    assert.deepEqual(linkIds(narrow.main?.columns ?? []), linkIds(model.main.columns));
  });

  test("staff with Read on Users: the admin menu with that module's links", () => {
    const model = previewShellModel(
      manifestFor([], [], { isAdmin: true, adminPermissions: [["Users", true, false]] }),
    );
    assert.ok(model.admin);
    assert.deepEqual(linkIds(model.admin.columns), ["adminUsers"]);
    assert.ok(model.admin.columns.length <= set.constants.adminMenuColumns);
  });

  test("§2.2: a first screen without the top menu bar shows none of it", () => {
    const manifest = manifestFor(["Dashboards_r"]);
    const routes = manifest.routes.routes.map((route) =>
      route.path === "/" ? { ...route, shellProfile: "public" as const } : route,
    );
    const model = previewShellModel({ ...manifest, routes: { ...manifest.routes, routes } });
    assert.equal(model.chrome.topMenuBar, false);
    assert.deepEqual([model.main, model.admin, model.help, model.user], [null, null, null, null]);
  });

  test("a manifest without menus draws no menu", () => {
    const model = previewShellModel({ ...manifestFor(["Dashboards_r"]), menus: null });
    assert.deepEqual([model.main, model.admin, model.help, model.user], [null, null, null, null]);
  });
});

describe("the help and user menus", () => {
  const menu = (entries: DropdownMenu["entries"]): DropdownMenu => ({ titleKey: "T", icon: "gear", entries });
  const cases: {
    name: string;
    menu: DropdownMenu;
    impersonating: boolean;
    expect: { id: string; separatorBefore: boolean; does: string }[] | null;
  }[] = [
    {
      name: "a separator only between entries, never first; what each entry does",
      menu: menu([
        { id: "a", textKey: "A", dialog: "mySettings", separatorBefore: true },
        { id: "b", textKey: "B", link: "/profile" },
        { id: "c", textKey: "C", action: "signOut", separatorBefore: true },
      ]),
      impersonating: false,
      expect: [
        { id: "a", separatorBefore: false, does: "dialog:mySettings" },
        { id: "b", separatorBefore: false, does: "link:/profile" },
        { id: "c", separatorBefore: true, does: "action:signOut" },
      ],
    },
    {
      name: "§4.2: the language switch only while impersonating",
      menu: menu([
        { id: "lang", textKey: "L", action: "switchLanguage" },
        { id: "out", textKey: "O", action: "signOut", separatorBefore: true },
      ]),
      impersonating: false,
      expect: [{ id: "out", separatorBefore: false, does: "action:signOut" }],
    },
    {
      name: "§4.2: impersonating, the language switch stays",
      menu: menu([{ id: "lang", textKey: "L", action: "switchLanguage" }]),
      impersonating: true,
      expect: [{ id: "lang", separatorBefore: false, does: "action:switchLanguage" }],
    },
    {
      name: "a menu without entries is hidden",
      menu: menu([]),
      impersonating: false,
      expect: null,
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const dropdown = previewDropdown(c.menu, c.impersonating);
      assert.deepEqual(
        dropdown?.items.map((item) => ({
          id: item.id,
          separatorBefore: item.separatorBefore,
          does: `${item.does.kind}:${item.does.target}`,
        })) ?? null,
        c.expect,
      );
    });
  }

  test("the served user menu: the gateway's entries, sign out last", () => {
    const model = previewShellModel(manifestFor(["Dashboards_r"]));
    assert.ok(model.user);
    assert.equal(model.user.items.at(-1)?.does.target, "signOut");
    assert.ok(model.user.items.every((item) => item.does.target !== "stopImpersonation"));
  });
});

describe("the first screen", () => {
  const route = (more: Partial<ClientRoute>): ClientRoute =>
    ({ id: "home", path: "/", ...more }) as ClientRoute;
  const cases: { name: string; route: ClientRoute | null; expect: ReturnType<typeof previewFirstScreen> }[] =
    [
      {
        name: "a screen: its title and renderer kind",
        route: route({ screen: { kind: "home" }, titleKey: "PageTitle_Home" }),
        expect: { kind: "screen", titleKey: "PageTitle_Home", screenKind: "home" },
      },
      {
        name: "§4.1 step 11: an upgrade route",
        route: route({
          redirect: { to: "/upgrade" },
          upgrade: { feature: "Dashboard", objectType: "Dashboard" },
        }),
        expect: { kind: "upgrade", feature: "Dashboard" },
      },
      {
        name: "a redirect",
        route: route({ redirect: { to: "/dashboards" } }),
        expect: { kind: "elsewhere", titleKey: null, to: "/dashboards" },
      },
      {
        name: "a legacy page",
        route: route({ legacy: { url: "/legacy/home" }, titleKey: "PageTitle_Home" }),
        expect: { kind: "elsewhere", titleKey: "PageTitle_Home", to: "/legacy/home" },
      },
      { name: "no route", route: null, expect: { kind: "none" } },
    ];
  for (const c of cases) test(c.name, () => assert.deepEqual(previewFirstScreen(c.route), c.expect));

  test("the shipped home for a member", () => {
    assert.deepEqual(previewShellModel(manifestFor(["Dashboards_r"])).firstScreen, {
      kind: "screen",
      titleKey: "PageTitle_Home",
      screenKind: "home",
    });
  });
});
