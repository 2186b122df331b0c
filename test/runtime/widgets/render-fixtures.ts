/**
 * The jsdom page the widget render tests draw in (widget-view-render.test.ts and the designer's
 * editor-render.test.ts): jsdom's window as the globals React and the components read, the English
 * texts, the shipped widgets manifest, the modules every such test renders with and `mount`. Import
 * it before any component, and import components dynamically afterwards (css-stub.ts): static
 * imports are resolved before these globals exist.
 */
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";
import type { WidgetsManifest } from "../../../schemas/widgets.ts";
import { initTestI18n } from "../components/css-stub.ts";

/** locales/en.json: what the texts read in the tests. */
export const english = JSON.parse(readFileSync(new URL("../../../locales/en.json", import.meta.url), "utf8"));
/** manifests/widgets.json, the widget kinds as shipped. */
export const SHIPPED_WIDGETS = JSON.parse(
  readFileSync(new URL("../../../manifests/widgets.json", import.meta.url), "utf8"),
) as WidgetsManifest;

export const dom = new JSDOM("<!doctype html><html><body></body></html>", { pretendToBeVisual: true });
Object.assign(globalThis as Record<string, unknown>, {
  window: dom.window,
  document: dom.window.document,
  HTMLElement: dom.window.HTMLElement,
  HTMLInputElement: dom.window.HTMLInputElement,
  Node: dom.window.Node,
  KeyboardEvent: dom.window.KeyboardEvent,
  requestAnimationFrame: dom.window.requestAnimationFrame.bind(dom.window),
  cancelAnimationFrame: dom.window.cancelAnimationFrame.bind(dom.window),
  IS_REACT_ACT_ENVIRONMENT: true,
});
// Node 21+ has a navigator of its own (a getter): jsdom's replaces it either way.
Object.defineProperty(globalThis, "navigator", { value: dom.window.navigator, configurable: true });

/** The modules every widget render test draws with. */
export interface RenderModules {
  react: typeof import("react");
  client: typeof import("react-dom/client");
  kinds: typeof import("../../../runtime/widgets/widget-kinds.ts");
  registry: typeof import("../../../runtime/widgets/widget-registry.ts");
  style: typeof import("../../../runtime/widgets/widget-style.ts");
}

/** Sets up the English texts, then imports the modules (in a test file's `before`). */
export async function renderModules(): Promise<RenderModules> {
  await initTestI18n(english);
  return {
    react: await import("react"),
    client: await import("react-dom/client"),
    kinds: await import("../../../runtime/widgets/widget-kinds.ts"),
    registry: await import("../../../runtime/widgets/widget-registry.ts"),
    style: await import("../../../runtime/widgets/widget-style.ts"),
  };
}

/** Renders into a fresh element; returns it and how to re-render and unmount. */
export async function mount(element: unknown) {
  const { act } = await import("react");
  const { createRoot } = await import("react-dom/client");
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(element as never));
  return {
    host,
    rerender: async (next: unknown) => act(async () => root.render(next as never)),
    unmount: async () => {
      await act(async () => root.unmount());
      host.remove();
    },
  };
}
