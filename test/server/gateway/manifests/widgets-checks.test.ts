/**
 * The widgets manifest's checks (DESIGN.md §3 publishing rules; server/gateway/manifests/check-widgets.ts),
 * one row per rule: a copy of the real manifests with the widgets document broken in one place is
 * refused with the file, the JSON pointer and the reason — by its schema or by the cross checks the
 * gateway runs at boot and on every change set, and by `npm run check:manifests`.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { rm } from "node:fs/promises";
import { before, describe, test } from "node:test";
import type { WidgetsManifest } from "../../../../schemas/widgets.ts";
import { compileSettingsSchema } from "../../../../server/gateway/manifests/check-widgets.ts";
import { crossCheckManifests } from "../../../../server/gateway/manifests/cross-checks.ts";
import {
  loadLocaleKeys,
  loadManifestSet,
  validateManifestDocument,
} from "../../../../server/gateway/manifests/load-manifests.ts";
import type { ManifestProblem } from "../../../../server/gateway/manifests/manifest-problem.ts";
import type { ManifestSet } from "../../../../server/gateway/manifests/manifest-set.ts";
import {
  corruptedManifests,
  type JsonDocument,
  LOCALES_DIR,
  MANIFESTS_DIR,
  ROOT,
} from "../../../helpers/manifest-fixtures.ts";

const FILE = "manifests/widgets.json";
let set: ManifestSet;
let localeKeys: Set<string>;

before(async () => {
  localeKeys = await loadLocaleKeys(LOCALES_DIR);
  set = await loadManifestSet(MANIFESTS_DIR, localeKeys);
});

/** The problems of the real set with its widgets document changed by `mutate`: schema first, as at boot. */
function problemsOf(mutate: (widgets: JsonDocument) => void): ManifestProblem[] {
  const widgets = structuredClone(set.widgets) as JsonDocument;
  mutate(widgets);
  const checked = validateManifestDocument("widgets", FILE, JSON.stringify(widgets));
  if (checked.problems.length > 0) return checked.problems;
  return crossCheckManifests({ ...set, widgets: widgets as WidgetsManifest }, localeKeys);
}

/** The kind named `name` of a widgets document under mutation. */
const kind = (widgets: JsonDocument, name: string): JsonDocument => {
  const found = widgets.kinds.find((k: JsonDocument) => k.kind === name);
  assert.ok(found, `no kind ${name}`);
  return found;
};
/** The pointer of kind `name` in the shipped document (the rows keep the order of the kinds). */
const at = (name: string) => `/kinds/${set.widgets.kinds.findIndex((k) => k.kind === name)}`;

interface Row {
  name: string;
  mutate: (widgets: JsonDocument) => void;
  pointer: () => string;
  reason: RegExp;
}

const rows: Row[] = [
  {
    name: "a renderer the runtime does not ship",
    mutate: (w) => (kind(w, "kpi").renderer = "gauge"),
    pointer: () => `${at("kpi")}/renderer`,
    reason: /^schema: must be equal to one of the allowed values/,
  },
  {
    name: "a settings schema outside the subset the dialog renders ($ref)",
    mutate: (w) => (kind(w, "kpi").settingsSchema.properties.Format.$ref = "#/definitions/x"),
    pointer: () => `${at("kpi")}/settingsSchema/properties/Format`,
    reason: /^schema: unknown property "\$ref"/,
  },
  {
    name: "a duplicate kind",
    mutate: (w) => w.kinds.push(structuredClone(kind(w, "line"))),
    pointer: () => `/kinds/${set.widgets.kinds.length}/kind`,
    reason: /^duplicate kind "line" \(also \/kinds\/1\)$/,
  },
  {
    name: "a default outside the setting's choices",
    mutate: (w) => (kind(w, "kpi").defaults.Format = "roman"),
    pointer: () => `${at("kpi")}/defaults/Format`,
    reason: /^defaults: must match exactly one schema in oneOf$/,
  },
  {
    name: "a default below the setting's minimum",
    mutate: (w) => (kind(w, "table").defaults.PageSize = 5),
    pointer: () => `${at("table")}/defaults/PageSize`,
    reason: /^defaults: must be >= 10$/,
  },
  {
    name: "a default of the wrong type",
    mutate: (w) => (kind(w, "bar").defaults.Stacked = "yes"),
    pointer: () => `${at("bar")}/defaults/Stacked`,
    reason: /^defaults: must be boolean$/,
  },
  {
    name: "a default for a setting the schema does not declare",
    mutate: (w) => (kind(w, "bar").defaults.Colour = "red"),
    pointer: () => `${at("bar")}/defaults`,
    reason: /^defaults: undeclared setting "Colour"$/,
  },
  {
    // Property names are data: one named like an Object.prototype member is checked as any other.
    name: "a default named like an Object.prototype member is an undeclared setting",
    mutate: (w) => {
      kind(w, "text").defaults.__defineGetter__ = "zz";
      kind(w, "text").defaults.constructor = "zz";
    },
    pointer: () => `${at("text")}/defaults`,
    reason: /^defaults: undeclared setting "__defineGetter__"$/,
  },
  {
    name: "a settings UI entry named like an Object.prototype member is an undeclared setting",
    mutate: (w) => (kind(w, "text").settingsUi = { constructor: { "ui:widget": "textarea" } }),
    pointer: () => `${at("text")}/settingsUi/constructor`,
    reason: /^setting "constructor" is not declared$/,
  },
  {
    name: "a required setting without a default",
    mutate: (w) => (kind(w, "image").settingsSchema.required = ["Url"]),
    pointer: () => `${at("image")}/defaults`,
    reason: /^defaults: must have required property 'Url'$/,
  },
  {
    name: "a kind name whose text key is missing",
    mutate: (w) => (kind(w, "pie").titleKey = "WidgetKind_NoSuchText"),
    pointer: () => `${at("pie")}/titleKey`,
    reason: /text key "WidgetKind_NoSuchText" is missing from locales\/en\.json/,
  },
  {
    name: "a setting title whose text key is missing",
    mutate: (w) => (kind(w, "bar").settingsSchema.properties.Stacked.title = "WidgetSetting_NoSuch"),
    pointer: () => `${at("bar")}/settingsSchema/properties/Stacked/title`,
    reason: /^text key "WidgetSetting_NoSuch" is missing from locales\/en\.json$/,
  },
  {
    name: "a choice title whose text key is missing",
    mutate: (w) => (kind(w, "kpi").settingsSchema.properties.Format.oneOf[1].title = "WidgetSetting_Gone"),
    pointer: () => `${at("kpi")}/settingsSchema/properties/Format/oneOf/1/title`,
    reason: /^text key "WidgetSetting_Gone" is missing from locales\/en\.json$/,
  },
  {
    name: "a filter renderer aliased under another kind name",
    mutate: (w) => w.kinds.push({ ...structuredClone(kind(w, "select")), kind: "dropdown" }),
    pointer: () => `/kinds/${set.widgets.kinds.length}/kind`,
    reason: /^the filter renderer "select" is only drawn under its own name/,
  },
  {
    name: "a filter kind name drawn by another renderer",
    mutate: (w) => Object.assign(kind(w, "multiSelect"), { renderer: "table", category: "table" }),
    pointer: () => `${at("multiSelect")}/renderer`,
    reason: /^the kind "multiSelect" is a filter to the upstream: its renderer must be "multiSelect"$/,
  },
  {
    name: "a filter renderer outside the filter group",
    mutate: (w) => (kind(w, "dateRange").category = "chart"),
    pointer: () => `${at("dateRange")}/category`,
    reason: /^a filter renderer's kind is in the filter group$/,
  },
  {
    name: "a chart in the filter group",
    mutate: (w) => (kind(w, "bar").category = "filter"),
    pointer: () => `${at("bar")}/category`,
    reason: /^only filter renderers are in the filter group$/,
  },
  {
    name: "a text widget said to draw a query",
    mutate: (w) => (kind(w, "text").data = "query"),
    pointer: () => `${at("text")}/data`,
    reason: /^the renderer "text" draws no query: data must be "none"$/,
  },
  {
    name: "a keyword that does not apply to the setting's type",
    mutate: (w) => (kind(w, "bar").settingsSchema.properties.Stacked.maxLength = 3),
    pointer: () => `${at("bar")}/settingsSchema`,
    reason: /^settings schema does not compile: .*maxLength/,
  },
  {
    name: "a pattern that is no regular expression",
    mutate: (w) => (kind(w, "kpi").settingsSchema.properties.Currency.pattern = "([A-Z"),
    pointer: () => `${at("kpi")}/settingsSchema`,
    reason: /^settings schema does not compile: /,
  },
  {
    name: "a required setting that is not declared",
    mutate: (w) => (kind(w, "pivot").settingsSchema.required = ["ShowTotals", "Colour"]),
    pointer: () => `${at("pivot")}/settingsSchema/required/1`,
    reason: /^required setting "Colour" is not declared$/,
  },
  {
    name: "a presentation for a setting that is not declared",
    mutate: (w) => (kind(w, "text").settingsUi.Body = { "ui:widget": "textarea" }),
    pointer: () => `${at("text")}/settingsUi/Body`,
    reason: /^setting "Body" is not declared$/,
  },
  {
    name: "a text area for a setting that is not a string",
    mutate: (w) => (kind(w, "pie").settingsUi = { Donut: { "ui:widget": "textarea" } }),
    pointer: () => `${at("pie")}/settingsUi/Donut/ui:widget`,
    reason: /^a text area edits a string setting$/,
  },
];

describe("the widgets manifest's checks", () => {
  test("the shipped widgets manifest passes, with a kind for every renderer", () => {
    assert.deepEqual(
      problemsOf(() => undefined),
      [],
    );
    const renderers = new Set(set.widgets.kinds.map((k) => k.renderer));
    assert.equal(renderers.size, 13);
    assert.deepEqual(kind(set.widgets as JsonDocument, "donut").renderer, "pie");
    assert.equal(kind(set.widgets as JsonDocument, "donut").defaults.Donut, true);
  });

  for (const row of rows) {
    test(row.name, () => {
      const problems = problemsOf(row.mutate);
      const pointer = row.pointer();
      const hit = problems.find((p) => p.file === FILE && p.pointer === pointer && row.reason.test(p.reason));
      assert.ok(hit, `expected ${pointer} ${row.reason}; got ${JSON.stringify(problems, null, 1)}`);
      assert.ok(
        problems.every((p) => p.file === FILE),
        "only the widgets document is blamed",
      );
    });
  }

  test("each shipped settings schema compiles once and its validator is reused", () => {
    for (const k of set.widgets.kinds) {
      const first = compileSettingsSchema(k.settingsSchema);
      assert.equal(typeof first, "function", k.kind);
      assert.equal(compileSettingsSchema(structuredClone(k.settingsSchema)), first, k.kind);
    }
  });

  test("`npm run check:manifests` fails on an aliased filter renderer and prints file#pointer: reason", async () => {
    const dir = await corruptedManifests("widgets", (w) =>
      w.kinds.push({ ...structuredClone(kind(w, "dateRange")), kind: "period" }),
    );
    try {
      const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-manifests.ts", dir], {
        cwd: ROOT,
        encoding: "utf8",
      });
      assert.equal(result.status, 1);
      assert.match(
        result.stderr,
        new RegExp(
          `manifests/widgets\\.json#/kinds/${set.widgets.kinds.length}/kind: the filter renderer "dateRange"`,
        ),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
