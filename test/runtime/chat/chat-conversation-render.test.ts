/**
 * The member's conversation rendered in jsdom with the English texts and the page's chat on the real
 * hub client over a scripted socket: which lines offer "Edit message" and "Delete message" (own
 * acknowledged messages of the open session: a text both, a file delete only; never staff or system
 * lines; disabled while the chat is inactive), the edited mark, and the keyboard flow of an edit
 * (the focus in the field, Enter saves with EditMessage, Escape cancels, §5 a blank text is not
 * sent, the focus back on the Edit button) and of a deletion (DeleteMessage, the line gone, the
 * deletion announced, the focus in the conversation).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, beforeEach, describe, test } from "node:test";
import { JSDOM } from "jsdom";
import type { ChatMessageIn } from "../../../runtime/chat/chat-state.ts";
import { initTestI18n } from "../components/css-stub.ts";
import { connected, type ScriptedSocket, startClient } from "../realtime/scripted-socket.ts";

const english = JSON.parse(readFileSync(new URL("../../../locales/en.json", import.meta.url), "utf8"));
const dom = new JSDOM("<!doctype html><html><body></body></html>", { pretendToBeVisual: true });
const globals = globalThis as Record<string, unknown>;
// React renders into jsdom's document; DOMPurify sanitises in its window (§5).
Object.assign(globals, {
  window: dom.window,
  document: dom.window.document,
  HTMLElement: dom.window.HTMLElement,
  Node: dom.window.Node,
  IS_REACT_ACT_ENVIRONMENT: true,
});
// Node 21+ has a navigator of its own (a getter): jsdom's replaces it either way.
Object.defineProperty(globalThis, "navigator", { value: dom.window.navigator, configurable: true });

type Modules = {
  react: typeof import("react");
  client: typeof import("react-dom/client");
  server: typeof import("react-dom/server");
  conversation: typeof import("../../../runtime/chat/chat-conversation.tsx");
  store: typeof import("../../../runtime/chat/chat-store.ts");
  state: typeof import("../../../runtime/chat/chat-state.ts");
  createStore: typeof import("../../../runtime/state/create-store.ts");
};
let m: Modules;

before(async () => {
  await initTestI18n(english);
  m = {
    react: await import("react"),
    client: await import("react-dom/client"),
    server: await import("react-dom/server"),
    conversation: await import("../../../runtime/chat/chat-conversation.tsx"),
    store: await import("../../../runtime/chat/chat-store.ts"),
    state: await import("../../../runtime/chat/chat-state.ts"),
    createStore: await import("../../../runtime/state/create-store.ts"),
  };
});

const own = (UID: string, patch: Partial<ChatMessageIn> = {}): ChatMessageIn => ({
  UID,
  Type: "Message",
  Text: `text ${UID}`,
  UserName: "Olivia Owner",
  IsInternal: false,
  ...patch,
});
const staff = (UID: string, patch: Partial<ChatMessageIn> = {}) =>
  own(UID, { IsInternal: true, UserName: "Sofia Support", ...patch });

describe("which lines offer edit and delete (rendered)", () => {
  /** The markup of the conversation holding `messages` (and unsent `pending` texts). */
  function markup(messages: ChatMessageIn[], active = true, pending: string[] = []): string {
    const { chatReducer, initialChatState } = m.state;
    let state = chatReducer(initialChatState(), { type: "loaded", active, messages });
    for (const uid of pending)
      state = chatReducer(state, { type: "sendStarted", uid, text: uid, userName: null });
    return m.server.renderToStaticMarkup(
      m.react.createElement(m.conversation.ChatConversation, {
        entries: state.entries,
        canRate: false,
        active,
        editing: null,
      }),
    );
  }
  /** The buttons of the line holding `text`: their names, and whether each is disabled. */
  function buttonsOf(html: string, text: string): string[] {
    const doc = new JSDOM(html).window.document;
    const line = [...doc.querySelectorAll("li")].find((li) => li.textContent?.includes(text));
    assert.ok(line, `a line with ${text}`);
    return [...line.querySelectorAll("button")].map(
      (button) => `${button.textContent}${button.disabled ? " (disabled)" : ""}`,
    );
  }
  const file = own("f", { Type: "File", Text: "", FileID: "9", FileName: "report.pdf" });
  const cases: { name: string; html: () => string; text: string; expect: string[] }[] = [
    {
      name: "an own text message: edit and delete",
      html: () => markup([own("a")]),
      text: "text a",
      expect: ["Edit message", "Delete message"],
    },
    {
      name: "an own file: delete only",
      html: () => markup([file]),
      text: "report.pdf",
      expect: ["Delete message"],
    },
    {
      name: "while the chat is inactive: both shown, disabled",
      html: () => markup([own("a")], false),
      text: "text a",
      expect: ["Edit message (disabled)", "Delete message (disabled)"],
    },
    { name: "a staff reply: none", html: () => markup([staff("s")]), text: "text s", expect: [] },
    {
      name: "a staff busy line: none",
      html: () => markup([staff("b", { Type: "StaffBusy" })]),
      text: english.Chat_StaffBusy,
      expect: [],
    },
    {
      name: "an own message the server has not accepted: none",
      html: () => markup([], true, ["u-00000001"]),
      text: "u-00000001",
      expect: [],
    },
    {
      name: "an own message of an archived session: none",
      html: () => markup([own("a"), staff("z", { Type: "SessionArchived" })]),
      text: "text a",
      expect: [],
    },
  ];
  for (const { name, html, text, expect } of cases)
    test(name, () => assert.deepEqual(buttonsOf(html(), text), expect));

  test("edited messages, own and staff, are marked edited; others not", () => {
    const html = markup([
      own("a", { Type: "MessageEdited", Text: "fixed" }),
      staff("s", { Type: "MessageEdited", Text: "corrected" }),
      own("b"),
    ]);
    const doc = new JSDOM(html).window.document;
    const marks = [...doc.querySelectorAll("li")].map(
      (li) => li.querySelector(".chat-line__edited")?.textContent ?? null,
    );
    assert.deepEqual(marks, ["edited", null, "edited", null], "own, 'now talking to', staff, own");
  });
});

describe("editing and deleting with the keyboard (jsdom)", () => {
  let root: import("react-dom/client").Root;
  let container: HTMLElement;
  let socket: ScriptedSocket;
  let stopChat: () => void;

  const act = (work: () => unknown) => m.react.act(async () => void (await work()));
  const q = <T extends Element>(selector: string): T | null => container.querySelector<T>(selector);
  const button = (name: string, text: string): HTMLButtonElement | null => {
    const line = [...container.querySelectorAll("li")].find((li) => li.textContent?.includes(text));
    return [...(line?.querySelectorAll("button") ?? [])].find((b) => b.textContent === name) ?? null;
  };
  /** The field named "Edit message" (its label's text). */
  const editField = () => {
    const label = [...container.querySelectorAll("label")].find((l) => l.textContent === "Edit message");
    return label ? (document.getElementById(label.htmlFor) as HTMLTextAreaElement | null) : null;
  };
  const key = (target: Element, keyName: string, init: KeyboardEventInit = {}) =>
    act(() =>
      target.dispatchEvent(new dom.window.KeyboardEvent("keydown", { key: keyName, bubbles: true, ...init })),
    );
  const type = (field: HTMLTextAreaElement, value: string) =>
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(dom.window.HTMLTextAreaElement.prototype, "value")?.set;
      setter?.call(field, value);
      field.dispatchEvent(new dom.window.Event("input", { bubbles: true }));
    });
  const answer = (frame: Record<string, unknown> | undefined, result: ChatMessageIn) =>
    act(async () => {
      socket.receive({ t: "result", id: frame?.id, ok: true, result });
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
    });

  beforeEach(async () => {
    const started = startClient();
    socket = started.socket;
    socket.open();
    socket.receive(connected);
    stopChat = m.store.attachChat(started.client);
    const { chatStore } = m.store;
    const { chatReducer, initialChatState } = m.state;
    chatStore.update(() =>
      chatReducer(initialChatState(), {
        type: "loaded",
        active: true,
        messages: [own("m-00000001", { Text: "my question" }), staff("s-00000001", { Text: "a reply" })],
      }),
    );
    container = document.createElement("div");
    document.body.append(container);
    root = m.client.createRoot(container);
    const Live = () => {
      const state = m.createStore.useStore(chatStore);
      return m.react.createElement(m.conversation.ChatConversation, {
        entries: state.entries,
        canRate: false,
        active: state.active,
        editing: state.editing,
      });
    };
    await act(() => root.render(m.react.createElement(Live)));
  });
  after(() => dom.window.close());

  async function cleanUp() {
    await act(() => root.unmount());
    container.remove();
    stopChat();
  }

  test("Edit opens a field in focus; Enter saves with EditMessage; the line is marked edited; the focus returns", async () => {
    await act(() => button("Edit message", "my question")?.click());
    const field = editField();
    assert.ok(field, "a field named Edit message");
    assert.equal(document.activeElement, field);
    assert.equal(field.value, "my question");
    assert.equal(button("Edit message", "my question"), null, "no Edit button while editing");
    await type(field, "   ");
    await key(field, "Enter");
    assert.equal(socket.invocations().length, 0, "§5: a blank text is not sent");
    const save = [...container.querySelectorAll("button")].find((b) => b.textContent === "Save");
    assert.equal(save?.disabled, true);
    await type(field, "my corrected question");
    await key(field, "Enter", { shiftKey: true });
    assert.equal(socket.invocations().length, 0, "Shift+Enter is a new line");
    await key(field, "Enter");
    const [frame] = socket.invocations();
    assert.equal(frame?.target, "EditMessage");
    assert.deepEqual(frame?.args, ["m-00000001", "my corrected question"]);
    await answer(frame, own("m-00000001", { Type: "MessageEdited", Text: "my corrected question" }));
    assert.equal(editField(), null, "the editor closed");
    const line = [...container.querySelectorAll("li")].find((li) => li.textContent?.includes("my corrected"));
    assert.equal(line?.querySelector(".chat-line__edited")?.textContent, "edited");
    assert.equal(document.activeElement, button("Edit message", "my corrected question"));
    await cleanUp();
  });

  test("Escape cancels: nothing sent, the text unchanged, the focus back on Edit", async () => {
    await act(() => button("Edit message", "my question")?.click());
    const field = editField();
    assert.ok(field);
    await type(field, "never mind");
    await key(field, "Escape");
    assert.equal(editField(), null);
    assert.equal(socket.invocations().length, 0);
    assert.ok(container.textContent?.includes("my question"));
    assert.equal(m.store.chatStore.get().editing, null, "the panel has Escape back");
    assert.equal(document.activeElement, button("Edit message", "my question"));
    await cleanUp();
  });

  test("Delete sends DeleteMessage; the line goes, the deletion is announced, the focus stays in the conversation", async () => {
    const remove = button("Delete message", "my question");
    assert.ok(remove);
    remove.focus();
    await act(() => remove.click());
    const [frame] = socket.invocations();
    assert.equal(frame?.target, "DeleteMessage");
    assert.deepEqual(frame?.args, ["m-00000001"]);
    await answer(frame, own("m-00000001", { Type: "MessageDeleted", Text: "" }));
    assert.ok(!container.textContent?.includes("my question"), "the line is gone");
    assert.equal(q('[role="status"]')?.textContent, "Message deleted.");
    assert.equal(document.activeElement, q('[role="log"]'));
    await cleanUp();
  });
});
