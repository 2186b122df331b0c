/**
 * The staff side of the account's brand colours (DESIGN.md: white-label accounts have their own
 * shell's colours), rendered in a live DOM (jsdom, react-dom/client) as the shipped admin accounts
 * screen declares it (its `brandColours` panel): the editor reads the colours of the account it is
 * opened on from `Admin/Accounts/{RecId}` and saves a valid pair there with PUT; a pair under WCAG AA
 * is refused with its measured ratio and not sent; without Write on the Accounts module every input
 * and button of it is disabled (§6). In the create form the same editor starts from the product's
 * colours, reads nothing, and hands the form its pair and whether it passes, showing the refusal with
 * its ratio when the form's creation was refused for it. Only `fetch` (apiRequest's transport) answers.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { afterEach, before, describe, mock, test } from "node:test";
import { JSDOM } from "jsdom";
import { initTestI18n } from "../../components/css-stub.ts";
import { shippedScreen } from "./screens-fixture.ts";

const dom = new JSDOM("<!doctype html><html><body></body></html>", {
  pretendToBeVisual: true,
  url: "https://tessera.example/admin/accounts?id=7",
});
Object.assign(globalThis as Record<string, unknown>, {
  window: dom.window,
  Window: dom.window.Window,
  document: dom.window.document,
  HTMLElement: dom.window.HTMLElement,
  HTMLInputElement: dom.window.HTMLInputElement,
  Element: dom.window.Element,
  Node: dom.window.Node,
  Text: dom.window.Text,
  Event: dom.window.Event,
  MutationObserver: dom.window.MutationObserver,
  getComputedStyle: dom.window.getComputedStyle.bind(dom.window),
  requestAnimationFrame: dom.window.requestAnimationFrame.bind(dom.window),
  cancelAnimationFrame: dom.window.cancelAnimationFrame.bind(dom.window),
  IS_REACT_ACT_ENVIRONMENT: true,
});
Object.defineProperty(globalThis, "navigator", { value: dom.window.navigator, configurable: true });

const english = JSON.parse(
  readFileSync(new URL("../../../../locales/en.json", import.meta.url), "utf8"),
) as Record<string, string>;

let h: typeof import("react").createElement;
let act: typeof import("react").act;
let createRoot: typeof import("react-dom/client").createRoot;
let DetailPanelSection: typeof import("../../../../runtime/screens/admin/detail-panels.tsx").DetailPanelSection;
let CreatePanelSection: typeof import("../../../../runtime/screens/admin/detail-panels.tsx").CreatePanelSection;

before(async () => {
  await initTestI18n(english);
  ({ createElement: h, act } = await import("react"));
  ({ createRoot } = await import("react-dom/client"));
  ({ DetailPanelSection, CreatePanelSection } = await import(
    "../../../../runtime/screens/admin/detail-panels.tsx"
  ));
});

const panel = (shippedScreen("adminAccounts").detail?.panels ?? []).find((p) => p.kind === "brandColours");
const stored = {
  RecId: 7,
  Name: "Contoso Ltd",
  MenuTitle: null,
  BrandPrimaryColor: null,
  BrandAccentColor: "#0b5394",
};

/** The calls made: method, path and the JSON body sent. */
let calls: { method: string; path: string; body: unknown }[] = [];

/** Answers the staff endpoint of account 7 (GET and PUT) as the upstream would; anything else is a 404. */
function answerAccount() {
  calls = [];
  mock.method(globalThis, "fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), "https://tessera.example").pathname;
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : null;
    calls.push({ method, path, body });
    if (path === "/api/Admin/Accounts/7" && method === "GET") return Response.json(stored);
    if (path === "/api/Admin/Accounts/7" && method === "PUT") return Response.json({ ...stored, ...body });
    return Response.json({ ErrorCode: 404, Message: "Not found" }, { status: 404 });
  });
}
afterEach(() => mock.restoreAll());

const settle = async () => {
  for (let turn = 0; turn < 6; turn++) await act(async () => new Promise((done) => setTimeout(done, 0)));
};

async function mount(write: boolean, onSaved: (record: Record<string, unknown>) => void = () => {}) {
  assert.ok(panel, "the shipped admin accounts screen declares a brandColours panel");
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () =>
    root.render(
      h(DetailPanelSection, { panel, record: { RecId: 7, Name: "Contoso Ltd" }, version: 0, write, onSaved }),
    ),
  );
  // The editor is loaded lazily: wait for its module and the endpoint's answer.
  for (let turn = 0; turn < 100 && !host.querySelector(".account-brand"); turn++) await settle();
  assert.ok(host.querySelector(".account-brand"), `the editor rendered: ${host.innerHTML.slice(0, 300)}`);
  return {
    host,
    unmount: async () => {
      await act(async () => root.unmount());
      host.remove();
    },
  };
}

function button(host: HTMLElement, name: string): HTMLButtonElement {
  const found = [...host.querySelectorAll("button")].filter((b) => b.textContent?.trim() === name);
  assert.equal(found.length, 1, `one button "${name}"`);
  return found[0] as HTMLButtonElement;
}

/** Picks `colour` in the system colour input of a picker, as the browser's dialog reports it. */
async function pickInSystemInput(host: HTMLElement, colour: "primary" | "accent", value: string) {
  const input = host.querySelector<HTMLInputElement>(`#account-brand-${colour}`);
  assert.ok(input, `the ${colour} picker's colour input`);
  const setter = Object.getOwnPropertyDescriptor(dom.window.HTMLInputElement.prototype, "value")?.set;
  await act(async () => {
    setter?.call(input, value);
    input.dispatchEvent(new dom.window.Event("input", { bubbles: true }));
  });
}

describe("the staff brand colours panel of an account", () => {
  test("reads account 7's colours from the staff endpoint and saves a valid pair there", async () => {
    answerAccount();
    const saved: Record<string, unknown>[] = [];
    const { host, unmount } = await mount(true, (record) => saved.push(record));
    assert.deepEqual(
      calls.map((c) => `${c.method} ${c.path}`),
      ["GET /api/Admin/Accounts/7"],
    );
    assert.match(host.textContent ?? "", /Brand colours/);
    // The stored accent is measured live against the light background and as its dark tone.
    const accentChecks = host.querySelector('[aria-label="Contrast of the accent colour"]');
    assert.match(accentChecks?.textContent ?? "", /#0b5394 on the light background/);
    assert.match(accentChecks?.textContent ?? "", /dark theme tone/);
    assert.equal(button(host, "Save colours").disabled, true, "nothing changed yet");

    const primary = host.querySelector<HTMLButtonElement>('fieldset [data-colour="#6a1b9a"]');
    assert.ok(primary);
    await act(async () => primary.click());
    await act(async () => button(host, "Save colours").click());
    await settle();
    const put = calls.find((c) => c.method === "PUT");
    assert.deepEqual(put, {
      method: "PUT",
      path: "/api/Admin/Accounts/7",
      body: { BrandPrimaryColor: "#6a1b9a", BrandAccentColor: "#0b5394" },
    });
    assert.equal(saved.length, 1);
    assert.equal(saved[0]?.BrandPrimaryColor, "#6a1b9a");
    await unmount();
  });

  test("a primary colour under AA is refused with its ratio and never sent", async () => {
    answerAccount();
    const { host, unmount } = await mount(true);
    await pickInSystemInput(host, "primary", "#ffff00");
    await act(async () => button(host, "Save colours").click());
    await settle();
    const alert = host.querySelector('[role="alert"]');
    assert.ok(alert, "the refusal is shown");
    assert.match(alert.textContent ?? "", /Not saved: a colour does not reach the WCAG AA contrast\./);
    assert.match(
      alert.textContent ?? "",
      /Primary colour #ffff00 with white text: contrast 1\.07:1, needs 4\.5:1\./,
    );
    assert.equal(document.activeElement, alert, "the refusal takes the focus");
    assert.equal(
      calls.some((c) => c.method === "PUT"),
      false,
    );
    await unmount();
  });

  test("without Write every input and button is disabled (§6)", async () => {
    answerAccount();
    const { host, unmount } = await mount(false);
    const controls = [...host.querySelectorAll<HTMLInputElement | HTMLButtonElement>("input, button")];
    assert.ok(controls.length >= 6, "the pickers, their resets and Save/Discard are there");
    for (const control of controls) {
      const disabled = control.disabled || control.closest("fieldset:disabled") !== null;
      assert.ok(disabled, `${control.outerHTML.slice(0, 80)} is disabled`);
    }
    assert.equal(
      calls.some((c) => c.method !== "GET"),
      false,
    );
    await unmount();
  });
});

describe("the brand colours of an account being created", () => {
  type Contribution = { body: Record<string, unknown>; valid: boolean };

  test("start from the product's, hand the form each pair with its verdict, and show a refusal with its ratio", async () => {
    answerAccount();
    assert.ok(panel);
    const parts: Contribution[] = [];
    const host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    const render = (refusedSaves: number) =>
      act(async () =>
        root.render(
          h(CreatePanelSection, {
            panel,
            values: { Name: "Fabrikam" },
            write: true,
            refusedSaves,
            onChange: (part: Contribution) => parts.push(part),
          }),
        ),
      );
    await render(0);
    for (let turn = 0; turn < 100 && !host.querySelector(".account-brand"); turn++) await settle();
    assert.ok(host.querySelector(".account-brand"), "the editor rendered");
    assert.match(host.textContent ?? "", /Brand colours/);
    // The preview's bar names the account as typed so far.
    assert.match(host.querySelector(".account-brand-preview__title")?.textContent ?? "", /Fabrikam/);
    assert.deepEqual(parts.at(-1), {
      body: { BrandPrimaryColor: null, BrandAccentColor: null },
      valid: true,
    });
    assert.equal(host.querySelector('[role="alert"]'), null);

    await pickInSystemInput(host, "primary", "#ffff00");
    assert.deepEqual(parts.at(-1), {
      body: { BrandPrimaryColor: "#ffff00", BrandAccentColor: null },
      valid: false,
    });
    // The form refused to create the account for it: the refusal names the pair and takes the focus.
    await render(1);
    const alert = host.querySelector('[role="alert"]');
    assert.match(
      alert?.textContent ?? "",
      /Primary colour #ffff00 with white text: contrast 1\.07:1, needs 4\.5:1\./,
    );
    assert.equal(document.activeElement, alert);

    await pickInSystemInput(host, "primary", "#6a1b9a");
    assert.deepEqual(parts.at(-1), {
      body: { BrandPrimaryColor: "#6a1b9a", BrandAccentColor: null },
      valid: true,
    });
    assert.equal(host.querySelector('[role="alert"]'), null, "a passing pair leaves no refusal");
    assert.deepEqual(calls, [], "a record being created has nothing to read");
    await act(async () => root.unmount());
    host.remove();
  });
});
