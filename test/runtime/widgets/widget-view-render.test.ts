/**
 * WidgetView and renderers rendered in jsdom with the English texts (runtime/widgets/): each widget
 * has its own state — loading, its drawing, no data, an error with a retry that loads again, the
 * visible "kind not available" — and the renderers without a canvas as a user meets them: a KPI's
 * change in words, a sortable virtualised table, a sanitised text, a select whose choice becomes a
 * filter selection.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { FilterSelection } from "../../../core/analytics/cross-filter.ts";
import type { WidgetDefinition } from "../../../schemas/payloads/analytics-content.ts";
import type { DataQueryResult } from "../../../schemas/payloads/data-query.ts";
import {
  dom,
  english,
  mount,
  type RenderModules,
  renderModules,
  SHIPPED_WIDGETS as SHIPPED,
} from "./render-fixtures.ts";
import { MONTHLY_QUERY, month, region, result, revenue } from "./result-fixtures.ts";

type Modules = RenderModules & {
  view: typeof import("../../../runtime/widgets/widget-view.tsx");
  errors: typeof import("../../../runtime/http/api-error.ts");
};
let m: Modules;

before(async () => {
  m = {
    ...(await renderModules()),
    view: await import("../../../runtime/widgets/widget-view.tsx"),
    errors: await import("../../../runtime/http/api-error.ts"),
  };
  // Loaded ahead, as the viewer's first render would wait for them.
  for (const renderer of ["kpi", "table", "text", "select"])
    await m.registry.widgetRegistry.preload(renderer);
});

/** Waits (a few macrotasks) until `check` holds. */
async function until(check: () => boolean, what: string) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (check()) return;
    await m.react.act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  assert.fail(`never: ${what}`);
}

const kpi: WidgetDefinition = {
  Id: "revenue",
  Kind: "kpi",
  Title: "Revenue",
  Position: { X: 0, Y: 0, W: 3, H: 2 },
  Query: MONTHLY_QUERY,
  Settings: { Format: "currency", Currency: "EUR", Decimals: 0 },
};
const monthly = result(
  [month, revenue],
  [
    ["2025-01-01", 1000],
    ["2025-02-01", 800],
  ],
);

function widgetView(
  widget: WidgetDefinition,
  load: ((signal: AbortSignal) => Promise<DataQueryResult>) | null,
  extra = {},
) {
  return m.react.createElement(m.view.WidgetView, {
    widget,
    kind: m.kinds.resolveWidgetKind(SHIPPED, widget, (renderer) => m.registry.widgetRegistry.has(renderer)),
    load,
    loadKey: `test:${widget.Id}:${JSON.stringify(extra)}`,
    theme: m.style.widgetStyle(null, "light"),
    ...extra,
  });
}

describe("a widget's own states", () => {
  test("loading, then the KPI: value, change in words and sign, previous value; a menu named by the title", async () => {
    let resolve: (value: DataQueryResult) => void = () => {};
    const view = await mount(widgetView(kpi, () => new Promise((done) => (resolve = done))));
    assert.equal(view.host.querySelector('[role="status"]')?.textContent, english.Loading);
    assert.equal(view.host.querySelector("section")?.getAttribute("aria-busy"), "true");
    await m.react.act(async () => resolve(monthly));
    await until(() => view.host.querySelector(".widget-kpi__value") !== null, "the KPI value");
    assert.equal(view.host.querySelector(".widget-kpi__value")?.textContent, "€800");
    assert.equal(view.host.querySelector(".widget-kpi__delta")?.textContent, "Down 20%");
    assert.equal(
      view.host.querySelector(".widget-kpi__previous")?.textContent,
      "vs the previous month (€1,000)",
    );
    assert.equal(view.host.querySelector(".widget-kpi__arrow")?.getAttribute("aria-hidden"), "true");
    assert.equal(view.host.querySelector("h2")?.textContent, "Revenue");
    assert.equal(
      view.host.querySelector('button[aria-haspopup="menu"]')?.getAttribute("aria-label"),
      "Actions for Revenue",
    );
    await view.unmount();
  });

  test("an error with the §8 text and a retry that loads again", async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw new m.errors.ApiError(500, null, "boom");
      return monthly;
    };
    const view = await mount(widgetView(kpi, load));
    await until(() => view.host.querySelector('[role="alert"]') !== null, "the error");
    assert.match(
      view.host.querySelector('[role="alert"]')?.textContent ?? "",
      new RegExp(english.Widget_LoadFailed),
    );
    const retry = view.host.querySelector('[role="alert"] button') as HTMLButtonElement;
    assert.equal(retry.textContent, english.Content_Retry);
    await m.react.act(async () => retry.click());
    await until(() => view.host.querySelector(".widget-kpi__value") !== null, "the KPI after the retry");
    assert.equal(calls, 2);
    assert.equal(view.host.querySelector('[role="alert"]'), null);
    await view.unmount();
  });

  test("no rows: the widget says there is no data", async () => {
    const view = await mount(widgetView(kpi, async () => result([month, revenue], [])));
    await until(() => view.host.textContent?.includes(english.Widget_Empty) === true, "the empty state");
    await view.unmount();
  });

  test("an unknown or disabled kind: visibly unavailable, nothing loaded", async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      return monthly;
    };
    const unknown = await mount(widgetView({ ...kpi, Kind: "gauge", Title: undefined }, load));
    assert.match(unknown.host.textContent ?? "", new RegExp(english.Widget_KindUnavailable));
    assert.match(unknown.host.textContent ?? "", /"gauge"/);
    assert.equal(unknown.host.querySelector("h2")?.textContent, "gauge");
    await unknown.unmount();
    const manifest = {
      ...SHIPPED,
      kinds: SHIPPED.kinds.map((kind) => ({ ...kind, enabled: kind.kind !== "kpi" })),
    };
    const disabled = await mount(
      m.react.createElement(m.view.WidgetView, {
        widget: kpi,
        kind: m.kinds.resolveWidgetKind(manifest, kpi, () => true),
        load,
        loadKey: "disabled",
        theme: m.style.widgetStyle(null, "light"),
      }),
    );
    assert.match(disabled.host.textContent ?? "", new RegExp(english.Widget_KindUnavailable));
    await disabled.unmount();
    assert.equal(calls, 0);
  });
});

describe("renderers without a canvas", () => {
  const table: WidgetDefinition = {
    Id: "customers",
    Kind: "table",
    Title: "Customers",
    Position: { X: 0, Y: 0, W: 6, H: 6 },
    Query: { Source: { RecId: 1 }, Select: ["Region", "Revenue"] },
    Settings: { ShowTotals: true },
  };
  const many = result(
    [
      { Name: "Region", Type: "Text", Role: "Column" },
      { Name: "Revenue", Type: "Number", Role: "Column" },
    ],
    Array.from({ length: 1000 }, (_, index) => [`R${String(index).padStart(4, "0")}`, index]),
  );

  test("a table renders only the rows in view, counts them all, totals them and sorts by its headers", async () => {
    const view = await mount(widgetView(table, async () => many));
    await until(() => view.host.querySelector("table") !== null, "the table");
    const element = view.host.querySelector("table") as HTMLTableElement;
    assert.equal(element.getAttribute("aria-rowcount"), "1002");
    const bodyRows = () => [...element.querySelectorAll("tbody tr:not(.widget-table__spacer)")];
    assert.ok(bodyRows().length < 100, `${bodyRows().length} rows rendered`);
    assert.equal(element.querySelector("tfoot")?.textContent, `${english.Widget_Total}499,500`);
    const header = () => element.querySelectorAll("thead th")[1] as HTMLTableCellElement;
    assert.equal(header().getAttribute("aria-sort"), "none");
    await m.react.act(async () => (header().querySelector("button") as HTMLButtonElement).click());
    assert.equal(header().getAttribute("aria-sort"), "ascending");
    await m.react.act(async () => (header().querySelector("button") as HTMLButtonElement).click());
    assert.equal(header().getAttribute("aria-sort"), "descending");
    assert.equal(bodyRows()[0]?.querySelector("td")?.textContent, "R0999");
    assert.equal(bodyRows()[0]?.getAttribute("aria-rowindex"), "2");
    await view.unmount();
  });

  test("a text widget's HTML is sanitised", async () => {
    const text: WidgetDefinition = {
      Id: "note",
      Kind: "text",
      Position: { X: 0, Y: 0, W: 6, H: 2 },
      Settings: { Html: '<p>Hello <b>team</b></p><script>alert(1)</script><img src="x" onerror="alert(2)">' },
    };
    const view = await mount(widgetView(text, null));
    await until(() => view.host.querySelector(".widget-text") !== null, "the text");
    const html = view.host.querySelector(".widget-text")?.innerHTML ?? "";
    assert.match(html, /<p>Hello <b>team<\/b><\/p>/);
    assert.doesNotMatch(html, /script|onerror/);
    await view.unmount();
  });

  test("a select lists its values with counts, All first; a choice is an Equals selection", async () => {
    const select: WidgetDefinition = {
      Id: "region",
      Kind: "select",
      Title: "Region",
      Position: { X: 0, Y: 0, W: 3, H: 2 },
      Query: {
        Source: { RecId: 1 },
        GroupBy: [{ Column: "Region" }],
        Aggregates: [{ Function: "count", As: "Lines" }],
      },
      Settings: { Column: "Region" },
    };
    const chosen: (FilterSelection | null)[] = [];
    const filter = {
      column: "Region",
      selection: null,
      select: (selection: FilterSelection | null) => chosen.push(selection),
    };
    const view = await mount(
      widgetView(
        select,
        async () =>
          result(
            [region, { Name: "Lines", Type: "Number", Role: "Measure" }],
            [
              ["EMEA", 1200],
              ["APAC", 5],
            ],
          ),
        {
          filter,
        },
      ),
    );
    await until(() => view.host.querySelector("select") !== null, "the select");
    const control = view.host.querySelector("select") as HTMLSelectElement;
    assert.equal(view.host.querySelector(`label[for="${control.id}"]`)?.textContent, "Region");
    assert.deepEqual(
      [...control.options].map((option) => option.textContent),
      [english.Widget_FilterAll, "EMEA (1,200)", "APAC (5)"],
    );
    await m.react.act(async () => {
      control.value = '"APAC"';
      control.dispatchEvent(new dom.window.Event("change", { bubbles: true }));
    });
    assert.deepEqual(chosen, [{ widgetId: "region", column: "Region", operator: "Equals", value: "APAC" }]);
    await view.unmount();
  });
});
