/**
 * The plain-language summary an operator reads before approving or publishing
 * (server/gateway/config/summary.ts): each kind of change to the shipped documents, as a table, and
 * the one sentence it must produce — its text key and parameters, and how it reads in English —
 * renames in several languages, permission and link changes, menu entries added, removed or
 * reordered, templates, routes moved or withdrawn, the maintenance switch, shell settings, widget
 * kinds, the generic kinds, texts added or changed, and account layers. The table holds every
 * sentence the summary can say.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { NameInLanguages, SummarySentence } from "../../../../schemas/config-answers.ts";
import { loadBaseConfiguration } from "../../../../server/gateway/config/base-configuration.ts";
import {
  baseDocuments,
  type ConfigContent,
  type ConfigDocuments,
} from "../../../../server/gateway/config/config-content.ts";
import { LANGUAGES } from "../../../../server/gateway/config/config-kinds.ts";
import { englishText } from "../../../../server/gateway/config/english-text.ts";
import {
  SUMMARY_SENTENCES,
  summariseAccounts,
  summariseDocuments,
} from "../../../../server/gateway/config/summary.ts";

const root = join(import.meta.dirname, "..", "..", "..", "..");

// biome-ignore lint/suspicious/noExplicitAny: the rows reach into the shipped documents by shape.
type Json = any;
let base: ConfigDocuments;

before(async () => {
  base = baseDocuments(await loadBaseConfiguration(join(root, "manifests"), join(root, "locales")));
});

/** A copy of the base documents changed by `edit`. */
function changed(edit: (documents: Json) => void): ConfigDocuments {
  const documents = structuredClone(base) as Json;
  edit(documents);
  return documents;
}

/** The shipped text of `key` in every language: how a summary names an entry in each. */
const named = (key: string): NameInLanguages => {
  const names: NameInLanguages = { en: "" };
  for (const language of LANGUAGES) names[language] = (base[`texts.${language}`] as Json)[key];
  return names;
};

const section = (documents: Json, id: string) => documents.menus.main.sections.find((s: Json) => s.id === id);
const link = (documents: Json, sectionId: string, id: string) =>
  section(documents, sectionId).links.find((l: Json) => l.id === id);
const route = (documents: Json, id: string) => documents.routes.routes.find((r: Json) => r.id === id);
const template = (documents: Json, code: string) =>
  documents.notifications.templates.find((t: Json) => t.code === code);
const widget = (documents: Json, kind: string) => documents.widgets.kinds.find((k: Json) => k.kind === kind);
const summary = (key: string, params: SummarySentence["params"] = {}): SummarySentence => ({
  key: `StudioSummary_${key}`,
  params,
});
const kindName = (kind: string) => ({ key: `Studio_Kind_${kind}`, params: {} });

/** The sentence names the table's rows produced: every one the summary can say must be among them. */
const said = new Set<string>();

const rows: {
  change: string;
  edit: (documents: Json) => void;
  /** The documents before the change, when not the base (which `edit` then changes: nothing, back to the base). */
  from?: (documents: Json) => void;
  sentences: () => SummarySentence[];
  english: (string | RegExp)[];
}[] = [
  {
    change: "a menu entry renamed in two languages",
    edit: (d) => {
      d["texts.en"].Menu_Dashboards = "Boards";
      d["texts.de"].Menu_Dashboards = "Tafeln";
    },
    sentences: () => [
      summary("MenuEntryRenamed", {
        entry: named("Menu_Dashboards"),
        renames: [
          summary("TextIn", { text: "Boards", languages: ["en"] }),
          summary("TextIn", { text: "Tafeln", languages: ["de"] }),
        ],
      }),
    ],
    english: ["Menu entry 'Dashboards' renamed to 'Boards' (en), 'Tafeln' (de)"],
  },
  {
    change: "a menu entry renamed to the same text in two languages",
    edit: (d) => {
      d["texts.en"].Menu_Dashboards = "Boards";
      d["texts.fr"].Menu_Dashboards = "Boards";
    },
    sentences: () => [
      summary("MenuEntryRenamed", {
        entry: named("Menu_Dashboards"),
        renames: [summary("TextIn", { text: "Boards", languages: ["en", "fr"] })],
      }),
    ],
    english: ["Menu entry 'Dashboards' renamed to 'Boards' (en, fr)"],
  },
  {
    change: "a menu entry's text removed in one language",
    edit: (d) => {
      delete d["texts.de"].Menu_Dashboards;
    },
    sentences: () => [
      summary("MenuEntryRenamed", {
        entry: named("Menu_Dashboards"),
        renames: [summary("TextRemovedIn", { languages: ["de"] })],
      }),
    ],
    english: ["Menu entry 'Dashboards' renamed to (removed) (de)"],
  },
  {
    change: "a menu entry showing another text key",
    edit: (d) => {
      link(d, "analytics", "dashboards").textKey = "Menu_Binders";
    },
    sentences: () => [
      summary("MenuEntryShows", { entry: named("Menu_Dashboards"), text: named("Menu_Binders") }),
    ],
    english: ["Menu entry 'Dashboards' now shows 'Binders'"],
  },
  {
    change: "a menu entry's custom name",
    edit: (d) => {
      link(d, "analytics", "dashboards").text = "Our boards";
    },
    sentences: () => [summary("MenuEntryCustomName", { entry: named("Menu_Dashboards") })],
    english: ["Menu entry 'Dashboards': custom name changed"],
  },
  {
    change: "a menu entry's permission",
    edit: (d) => {
      link(d, "analytics", "dashboards").key = "Reports";
    },
    sentences: () => [
      summary("MenuEntryNeeds", { entry: named("Menu_Dashboards"), permission: "Reports_r" }),
    ],
    english: ["Menu entry 'Dashboards' now needs Reports_r"],
  },
  {
    change: "a menu entry's permission level",
    edit: (d) => {
      link(d, "analytics", "dashboards").permissionLevel = "rw";
    },
    sentences: () => [
      summary("MenuEntryNeeds", { entry: named("Menu_Dashboards"), permission: "Dashboards_rw" }),
    ],
    english: ["Menu entry 'Dashboards' now needs Dashboards_rw"],
  },
  {
    change: "a menu entry's link",
    edit: (d) => {
      link(d, "analytics", "dashboards").link = "/binders";
    },
    sentences: () => [summary("MenuEntryOpens", { entry: named("Menu_Dashboards"), link: "/binders" })],
    english: ["Menu entry 'Dashboards' now opens /binders"],
  },
  {
    change: "a menu entry made for admins only",
    edit: (d) => {
      link(d, "analytics", "dashboards").adminOnly = true;
    },
    sentences: () => [summary("MenuEntryAdminOnly", { entry: named("Menu_Dashboards") })],
    english: ["Menu entry 'Dashboards' now for admins only"],
  },
  {
    change: "a menu entry no longer for admins only",
    from: (d) => {
      link(d, "analytics", "dashboards").adminOnly = true;
    },
    edit: () => undefined,
    sentences: () => [summary("MenuEntryNotAdminOnly", { entry: named("Menu_Dashboards") })],
    english: ["Menu entry 'Dashboards' no longer for admins only"],
  },
  {
    change: "a menu entry's condition",
    edit: (d) => {
      link(d, "analytics", "dashboards").visibleWhen = { sessionFlag: "IsAdmin" };
    },
    sentences: () => [summary("MenuEntryCondition", { entry: named("Menu_Dashboards") })],
    english: ["Menu entry 'Dashboards': its condition changed"],
  },
  {
    change: "a menu entry badged for another feature",
    edit: (d) => {
      link(d, "analytics", "dashboards").feature = "Binder";
    },
    sentences: () => [summary("MenuEntryFeature", { entry: named("Menu_Dashboards"), feature: "Binder" })],
    english: ["Menu entry 'Dashboards' now badged for feature Binder"],
  },
  {
    change: "a menu entry tied to no feature",
    edit: (d) => {
      delete link(d, "analytics", "dashboards").feature;
    },
    sentences: () => [summary("MenuEntryNoFeature", { entry: named("Menu_Dashboards") })],
    english: ["Menu entry 'Dashboards' no longer tied to a feature"],
  },
  {
    change: "a menu entry's link and permission: a sentence each",
    edit: (d) => {
      link(d, "analytics", "dashboards").link = "/binders";
      link(d, "analytics", "dashboards").key = "Binders";
    },
    sentences: () => [
      summary("MenuEntryNeeds", { entry: named("Menu_Dashboards"), permission: "Binders_r" }),
      summary("MenuEntryOpens", { entry: named("Menu_Dashboards"), link: "/binders" }),
    ],
    english: ["Menu entry 'Dashboards' now needs Binders_r", "Menu entry 'Dashboards' now opens /binders"],
  },
  {
    change: "a menu entry removed",
    edit: (d) => {
      const analytics = section(d, "analytics");
      analytics.links = analytics.links.filter((l: Json) => l.id !== "dashboards");
    },
    sentences: () => [summary("MenuEntryRemoved", { entry: named("Menu_Dashboards") })],
    english: ["Menu entry 'Dashboards' removed"],
  },
  {
    change: "a menu entry added",
    edit: (d) => {
      section(d, "analytics").links.push({
        ...link(d, "analytics", "dashboards"),
        id: "boardsCopy",
        textKey: "Menu_Binders",
      });
    },
    sentences: () => [summary("MenuEntryAdded", { entry: named("Menu_Binders"), target: "/dashboards" })],
    english: ["Menu entry 'Binders' added (/dashboards)"],
  },
  {
    change: "menu entries reordered",
    edit: (d) => {
      section(d, "analytics").links.reverse();
    },
    sentences: () => [summary("MenusReordered")],
    english: ["Menus reordered or regrouped"],
  },
  {
    change: "a notification template changed",
    edit: (d) => {
      template(d, "AddedToTeam").variants[0].icon = "bell";
    },
    sentences: () => [summary("TemplateChanged", { code: "AddedToTeam", places: ["/variants"] })],
    english: ["Notification template 'AddedToTeam' changed (/variants)"],
  },
  {
    change: "a notification template added",
    edit: (d) => {
      d.notifications.templates.push({ ...template(d, "AddedToTeam"), code: "AddedToTeamAgain" });
    },
    sentences: () => [summary("TemplateAdded", { code: "AddedToTeamAgain" })],
    english: ["Notification template 'AddedToTeamAgain' added"],
  },
  {
    change: "a notification template removed",
    edit: (d) => {
      d.notifications.templates = d.notifications.templates.filter((t: Json) => t.code !== "AddedToTeam");
    },
    sentences: () => [summary("TemplateRemoved", { code: "AddedToTeam" })],
    english: ["Notification template 'AddedToTeam' removed"],
  },
  {
    change: "the unknown-code notification",
    edit: (d) => {
      d.notifications.unknownCode = { ...d.notifications.unknownCode, icon: "bell" };
    },
    sentences: () => [summary("UnknownCodeChanged")],
    english: ["The unknown-code notification changed"],
  },
  {
    change: "a route added",
    edit: (d) => {
      d.routes.routes.push({ ...route(d, "dashboards"), id: "boards", path: "/boards" });
    },
    sentences: () => [summary("RouteAdded", { path: "/boards" })],
    english: ["Route /boards added"],
  },
  {
    change: "a route moved",
    edit: (d) => {
      route(d, "dashboards").path = "/boards/:folderRecId?";
    },
    sentences: () => [
      summary("RouteMoved", { path: "/dashboards/:folderRecId?", to: "/boards/:folderRecId?" }),
    ],
    english: ["Route /dashboards/:folderRecId? moved to /boards/:folderRecId?"],
  },
  {
    change: "a route's access",
    edit: (d) => {
      route(d, "dashboards").access = { ...route(d, "dashboards").access, permissionLevel: "rw" };
    },
    sentences: () => [summary("RouteAccess", { path: "/dashboards/:folderRecId?" })],
    english: ["Route /dashboards/:folderRecId?: its access changed"],
  },
  {
    change: "a route's screen",
    edit: (d) => {
      route(d, "dashboards").screen = { ...route(d, "dashboards").screen, view: "tiles" };
    },
    sentences: () => [summary("RouteScreen", { path: "/dashboards/:folderRecId?" })],
    english: ["Route /dashboards/:folderRecId?: its screen changed"],
  },
  {
    change: "a route's other settings",
    edit: (d) => {
      route(d, "dashboards").shellProfile = "bare";
    },
    sentences: () => [summary("RouteChanged", { path: "/dashboards/:folderRecId?" })],
    english: ["Route /dashboards/:folderRecId? changed"],
  },
  {
    change: "a route withdrawn",
    edit: (d) => {
      d.routes.routes = d.routes.routes.filter((r: Json) => r.id !== "dashboards");
    },
    sentences: () => [summary("RouteWithdrawn", { path: "/dashboards/:folderRecId?" })],
    english: ["Route /dashboards/:folderRecId? withdrawn"],
  },
  {
    change: "maintenance switched on",
    edit: (d) => {
      d.shell.maintenance.enabled = true;
    },
    sentences: () => [summary("MaintenanceOn")],
    english: ["Maintenance switched on"],
  },
  {
    change: "maintenance switched off",
    from: (d) => {
      d.shell.maintenance.enabled = true;
    },
    edit: () => undefined,
    sentences: () => [summary("MaintenanceOff")],
    english: ["Maintenance switched off"],
  },
  {
    change: "a shell setting",
    edit: (d) => {
      d.shell.title = { type: "none" };
    },
    sentences: () => [summary("ShellSetting", { setting: "title" })],
    english: ["Shell setting 'title' changed"],
  },
  {
    change: "a widget kind disabled",
    edit: (d) => {
      widget(d, "line").enabled = false;
    },
    sentences: () => [summary("WidgetDisabled", { name: named("WidgetKind_line"), kind: "line" })],
    english: ["Widget kind 'Line chart' (line) disabled"],
  },
  {
    change: "a widget kind enabled",
    from: (d) => {
      widget(d, "line").enabled = false;
    },
    edit: () => undefined,
    sentences: () => [summary("WidgetEnabled", { name: named("WidgetKind_line"), kind: "line" })],
    english: ["Widget kind 'Line chart' (line) enabled"],
  },
  {
    change: "a widget kind drawn by another renderer, and its category",
    edit: (d) => {
      widget(d, "line").renderer = "area";
      widget(d, "line").category = "other";
    },
    sentences: () => [
      summary("WidgetRenderer", { name: named("WidgetKind_line"), kind: "line", renderer: "area" }),
      summary("WidgetPart", { name: named("WidgetKind_line"), kind: "line", part: "category" }),
    ],
    english: [
      "Widget kind 'Line chart' (line) now drawn by area",
      "Widget kind 'Line chart' (line): its category changed",
    ],
  },
  {
    change: "a widget kind added",
    edit: (d) => {
      d.widgets.kinds.push({ ...widget(d, "kpi"), kind: "bigNumber" });
    },
    sentences: () => [
      summary("WidgetAdded", { name: named("WidgetKind_kpi"), kind: "bigNumber", renderer: "kpi" }),
    ],
    english: ["Widget kind 'KPI' (bigNumber) added, drawn by kpi"],
  },
  {
    change: "a widget kind added disabled",
    edit: (d) => {
      d.widgets.kinds.push({ ...widget(d, "kpi"), kind: "bigNumber", enabled: false });
    },
    sentences: () => [
      summary("WidgetAddedDisabled", { name: named("WidgetKind_kpi"), kind: "bigNumber", renderer: "kpi" }),
    ],
    english: ["Widget kind 'KPI' (bigNumber) added, drawn by kpi, disabled"],
  },
  {
    change: "a widget kind removed",
    edit: (d) => {
      d.widgets.kinds = d.widgets.kinds.filter((k: Json) => k.kind !== "line");
    },
    sentences: () => [summary("WidgetRemoved", { name: named("WidgetKind_line"), kind: "line" })],
    english: ["Widget kind 'Line chart' (line) removed"],
  },
  {
    change: "a constant (a kind without sentences of its own)",
    edit: (d) => {
      d.constants.bannerAutoHideMs += 1000;
    },
    sentences: () => [
      summary("KindChanged", { kind: kindName("constants"), count: 1, places: ["/bannerAutoHideMs"] }),
    ],
    english: ["Constants: 1 change at /bannerAutoHideMs"],
  },
  {
    change: "four constants: the first three places, then …",
    edit: (d) => {
      for (const name of Object.keys(d.constants)
        .filter((key) => typeof d.constants[key] === "number")
        .slice(0, 4))
        d.constants[name] += 1;
    },
    sentences: () => {
      const names = Object.keys(base.constants).filter(
        (key) => typeof (base.constants as Json)[key] === "number",
      );
      return [
        summary("KindChanged", {
          kind: kindName("constants"),
          count: 4,
          places: [...names.slice(0, 3).map((name) => `/${name}`), "…"],
        }),
      ];
    },
    english: [/^Constants: 4 changes at \/\w+, \/\w+, \/\w+, …$/],
  },
  {
    change: "a text changed",
    edit: (d) => {
      d["texts.en"].Loading = "Loading, please wait…";
    },
    sentences: () => [
      summary("TextChanged", {
        key: "Loading",
        languages: ["en"],
        renames: [summary("TextIn", { text: "Loading, please wait…", languages: ["en"] })],
      }),
    ],
    english: ["Text 'Loading' changed (en): 'Loading, please wait…' (en)"],
  },
  {
    change: "a text added in every language",
    edit: (d) => {
      for (const language of LANGUAGES) d[`texts.${language}`].Menu_New = "New";
    },
    sentences: () => [summary("TextAdded", { key: "Menu_New", languages: [...LANGUAGES] })],
    english: ["Text 'Menu_New' added (en, de, es, fr, nl, pt, it)"],
  },
  {
    change: "a text removed in every language",
    edit: (d) => {
      for (const language of LANGUAGES) delete d[`texts.${language}`].Loading;
    },
    sentences: () => [summary("TextRemoved", { key: "Loading", languages: [...LANGUAGES] })],
    english: ["Text 'Loading' removed (en, de, es, fr, nl, pt, it)"],
  },
];

describe("the summary names each kind of change in one sentence", () => {
  for (const row of rows) {
    test(row.change, () => {
      const sentences = summariseDocuments(row.from ? changed(row.from) : base, changed(row.edit));
      for (const sentence of sentences) said.add(sentence.key);
      assert.deepEqual(sentences, row.sentences());
      const english = sentences.map(englishText);
      assert.equal(english.length, row.english.length, english.join("\n"));
      row.english.forEach((expected, index) => {
        if (expected instanceof RegExp) assert.match(english[index] as string, expected);
        else assert.equal(english[index], expected);
      });
    });
  }

  test("nothing changed: no sentence", () => {
    assert.deepEqual(
      summariseDocuments(
        base,
        changed(() => undefined),
      ),
      [],
    );
  });
});

describe("account layers", () => {
  const content = (accounts: ConfigContent["accounts"]): ConfigContent =>
    ({ operator: {}, accounts }) as ConfigContent;
  const table: {
    change: string;
    before: ConfigContent;
    after: ConfigContent;
    sentence: SummarySentence;
    english: string;
  }[] = [
    {
      change: "a layer added",
      before: content({}),
      after: content({ "12": { shell: { title: "Contoso" } } }),
      sentence: summary("AccountLayerAdded", { account: "12", kinds: [kindName("shell")] }),
      english: "Account 12: layer added (Shell)",
    },
    {
      change: "a layer removed",
      before: content({ "12": { shell: { title: "Contoso" } } }),
      after: content({}),
      sentence: summary("AccountLayerRemoved", { account: "12" }),
      english: "Account 12: layer removed",
    },
    {
      change: "a layer's menus changed",
      before: content({ "12": { shell: { title: "Contoso" }, menus: { main: {} } } }),
      after: content({ "12": { shell: { title: "Contoso" }, menus: { main: { sections: [] } } } }),
      sentence: summary("AccountKindsChanged", { account: "12", kinds: [kindName("menus")] }),
      english: "Account 12: Menus changed",
    },
  ];
  for (const row of table) {
    test(row.change, () => {
      const sentences = summariseAccounts(row.before, row.after);
      for (const sentence of sentences) said.add(sentence.key);
      assert.deepEqual(sentences, [row.sentence]);
      assert.equal(englishText(row.sentence), row.english);
    });
  }
});

describe("the table holds every sentence", () => {
  after(() => {
    // Runs once every row has run: a sentence no row produces is a kind of change nobody tested.
    const unsaid = SUMMARY_SENTENCES.map((name) => `StudioSummary_${name}`).filter(
      (key) => !said.has(key) && !["StudioSummary_TextIn", "StudioSummary_TextRemovedIn"].includes(key),
    );
    assert.deepEqual(unsaid, []);
  });
  test("every sentence name is produced by a row (checked after the rows)", () => {
    assert.ok(SUMMARY_SENTENCES.length > 0);
  });
});
