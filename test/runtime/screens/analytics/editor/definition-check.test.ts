/**
 * What stops a dashboard's save, in words (runtime/screens/analytics/editor/definition-check.ts),
 * and the settings form of each kind (settings-schema.ts) with the shipped widgets manifest: the
 * schema's refusals named by widget and field, duplicate ids, a widget off the grid, the 48 KB of
 * Properties, settings a kind refuses or does not declare, a filter without its column; warnings
 * that do not stop it. The demo dashboards pass. Every kind's form schema is one the CSP-safe form
 * validator interprets.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { checkVocabulary, interpretSchema } from "../../../../../runtime/forms/schema-interpreter.ts";
import {
  blocksSave,
  definitionProblems,
  propertiesSize,
  refusedWidget,
} from "../../../../../runtime/screens/analytics/editor/definition-check.ts";
import {
  hasFormSettings,
  pickedSettings,
  settingsFormSchema,
  settingsProblems,
  settingsUiSchema,
  targetsWithoutColumn,
} from "../../../../../runtime/screens/analytics/editor/settings-schema.ts";
import { DEFINITION_MAX_CHARS } from "../../../../../runtime/screens/content/content-limits.ts";
import type {
  DashboardDefinition,
  WidgetDefinition,
} from "../../../../../schemas/payloads/analytics-content.ts";
import type { WidgetKind, WidgetsManifest } from "../../../../../schemas/widgets.ts";
import {
  type DemoSources,
  marketingDefinition,
  salesOverviewDefinition,
  supportDefinition,
} from "../../../../../server/upstream/seed/demo-analytics-dashboards.ts";

const MANIFEST = JSON.parse(
  readFileSync(new URL("../../../../../manifests/widgets.json", import.meta.url), "utf8"),
) as WidgetsManifest;
const kind = (name: string) => MANIFEST.kinds.find((entry) => entry.kind === name) as WidgetKind;
/** The key and its values, so a test reads which message and about what. */
const t = (key: string, values?: Record<string, unknown>) =>
  values ? `${key}${JSON.stringify(values)}` : key;
const nameOf = (widget: WidgetDefinition) => widget.Title ?? widget.Kind;
const QUERY = { Source: { RecId: 7 }, Aggregates: [{ Function: "count" as const, As: "Orders" }] };

const kpi = (change: Partial<WidgetDefinition> = {}): WidgetDefinition => ({
  Id: "kpi-1",
  Kind: "kpi",
  Title: "Orders",
  Position: { X: 0, Y: 0, W: 3, H: 2 },
  Query: QUERY,
  ...change,
});
const of = (...widgets: WidgetDefinition[]): DashboardDefinition => ({ Version: 1, Widgets: widgets });
const problems = (definition: DashboardDefinition, properties: Record<string, unknown> = {}) =>
  definitionProblems(definition, properties, MANIFEST, nameOf, t).map((p) => ({
    key: p.key,
    widgetId: p.widgetId,
    blocking: p.blocking,
    values: p.values,
  }));

describe("what stops a save", () => {
  test("a good definition has nothing to say", () => {
    assert.deepEqual(problems(of(kpi())), []);
  });
  test("a title longer than the schema allows: named by the widget and its field", () => {
    assert.deepEqual(problems(of(kpi({ Title: "x".repeat(121) }))), [
      {
        key: "DashboardEditor_ProblemWidgetField",
        widgetId: "kpi-1",
        blocking: true,
        values: {
          widget: "x".repeat(121),
          field: "DashboardEditor_FieldTitle",
          problem: 'Validation_MaxLength{"limit":120}',
        },
      },
    ]);
  });
  test("a title on two lines breaks the single-line rule", () => {
    const found = problems(of(kpi({ Title: "Two\nlines" })));
    assert.equal(found[0]?.values.problem, "Validation_Pattern");
  });
  test("a widget lower than row 500", () => {
    const found = problems(of(kpi({ Position: { X: 0, Y: 501, W: 3, H: 2 } })));
    assert.deepEqual(found[0]?.values, {
      widget: "Orders",
      field: "DashboardEditor_FieldPosition",
      problem: 'Validation_Maximum{"limit":500}',
    });
  });
  test("two widgets with the same id, and a widget past the 12th column", () => {
    const found = problems(of(kpi(), kpi({ Title: "Again", Position: { X: 10, Y: 2, W: 3, H: 2 } })));
    assert.deepEqual(
      found
        .filter((p) => p.key !== "DashboardEditor_ProblemWidgetField")
        .map((p) => [p.key, p.values.widget]),
      [
        ["DashboardEditor_ProblemDuplicateId", "Again"],
        ["DashboardEditor_ProblemOutsideGrid", "Again"],
      ],
    );
  });
  test(`Properties over ${DEFINITION_MAX_CHARS} characters (the upstream's 48 KB), the other properties counted`, () => {
    const definition = of(kpi());
    const room = DEFINITION_MAX_CHARS - propertiesSize({ Thumbnail: "" }, definition);
    assert.deepEqual(problems(definition, { Thumbnail: "x".repeat(room) }), []);
    const over = problems(definition, { Thumbnail: "x".repeat(room + 1) });
    assert.deepEqual(over, [
      {
        key: "DashboardEditor_ProblemTooLarge",
        widgetId: null,
        blocking: true,
        values: { size: DEFINITION_MAX_CHARS + 1, max: DEFINITION_MAX_CHARS },
      },
    ]);
  });
  test("settings the kind refuses, or does not declare", () => {
    const found = problems(of(kpi({ Settings: { Decimals: 9, Colour: "red" } })));
    assert.deepEqual(
      found.map((p) => p.values.problem),
      ["DashboardEditor_SettingUnknown", 'Validation_Maximum{"limit":6}'],
    );
    assert.equal(found[1]?.values.field, "WidgetSetting_Decimals");
  });
  test("a filter widget without its column is refused (the upstream needs it)", () => {
    const filter: WidgetDefinition = { Id: "select-1", Kind: "select", Position: { X: 3, Y: 0, W: 3, H: 2 } };
    assert.deepEqual(
      problems(of(kpi(), filter)).map((p) => [p.key, p.blocking]),
      [["DashboardEditor_ProblemFilterColumn", true]],
    );
  });
  test("no data chosen yet, or a kind no longer offered: said, not stopping the save", () => {
    const found = problems(
      of(
        kpi({ Query: undefined }),
        kpi({ Id: "old-1", Kind: "gauge", Position: { X: 3, Y: 0, W: 3, H: 2 } }),
      ),
    );
    assert.deepEqual(
      found.map((p) => [p.key, p.widgetId, p.blocking]),
      [
        ["DashboardEditor_ProblemNoData", "kpi-1", false],
        ["DashboardEditor_ProblemKindUnavailable", "old-1", false],
      ],
    );
    assert.equal(
      blocksSave(definitionProblems(of(kpi({ Query: undefined })), {}, MANIFEST, nameOf, t)),
      false,
    );
  });
  test("the demo dashboards have nothing that stops a save", () => {
    const sources: DemoSources = {
      salesOrders: 1,
      salesArchive: 2,
      customers: 3,
      supportTickets: 4,
      marketingDaily: 5,
      emeaOrders: 6,
      ordersWithCustomers: 7,
      allOrders: 8,
    };
    const now = Date.UTC(2026, 0, 15);
    for (const definition of [
      salesOverviewDefinition(sources, now),
      marketingDefinition(sources, now),
      supportDefinition(sources, now),
    ]) {
      assert.deepEqual(definitionProblems(definition, {}, MANIFEST, nameOf, t), []);
    }
  });
});

describe("the settings form of each kind", () => {
  for (const entry of MANIFEST.kinds) {
    test(`${entry.kind}: a schema the form validator interprets, labels translated`, () => {
      const schema = settingsFormSchema(entry, t, [{ id: "bar-1", label: "Revenue by region" }]);
      checkVocabulary(schema as never);
      for (const setting of Object.values(schema.properties ?? {})) {
        assert.doesNotMatch(String((setting as { title?: string }).title), /\{/);
      }
      const defaults = { ...(entry.defaults ?? {}) };
      for (const name of pickedSettings(entry)) delete defaults[name];
      assert.deepEqual(interpretSchema(schema as never, defaults, t), [], "the defaults are valid");
    });
  }
  test("a filter's column is chosen with its source, not in the form; its targets are the data widgets", () => {
    const schema = settingsFormSchema(kind("select"), t, [{ id: "bar-1", label: "Revenue by region" }]);
    assert.deepEqual(Object.keys(schema.properties ?? {}), ["Targets"]);
    assert.deepEqual((schema.properties?.Targets as { items?: unknown } | undefined)?.items, {
      type: "string",
      pattern: "^[a-z0-9][a-z0-9-]{0,39}$",
      maxLength: 40,
      oneOf: [{ const: "bar-1", title: "Revenue by region" }],
    });
    assert.deepEqual(settingsUiSchema(kind("select"), [], "help").Targets, { "ui:widget": "hidden" });
    assert.deepEqual(settingsUiSchema(kind("select"), [{ id: "a", label: "A" }], "help").Targets, {
      "ui:help": "help",
    });
  });
  test("choices keep their values, their labels in the UI language", () => {
    const format = settingsFormSchema(kind("kpi"), t).properties?.Format as {
      oneOf: unknown[];
      title: string;
    };
    assert.equal(format.title, "WidgetSetting_Format");
    assert.deepEqual(format.oneOf[0], { const: "number", title: "WidgetSetting_Format_Number" });
  });
  test("a text widget's Html is a multi-line field; kinds without settings say so", () => {
    assert.deepEqual(settingsUiSchema(kind("text"), [], "").Html, { "ui:widget": "textarea" });
    assert.equal(hasFormSettings(kind("kpi")), true);
  });
  test("a filter's full settings: its column required by the upstream is checked beside the form", () => {
    assert.deepEqual(settingsProblems(kind("select"), { Column: "Region", Targets: ["bar-1"] }, t), []);
    assert.equal(
      settingsProblems(kind("select"), { Column: "" }, t)[0]?.message,
      'Validation_MinLength{"limit":1}',
    );
  });
});

describe("a filter's targets must have its column (the upstream refuses otherwise)", () => {
  const targets = [
    { id: "orders", label: "Orders", source: 1 },
    { id: "spend", label: "Spend", source: 5 },
    { id: "notes", label: "Notes" },
  ];
  const columns = new Map([
    [1, ["Region", "Channel"]],
    [5, ["Date", "Channel"]],
  ]);
  test("the target whose source lacks the column is named", () => {
    assert.deepEqual(
      targetsWithoutColumn("Region", targets, (source) => columns.get(source)).map((target) => target.id),
      ["spend"],
    );
  });
  test("a column both have, no column yet, or columns still loading: nothing to say", () => {
    assert.deepEqual(
      targetsWithoutColumn("Channel", targets, (source) => columns.get(source)),
      [],
    );
    assert.deepEqual(
      targetsWithoutColumn(null, targets, (source) => columns.get(source)),
      [],
    );
    assert.deepEqual(
      targetsWithoutColumn("Region", targets, () => undefined),
      [],
    );
  });
});

describe("the widget a refusal names", () => {
  const widgets = [{ Id: "kpi-1" }, { Id: "select-1" }];
  const cases: Array<[string, string, string | null]> = [
    ["a widget's query", "Widget «kpi-1»: Sum and average need a number column.", "kpi-1"],
    [
      "a filter's column against a target: the first named that is on the dashboard",
      "Filter widget «select-1»: the source of «bar-9» has no column «Region».",
      "select-1",
    ],
    ["a column is not a widget", "The source has no column «Revenue».", null],
    ["no name at all", "The Dashboard definition is not valid.", null],
  ];
  for (const [name, message, expect] of cases)
    test(name, () => assert.equal(refusedWidget(message, widgets), expect));
});
