/**
 * The designer's parts rendered in jsdom with the English texts: a widget's editing frame (a named,
 * focusable group described by its place and the keyboard help; its keys and buttons become the
 * editor's commands, keys inside the widget stay the widget's) and the settings form each kind's
 * settingsSchema generates (@rjsf/core with the kit's widgets and the CSP-safe validator): a choice
 * for a oneOf, a number field, checkboxes for booleans, the data widgets a filter narrows.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { FrameCommand } from "../../../../../runtime/screens/analytics/editor/editor-input.ts";
import type { WidgetDefinition } from "../../../../../schemas/payloads/analytics-content.ts";
import type { WidgetKind } from "../../../../../schemas/widgets.ts";
import {
  dom,
  SHIPPED_WIDGETS as MANIFEST,
  mount,
  type RenderModules,
  renderModules,
} from "../../../widgets/render-fixtures.ts";

const kind = (name: string) => MANIFEST.kinds.find((entry) => entry.kind === name) as WidgetKind;

type Modules = RenderModules & {
  frame: typeof import("../../../../../runtime/screens/analytics/editor/editor-widget.tsx");
  settings: typeof import("../../../../../runtime/screens/analytics/editor/settings-schema.ts");
  form: typeof import("../../../../../runtime/forms/rjsf-theme.tsx");
  validator: typeof import("../../../../../runtime/forms/form-validator.ts");
  i18n: typeof import("i18next");
};
let m: Modules;

before(async () => {
  m = {
    ...(await renderModules()),
    frame: await import("../../../../../runtime/screens/analytics/editor/editor-widget.tsx"),
    settings: await import("../../../../../runtime/screens/analytics/editor/settings-schema.ts"),
    form: await import("../../../../../runtime/forms/rjsf-theme.tsx"),
    validator: await import("../../../../../runtime/forms/form-validator.ts"),
    i18n: await import("i18next"),
  };
  await m.registry.widgetRegistry.preload("text");
});

const t = (key: string, values?: Record<string, unknown>) => String(m.i18n.default.t(key, values as never));

describe("a widget's editing frame", () => {
  const widget: WidgetDefinition = {
    Id: "text-1",
    Kind: "text",
    Title: "Welcome",
    Position: { X: 0, Y: 2, W: 4, H: 3 },
    Settings: { Html: "<p>Hello</p>" },
  };
  async function frame() {
    const commands: FrameCommand[] = [];
    let duplicated = 0;
    const setup = {
      rendererOf: (name: string) => m.kinds.kindRendererOf(MANIFEST)(name),
      kindOf: (w: WidgetDefinition) =>
        m.kinds.resolveWidgetKind(MANIFEST, w, (r) => m.registry.widgetRegistry.has(r)),
      styleOf: () => m.style.widgetStyle(null, "light"),
    };
    const filters = { filtersOf: () => [], bindingOf: () => undefined, active: false, clear: () => {} };
    const help = document.createElement("p");
    help.id = "grid-help";
    help.textContent = t("DashboardEditor_KeyboardHelp");
    document.body.append(help);
    const mounted = await mount(
      m.react.createElement(m.frame.EditorWidget, {
        widget,
        shown: widget.Position,
        name: "Welcome",
        gridId: "grid",
        helpId: "grid-help",
        setup,
        filters,
        lifted: false,
        resizing: false,
        frameRef: () => {},
        onCommand: (command) => commands.push(command),
        onDragStart: () => {},
        onDuplicate: () => {
          duplicated += 1;
        },
        disabledDuplicate: false,
      }),
    );
    const group = mounted.host.querySelector('[role="group"]') as HTMLElement;
    return { ...mounted, group, commands, duplicated: () => duplicated, help };
  }
  const key = (target: Element, init: KeyboardEventInit) =>
    m.react.act(async () => {
      target.dispatchEvent(
        new dom.window.KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init }),
      );
    });

  test("a focusable group named by the widget, described by its place and the keyboard help", async () => {
    const { group, unmount, help } = await frame();
    assert.equal(group.getAttribute("aria-label"), "Widget Welcome");
    assert.equal(group.tabIndex, 0);
    const described = (group.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    assert.deepEqual(described, ["Column 1, row 3, 4 wide, 3 high", help.textContent]);
    assert.match(group.textContent ?? "", /Hello/, "the widget itself is drawn inside");
    await unmount();
    help.remove();
  });
  test("keys on the frame are commands; keys inside the widget are not", async () => {
    const { group, commands, unmount, help } = await frame();
    await key(group, { key: "ArrowRight" });
    await key(group, { key: "ArrowDown", shiftKey: true });
    await key(group, { key: "Enter" });
    await key(group, { key: "Delete" });
    const button = group.querySelector("button") as HTMLButtonElement;
    await key(button, { key: "ArrowRight" });
    assert.deepEqual(commands, [
      { type: "step", direction: "right" },
      { type: "resize", dW: 0, dH: 1 },
      { type: "settings" },
      { type: "remove" },
    ]);
    await unmount();
    help.remove();
  });
  test("its buttons are named by the widget and do what they say", async () => {
    const { group, commands, duplicated, unmount, help } = await frame();
    const named = (name: string) =>
      [...group.querySelectorAll("button")].find(
        (button) => button.getAttribute("aria-label") === name,
      ) as HTMLButtonElement;
    await m.react.act(async () => named("Settings of Welcome").click());
    await m.react.act(async () => named("Duplicate Welcome").click());
    await m.react.act(async () => named("Remove Welcome").click());
    assert.deepEqual(commands, [{ type: "settings" }, { type: "remove" }]);
    assert.equal(duplicated(), 1);
    await unmount();
    help.remove();
  });
});

describe("the settings form a kind's schema generates", () => {
  async function form(
    name: string,
    data: Record<string, unknown>,
    targets: { id: string; label: string }[] = [],
  ) {
    const changes: Record<string, unknown>[] = [];
    const k = kind(name);
    const mounted = await mount(
      m.react.createElement(m.form.ThemedForm, {
        tagName: "div",
        idPrefix: "settings",
        schema: m.settings.settingsFormSchema(k, t, targets),
        uiSchema: m.settings.settingsUiSchema(k, targets, t("DashboardEditor_TargetsHelp")),
        validator: m.validator.createFormValidator(t),
        formData: data,
        noHtml5Validate: true,
        showErrorList: false,
        onChange: (event: { formData?: unknown }) => changes.push(event.formData as Record<string, unknown>),
      } as never),
    );
    return { ...mounted, changes };
  }
  const labels = (host: HTMLElement) =>
    [...host.querySelectorAll("label")].map((label) => label.textContent?.trim());

  test("KPI: a choice of formats in words, a currency code, a number of decimals", async () => {
    const { host, unmount } = await form("kpi", { Format: "currency", Decimals: 0 });
    const combobox = host.querySelector('[role="combobox"]') as HTMLElement;
    assert.equal(
      document.getElementById(combobox.getAttribute("aria-labelledby") ?? "")?.textContent,
      "Format",
    );
    assert.equal(combobox.textContent, "Currency");
    const decimals = host.querySelector('input[type="number"]') as HTMLInputElement;
    assert.equal(decimals.value, "0");
    assert.equal(decimals.max, "6");
    assert.ok(labels(host).includes("Currency code (e.g. EUR)"));
    await unmount();
  });
  test("bar chart: a checkbox per switch; ticking one changes the settings", async () => {
    const { host, changes, unmount } = await form("bar", {
      Stacked: false,
      Horizontal: false,
      ShowLegend: true,
    });
    const boxes = [...host.querySelectorAll('input[type="checkbox"]')] as HTMLInputElement[];
    assert.deepEqual(
      boxes.map((box) => [document.querySelector(`label[for="${box.id}"]`)?.textContent, box.checked]),
      [
        ["Stacked", false],
        ["Horizontal bars", false],
        ["Show legend", true],
      ],
    );
    await m.react.act(async () => boxes[1]?.click());
    assert.equal(changes.at(-1)?.Horizontal, true);
    await unmount();
  });
  test("a filter: its column is not in the form; the widgets it narrows are a multiple choice", async () => {
    const { host, unmount } = await form("select", {}, [
      { id: "bar-1", label: "Orders by region" },
      { id: "kpi-1", label: "Revenue" },
    ]);
    const comboboxes = [...host.querySelectorAll('[role="combobox"]')];
    assert.equal(comboboxes.length, 1);
    assert.equal(
      document.getElementById(comboboxes[0]?.getAttribute("aria-labelledby") ?? "")?.textContent,
      "Widgets it filters",
    );
    assert.match(host.textContent ?? "", /None chosen: every widget over the same data source/);
    assert.ok(!labels(host).includes("Column"));
    await unmount();
  });
  test("a text widget: its text is a multi-line field", async () => {
    const { host, unmount } = await form("text", { Html: "<p>Hi</p>" });
    assert.equal((host.querySelector("textarea") as HTMLTextAreaElement).value, "<p>Hi</p>");
    await unmount();
  });
});
