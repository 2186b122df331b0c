/**
 * The /menus editor as pure data: the stored layout in the editor, moves, hide/show, section titles
 * and link names for all languages and per language (DESIGN.md §3 account layer; the rule in
 * schemas/payloads/account-menu.ts), the text rule of names (schemas/text-rules.ts), the PUT body,
 * the panel's text keys for default names, and the name the navigation panel shows per language.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import menusManifest from "../../../../manifests/menus.json" with { type: "json" };
import {
  editorSections,
  fallbackName,
  isLayoutChanged,
  layoutUpdate,
  moveKey,
  nameIn,
  nameProblemOf,
  nameProblems,
  sectionTitleKey,
  setHidden,
  setLinkName,
  setTitle,
} from "../../../../runtime/screens/work/security/menu-layout-model.ts";
import { linkTextKeys } from "../../../../runtime/screens/work/security/menu-link-texts.ts";
import { customMenuName } from "../../../../runtime/shell/custom-menu-names.ts";
import type { AccountMenu } from "../../../../schemas/payloads/account-menu.ts";

const EMPTY = { Sections: [] };
const keysOf = (sections: ReturnType<typeof editorSections>, id: string) =>
  sections.find((s) => s.id === id)?.keys.map((k) => (k.hidden ? `-${k.key}` : k.key));
const section = (sections: ReturnType<typeof editorSections>, id: string) => {
  const found = sections.find((s) => s.id === id);
  if (!found) throw new Error(`no section ${id}`);
  return found;
};

describe("editorSections", () => {
  test("the §6 sections in default order, titled by their manifest keys, keys with their links", () => {
    const sections = editorSections(EMPTY);
    assert.deepEqual(
      sections.map((s) => s.id),
      ["data", "analytics", "automation", "security", "support", "account"],
    );
    assert.equal(sections[0]?.titleKey, "MenuSection_Data");
    assert.equal(sectionTitleKey("automation"), "MenuSection_Automation");
    assert.deepEqual(keysOf(sections, "automation"), ["Schedules", "Alerts", "Tasks"]);
    assert.deepEqual(
      section(sections, "automation").keys.map((k) => k.links),
      [["schedules", "schedulesHistory"], ["alerts", "alertsHistory"], ["tasks"]],
    );
  });

  test("a stored order first, the rest after; hidden keys, titles and names kept", () => {
    const sections = editorSections({
      Sections: [
        {
          Id: "automation",
          Title: "Jobs",
          TitleTranslations: { de: "Aufträge" },
          Order: ["Tasks"],
          Hidden: ["Alerts"],
          Links: [{ Id: "schedulesHistory", Translations: { fr: "Historique" } }],
        },
      ],
    });
    assert.deepEqual(keysOf(sections, "automation"), ["Tasks", "Schedules", "-Alerts"]);
    const automation = section(sections, "automation");
    assert.deepEqual(automation.title, { all: "Jobs", byLanguage: { de: "Aufträge" } });
    assert.deepEqual(automation.names.schedulesHistory, { all: "", byLanguage: { fr: "Historique" } });
    assert.deepEqual(automation.names.tasks, { all: "", byLanguage: {} });
  });
});

describe("editing", () => {
  test("moves stay within the section and stop at its edges", () => {
    let sections = editorSections(EMPTY);
    sections = moveKey(sections, "automation", "Tasks", -1);
    assert.deepEqual(keysOf(sections, "automation"), ["Schedules", "Tasks", "Alerts"]);
    sections = moveKey(sections, "automation", "Schedules", -1);
    assert.deepEqual(keysOf(sections, "automation"), ["Schedules", "Tasks", "Alerts"]);
    sections = moveKey(sections, "automation", "Alerts", 1);
    assert.deepEqual(keysOf(sections, "automation"), ["Schedules", "Tasks", "Alerts"]);
    assert.deepEqual(keysOf(sections, "data"), keysOf(editorSections(EMPTY), "data"));
  });

  test("hide and show; the Menus link cannot be hidden", () => {
    let sections = setHidden(editorSections(EMPTY), "security", "Teams", true);
    assert.deepEqual(keysOf(sections, "security"), ["Users", "-Teams", "Roles", "Menus"]);
    sections = setHidden(sections, "security", "Menus", true);
    assert.deepEqual(keysOf(sections, "security"), ["Users", "-Teams", "Roles", "Menus"]);
    sections = setHidden(sections, "security", "Teams", false);
    assert.deepEqual(keysOf(sections, "security"), ["Users", "Teams", "Roles", "Menus"]);
  });

  test("names: one field per scope; a link of another section is not named", () => {
    let sections = setLinkName(editorSections(EMPTY), "data", "tables", "all", "Datasets");
    sections = setLinkName(sections, "data", "tables", "de", "Datensätze");
    sections = setLinkName(sections, "data", "dashboards", "all", "Boards");
    const tables = section(sections, "data").names.tables;
    assert.ok(tables);
    assert.equal(nameIn(tables, "all"), "Datasets");
    assert.equal(nameIn(tables, "de"), "Datensätze");
    assert.equal(nameIn(tables, "fr"), "");
    assert.equal(section(sections, "data").names.dashboards, undefined);
    assert.equal(section(sections, "analytics").names.dashboards?.all, "");
  });

  test("what a language without a name of its own shows: the name for all languages, else the default", () => {
    const name = { all: "Datasets", byLanguage: { de: "Datensätze" } };
    assert.equal(fallbackName(name, "fr", "Tableaux"), "Datasets");
    assert.equal(fallbackName({ all: "  ", byLanguage: {} }, "fr", "Tableaux"), "Tableaux");
    assert.equal(fallbackName(name, "all", "Tables"), "Tables");
  });

  test("the body holds only sections that differ from the default, with their full order", () => {
    assert.deepEqual(layoutUpdate(editorSections(EMPTY)), { Sections: [] });
    let sections = setTitle(editorSections(EMPTY), "support", "all", "  Help  ");
    sections = setHidden(moveKey(sections, "automation", "Tasks", -1), "automation", "Alerts", true);
    assert.deepEqual(layoutUpdate(sections), {
      Sections: [
        { Id: "automation", Title: "", Order: ["Schedules", "Tasks", "Alerts"], Hidden: ["Alerts"] },
        {
          Id: "support",
          Title: "Help",
          Order: ["SupportTickets", "Projects", "SupportSessions"],
          Hidden: [],
        },
      ],
    });
    assert.equal(isLayoutChanged(sections, EMPTY), true);
    assert.equal(isLayoutChanged(editorSections(EMPTY), EMPTY), false);
    const stored = { Sections: layoutUpdate(sections).Sections };
    assert.equal(isLayoutChanged(editorSections(stored), stored), false);
  });

  test("names in the body: trimmed, empty ones left out, translations in language order, links in manifest order", () => {
    let sections = setLinkName(editorSections(EMPTY), "analytics", "liveDocs", "all", " Story pages ");
    sections = setLinkName(sections, "analytics", "liveDocs", "it", "Pagine");
    sections = setLinkName(sections, "analytics", "liveDocs", "de", " Storyseiten ");
    sections = setLinkName(sections, "analytics", "liveDocs", "fr", "   ");
    sections = setLinkName(sections, "analytics", "binders", "nl", "Mappen");
    sections = setTitle(sections, "analytics", "es", " Análisis ");
    sections = setLinkName(sections, "data", "tables", "de", "");
    const body = layoutUpdate(sections) as AccountMenu;
    assert.deepEqual(body.Sections, [
      {
        Id: "analytics",
        Title: "",
        TitleTranslations: { es: "Análisis" },
        Order: ["Dashboards", "Binders", "Insights", "Reports", "ExternalAddOns", "LiveDocs"],
        Hidden: [],
        Links: [
          { Id: "binders", Translations: { nl: "Mappen" } },
          { Id: "liveDocs", Text: "Story pages", Translations: { de: "Storyseiten", it: "Pagine" } },
        ],
      },
    ]);
    assert.equal(isLayoutChanged(editorSections(body), body), false, "a saved layout reads back unchanged");
  });
});

describe("the text rule of names (schemas/text-rules.ts)", () => {
  const cases: [string, string, string | null][] = [
    ["empty: the default", "", null],
    ["blank: the default", "   ", null],
    ["a name", "Datensätze", null],
    ["40 characters once trimmed", `  ${"x".repeat(40)}  `, null],
    ["41 characters", "x".repeat(41), "Menus_NameTooLong"],
    ["a line break", "Data\nsets", "Menus_NameNotOneLine"],
    ["a tab", "Data\tsets", "Menus_NameNotOneLine"],
    ["a direction override", "report\u202Efdp.exe", "Menus_NameNotOneLine"],
    ["a direction mark", "Sales\u200F", "Menus_NameNotOneLine"],
    ["a C1 control", "Data\u009bsets", "Menus_NameNotOneLine"],
  ];
  for (const [name, value, expected] of cases) {
    test(name, () => assert.equal(nameProblemOf(value, 40), expected));
  }

  test("every field of every scope is checked, in the editor's order", () => {
    let sections = setLinkName(editorSections(EMPTY), "data", "tables", "pt", "Tab\u202Eelas");
    sections = setTitle(sections, "automation", "all", "y".repeat(41));
    assert.deepEqual(
      nameProblems(sections).map((p) => [p.section, p.link, p.scope, p.message]),
      [
        ["data", "tables", "pt", "Menus_NameNotOneLine"],
        ["automation", null, "all", "Menus_NameTooLong"],
      ],
    );
    assert.deepEqual(nameProblems(editorSections(EMPTY)), []);
  });
});

describe("names as the navigation panel shows them", () => {
  test("the editor takes the panel's text keys: the user's manifest first, the default manifest for the rest", () => {
    const keys = linkTextKeys({ sections: [{ links: [{ id: "tables", textKey: "Menu_Tables_Operator" }] }] });
    assert.equal(keys.get("tables"), "Menu_Tables_Operator");
    assert.equal(keys.get("liveDocs"), "Menu_LiveDocs");
    assert.equal(linkTextKeys(null).get("tables"), "Menu_Tables");
    const all = menusManifest.main.sections.flatMap((s) => s.links.map((l) => l.id));
    assert.deepEqual([...linkTextKeys(null).keys()], all);
  });

  test("a language's own name, else the name for all languages, else none (the translated default)", () => {
    const byLanguage = { de: "Datensätze" };
    assert.equal(customMenuName("Datasets", byLanguage, "de"), "Datensätze");
    assert.equal(customMenuName("Datasets", byLanguage, "fr"), "Datasets");
    assert.equal(customMenuName(undefined, byLanguage, "fr"), undefined);
    assert.equal(customMenuName(undefined, undefined, "en"), undefined);
    // Only the map's own entries: an inherited property is no name.
    assert.equal(customMenuName("Datasets", {}, "constructor"), "Datasets");
  });
});
