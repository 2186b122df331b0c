/**
 * The widget registry and kinds (runtime/widgets/widget-registry.ts, widget-kinds.ts): every renderer
 * of schemas/widgets.ts is registered once and loads; every shipped kind resolves to one; an unknown
 * kind, a disabled kind or a renderer this build lacks resolves to the visible "kind not available".
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import { WIDGET_RENDERERS, type WidgetsManifest } from "../../../schemas/widgets.ts";
import { ROOT } from "../../helpers/manifest-fixtures.ts";
import { initTestI18n } from "../components/css-stub.ts";

const SHIPPED = JSON.parse(readFileSync(join(ROOT, "manifests/widgets.json"), "utf8")) as WidgetsManifest;

let registry: typeof import("../../../runtime/widgets/widget-registry.ts").widgetRegistry;
let kinds: typeof import("../../../runtime/widgets/widget-kinds.ts");
let render: (node: unknown) => string;
let createElement: typeof import("react").createElement;

before(async () => {
  await initTestI18n({ Widget_KindUnavailableText: "The kind {{kind}} is not available." });
  ({ widgetRegistry: registry } = await import("../../../runtime/widgets/widget-registry.ts"));
  kinds = await import("../../../runtime/widgets/widget-kinds.ts");
  const server = await import("react-dom/server");
  render = (node) => server.renderToStaticMarkup(node as never);
  ({ createElement } = await import("react"));
});

describe("the registry", () => {
  test("holds exactly the renderers of schemas/widgets.ts", () => {
    assert.deepEqual(registry.kinds(), [...WIDGET_RENDERERS].sort());
  });

  test("a second registration of a renderer throws", () => {
    assert.throws(
      () => registry.register("kpi", async () => ({ default: () => null })),
      /already registered/,
    );
  });

  test("lookup is exact: another case or an unknown name has no component", () => {
    assert.equal(registry.resolve("KPI"), null);
    assert.equal(registry.resolve("gauge"), null);
    assert.ok(registry.has("kpi"));
  });

  test("the fallback says which kind is not available, visibly", () => {
    const html = render(createElement(registry.fallback, { kind: "gauge" } as never));
    assert.match(html, /Widget_KindUnavailable/);
    assert.match(html, /The kind gauge is not available\./);
  });
});

describe("kinds", () => {
  const supports = (renderer: string) => registry.has(renderer);

  test("every shipped kind's renderer is registered", () => {
    for (const kind of SHIPPED.kinds) assert.ok(registry.has(kind.renderer), kind.kind);
  });

  test("a shipped kind resolves with its defaults under the widget's own settings", () => {
    const resolved = kinds.resolveWidgetKind(
      SHIPPED,
      { Kind: "donut", Settings: { ShowLegend: false } },
      supports,
    );
    assert.equal(resolved.status, "ready");
    assert.equal(resolved.status === "ready" && resolved.renderer, "pie");
    assert.deepEqual(resolved.status === "ready" && resolved.settings, { Donut: true, ShowLegend: false });
  });

  test("unknown, disabled and unsupported kinds do not resolve", () => {
    const manifest: WidgetsManifest = {
      version: 1,
      kinds: SHIPPED.kinds.map((kind) => (kind.kind === "pie" ? { ...kind, enabled: false } : kind)),
    };
    assert.deepEqual(kinds.resolveWidgetKind(manifest, { Kind: "gauge" }, supports), {
      status: "unknown",
      kind: "gauge",
    });
    assert.deepEqual(kinds.resolveWidgetKind(manifest, { Kind: "Pie" }, supports), {
      status: "unknown",
      kind: "Pie",
    });
    assert.deepEqual(kinds.resolveWidgetKind(manifest, { Kind: "pie" }, supports), {
      status: "disabled",
      kind: "pie",
    });
    assert.deepEqual(
      kinds.resolveWidgetKind(manifest, { Kind: "bar" }, () => false),
      {
        status: "unsupported",
        kind: "bar",
      },
    );
  });

  test("malformed Settings read as none", () => {
    const resolved = kinds.resolveWidgetKind(SHIPPED, { Kind: "bar", Settings: [1] as never }, supports);
    assert.deepEqual(resolved.status === "ready" && resolved.settings, {
      Stacked: false,
      Horizontal: false,
      ShowLegend: true,
    });
  });

  test("the cross-filter's renderer lookup keeps disabled kinds' renderers", () => {
    const manifest: WidgetsManifest = {
      version: 1,
      kinds: SHIPPED.kinds.map((kind) => (kind.kind === "select" ? { ...kind, enabled: false } : kind)),
    };
    const rendererOf = kinds.kindRendererOf(manifest);
    assert.equal(rendererOf("select"), "select");
    assert.equal(rendererOf("donut"), "pie");
    assert.equal(rendererOf("gauge"), undefined);
  });
});

describe("every renderer module loads and exports a component", () => {
  for (const renderer of WIDGET_RENDERERS) {
    test(renderer, async () => {
      await registry.preload(renderer);
      const component = registry.resolve(renderer);
      assert.equal(typeof component, "function", `${renderer} resolved to a loaded component`);
    });
  }
});
