/**
 * The plain-language summary an operator reads before approving or publishing
 * (server/gateway/config/summary.ts): each kind of change to the shipped documents, as a table, and
 * the one sentence it must produce — renames in several languages, permission and link changes, menu
 * entries added, removed or reordered, templates, routes moved or withdrawn, the maintenance switch,
 * shell settings, the generic kinds, texts added or changed, and account layers.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import { loadBaseConfiguration } from "../../../../server/gateway/config/base-configuration.ts";
import {
  baseDocuments,
  type ConfigContent,
  type ConfigDocuments,
} from "../../../../server/gateway/config/config-content.ts";
import { summariseAccounts, summariseDocuments } from "../../../../server/gateway/config/summary.ts";

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

const section = (documents: Json, id: string) => documents.menus.main.sections.find((s: Json) => s.id === id);
const link = (documents: Json, sectionId: string, id: string) =>
  section(documents, sectionId).links.find((l: Json) => l.id === id);
const route = (documents: Json, id: string) => documents.routes.routes.find((r: Json) => r.id === id);
const template = (documents: Json, code: string) =>
  documents.notifications.templates.find((t: Json) => t.code === code);

const rows: { change: string; edit: (documents: Json) => void; sentences: (string | RegExp)[] }[] = [
  {
    change: "a menu entry renamed in two languages",
    edit: (d) => {
      d["texts.en"].Menu_Dashboards = "Boards";
      d["texts.de"].Menu_Dashboards = "Tafeln";
    },
    sentences: ["Menu entry 'Dashboards' renamed to 'Boards' (en), 'Tafeln' (de)"],
  },
  {
    change: "a menu entry renamed to the same text in two languages",
    edit: (d) => {
      d["texts.en"].Menu_Dashboards = "Boards";
      d["texts.fr"].Menu_Dashboards = "Boards";
    },
    sentences: ["Menu entry 'Dashboards' renamed to 'Boards' (en, fr)"],
  },
  {
    change: "a menu entry's permission",
    edit: (d) => {
      link(d, "analytics", "dashboards").key = "Reports";
    },
    sentences: ["Menu entry 'Dashboards' now needs Reports_r"],
  },
  {
    change: "a menu entry's permission level",
    edit: (d) => {
      link(d, "analytics", "dashboards").permissionLevel = "rw";
    },
    sentences: [/^Menu entry 'Dashboards' now needs \w+_rw$/],
  },
  {
    change: "a menu entry's link",
    edit: (d) => {
      link(d, "analytics", "dashboards").link = "/binders";
    },
    sentences: ["Menu entry 'Dashboards' now opens /binders"],
  },
  {
    change: "a menu entry removed",
    edit: (d) => {
      const analytics = section(d, "analytics");
      analytics.links = analytics.links.filter((l: Json) => l.id !== "dashboards");
    },
    sentences: ["Menu entry 'Dashboards' removed"],
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
    sentences: ["Menu entry 'Binders' added (/dashboards)"],
  },
  {
    change: "menu entries reordered",
    edit: (d) => {
      section(d, "analytics").links.reverse();
    },
    sentences: ["Menus reordered or regrouped"],
  },
  {
    change: "a notification template changed",
    edit: (d) => {
      template(d, "AddedToTeam").variants[0].icon = "bell";
    },
    sentences: ["Notification template 'AddedToTeam' changed (/variants)"],
  },
  {
    change: "a notification template removed",
    edit: (d) => {
      d.notifications.templates = d.notifications.templates.filter((t: Json) => t.code !== "AddedToTeam");
    },
    sentences: ["Notification template 'AddedToTeam' removed"],
  },
  {
    change: "a route moved",
    edit: (d) => {
      route(d, "dashboards").path = "/boards/:folderRecId?";
    },
    sentences: ["Route /dashboards/:folderRecId? moved to /boards/:folderRecId?"],
  },
  {
    change: "a route's access",
    edit: (d) => {
      route(d, "dashboards").access = { ...route(d, "dashboards").access, permissionLevel: "rw" };
    },
    sentences: ["Route /dashboards/:folderRecId? its access changed"],
  },
  {
    change: "a route withdrawn",
    edit: (d) => {
      d.routes.routes = d.routes.routes.filter((r: Json) => r.id !== "dashboards");
    },
    sentences: ["Route /dashboards/:folderRecId? withdrawn"],
  },
  {
    change: "maintenance switched on",
    edit: (d) => {
      d.shell.maintenance.enabled = true;
    },
    sentences: ["Maintenance switched on"],
  },
  {
    change: "a shell setting",
    edit: (d) => {
      d.shell.title = { type: "none" };
    },
    sentences: ["Shell setting 'title' changed"],
  },
  {
    change: "a constant (a kind without sentences of its own)",
    edit: (d) => {
      d.constants.bannerAutoHideMs += 1000;
    },
    sentences: ["Constants: 1 change(s) at /bannerAutoHideMs"],
  },
  {
    change: "a text changed",
    edit: (d) => {
      d["texts.en"].Loading = "Loading, please wait…";
    },
    sentences: ["Text 'Loading' changed (en): 'Loading, please wait…' (en)"],
  },
  {
    change: "a text added in every language",
    edit: (d) => {
      for (const language of ["en", "de", "es", "fr", "nl", "pt", "it"])
        d[`texts.${language}`].Menu_New = "New";
    },
    sentences: ["Text 'Menu_New' added (en, de, es, fr, nl, pt, it)"],
  },
];

describe("the summary names each kind of change in one sentence", () => {
  for (const row of rows) {
    test(row.change, () => {
      const after = changed(row.edit);
      const summary = summariseDocuments(base, after);
      assert.equal(summary.length, row.sentences.length, summary.join("\n"));
      row.sentences.forEach((sentence, index) => {
        if (sentence instanceof RegExp) assert.match(summary[index] as string, sentence);
        else assert.equal(summary[index], sentence);
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
  const table: { change: string; before: ConfigContent; after: ConfigContent; sentence: string }[] = [
    {
      change: "a layer added",
      before: content({}),
      after: content({ "12": { shell: { title: "Contoso" } } }),
      sentence: "Account 12: layer added (shell)",
    },
    {
      change: "a layer removed",
      before: content({ "12": { shell: { title: "Contoso" } } }),
      after: content({}),
      sentence: "Account 12: layer removed",
    },
    {
      change: "a layer's menus changed",
      before: content({ "12": { shell: { title: "Contoso" }, menus: { main: {} } } }),
      after: content({ "12": { shell: { title: "Contoso" }, menus: { main: { sections: [] } } } }),
      sentence: "Account 12: menus changed",
    },
  ];
  for (const row of table) {
    test(row.change, () => {
      assert.deepEqual(summariseAccounts(row.before, row.after), [row.sentence]);
    });
  }
});
