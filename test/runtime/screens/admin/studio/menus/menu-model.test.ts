/**
 * The studio's menus editor as data (§2.5, §6, §9; schemas/menus.ts), over the real menus and routes
 * manifests and the real texts: moves within and between sections and columns, hide and show, links
 * added to existing routes, renames and the text keys they share, and the column limits.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { produce } from "immer";
import { createRouteMatcher, routeOfLink } from "../../../../../../core/routes/match.ts";
import de from "../../../../../../locales/de.json" with { type: "json" };
import en from "../../../../../../locales/en.json" with { type: "json" };
import es from "../../../../../../locales/es.json" with { type: "json" };
import fr from "../../../../../../locales/fr.json" with { type: "json" };
import it from "../../../../../../locales/it.json" with { type: "json" };
import nl from "../../../../../../locales/nl.json" with { type: "json" };
import pt from "../../../../../../locales/pt.json" with { type: "json" };
import menusJson from "../../../../../../manifests/menus.json" with { type: "json" };
import routesJson from "../../../../../../manifests/routes.json" with { type: "json" };
import {
  addLink,
  allIds,
  columnLimits,
  type DropTarget,
  detachTextKey,
  dropItem,
  freshItemId,
  freshTextKey,
  hiddenItems,
  hideItem,
  itemAtPointer,
  itemPosition,
  linkableRoutes,
  locateItem,
  locationPointer,
  type MenuEditResult,
  type MenusDocument,
  menusDocumentProblem,
  moveEntryTo,
  moveItem,
  moveLinkTo,
  moveSectionAcross,
  moveSectionTo,
  newLinkTexts,
  removeAddedLink,
  renameItem,
  SCHEMA_COLUMNS,
  type SectionMenu,
  sectionsInDisplayOrder,
  showItem,
  textKeyOf,
  textKeyUses,
} from "../../../../../../runtime/screens/admin/studio/editors/menus/menu-model.ts";
import type { TextsByLanguage } from "../../../../../../runtime/screens/admin/studio/studio-model.ts";
import type { RoutesManifest } from "../../../../../../schemas/routes.ts";

const menus = menusJson as unknown as MenusDocument;
const routes = routesJson as unknown as RoutesManifest;
const texts: TextsByLanguage = { en, de, es, fr, nl, pt, it };

/** The document of a result that must be ok. */
function documentOf(result: MenuEditResult): MenusDocument {
  assert.ok(result.ok, `refused: ${result.ok ? "" : result.refusal}`);
  return result.document;
}

const linkIds = (document: MenusDocument, sectionId: string) => {
  const location = locateItem(document, sectionId);
  assert.equal(location?.type, "section");
  if (location?.type !== "section") return [];
  return document[location.menu].sections[location.sectionIndex]?.links.map((link) => link.id) ?? [];
};
const sectionIds = (document: MenusDocument, menu: SectionMenu) => document[menu].sections.map((s) => s.id);
const sectionColumns = (document: MenusDocument, menu: SectionMenu) =>
  document[menu].sections.map((s) => `${s.id}:${s.column}`);
const sorted = (ids: string[]) => [...ids].sort();

describe("the document and its items", () => {
  test("the real menus manifest is a menus document with unique ids", () => {
    assert.equal(menusDocumentProblem(menus), null);
    const ids = allIds(menus);
    assert.equal(new Set(ids).size, ids.length);
  });

  const broken: { name: string; value: unknown; pointer: string }[] = [
    { name: "not an object", value: [], pointer: "" },
    { name: "no main menu", value: { ...menus, main: undefined }, pointer: "/main/sections" },
    {
      name: "a section without links",
      value: produce(menus, (d) => {
        (d.admin.sections[2] as unknown as Record<string, unknown>).links = "x";
      }),
      pointer: "/admin/sections/2/links",
    },
    {
      name: "a link without id",
      value: produce(menus, (d) => {
        (d.main.sections[1]?.links[4] as unknown as Record<string, unknown>).id = 4;
      }),
      pointer: "/main/sections/1/links/4",
    },
    { name: "no help entries", value: { ...menus, help: {} }, pointer: "/help/entries" },
  ];
  for (const { name, value, pointer } of broken) {
    test(`a document with ${name} is refused at ${pointer || "its root"}`, () => {
      assert.equal(menusDocumentProblem(value), pointer);
    });
  }

  test("every item's pointer leads back to it, and deeper pointers to the item holding them", () => {
    for (const id of allIds(menus)) {
      const location = locateItem(menus, id);
      assert.ok(location);
      const pointer = locationPointer(location);
      assert.deepEqual(itemAtPointer(menus, pointer), { id, field: null });
      assert.deepEqual(itemAtPointer(menus, `${pointer}/icon`), { id, field: "icon" });
    }
    assert.deepEqual(itemAtPointer(menus, "/main/sections/1/links/3/textKey"), {
      id: "reports",
      field: "textKey",
    });
    assert.deepEqual(itemAtPointer(menus, "/main/sections/1/links"), { id: "analytics", field: null });
    assert.deepEqual(itemAtPointer(menus, "/user/entries/4/visibleWhen/impersonating"), {
      id: "userSignOut",
      field: "visibleWhen",
    });
    for (const pointer of ["", "/main", "/main/sections/99", "/help/entries/x", "/version"]) {
      assert.equal(itemAtPointer(menus, pointer), null, pointer);
    }
  });

  test("an item's position among its neighbours", () => {
    assert.deepEqual(itemPosition(menus, "reports"), {
      position: 4,
      count: 6,
      within: "section",
      sectionId: "analytics",
    });
    assert.deepEqual(itemPosition(menus, "support"), {
      position: 3,
      count: 4,
      within: "column",
      menu: "main",
      column: 2,
    });
    assert.deepEqual(itemPosition(menus, "helpWelcome"), {
      position: 4,
      count: 7,
      within: "menu",
      menu: "help",
    });
  });

  test("sections show column by column (§2.5), each column in document order", () => {
    const moved = documentOf(moveSectionTo(menus, "security", 1, 0));
    assert.deepEqual(
      sectionsInDisplayOrder(moved, "main").map((s) => s.id),
      ["security", "data", "analytics", "automation", "support", "account"],
    );
  });
});

describe("moving one place", () => {
  const cases: {
    name: string;
    id: string;
    direction: "up" | "down";
    expect:
      | { refusal: string }
      | { section: string; ids: string[] }
      | { menu: SectionMenu; sections: string[] };
  }[] = [
    {
      name: "a link moves within its section",
      id: "binders",
      direction: "up",
      expect: {
        section: "analytics",
        ids: ["binders", "dashboards", "insights", "reports", "externalAddOns", "liveDocs"],
      },
    },
    {
      name: "a section's first link moves to the end of the section before",
      id: "dashboards",
      direction: "up",
      expect: {
        section: "data",
        ids: [
          "tables",
          "dataFlows",
          "connections",
          "dataLoaders",
          "dataScripts",
          "dataStreams",
          "dataHooks",
          "documentsAndMedia",
          "dashboards",
        ],
      },
    },
    {
      name: "the last link of column 1 moves to the top of column 2",
      id: "liveDocs",
      direction: "down",
      expect: {
        section: "automation",
        ids: ["liveDocs", "schedules", "schedulesHistory", "alerts", "alertsHistory", "tasks"],
      },
    },
    { name: "the menu's first link stays", id: "tables", direction: "up", expect: { refusal: "atStart" } },
    {
      name: "the menu's last link stays",
      id: "managedAccounts",
      direction: "down",
      expect: { refusal: "atEnd" },
    },
    {
      name: "the admin menu's first link stays",
      id: "adminAccounts",
      direction: "up",
      expect: { refusal: "atStart" },
    },
    {
      name: "a section swaps with the one above in its column",
      id: "analytics",
      direction: "up",
      expect: {
        menu: "main",
        sections: ["analytics", "data", "automation", "security", "support", "account"],
      },
    },
    {
      name: "the first section of a column stays",
      id: "automation",
      direction: "up",
      expect: { refusal: "atStart" },
    },
    {
      name: "the last section of a column stays",
      id: "analytics",
      direction: "down",
      expect: { refusal: "atEnd" },
    },
    {
      name: "an admin section swaps within its column",
      id: "adminSectionEmail",
      direction: "up",
      expect: {
        menu: "admin",
        sections: [
          "adminSectionCustomers",
          "adminSectionBilling",
          "adminSectionSupport",
          "adminSectionContent",
          "adminSectionEmail",
          "adminSectionData",
          "adminSectionSystem",
          "adminSectionMonitoring",
        ],
      },
    },
    { name: "the first help entry stays", id: "helpFaq", direction: "up", expect: { refusal: "atStart" } },
    { name: "the last user entry stays", id: "userSignOut", direction: "down", expect: { refusal: "atEnd" } },
  ];
  for (const { name, id, direction, expect } of cases) {
    test(name, () => {
      const result = moveItem(menus, id, direction);
      if ("refusal" in expect) {
        assert.deepEqual(result, { ok: false, refusal: expect.refusal });
        return;
      }
      const document = documentOf(result);
      if ("section" in expect) assert.deepEqual(linkIds(document, expect.section), expect.ids);
      else assert.deepEqual(sectionIds(document, expect.menu), expect.sections);
      assert.deepEqual(sorted(allIds(document)), sorted(allIds(menus)));
    });
  }

  test("an entry moves within its dropdown", () => {
    const document = documentOf(moveItem(menus, "userExports", "up"));
    assert.deepEqual(
      document.user.entries.map((e) => e.id),
      ["userExports", "userMySettings", "userSwitchLanguage", "userStopImpersonation", "userSignOut"],
    );
  });

  test("round trip: every move that is made, and its inverse, give the original document", () => {
    let made = 0;
    for (const id of allIds(menus)) {
      for (const [there, back] of [
        ["up", "down"],
        ["down", "up"],
      ] as const) {
        const moved = moveItem(menus, id, there);
        if (!moved.ok) continue;
        made += 1;
        assert.notDeepEqual(moved.document, menus, `${id} ${there} changes the document`);
        assert.deepEqual(
          documentOf(moveItem(moved.document, id, back)),
          menus,
          `${id} ${there} then ${back}`,
        );
      }
    }
    // Every link, section and entry moves at least one way, but for the single edges.
    assert.ok(made > allIds(menus).length);
  });

  test("round trip: a section moved to the next column and back is where it was, when it had room there", () => {
    let made = 0;
    for (const menu of ["main", "admin"] as const) {
      const sections = menus[menu].sections;
      for (const section of sections) {
        const at = sections.filter((s) => s.column === section.column).indexOf(section);
        for (const [there, back, step] of [
          ["right", "left", 1],
          ["left", "right", -1],
        ] as const) {
          const moved = moveSectionAcross(menus, section.id, there);
          if (!moved.ok) continue;
          // Past the end of a shorter column the section goes last there, and comes back last.
          if (at > sections.filter((s) => s.column === section.column + step).length) continue;
          made += 1;
          assert.deepEqual(
            documentOf(moveSectionAcross(moved.document, section.id, back)),
            menus,
            section.id,
          );
        }
      }
    }
    assert.ok(made >= 12);
  });
});

describe("moving to a place", () => {
  test("a link moves to another section of its menu, at the index given", () => {
    const document = documentOf(moveLinkTo(menus, "reports", "security", 1));
    assert.deepEqual(linkIds(document, "security"), ["users", "reports", "teams", "roles", "menus"]);
    assert.deepEqual(linkIds(document, "analytics"), [
      "dashboards",
      "binders",
      "insights",
      "externalAddOns",
      "liveDocs",
    ]);
  });

  test("an index past the end puts the link last; within its section the index counts without it", () => {
    assert.deepEqual(linkIds(documentOf(moveLinkTo(menus, "users", "security", 99)), "security"), [
      "teams",
      "roles",
      "menus",
      "users",
    ]);
    assert.deepEqual(linkIds(documentOf(moveLinkTo(menus, "users", "security", 2)), "security"), [
      "teams",
      "roles",
      "users",
      "menus",
    ]);
  });

  test("a link never moves into the other menu (its fields are the other menu's)", () => {
    assert.deepEqual(moveLinkTo(menus, "dashboards", "adminSectionData", 0), {
      ok: false,
      refusal: "otherMenu",
    });
  });

  test("a section's last link cannot leave it (a section has at least one link)", () => {
    const single = documentOf(hideItem(documentOf(hideItem(menus, "projects")), "supportSessions"));
    assert.deepEqual(linkIds(single, "support"), ["supportTickets"]);
    assert.deepEqual(moveLinkTo(single, "supportTickets", "account", 0), {
      ok: false,
      refusal: "lastLinkOfSection",
    });
    assert.deepEqual(moveItem(single, "supportTickets", "up"), { ok: false, refusal: "lastLinkOfSection" });
    // Within its own section it may move (nowhere, here).
    assert.deepEqual(documentOf(moveLinkTo(single, "supportTickets", "support", 0)), single);
  });

  test("a section moves to another column at the index given, within the schema's columns", () => {
    const document = documentOf(moveSectionTo(menus, "analytics", 2, 1));
    assert.deepEqual(sectionColumns(document, "main"), [
      "data:1",
      "automation:2",
      "analytics:2",
      "security:2",
      "support:2",
      "account:2",
    ]);
    assert.deepEqual(moveSectionTo(menus, "analytics", 3, 0), { ok: false, refusal: "columnOutOfRange" });
    assert.deepEqual(SCHEMA_COLUMNS, { main: [1, 2], admin: [1, 2, 3, 4] });
    const admin = documentOf(moveSectionTo(menus, "adminSectionCustomers", 4, 99));
    assert.deepEqual(admin.admin.sections.at(-1)?.id, "adminSectionCustomers");
    assert.equal(admin.admin.sections.at(-1)?.column, 4);
  });

  test("a section moves to an empty column", () => {
    const allLeft = ["automation", "security", "support", "account"].reduce(
      (document, id) => documentOf(moveSectionTo(document, id, 1, 99)),
      menus,
    );
    const document = documentOf(moveSectionTo(allLeft, "data", 2, 0));
    assert.deepEqual(sectionColumns(document, "main"), [
      "analytics:1",
      "automation:1",
      "security:1",
      "support:1",
      "account:1",
      "data:2",
    ]);
  });

  test("a section moves across columns, keeping its place in the column as far as there is room", () => {
    assert.deepEqual(moveSectionAcross(menus, "data", "left"), { ok: false, refusal: "atStart" });
    assert.deepEqual(moveSectionAcross(menus, "account", "right"), { ok: false, refusal: "atEnd" });
    assert.deepEqual(moveSectionAcross(menus, "adminSectionMonitoring", "right"), {
      ok: false,
      refusal: "atEnd",
    });
    const document = documentOf(moveSectionAcross(menus, "account", "left"));
    assert.deepEqual(sectionColumns(document, "main"), [
      "data:1",
      "analytics:1",
      "account:1",
      "automation:2",
      "security:2",
      "support:2",
    ]);
  });

  test("an entry moves to an index of its dropdown", () => {
    const document = documentOf(moveEntryTo(menus, "helpFaq", 99));
    assert.deepEqual(document.help.entries.at(-1)?.id, "helpFaq");
    assert.equal(document.help.entries.length, menus.help.entries.length);
  });

  test("an unknown id is a programming error", () => {
    assert.throws(() => moveItem(menus, "nothing", "up"), /no item "nothing"/);
    assert.throws(() => moveLinkTo(menus, "data", "analytics", 0), /is not a link/);
  });
});

describe("hide and show (the schema has no hidden flag: the item leaves the operator layer)", () => {
  test("every item hidden and shown again is back where it was", () => {
    for (const id of allIds(menus)) {
      const hidden = documentOf(hideItem(menus, id));
      assert.equal(locateItem(hidden, id), null, id);
      assert.ok(
        hiddenItems(hidden, menus).some((item) => item.id === id),
        `${id} is listed as hidden`,
      );
      assert.deepEqual(documentOf(showItem(hidden, menus, id)), menus, id);
    }
  });

  test("the hidden list names links, and a hidden section with its links", () => {
    const document = documentOf(hideItem(documentOf(hideItem(menus, "dashboards")), "security"));
    assert.deepEqual(hiddenItems(document, menus), [
      { id: "dashboards", type: "link", menu: "main", textKey: "Menu_Dashboards", sectionId: "analytics" },
      {
        id: "security",
        type: "section",
        menu: "main",
        textKey: "MenuSection_Security",
        linkIds: ["users", "teams", "roles", "menus"],
      },
    ]);
    assert.deepEqual(hiddenItems(menus, menus), []);
  });

  test("hiding a section's last link hides the section (§6), and showing the link brings it back", () => {
    const two = documentOf(hideItem(documentOf(hideItem(menus, "projects")), "supportSessions"));
    const result = hideItem(two, "supportTickets");
    assert.ok(result.ok);
    assert.equal(result.sectionHidden, "support");
    assert.equal(locateItem(result.document, "support"), null);
    const back = documentOf(showItem(result.document, menus, "supportTickets"));
    assert.deepEqual(linkIds(back, "support"), ["supportTickets"]);
    assert.deepEqual(documentOf(showItem(result.document, menus, "support")), menus);
  });

  test("a shown section brings only the links the draft has nowhere else", () => {
    const elsewhere = produce(menus, (d) => {
      const support = d.main.sections.findIndex((s) => s.id === "support");
      const [section] = d.main.sections.splice(support, 1);
      d.main.sections.find((s) => s.id === "account")?.links.push(...(section?.links ?? []));
    });
    assert.deepEqual(showItem(elsewhere, menus, "support"), { ok: false, refusal: "linksElsewhere" });
    const partly = produce(elsewhere, (d) => {
      d.main.sections.find((s) => s.id === "account")?.links.pop();
    });
    assert.deepEqual(linkIds(documentOf(showItem(partly, menus, "support")), "support"), ["supportSessions"]);
  });

  test("the last section, the last entry and an item not hidden are refused", () => {
    const one = produce(menus, (d) => {
      d.main.sections.splice(1);
      d.help.entries.splice(1);
    });
    assert.deepEqual(hideItem(one, "data"), { ok: false, refusal: "lastSection" });
    assert.deepEqual(hideItem(one, "helpFaq"), { ok: false, refusal: "lastEntry" });
    assert.deepEqual(showItem(menus, menus, "dashboards"), { ok: false, refusal: "notHidden" });
  });
});

describe("renaming (the text key's texts in the seven languages)", () => {
  test("a rename changes the item's text key in the languages given", () => {
    const result = renameItem(menus, "dashboards", { en: "Boards", de: "Tafeln" }, routes);
    assert.deepEqual(result, {
      ok: true,
      key: "Menu_Dashboards",
      changes: { en: { Menu_Dashboards: "Boards" }, de: { Menu_Dashboards: "Tafeln" } },
      sharedWith: [],
    });
    assert.equal(textKeyOf(menus, "analytics"), "MenuSection_Analytics");
    assert.equal(textKeyOf(menus, "helpFaq"), "HelpMenu_Faq");
  });

  test("an empty text is refused with its languages", () => {
    assert.deepEqual(renameItem(menus, "dashboards", { en: "Boards", fr: " ", it: "" }), {
      ok: false,
      refusal: "emptyText",
      languages: ["fr", "it"],
    });
  });

  const shared: { name: string; menus: MenusDocument; routes: unknown; id: string; expect: unknown[] }[] = [
    {
      name: "no other place uses a key of the real manifests",
      menus,
      routes,
      id: "reports",
      expect: [],
    },
    {
      name: "another menu item with the same key",
      menus: produce(menus, (d) => {
        const entry = d.help.entries.find((e) => e.id === "helpSupportTickets");
        if (entry) entry.textKey = "Menu_SupportTickets";
      }),
      routes,
      id: "supportTickets",
      expect: [{ kind: "menus", pointer: "/help/entries/5/textKey", itemId: "helpSupportTickets" }],
    },
    {
      name: "a route title and a section title",
      menus: produce(menus, (d) => {
        const section = d.main.sections.find((s) => s.id === "security");
        if (section) section.titleKey = "Menu_Users";
      }),
      routes: produce(routes, (d) => {
        const route = d.routes.find((r) => r.id === "users");
        if (route) route.titleKey = "Menu_Users";
      }),
      id: "users",
      expect: [
        { kind: "menus", pointer: "/main/sections/3/titleKey", itemId: "security" },
        {
          kind: "routes",
          pointer: `/routes/${routes.routes.findIndex((r) => r.id === "users")}/titleKey`,
          routePath: "/users",
        },
      ],
    },
  ];
  for (const c of shared) {
    test(`shared keys: ${c.name}`, () => {
      const result = renameItem(c.menus, c.id, { en: "X" }, c.routes);
      assert.ok(result.ok);
      assert.deepEqual(result.sharedWith, c.expect);
    });
  }

  test("a section's own links are not said to share its key", () => {
    const result = renameItem(menus, "security", { en: "Access" }, routes);
    assert.ok(result.ok);
    assert.deepEqual(result.sharedWith, []);
  });

  test("the routes' own shared titles are found", () => {
    assert.deepEqual(
      textKeyUses("PageTitle_ReportViewer", { menus, routes }).map((use) => use.routePath),
      ["/report/viewer/:recId", "/mobile/report/:recId"],
    );
  });

  test("an item given its own key keeps every language's text under a fresh key", () => {
    const sharing = produce(menus, (d) => {
      const entry = d.help.entries.find((e) => e.id === "helpSupportTickets");
      if (entry) entry.textKey = "Menu_SupportTickets";
    });
    const detached = detachTextKey(sharing, "helpSupportTickets", texts, texts);
    assert.equal(detached.key, "Menu_Custom_helpSupportTickets");
    assert.equal(textKeyOf(detached.document, "helpSupportTickets"), detached.key);
    assert.equal(textKeyOf(detached.document, "supportTickets"), "Menu_SupportTickets");
    for (const [language, byLanguage] of Object.entries(texts)) {
      assert.deepEqual(detached.changes[language as keyof TextsByLanguage], {
        [detached.key]: byLanguage.Menu_SupportTickets,
      });
    }
    const after = renameItem(detached.document, "supportTickets", { en: "Tickets" });
    assert.ok(after.ok);
    assert.deepEqual(after.sharedWith, []);
  });

  test("a fresh key is numbered past the keys any language has", () => {
    const taken = { ...texts, nl: { ...texts.nl, Menu_Custom_x: "a", Menu_Custom_x_2: "b" } };
    assert.equal(freshTextKey("x", [texts]), "Menu_Custom_x");
    assert.equal(freshTextKey("x", [texts, taken]), "Menu_Custom_x_3");
  });
});

describe("adding a link to an existing route", () => {
  const linkable = linkableRoutes(routes, menus);

  test("the routes document must be one", () => {
    assert.equal(linkableRoutes(null, menus), null);
    assert.equal(linkableRoutes({ routes: "x" }, menus), null);
    assert.ok(linkable);
  });

  const offered: { routeId: string; expect: unknown }[] = [
    {
      routeId: "dashboards",
      expect: {
        routeId: "dashboards",
        menu: "main",
        link: "/dashboards",
        key: "Dashboards",
        feature: "Dashboard",
        linkedBy: ["dashboards"],
        titleKey: "PageTitle_Dashboards",
      },
    },
    {
      routeId: "tasks",
      expect: {
        routeId: "tasks",
        menu: "main",
        link: "/tasks",
        key: "Tasks",
        linkedBy: ["tasks"],
        titleKey: "PageTitle_Tasks",
      },
    },
    {
      routeId: "adminConfigurationStudio",
      expect: {
        routeId: "adminConfigurationStudio",
        menu: "admin",
        link: "/admin/configuration/studio",
        adminModule: "Configuration",
        // The studio's own entry, once the admin menu has it.
        linkedBy: menus.admin.sections
          .flatMap((s) => s.links)
          .filter((l) => l.link === "/admin/configuration/studio")
          .map((l) => l.id),
        titleKey: "PageTitle_ConfigurationStudio",
      },
    },
    {
      routeId: "adminCredits",
      expect: {
        routeId: "adminCredits",
        menu: "admin",
        link: "/admin/credits",
        adminModule: "Credits",
        linkedBy: ["adminCredits"],
        titleKey: "PageTitle_AdminCredits",
      },
    },
  ];
  for (const { routeId, expect } of offered) {
    test(`offers ${routeId}`, () => {
      const found = [...(linkable?.main ?? []), ...(linkable?.admin ?? [])].filter(
        (r) => r.routeId === routeId,
      );
      assert.deepEqual(found, [expect]);
    });
  }

  const notOffered: { routeId: string; why: string }[] = [
    { routeId: "login", why: "public" },
    { routeId: "dashboardViewer", why: "a required parameter" },
    { routeId: "automation", why: "a redirect" },
    { routeId: "help", why: "an external site" },
    { routeId: "home", why: "no role permission for a panel link's key" },
    { routeId: "adminUserImpersonate", why: "a required parameter" },
    { routeId: "adminSupportDelete", why: "a redirect" },
    { routeId: "helpPage", why: "help mode" },
  ];
  for (const { routeId, why } of notOffered) {
    test(`does not offer ${routeId} (${why})`, () => {
      const all = [...(linkable?.main ?? []), ...(linkable?.admin ?? [])];
      assert.equal(all.filter((r) => r.routeId === routeId).length, 0);
    });
  }

  test("every link of the real menus is offered for its own menu, with the same key or module", () => {
    for (const menu of ["main", "admin"] as const) {
      for (const section of menus[menu].sections) {
        for (const link of section.links) {
          const route = linkable?.[menu].find((r) => r.link === link.link);
          assert.ok(route, `${link.id} ${link.link}`);
          assert.ok(route.linkedBy.includes(link.id));
          if ("key" in link) assert.equal(route.key, link.key, link.id);
          if ("adminModule" in link) assert.equal(route.adminModule, link.adminModule, link.id);
        }
      }
    }
  });

  test("every offered link opens its route", () => {
    const match = createRouteMatcher(routes, "app");
    for (const route of [...(linkable?.main ?? []), ...(linkable?.admin ?? [])]) {
      assert.equal(routeOfLink(route.link, match)?.route.id, route.routeId);
    }
  });

  const studio = () => linkable?.admin.find((r) => r.routeId === "adminConfigurationStudio");
  const context = { live: menus, texts, liveTexts: texts };

  test("an added link gets a fresh id, a Menu_Custom_ key and texts in every language", () => {
    const route = studio();
    assert.ok(route);
    const result = addLink(menus, context, {
      sectionId: "adminSectionSystem",
      route,
      texts: { en: "Studio", de: "Studio-Werkstatt", fr: "" },
    });
    assert.ok(result.ok);
    assert.equal(result.id, "customAdminConfigurationStudio");
    assert.equal(result.textKey, "Menu_Custom_customAdminConfigurationStudio");
    assert.deepEqual(result.changes, {
      en: { [result.textKey]: "Studio" },
      de: { [result.textKey]: "Studio-Werkstatt" },
      es: { [result.textKey]: "Studio" },
      fr: { [result.textKey]: "Studio" },
      nl: { [result.textKey]: "Studio" },
      pt: { [result.textKey]: "Studio" },
      it: { [result.textKey]: "Studio" },
    });
    const section = result.document.admin.sections.find((s) => s.id === "adminSectionSystem");
    assert.deepEqual(section?.links.at(-1), {
      id: result.id,
      textKey: result.textKey,
      link: "/admin/configuration/studio",
      adminModule: "Configuration",
    });
    const ids = allIds(result.document);
    assert.equal(new Set(ids).size, ids.length);
  });

  test("a panel link takes the route's key and feature, and is not adminOnly", () => {
    const route = linkable?.main.find((r) => r.routeId === "reports");
    assert.ok(route);
    const result = addLink(menus, context, {
      sectionId: "data",
      route,
      texts: { en: "All reports" },
      index: 0,
    });
    assert.ok(result.ok);
    assert.deepEqual(result.document.main.sections[0]?.links[0], {
      id: "customReports",
      textKey: "Menu_Custom_customReports",
      link: "/reports",
      key: "Reports",
      feature: "Report",
      adminOnly: false,
    });
  });

  test("adding the same route twice gives two ids; deleting both gives the original back", () => {
    const route = studio();
    assert.ok(route);
    const request = { sectionId: "adminSectionSystem", route, texts: { en: "Studio" } };
    const first = addLink(menus, context, request);
    assert.ok(first.ok);
    const secondTexts = { ...texts, en: { ...texts.en, [first.textKey]: "Studio" } };
    const second = addLink(first.document, { ...context, texts: secondTexts }, request);
    assert.ok(second.ok);
    assert.equal(second.id, "customAdminConfigurationStudio2");
    assert.equal(second.textKey, "Menu_Custom_customAdminConfigurationStudio2");
    const one = removeAddedLink(second.document, context, second.id);
    assert.ok(one.ok);
    assert.equal(one.releasedTextKey, second.textKey);
    const none = removeAddedLink(one.document, context, first.id);
    assert.ok(none.ok);
    assert.deepEqual(none.document, menus);
  });

  test("an id the served document still has (a hidden link) is not reused", () => {
    assert.equal(freshItemId("dashboards", [menus]), "customDashboards");
    const served = produce(menus, (d) => {
      d.main.sections[0]?.links.push({
        id: "customDashboards",
        textKey: "Menu_Dashboards",
        link: "/dashboards",
        key: "Dashboards",
        adminOnly: false,
      });
    });
    assert.equal(freshItemId("dashboards", [menus, served]), "customDashboards2");
  });

  test("refusals: English missing, a route of the other menu, a link the served menu has", () => {
    const route = studio();
    assert.ok(route);
    assert.deepEqual(
      addLink(menus, context, { sectionId: "adminSectionSystem", route, texts: { de: "X" } }),
      {
        ok: false,
        refusal: "englishRequired",
      },
    );
    assert.deepEqual(addLink(menus, context, { sectionId: "data", route, texts: { en: "X" } }), {
      ok: false,
      refusal: "otherMenu",
    });
    assert.deepEqual(removeAddedLink(menus, context, "dashboards"), { ok: false, refusal: "notAdded" });
  });

  test("a deleted link's key stays when another item uses it or the served texts have it", () => {
    const route = studio();
    assert.ok(route);
    const added = addLink(menus, context, {
      sectionId: "adminSectionSystem",
      route,
      texts: { en: "Studio" },
    });
    assert.ok(added.ok);
    const servedTexts = { ...texts, en: { ...texts.en, [added.textKey]: "Studio" } };
    const removed = removeAddedLink(added.document, { live: menus, liveTexts: servedTexts }, added.id);
    assert.ok(removed.ok);
    assert.equal(removed.releasedTextKey, null);
  });

  test("new link texts: English required, an empty language takes English", () => {
    assert.equal(newLinkTexts({}), null);
    assert.equal(newLinkTexts({ en: "  " }), null);
    assert.deepEqual(newLinkTexts({ en: "Go", pt: "Ir" }), {
      en: "Go",
      de: "Go",
      es: "Go",
      fr: "Go",
      nl: "Go",
      pt: "Ir",
      it: "Go",
    });
  });
});

describe("the column limits (§2.5 up to 2 columns, §9 admin menu 4 columns)", () => {
  const linkCount = (sections: string[]) => sections.reduce((sum, id) => sum + linkIds(menus, id).length, 0);
  const allInOne = ["automation", "security", "support", "account"].reduce(
    (document, id) => documentOf(moveSectionTo(document, id, 1, 99)),
    menus,
  );
  const cases: {
    name: string;
    document: MenusDocument;
    menu: SectionMenu;
    max: number;
    full: number;
    expect: unknown;
  }[] = [
    {
      name: "the real navigation panel fills its two columns",
      document: menus,
      menu: "main",
      max: 2,
      full: 420,
      expect: {
        menu: "main",
        max: 2,
        columns: [
          {
            column: 1,
            sectionIds: ["data", "analytics"],
            linkCount: linkCount(["data", "analytics"]),
            over: false,
          },
          {
            column: 2,
            sectionIds: ["automation", "security", "support", "account"],
            linkCount: linkCount(["automation", "security", "support", "account"]),
            over: false,
          },
        ],
        shown: 2,
        empty: [],
        over: false,
        widthPx: 420,
      },
    },
    {
      name: "the real admin menu fills its four columns",
      document: menus,
      menu: "admin",
      max: 4,
      full: 880,
      expect: {
        menu: "admin",
        max: 4,
        columns: [
          {
            column: 1,
            sectionIds: ["adminSectionCustomers", "adminSectionBilling"],
            linkCount: linkCount(["adminSectionCustomers", "adminSectionBilling"]),
            over: false,
          },
          {
            column: 2,
            sectionIds: ["adminSectionSupport", "adminSectionContent"],
            linkCount: linkCount(["adminSectionSupport", "adminSectionContent"]),
            over: false,
          },
          {
            column: 3,
            sectionIds: ["adminSectionData", "adminSectionEmail"],
            linkCount: linkCount(["adminSectionData", "adminSectionEmail"]),
            over: false,
          },
          {
            column: 4,
            sectionIds: ["adminSectionSystem", "adminSectionMonitoring"],
            linkCount: linkCount(["adminSectionSystem", "adminSectionMonitoring"]),
            over: false,
          },
        ],
        shown: 4,
        empty: [],
        over: false,
        widthPx: 880,
      },
    },
    {
      name: "an empty column is dropped and the panel is narrower",
      document: allInOne,
      menu: "main",
      max: 2,
      full: 420,
      expect: {
        menu: "main",
        max: 2,
        columns: [
          {
            column: 1,
            sectionIds: ["data", "analytics", "automation", "security", "support", "account"],
            linkCount: linkCount(["data", "analytics", "automation", "security", "support", "account"]),
            over: false,
          },
          { column: 2, sectionIds: [], linkCount: 0, over: false },
        ],
        shown: 1,
        empty: [2],
        over: false,
        widthPx: 210,
      },
    },
    {
      name: "with a limit of one column, column 2 is over and folds into column 1",
      document: menus,
      menu: "main",
      max: 1,
      full: 420,
      expect: {
        menu: "main",
        max: 1,
        columns: [
          {
            column: 1,
            sectionIds: ["data", "analytics"],
            linkCount: linkCount(["data", "analytics"]),
            over: false,
          },
          {
            column: 2,
            sectionIds: ["automation", "security", "support", "account"],
            linkCount: linkCount(["automation", "security", "support", "account"]),
            over: true,
          },
        ],
        shown: 1,
        empty: [],
        over: true,
        widthPx: 420,
      },
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      assert.deepEqual(columnLimits(c.document, c.menu, c.max, c.full), c.expect);
    });
  }
});

describe("drag and drop", () => {
  const cases: {
    name: string;
    id: string;
    target: DropTarget;
    expect: { refusal: string } | ((d: MenusDocument) => void);
  }[] = [
    {
      name: "a link dropped after a later link of its section",
      id: "dashboards",
      target: { at: "item", id: "reports", place: "after" },
      expect: (d) =>
        assert.deepEqual(linkIds(d, "analytics"), [
          "binders",
          "insights",
          "reports",
          "dashboards",
          "externalAddOns",
          "liveDocs",
        ]),
    },
    {
      name: "a link dropped before an earlier link of its section",
      id: "reports",
      target: { at: "item", id: "dashboards", place: "before" },
      expect: (d) =>
        assert.deepEqual(linkIds(d, "analytics"), [
          "reports",
          "dashboards",
          "binders",
          "insights",
          "externalAddOns",
          "liveDocs",
        ]),
    },
    {
      name: "a link dropped after a link of another section",
      id: "dashboards",
      target: { at: "item", id: "teams", place: "after" },
      expect: (d) =>
        assert.deepEqual(linkIds(d, "security"), ["users", "teams", "dashboards", "roles", "menus"]),
    },
    {
      name: "a link dropped on a section's title goes first in it",
      id: "dashboards",
      target: { at: "item", id: "security", place: "before" },
      expect: (d) =>
        assert.deepEqual(linkIds(d, "security"), ["dashboards", "users", "teams", "roles", "menus"]),
    },
    {
      name: "a link dropped at a section's end goes last in it",
      id: "users",
      target: { at: "sectionEnd", sectionId: "security" },
      expect: (d) => assert.deepEqual(linkIds(d, "security"), ["teams", "roles", "menus", "users"]),
    },
    {
      name: "a link dropped on itself stays",
      id: "binders",
      target: { at: "item", id: "binders", place: "after" },
      expect: (d) => assert.deepEqual(d, menus),
    },
    {
      name: "a section dropped before a section of the other column",
      id: "analytics",
      target: { at: "item", id: "automation", place: "before" },
      expect: (d) =>
        assert.deepEqual(sectionColumns(d, "main"), [
          "data:1",
          "analytics:2",
          "automation:2",
          "security:2",
          "support:2",
          "account:2",
        ]),
    },
    {
      name: "a section dropped after the next one of its column",
      id: "data",
      target: { at: "item", id: "analytics", place: "after" },
      expect: (d) =>
        assert.deepEqual(sectionIds(d, "main"), [
          "analytics",
          "data",
          "automation",
          "security",
          "support",
          "account",
        ]),
    },
    {
      name: "a section dropped on a link goes beside that link's section",
      id: "account",
      target: { at: "item", id: "binders", place: "before" },
      expect: (d) =>
        assert.deepEqual(sectionColumns(d, "main").slice(0, 3), ["data:1", "account:1", "analytics:1"]),
    },
    {
      name: "a section dropped at a column's end goes last in it",
      id: "adminSectionCustomers",
      target: { at: "columnEnd", menu: "admin", column: 3 },
      expect: (d) =>
        assert.deepEqual(
          d.admin.sections.filter((s) => s.column === 3).map((s) => s.id),
          ["adminSectionData", "adminSectionEmail", "adminSectionCustomers"],
        ),
    },
    {
      name: "an entry dropped after a later entry",
      id: "helpFaq",
      target: { at: "item", id: "helpWelcome", place: "after" },
      expect: (d) =>
        assert.deepEqual(
          d.help.entries.slice(0, 4).map((e) => e.id),
          ["helpTutorials", "helpReleaseNotes", "helpWelcome", "helpFaq"],
        ),
    },
    {
      name: "a link is not a column's",
      id: "dashboards",
      target: { at: "columnEnd", menu: "main", column: 2 },
      expect: { refusal: "notHere" },
    },
    {
      name: "a link is not a dropdown's",
      id: "dashboards",
      target: { at: "item", id: "helpFaq", place: "before" },
      expect: { refusal: "notHere" },
    },
    {
      name: "an entry is not a section's",
      id: "helpFaq",
      target: { at: "sectionEnd", sectionId: "data" },
      expect: { refusal: "notHere" },
    },
    {
      name: "a link stays in its menu",
      id: "dashboards",
      target: { at: "item", id: "adminUsers", place: "before" },
      expect: { refusal: "otherMenu" },
    },
    {
      name: "an entry stays in its dropdown",
      id: "helpFaq",
      target: { at: "item", id: "userSignOut", place: "before" },
      expect: { refusal: "otherMenu" },
    },
    {
      name: "a section stays in its menu",
      id: "data",
      target: { at: "columnEnd", menu: "admin", column: 1 },
      expect: { refusal: "otherMenu" },
    },
  ];
  for (const { name, id, target, expect } of cases) {
    test(name, () => {
      const result = dropItem(menus, id, target);
      if (typeof expect === "function") expect(documentOf(result));
      else assert.deepEqual(result, { ok: false, refusal: expect.refusal });
    });
  }
});

describe("properties", () => {
  const ids = allIds(menus);
  const sectionIdsOf = (menu: SectionMenu) => menus[menu].sections.map((s) => s.id);
  const linkIdsOf = (menu: SectionMenu) => menus[menu].sections.flatMap((s) => s.links.map((l) => l.id));
  const menuOf = new Map<string, string>();
  for (const menu of ["main", "admin", "user", "help"] as const) {
    for (const id of ids) if (locateItem(menus, id)?.menu === menu) menuOf.set(id, menu);
  }

  type Move = (document: MenusDocument) => MenuEditResult;
  const move: fc.Arbitrary<Move> = fc.oneof(
    fc.tuple(fc.constantFrom(...ids), fc.constantFrom("up" as const, "down" as const)).map(
      ([id, direction]) =>
        (d: MenusDocument) =>
          moveItem(d, id, direction),
    ),
    fc
      .tuple(fc.constantFrom("main" as const, "admin" as const), fc.nat(40), fc.nat(10), fc.nat(10))
      .map(([menu, link, section, index]) => (d: MenusDocument) => {
        const links = linkIdsOf(menu);
        const sections = sectionIdsOf(menu);
        return moveLinkTo(
          d,
          links[link % links.length] as string,
          sections[section % sections.length] as string,
          index,
        );
      }),
    fc
      .tuple(fc.constantFrom("main" as const, "admin" as const), fc.nat(10), fc.nat(4), fc.nat(10))
      .map(([menu, section, column, index]) => (d: MenusDocument) => {
        const sections = sectionIdsOf(menu);
        return moveSectionTo(d, sections[section % sections.length] as string, column + 1, index);
      }),
    fc
      .tuple(
        fc.constantFrom(...menus.admin.sections.map((s) => s.id)),
        fc.constantFrom("left" as const, "right" as const),
      )
      .map(
        ([id, direction]) =>
          (d: MenusDocument) =>
            moveSectionAcross(d, id, direction),
      ),
    fc.tuple(fc.constantFrom(...menus.help.entries.map((e) => e.id)), fc.nat(10)).map(
      ([id, index]) =>
        (d: MenusDocument) =>
          moveEntryTo(d, id, index),
    ),
  );

  test("any sequence of moves and drops keeps the same ids, each once, each in its own menu, no section empty", () => {
    fc.assert(
      fc.property(fc.array(move, { maxLength: 40 }), (moves) => {
        let document = menus;
        for (const step of moves) {
          const result = step(document);
          if (result.ok) document = result.document;
        }
        const after = allIds(document);
        assert.deepEqual(sorted(after), sorted(ids));
        for (const id of after) assert.equal(locateItem(document, id)?.menu, menuOf.get(id), id);
        for (const menu of ["main", "admin"] as const) {
          for (const section of document[menu].sections) {
            assert.ok(section.links.length > 0, section.id);
            assert.ok(SCHEMA_COLUMNS[menu].includes(section.column));
          }
        }
        assert.equal(menusDocumentProblem(document), null);
      }),
      { numRuns: 300 },
    );
  });

  test("any hides, then showing what the hidden list names, give back every id", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ids), { maxLength: 30 }), (hides) => {
        let document = menus;
        for (const id of hides) {
          if (!locateItem(document, id)) continue;
          const result = hideItem(document, id);
          if (result.ok) document = result.document;
        }
        for (
          let hidden = hiddenItems(document, menus);
          hidden.length > 0;
          hidden = hiddenItems(document, menus)
        ) {
          document = documentOf(showItem(document, menus, (hidden[0] as { id: string }).id));
        }
        assert.deepEqual(sorted(allIds(document)), sorted(ids));
      }),
      { numRuns: 300 },
    );
  });
});
