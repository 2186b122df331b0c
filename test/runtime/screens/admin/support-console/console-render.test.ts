/**
 * The console's parts rendered to HTML in Node (react-dom/server, stylesheets stubbed, the English
 * texts): the queue's three lists named by their headings with one open button per member and a
 * ticking waiting time; the tabs with their unread badges and a close button beside each, outside the
 * tab list; a conversation's lines (names, images inline, other files as downloads, edited and
 * deleted marks, system sentences) with the agent's own replies editable; read-only staff (§6) with
 * every action visible and disabled; an archived conversation with its rating.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, test } from "node:test";
import { JSDOM } from "jsdom";
import type {
  ConsoleAction,
  ConsoleState,
  StaffMessageIn,
  StaffSession,
} from "../../../../../runtime/screens/admin/support-console/console-state.ts";
import { initTestI18n } from "../../../components/css-stub.ts";

const english = JSON.parse(readFileSync(new URL("../../../../../locales/en.json", import.meta.url), "utf8"));

let render: (node: unknown) => string;
let h: typeof import("react").createElement;
let reduce: (actions: ConsoleAction[]) => ConsoleState;
let QueuePanel: typeof import("../../../../../runtime/screens/admin/support-console/queue-panel.tsx").QueuePanel;
let ConversationTabs: typeof import("../../../../../runtime/screens/admin/support-console/conversation-tabs.tsx").ConversationTabs;
let ConversationView: typeof import("../../../../../runtime/screens/admin/support-console/conversation-view.tsx").ConversationView;

before(async () => {
  // DOMPurify sanitises in a DOM: the page's own in the browser, jsdom's here (a devDependency).
  (globalThis as { window?: unknown }).window = new JSDOM("<!doctype html><html><body></body></html>").window;
  await initTestI18n(english);
  const server = await import("react-dom/server");
  render = (node) => server.renderToStaticMarkup(node as never);
  ({ createElement: h } = await import("react"));
  const state = await import("../../../../../runtime/screens/admin/support-console/console-state.ts");
  reduce = (actions) => actions.reduce(state.consoleReducer, state.initialConsoleState());
  ({ QueuePanel } = await import("../../../../../runtime/screens/admin/support-console/queue-panel.tsx"));
  ({ ConversationTabs } = await import(
    "../../../../../runtime/screens/admin/support-console/conversation-tabs.tsx"
  ));
  ({ ConversationView } = await import(
    "../../../../../runtime/screens/admin/support-console/conversation-view.tsx"
  ));
});

const ME = { userId: 7, fullName: "Sofia Support" };

function session(RecId: number, fields: Partial<StaffSession> = {}): StaffSession {
  return {
    RecId,
    AccountRecId: 1,
    AccountName: "Northwind Analytics",
    UserRecId: 100 + RecId,
    UserFullName: `Member ${RecId}`,
    Status: "Waiting",
    Page: "/dashboards",
    StaffUserRecId: null,
    StaffFullName: null,
    StartedAt: new Date(Date.now() - 42_000).toISOString(),
    ArchivedAt: null,
    MessageCount: 1,
    LastMessageAt: null,
    Rating: null,
    Feedback: null,
    FirstMessage: `Question ${RecId}`,
    ...fields,
  };
}

const message = (UID: string, fields: Partial<StaffMessageIn> = {}): StaffMessageIn => ({
  UID,
  Type: "Message",
  Text: `text ${UID}`,
  UserName: "Member 5",
  IsInternal: false,
  Date: "2026-12-02T10:00:00Z",
  SupportSessionRecId: 5,
  ...fields,
});

describe("the queue", () => {
  const state = () =>
    reduce([
      {
        type: "queueLoaded",
        sessions: [
          session(1),
          session(2, { Status: "Active", StaffUserRecId: 7, StaffFullName: "Sofia Support" }),
          session(3, { Status: "Active", StaffUserRecId: 8, StaffFullName: "Otto Other" }),
        ],
      },
    ]);
  const html = () =>
    render(h(QueuePanel, { state: state(), myUserId: 7, onOpen: () => {}, onRetry: () => {} }));

  test("a region named by its heading, three lists named by theirs", () => {
    const markup = html();
    const region = /<section[^>]*aria-labelledby="([^"]+)"[^>]*>/.exec(markup);
    assert.ok(region);
    assert.match(markup, new RegExp(`<h2 id="${region[1]}"[^>]*>Queue</h2>`));
    for (const heading of ["Waiting", "My conversations", "Other agents&#x27; conversations"]) {
      const label = new RegExp(`<span id="([^"]+)">${heading}</span>`).exec(markup);
      assert.ok(label, heading);
      assert.match(markup, new RegExp(`<ul[^>]*aria-labelledby="${label[1]}"`), heading);
    }
  });
  test("each member an open button, with account, page, first message and waiting time", () => {
    const markup = html();
    assert.match(markup, /<button[^>]*aria-label="Open conversation with Member 1"[^>]*>Member 1<\/button>/);
    assert.match(markup, /Northwind Analytics/);
    assert.match(markup, /\/dashboards/);
    assert.match(markup, /Question 1/);
    assert.match(markup, /<time dateTime="PT4[2-4]S">waiting 0:4[2-4]<\/time>/);
  });
  test("the other agents' conversations say who holds them", () => assert.match(html(), /with Otto Other/));
  test("loading is announced and busy; an error offers a retry", () => {
    const loading = render(
      h(QueuePanel, { state: reduce([]), myUserId: 7, onOpen: () => {}, onRetry: () => {} }),
    );
    assert.match(loading, /aria-busy="true"/);
    assert.match(loading, /<p role="status">Loading…<\/p>/);
    const failed = render(
      h(QueuePanel, {
        state: reduce([{ type: "queueLoadFailed" }]),
        myUserId: 7,
        onOpen: () => {},
        onRetry: () => {},
      }),
    );
    assert.match(failed, /role="alert"[^>]*>.*The queue could not be loaded\..*<button[^>]*>Retry<\/button>/);
  });
});

describe("the tabs", () => {
  const state = () =>
    reduce([
      { type: "queueLoaded", sessions: [session(5), session(6)] },
      { type: "conversationOpened", sessionId: 5 },
      { type: "conversationOpened", sessionId: 6 },
      { type: "transcriptLoaded", session: session(5), messages: [] },
      { type: "messageReceived", message: message("m1") },
    ]);
  const html = () =>
    render(
      h(ConversationTabs, { state: state(), onShow: () => {}, onClose: () => {}, children: () => "panel" }),
    );

  test("a named tab list of tabs only; the shown tab selected and tabbable, the other not", () => {
    const markup = html();
    const list =
      /<div role="tablist" aria-label="Open conversations"[^>]*>(.*?)<\/div><div class="support-tabs__closes"/.exec(
        markup,
      );
    const tabs = list?.[1] ?? "";
    assert.notEqual(tabs, "");
    assert.doesNotMatch(tabs.replaceAll(/<button[^>]*role="tab"/g, ""), /<button/);
    assert.match(tabs, /role="tab"[^>]*aria-selected="true"[^>]*tabindex="0"/i);
    assert.match(tabs, /role="tab"[^>]*aria-selected="false"[^>]*tabindex="-1"/i);
  });
  test("the hidden tab's unread count is a visible badge describing it", () => {
    const markup = html();
    const described = /aria-describedby="([^"]+)"/.exec(markup);
    assert.ok(described);
    assert.match(
      markup,
      new RegExp(`<span id="${described[1]}" class="support-tabs__unread">1 unread</span>`),
    );
  });
  test("a close button per tab, named by the member", () => {
    const markup = html();
    assert.match(markup, /aria-label="Close conversation with Member 5"/);
    assert.match(markup, /aria-label="Close conversation with Member 6"/);
    assert.match(markup, /role="tabpanel"[^>]*>panel<\/div>/);
  });
  test("without open conversations there is no tab list", () =>
    assert.doesNotMatch(
      render(
        h(ConversationTabs, { state: reduce([]), onShow: () => {}, onClose: () => {}, children: () => "" }),
      ),
      /tablist/,
    ));
});

describe("a conversation", () => {
  const agent = {} as never;
  const view = (state: ConsoleState, rights: { act: boolean; createTicket: boolean }, lostRace = false) =>
    render(
      h(ConversationView, {
        console: agent,
        sessionId: 5,
        session: state.known[5],
        conversation: state.conversations[5],
        me: ME,
        rights,
        name: "Member 5",
        lostRace,
        focusRequested: false,
        onFocused: () => {},
        onTake: async () => {},
      }),
    );
  const mine = session(5, { Status: "Active", StaffUserRecId: 7, StaffFullName: "Sofia Support" });
  const lines = [
    message("m1", { Text: "My chart is <b>empty</b>, see www.example.com" }),
    message("s1", {
      Type: "InternalUserStartTalking",
      Text: "",
      UserName: "Sofia Support",
      IsInternal: true,
    }),
    message("r1", { Text: "Looking at it", UserName: "Sofia Support", IsInternal: true }),
    message("f1", { Type: "File", Text: "", FileID: "img-1", FileName: "shot.PNG" }),
    message("f2", { Type: "File", Text: "", FileID: "doc-1", FileName: "export.csv" }),
    message("e1", { Type: "MessageEdited", Text: "corrected question" }),
    message("d1", { Type: "MessageDeleted", Text: "" }),
    message("b1", { Type: "StaffBusy", Text: "", UserName: "Sofia Support", IsInternal: true }),
  ];
  const opened = (s: StaffSession, messages = lines) =>
    reduce([
      { type: "queueLoaded", sessions: [s] },
      { type: "conversationOpened", sessionId: 5 },
      { type: "transcriptLoaded", session: s, messages },
    ]);

  test("a log named by the member holds names, dates, marks and system sentences", () => {
    const markup = view(opened(mine), { act: true, createTicket: true });
    assert.match(markup, /role="log" aria-label="Messages with Member 5"/);
    assert.match(
      markup,
      /<span class="support-line__author">Member 5<\/span><time dateTime="2026-12-02T10:00:00Z">/,
    );
    assert.match(
      markup,
      /<b>empty<\/b>, see <a href="https:\/\/www\.example\.com" target="_blank" rel="noopener noreferrer">www\.example\.com<\/a>/,
    );
    assert.match(markup, /Sofia Support is now talking to the member\./);
    assert.match(markup, /The member was told that all staff are busy\./);
    assert.match(markup, /corrected question/);
    assert.match(markup, /<span class="support-line__mark">edited<\/span>/);
    assert.match(markup, /<p class="support-line__deleted">Message deleted<\/p>/);
  });
  test("images inline by extension, other files as downloads, both from the staff file URL", () => {
    const markup = view(opened(mine), { act: true, createTicket: true });
    assert.match(
      markup,
      /<img src="\/api\/Admin\/SupportChat\/Sessions\/5\/File\?id=img-1" alt="shot.PNG"\/>/,
    );
    assert.match(
      markup,
      /<a class="support-line__file" href="\/api\/Admin\/SupportChat\/Sessions\/5\/File\?id=doc-1" download="export.csv">export.csv<\/a>/,
    );
  });
  test("my reply offers edit and delete; the member's lines do not; the composer shows", () => {
    const markup = view(opened(mine), { act: true, createTicket: true });
    assert.equal(markup.match(/>Edit message</g)?.length, 1);
    assert.equal(markup.match(/>Delete message</g)?.length, 1);
    assert.match(markup, /<label[^>]*>Reply<\/label><textarea/);
    assert.doesNotMatch(markup, />Take conversation</);
  });
  test("read-only staff: take, reply, attach, busy and archive visible and disabled (§6)", () => {
    const markup = view(opened(session(5)), { act: false, createTicket: false });
    for (const name of [
      "Take conversation",
      "Send",
      "Attach file",
      "All staff busy",
      "Archive conversation",
    ]) {
      const buttons = markup.match(new RegExp(`<button[^>]*>${name}</button>`, "g")) ?? [];
      assert.equal(buttons.length, 1, name);
      assert.match(buttons[0] as string, /disabled=""/, name);
    }
    assert.match(markup, /<textarea[^>]*disabled=""/);
  });
  test("someone else's conversation: take disabled, who talks named; a lost race says so", () => {
    const other = session(5, { Status: "Active", StaffUserRecId: 8, StaffFullName: "Otto Other" });
    const markup = view(opened(other), { act: true, createTicket: true }, true);
    assert.match(markup, /<button[^>]*disabled=""[^>]*>Take conversation<\/button>/);
    assert.match(markup, /Otto Other is talking to this member\./);
    assert.match(markup, /<p role="status"[^>]*>Otto Other has already taken this conversation\.<\/p>/);
    assert.doesNotMatch(markup, /<textarea/);
  });
  test("archived: the note, then the rating and the feedback", () => {
    const archived = session(5, {
      Status: "Archived",
      StaffUserRecId: 7,
      Rating: 4,
      Feedback: "Quick, thanks",
    });
    const markup = view(opened(archived), { act: true, createTicket: true });
    assert.match(markup, /Conversation archived/);
    assert.match(markup, /Rated 4 of 5/);
    assert.match(markup, /<blockquote[^>]*>Quick, thanks<\/blockquote>/);
    assert.doesNotMatch(markup, /<textarea|>Edit message</);
  });
});
