/**
 * Readable names of validation pointers (server/gateway/config/README.md "Validation": a problem's
 * `pointer` is an RFC 6901 pointer into the kind's merged document), over the real manifests and the
 * English texts: menus by their entries' texts, routes by path, templates by code and variant, dialogs
 * by path, screens by title, texts by key; stale and escaped pointers; and the tab a problem jumps to.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import de from "../../../../../locales/de.json" with { type: "json" };
import en from "../../../../../locales/en.json" with { type: "json" };
import constants from "../../../../../manifests/constants.json" with { type: "json" };
import dialogs from "../../../../../manifests/dialogs.json" with { type: "json" };
import menus from "../../../../../manifests/menus.json" with { type: "json" };
import notifications from "../../../../../manifests/notifications.json" with { type: "json" };
import permissions from "../../../../../manifests/permissions.json" with { type: "json" };
import routes from "../../../../../manifests/routes.json" with { type: "json" };
import screens from "../../../../../manifests/screens.json" with { type: "json" };
import shell from "../../../../../manifests/shell.json" with { type: "json" };
import type { ConfigKindName } from "../../../../../runtime/screens/admin/studio/studio-model.ts";
import {
  kindLabelKey,
  pointerSegments,
  pointerTarget,
  readablePointer,
} from "../../../../../runtime/screens/admin/studio/workspace/readable-pointer.ts";
import { CONFIG_KIND_NAMES } from "../../../../../schemas/config-api.ts";

type Locale = Readonly<Record<string, string>>;

/** i18next's lookup and `{{name}}` interpolation, over one locale file; a missing key shows as itself. */
const translator =
  (locale: Locale) =>
  (key: string, options: Record<string, unknown> = {}): string =>
    (locale[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(options[name]));
const T = translator(en);
const textOf = (key: string) => en[key as keyof typeof en] ?? key;

const DOCUMENTS: Record<string, unknown> = {
  menus,
  routes,
  notifications,
  dialogs,
  screens,
  shell,
  constants,
  permissions,
  "texts.en": en,
  "texts.de": de,
};

/** The index of the element `find` picks (the manifests grow: rows never hard-code a position). */
function indexOf<E>(list: readonly E[], find: (element: E) => boolean): number {
  const index = list.findIndex(find);
  assert.ok(index >= 0, "the manifest has the element the row names");
  return index;
}

const analytics = indexOf(menus.main.sections, (s) => s.id === "analytics");
const dashboards = indexOf(menus.main.sections[analytics]?.links ?? [], (l) => l.id === "dashboards");
const customers = indexOf(menus.admin.sections, (s) => s.id === "adminSectionCustomers");
const accounts = indexOf(menus.admin.sections[customers]?.links ?? [], (l) => l.id === "adminAccounts");
const mySettings = indexOf(menus.user.entries, (e) => e.id === "userMySettings");
const faq = indexOf(menus.help.entries, (e) => e.id === "helpFaq");
const dashboardsRoute = indexOf(routes.routes, (r) => r.path === "/dashboards/:folderRecId?");
const exportFailed = indexOf(notifications.templates, (t) => t.code === "ExportFailed");
const expired = indexOf(
  (notifications.templates[exportFailed]?.variants ?? []) as readonly { name: string }[],
  (v) => v.name === "expired",
);
const connectionSettings = indexOf(dialogs.dialogs, (d) => d.id === "connectionSettings");
const adminAccounts = indexOf(screens.screens, (s) => s.id === "adminAccounts");
const nameColumn = indexOf(
  (screens.screens[adminAccounts]?.list.columns ?? []) as readonly { field: string }[],
  (c) => c.field === "Name",
);
const dashboardsPermission = indexOf(permissions.rolePermissions, (p) => p.key === "Dashboards");

const rows: {
  name: string;
  kind: ConfigKindName;
  pointer: string;
  expect: string[];
  document?: unknown;
}[] = [
  {
    name: "menus: a main menu entry by its section's and its own text",
    kind: "menus",
    pointer: `/main/sections/${analytics}/links/${dashboards}/textKey`,
    expect: ["Main menu", "Analytics", "Dashboards", "text"],
  },
  {
    name: "menus: an admin menu entry",
    kind: "menus",
    pointer: `/admin/sections/${customers}/links/${accounts}/link`,
    expect: ["Admin menu", en.AdminMenuSection_Customers, en.AdminMenu_Accounts, "link"],
  },
  {
    name: "menus: a condition nested in a user menu entry, numbered",
    kind: "menus",
    pointer: `/user/entries/${mySettings}/visibleWhen/anyOf/2/allOf/1/passwordSignOn`,
    expect: [
      "User menu",
      "My settings",
      "visible when",
      "anyOf",
      "Item 3",
      "allOf",
      "Item 2",
      "passwordSignOn",
    ],
  },
  {
    name: "menus: a help menu entry's icon",
    kind: "menus",
    pointer: `/help/entries/${faq}/icon`,
    expect: ["Help menu", "FAQ", "icon"],
  },
  {
    name: "menus: a whole menu section list",
    kind: "menus",
    pointer: "/main/sections",
    expect: ["Main menu", "sections"],
  },
  {
    name: "menus: a stale pointer (the section is gone) is named from its segments",
    kind: "menus",
    pointer: "/main/sections/99/links/0/textKey",
    expect: ["Main menu", "Section 100", "Entry 1", "text"],
  },
  {
    name: "menus: a kind not loaded (no document) is named from the segments alone",
    kind: "menus",
    pointer: "/admin/sections/0/links/2/adminModule",
    document: undefined,
    expect: ["Admin menu", "Section 1", "Entry 3", "admin module"],
  },
  {
    name: "routes: by path",
    kind: "routes",
    pointer: `/routes/${dashboardsRoute}/access/permission`,
    expect: ["/dashboards/:folderRecId?", "access", "permission"],
  },
  {
    name: "routes: an element of a list inside a route",
    kind: "routes",
    pointer: `/routes/${dashboardsRoute}/access/features/0`,
    expect: ["/dashboards/:folderRecId?", "access", "features", "Item 1"],
  },
  {
    name: "routes: a stale route",
    kind: "routes",
    pointer: "/routes/9999/titleKey",
    expect: ["Route 10000", "title"],
  },
  {
    name: "notifications: a template by code and variant",
    kind: "notifications",
    pointer: `/templates/${exportFailed}/variants/${expired}/descriptionKey`,
    expect: ["ExportFailed", "expired", "description"],
  },
  {
    name: "notifications: the unknown code's template",
    kind: "notifications",
    pointer: "/unknownCode/source/nameKey",
    expect: ["Unknown code", "source", "name"],
  },
  {
    name: "dialogs: by path, a parameter by name",
    kind: "dialogs",
    pointer: `/dialogs/${connectionSettings}/params/0/type`,
    expect: ["dialogs/connection/settings", "parameters", "connectionRecId", "type"],
  },
  {
    name: "screens: by title, a column by its label",
    kind: "screens",
    pointer: `/screens/${adminAccounts}/list/columns/${nameColumn}/labelKey`,
    expect: ["Accounts", "list", "columns", "Name", "label"],
  },
  {
    name: "shell: property names, a language by its code",
    kind: "shell",
    pointer: "/languages/available/1/nativeName",
    expect: ["languages", "available", "de", "nativeName"],
  },
  {
    name: "shell: a property with a human word",
    kind: "shell",
    pointer: "/logo/altKey",
    expect: ["logo", "alternative text"],
  },
  {
    name: "constants: a value in a list of plain values, numbered",
    kind: "constants",
    pointer: "/languages/2",
    expect: ["languages", "Item 3"],
  },
  {
    name: "permissions: a role permission by its key",
    kind: "permissions",
    pointer: `/rolePermissions/${dashboardsPermission}/titleKey`,
    expect: ["Role permissions", "Dashboards", "title"],
  },
  {
    name: "permissions: a stale feature keeps its list's name",
    kind: "permissions",
    pointer: "/features/999/titleKey",
    expect: ["Features", "Item 1000", "title"],
  },
  {
    name: "texts: by key",
    kind: "texts.de",
    pointer: "/Menu_Dashboards",
    expect: ["Menu_Dashboards"],
  },
  {
    name: "texts: escaped segments (~1 is /, ~0 is ~)",
    kind: "texts.en",
    pointer: "/Odd~1key~0~01",
    expect: ["Odd/key~~1"],
  },
  {
    name: "escaped segments in a manifest, stale",
    kind: "shell",
    pointer: "/theme/a~1b~0c",
    expect: ["theme", "a/b~c"],
  },
  { name: 'the whole document: pointer ""', kind: "menus", pointer: "", expect: [] },
  { name: 'the whole texts document: pointer ""', kind: "texts.en", pointer: "", expect: [] },
  {
    name: "not a pointer: shown as it came",
    kind: "routes",
    pointer: "routes/3",
    expect: ["routes/3"],
  },
];

describe("readablePointer over the real manifests (English)", () => {
  for (const row of rows) {
    test(row.name, () => {
      const document = "document" in row ? row.document : DOCUMENTS[row.kind];
      assert.deepEqual(readablePointer(row.kind, row.pointer, document, textOf, T), row.expect);
    });
  }

  test("in German, section and entry texts and the words are German", () => {
    const german = translator(de);
    const germanText = (key: string) => de[key as keyof typeof de] ?? key;
    assert.deepEqual(
      readablePointer(
        "menus",
        `/main/sections/${analytics}/links/${dashboards}/textKey`,
        menus,
        germanText,
        german,
      ),
      [de.StudioPointer_MainMenu, de.MenuSection_Analytics, de.Menu_Dashboards, de.StudioPointer_Text],
    );
  });

  test("an element whose text is missing is named by its next name (the id)", () => {
    const document = { main: { sections: [{ id: "gone", titleKey: "Missing_Key", links: [] }] } };
    assert.deepEqual(
      readablePointer("menus", "/main/sections/0/icon", document, () => "", T),
      ["Main menu", "gone", "icon"],
    );
  });

  test("never throws, whatever the pointer and the document", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CONFIG_KIND_NAMES),
        fc.oneof(
          fc.string(),
          fc
            .array(fc.oneof(fc.string(), fc.nat(5).map(String), fc.constantFrom("-", "~", "~2")))
            .map((parts) => parts.map((p) => `/${p}`).join("")),
        ),
        fc.oneof(fc.jsonValue(), fc.constantFrom(menus, routes, notifications)),
        (kind, pointer, document) => {
          const segments = readablePointer(kind, pointer, document, textOf, T);
          assert.ok(Array.isArray(segments));
          assert.ok(segments.every((s) => typeof s === "string"));
          assert.ok(segments.length <= Math.max(1, pointerSegments(pointer).length));
        },
      ),
    );
  });
});

describe("pointerSegments (RFC 6901 §4)", () => {
  const cases: [string, string[]][] = [
    ["", []],
    ["/", [""]],
    ["/a/b", ["a", "b"]],
    ["/~01", ["~1"]],
    ["/a~1b", ["a/b"]],
    ["/0//x", ["0", "", "x"]],
  ];
  for (const [pointer, expect] of cases) {
    test(JSON.stringify(pointer), () => assert.deepEqual(pointerSegments(pointer), expect));
  }
});

describe("kindLabelKey and pointerTarget", () => {
  test("every kind has a name in English", () => {
    for (const kind of CONFIG_KIND_NAMES) {
      const key = kindLabelKey(kind);
      assert.ok(Object.hasOwn(en, key), `${kind}: ${key}`);
    }
    assert.equal(T(kindLabelKey("texts.de")), "Texts (German)");
    assert.equal(T(kindLabelKey("notifications")), "Notification templates");
  });

  const targets: [ConfigKindName, string][] = [
    ["menus", "menus"],
    ["notifications", "templates"],
    ["texts.en", "texts"],
    ["texts.it", "texts"],
    ["routes", "documents"],
    ["dialogs", "documents"],
    ["screens", "documents"],
    ["shell", "documents"],
    ["constants", "documents"],
    ["permissions", "documents"],
  ];
  for (const [kind, tab] of targets) {
    test(`${kind} → the ${tab} tab, focused on the pointer`, () => {
      assert.deepEqual(pointerTarget(kind, "/a/0"), { tab, kind, focusPointer: "/a/0" });
    });
  }
});
