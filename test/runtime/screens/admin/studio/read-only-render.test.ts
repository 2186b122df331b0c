/**
 * §6 read-only in the studio's controls that only draw in a live DOM (jsdom, react-dom/client):
 * staff with Configuration Read but not Write see the workspace's publication inputs (the time to
 * publish at, the canary's accounts) and its publish and discard actions disabled, the quick
 * switches' maintenance and signup buttons disabled with their state still shown, and the raw JSON
 * editor readable but not editable; with Write the same controls are usable. The quick switches and
 * the workspace read their state from the network: only `fetch` (apiRequest's default transport)
 * answers here, with what the gateway and the upstream answer.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, afterEach, before, describe, mock, test } from "node:test";
import { JSDOM } from "jsdom";
import type { ChangeSet } from "../../../../../runtime/screens/admin/studio/config-client.ts";
import { initTestI18n } from "../../../components/css-stub.ts";

const dom = new JSDOM("<!doctype html><html><body></body></html>", {
  pretendToBeVisual: true,
  url: "https://tessera.example/admin/configuration/studio/changes",
});
Object.assign(globalThis as Record<string, unknown>, {
  window: dom.window,
  Window: dom.window.Window,
  document: dom.window.document,
  HTMLElement: dom.window.HTMLElement,
  Element: dom.window.Element,
  Node: dom.window.Node,
  Text: dom.window.Text,
  MutationObserver: dom.window.MutationObserver,
  getComputedStyle: dom.window.getComputedStyle.bind(dom.window),
  requestAnimationFrame: dom.window.requestAnimationFrame.bind(dom.window),
  cancelAnimationFrame: dom.window.cancelAnimationFrame.bind(dom.window),
  IS_REACT_ACT_ENVIRONMENT: true,
});
// Node 21+ has a navigator of its own (a getter): jsdom's replaces it either way.
Object.defineProperty(globalThis, "navigator", { value: dom.window.navigator, configurable: true });
// CodeMirror measures its lines; jsdom lays nothing out, so every box is empty.
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
dom.window.Range.prototype.getClientRects = emptyRects;
dom.window.Range.prototype.getBoundingClientRect = () => new dom.window.DOMRect();

const english = JSON.parse(
  readFileSync(new URL("../../../../../locales/en.json", import.meta.url), "utf8"),
) as Record<string, string>;

let h: typeof import("react").createElement;
let act: typeof import("react").act;
let createRoot: typeof import("react-dom/client").createRoot;
let MemoryRouter: typeof import("react-router").MemoryRouter;
let EditorView: typeof import("@codemirror/view").EditorView;
let insertNewlineAndIndent: typeof import("@codemirror/commands").insertNewlineAndIndent;
let deleteCharBackward: typeof import("@codemirror/commands").deleteCharBackward;
let studioStore: typeof import("../../../../../runtime/screens/admin/studio/workspace/studio-store.ts").studioStore;
let WorkspacePanel: typeof import("../../../../../runtime/screens/admin/studio/workspace/workspace-panel.tsx").WorkspacePanel;
let QuickSwitches: typeof import("../../../../../runtime/screens/admin/studio/editors/document/quick-switches.tsx").default;
let JsonEditor: typeof import("../../../../../runtime/screens/admin/studio/editors/document/json-editor.tsx").default;

before(async () => {
  await initTestI18n(english);
  ({ createElement: h, act } = await import("react"));
  ({ createRoot } = await import("react-dom/client"));
  ({ MemoryRouter } = await import("react-router"));
  ({ EditorView } = await import("@codemirror/view"));
  ({ insertNewlineAndIndent, deleteCharBackward } = await import("@codemirror/commands"));
  ({ studioStore } = await import("../../../../../runtime/screens/admin/studio/workspace/studio-store.ts"));
  ({ WorkspacePanel } = await import(
    "../../../../../runtime/screens/admin/studio/workspace/workspace-panel.tsx"
  ));
  ({ default: QuickSwitches } = await import(
    "../../../../../runtime/screens/admin/studio/editors/document/quick-switches.tsx"
  ));
  ({ default: JsonEditor } = await import(
    "../../../../../runtime/screens/admin/studio/editors/document/json-editor.tsx"
  ));
});

/** The calls the page made, by method and URL. */
let calls: string[] = [];

/** Answers `fetch` by path, as the gateway and the upstream would; anything else is a 404. */
function answer(routes: Record<string, unknown>) {
  calls = [];
  mock.method(globalThis, "fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push(`${init?.method ?? "GET"} ${path}`);
    if (path in routes) return Response.json(routes[path]);
    return Response.json({ ErrorCode: 404, Message: "Not found" }, { status: 404 });
  });
}
afterEach(() => mock.restoreAll());

/** Renders into a fresh element and lets the effects' calls settle; returns it and how to unmount. */
async function mount(element: unknown) {
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(element as never));
  // The effects' fetches resolve on later turns: let them land inside act.
  for (let turn = 0; turn < 5; turn++) await act(async () => new Promise((done) => setTimeout(done, 0)));
  return {
    host,
    unmount: async () => {
      await act(async () => root.unmount());
      host.remove();
    },
  };
}

/** The button whose visible text is exactly `name`. */
function button(host: HTMLElement, name: string): HTMLButtonElement {
  const found = [...host.querySelectorAll("button")].filter((b) => b.textContent?.trim() === name);
  assert.equal(found.length, 1, `one button "${name}" in ${host.textContent}`);
  return found[0] as HTMLButtonElement;
}

/** The input labelled `label` (its <label for>). */
function labelled(host: HTMLElement, label: string): HTMLInputElement {
  const tag = [...host.querySelectorAll("label")].find((l) => l.textContent?.trim() === label);
  assert.ok(tag, `a label "${label}"`);
  const input = host.querySelector(`[id="${tag.htmlFor}"]`);
  assert.ok(input instanceof dom.window.HTMLInputElement, `"${label}" labels an input`);
  return input as HTMLInputElement;
}

describe("the workspace's publication controls", () => {
  const changeSet: ChangeSet = {
    id: 7,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    author: "admin@tessera.example",
    comment: "Boards for everyone",
    baseVersion: 3,
    edits: [{ kind: "texts.en", merge: { Menu_Dashboards: "Boards" } }],
    status: "draft",
    revision: 1,
    approvedBy: null,
    approvedAt: null,
    scheduledAt: null,
    scheduledAccounts: null,
    publishedVersion: null,
    failure: null,
    system: false,
    reviewRequestedAt: null,
    review: null,
  };
  /** The workspace with a saved, valid change set open: only the permission decides. */
  async function workspace(readOnly: boolean) {
    answer({ "/gw/config/changesets": { changeSets: [changeSet] } });
    studioStore.update((s) => {
      s.changeSet = changeSet as never;
      s.comment = changeSet.comment;
      s.dirty = false;
      s.saving = false;
      s.busy = null;
      s.status = {
        serving: 3,
        canary: null,
        degraded: null,
        fourEyes: false,
        baseHash: "x",
        head: 3,
        you: "tessera/auditor@tessera.example",
      };
      s.report = { valid: true, problems: [], warnings: [], summary: [], diff: [], headVersion: 3 };
    });
    // The validation section links to the field at fault: it navigates, so it needs a router.
    return mount(h(MemoryRouter, null, h(WorkspacePanel, { readOnly })));
  }

  test("Read only: the time and the canary's accounts are disabled, and so are publish and discard", async () => {
    const { host, unmount } = await workspace(true);
    try {
      assert.ok(calls.includes("GET /gw/config/changesets"), String(calls));
      const at = labelled(host, english.Studio_PublishAtLabel as string);
      assert.equal(at.type, "datetime-local");
      assert.equal(at.disabled, true, "the time to publish at");
      assert.equal(labelled(host, english.Studio_CanaryLabel as string).disabled, true, "the accounts");
      for (const key of ["Studio_PublishNow", "Studio_Schedule", "Studio_PublishCanary", "Studio_Discard"]) {
        assert.equal(button(host, english[key] as string).disabled, true, key);
      }
      // The change sets list still opens others: reading is allowed.
      assert.match(host.textContent ?? "", /Boards for everyone/);
    } finally {
      await unmount();
    }
  });

  test("Write: the same inputs take a time and accounts, publish and discard are usable", async () => {
    const { host, unmount } = await workspace(false);
    try {
      assert.equal(labelled(host, english.Studio_PublishAtLabel as string).disabled, false);
      assert.equal(labelled(host, english.Studio_CanaryLabel as string).disabled, false);
      assert.equal(button(host, english.Studio_PublishNow as string).disabled, false);
      assert.equal(button(host, english.Studio_Discard as string).disabled, false);
    } finally {
      await unmount();
    }
  });
});

describe("the quick switches", () => {
  /** Maintenance off with nothing scheduled; signup open (the upstream's SignupAllowed row). */
  async function switches(readOnly: boolean) {
    answer({
      "/gw/config/maintenance": { enabled: false, pagePath: "/maintenance", scheduled: [] },
      "/api/Admin/Configuration/SignupAllowed": { Name: "SignupAllowed", Value: true },
    });
    return mount(h(QuickSwitches, { readOnly }));
  }

  test("Read only: maintenance and signup show their state, their buttons are disabled", async () => {
    const { host, unmount } = await switches(true);
    try {
      assert.deepEqual(calls.sort(), [
        "GET /api/Admin/Configuration/SignupAllowed",
        "GET /gw/config/maintenance",
      ]);
      const text = host.textContent ?? "";
      assert.ok(text.includes(english.StudioSwitch_MaintenanceOff as string), text);
      assert.ok(text.includes(english.StudioSwitch_SignupIsOpen as string), text);
      for (const key of ["StudioSwitch_OnNow", "StudioSwitch_Window", "StudioSwitch_CloseSignup"]) {
        assert.equal(button(host, english[key] as string).disabled, true, key);
      }
      // Nothing else to press: every button of both switches is disabled.
      const buttons = [...host.querySelectorAll("button")];
      assert.equal(buttons.length, 3);
      assert.ok(buttons.every((b) => b.disabled));
    } finally {
      await unmount();
    }
  });

  test("Write: the same buttons are usable", async () => {
    const { host, unmount } = await switches(false);
    try {
      for (const key of ["StudioSwitch_OnNow", "StudioSwitch_Window", "StudioSwitch_CloseSignup"]) {
        assert.equal(button(host, english[key] as string).disabled, false, key);
      }
    } finally {
      await unmount();
    }
  });
});

describe("the JSON editor", () => {
  const TEXT = '{ "title": "Boards" }';
  /** The texts the editor reported as edits. */
  let edits: string[] = [];
  /** The editor's view, found from its content element in the shadow root. */
  async function editor(readOnly: boolean) {
    edits = [];
    const mounted = await mount(
      h(JsonEditor, {
        text: TEXT,
        schema: null,
        readOnly,
        label: "Menus as JSON",
        keyboardHelp: "Keys",
        onTextChange: (text: string) => edits.push(text),
        focus: null,
      }),
    );
    const content = mounted.host.querySelector(".studio-doc-json")?.shadowRoot?.querySelector(".cm-content");
    assert.ok(content instanceof dom.window.HTMLElement, "the editor's content in its shadow root");
    const view = EditorView.findFromDOM(content as HTMLElement);
    assert.ok(view, "a CodeMirror view");
    return { ...mounted, content: content as HTMLElement, view };
  }

  test("Read only: the state is read-only, said to assistive technology, and typing changes nothing", async () => {
    const { content, view, unmount } = await editor(true);
    try {
      assert.equal(view.state.readOnly, true);
      assert.equal(content.getAttribute("aria-readonly"), "true");
      assert.equal(content.getAttribute("aria-label"), "Menus as JSON");
      // The keys the editor binds: Enter and Backspace do nothing, the text stays as it was.
      view.dispatch({ selection: { anchor: 2 } });
      assert.equal(insertNewlineAndIndent(view), false, "Enter");
      assert.equal(deleteCharBackward(view), false, "Backspace");
      assert.equal(view.state.doc.toString(), TEXT);
      assert.deepEqual(edits, []);
    } finally {
      await unmount();
    }
  });

  test("Write: the state is editable and not marked read-only", async () => {
    const { content, view, unmount } = await editor(false);
    try {
      assert.equal(view.state.readOnly, false);
      assert.equal(content.getAttribute("aria-readonly"), null);
      assert.equal(content.getAttribute("contenteditable"), "true");
      view.dispatch({ selection: { anchor: 2 } });
      assert.equal(insertNewlineAndIndent(view), true, "Enter");
      assert.notEqual(view.state.doc.toString(), TEXT);
      assert.equal(edits.length, 1, "the edit reaches the document editor");
    } finally {
      await unmount();
    }
  });
});

after(() => dom.window.close());
