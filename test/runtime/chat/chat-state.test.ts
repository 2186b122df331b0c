/**
 * The support chat states of §4.4 as data: load, server events, 'now talking to', staff busy,
 * unacknowledged → acknowledged, open/close and dropped connections, unread marker, pin, rating.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type ChatAction,
  type ChatMessageIn,
  type ChatState,
  chatReducer,
  initialChatState,
  unacknowledgedUids,
} from "../../../runtime/chat/chat-state.ts";

const run = (...actions: ChatAction[]): ChatState => actions.reduce(chatReducer, initialChatState());
const msg = (UID: string, patch: Partial<ChatMessageIn> = {}): ChatMessageIn => ({
  UID,
  Type: "Message",
  Text: `text ${UID}`,
  UserName: "Olivia Owner",
  IsInternal: false,
  ...patch,
});
const staff = (UID: string, UserName = "Sofia Support", patch: Partial<ChatMessageIn> = {}) =>
  msg(UID, { IsInternal: true, UserName, ...patch });
const received = (message: ChatMessageIn): ChatAction => ({ type: "received", message });
const loaded = (active: boolean, ...messages: ChatMessageIn[]): ChatAction => ({
  type: "loaded",
  active,
  messages,
});
const lines = (state: ChatState) =>
  state.entries.map((entry) =>
    entry.kind === "message" ? `${entry.type}:${entry.uid}` : `talking:${entry.userName}`,
  );

describe("support chat state (§4.4)", () => {
  test("loading, then active or not with the session's messages", () => {
    assert.equal(run({ type: "loadStarted" }).status, "loading");
    const state = run(loaded(true, msg("a"), staff("b")));
    assert.equal(state.status, "ready");
    assert.equal(state.active, true);
    assert.deepEqual(lines(state), ["Message:a", "talking:Sofia Support", "Message:b"]);
    assert.equal(state.unread, false, "a load is not news");
  });

  test("server open and close events set the chat active or inactive", () => {
    assert.equal(run(loaded(false), { type: "serviceOpened" }).active, true);
    assert.equal(run(loaded(true), { type: "serviceClosed" }).active, false);
  });

  test("a dropped realtime connection sets it inactive", () => {
    assert.equal(run(loaded(true), { type: "connectionLost" }).active, false);
  });

  test("a sent message starts unacknowledged and is acknowledged once the server accepts it", () => {
    const sending = run(loaded(true), {
      type: "sendStarted",
      uid: "u1",
      text: "hello",
      userName: "Olivia Owner",
    });
    assert.deepEqual(unacknowledgedUids(sending), ["u1"]);
    const accepted = chatReducer(sending, received(msg("u1", { Text: "hello" })));
    assert.deepEqual(unacknowledgedUids(accepted), []);
    assert.equal(accepted.entries.length, 1, "the server's copy is the same line, not a second one");
    const entry = accepted.entries[0];
    assert.ok(entry?.kind === "message" && entry.acknowledged && entry.own);
  });

  test("the echo event and the method result of one message make one line", () => {
    const state = run(
      loaded(true),
      { type: "sendStarted", uid: "u1", text: "hello", userName: null },
      received(msg("u1")),
      received(msg("u1")),
    );
    assert.equal(state.entries.length, 1);
  });

  test("a refused message is marked failed, and pending again when retried", () => {
    const failed = run(
      loaded(true),
      { type: "sendStarted", uid: "u1", text: "x", userName: null },
      { type: "sendFailed", uid: "u1" },
    );
    const entry = failed.entries[0];
    assert.ok(entry?.kind === "message" && entry.failed);
    assert.deepEqual(unacknowledgedUids(failed), []);
    const retried = chatReducer(failed, { type: "sendRetried", uid: "u1" });
    assert.deepEqual(unacknowledgedUids(retried), ["u1"]);
  });

  test("a failed upload's line goes away", () => {
    const state = run(
      loaded(true),
      { type: "sendStarted", uid: "f1", text: "", fileName: "a.png", userName: null },
      { type: "sendDiscarded", uid: "f1" },
    );
    assert.deepEqual(state.entries, []);
  });

  test("messages this page sent and the server has not confirmed survive a reload", () => {
    const state = run(
      loaded(true),
      { type: "sendStarted", uid: "u1", text: "pending", userName: null },
      loaded(true, msg("old")),
    );
    assert.deepEqual(lines(state), ["Message:old", "Message:u1"]);
  });

  test("a staff-busy event inserts a system message", () => {
    const state = run(
      loaded(true, msg("a")),
      received(staff("busy", "Sofia Support", { Type: "StaffBusy", Text: "" })),
    );
    assert.deepEqual(lines(state), ["Message:a", "StaffBusy:busy"]);
  });

  test("a message from a new internal user first inserts 'now talking to', once per user", () => {
    const state = run(
      loaded(true, msg("a")),
      received(staff("b", "Sofia Support")),
      received(staff("c", "Sofia Support")),
      received(staff("d", "Ada Admin")),
    );
    assert.deepEqual(lines(state), [
      "Message:a",
      "talking:Sofia Support",
      "Message:b",
      "Message:c",
      "talking:Ada Admin",
      "Message:d",
    ]);
  });

  test("the server's InternalUserStartTalking is the 'now talking to' line itself", () => {
    const state = run(
      loaded(true, msg("a")),
      received(staff("t", "Sofia Support", { Type: "InternalUserStartTalking", Text: "" })),
      received(staff("b", "Sofia Support")),
    );
    assert.deepEqual(lines(state), ["Message:a", "InternalUserStartTalking:t", "Message:b"]);
    assert.equal(state.talkingTo, "Sofia Support");
  });

  test("edits change the text; deletions remove the line", () => {
    const state = run(
      loaded(true, msg("a"), msg("b")),
      received(msg("a", { Type: "MessageEdited", Text: "changed" })),
      received(msg("b", { Type: "MessageDeleted", Text: "" })),
    );
    assert.deepEqual(lines(state), ["Message:a"]);
    const entry = state.entries[0];
    assert.ok(entry?.kind === "message" && entry.text === "changed");
  });

  interface EditedCase {
    name: string;
    actions: ChatAction[];
    edited: Record<string, boolean>;
  }
  const editedCases: EditedCase[] = [
    {
      name: "a listed message is not marked edited",
      actions: [loaded(true, msg("a"))],
      edited: { a: false },
    },
    {
      name: "a received MessageEdited marks the shown message edited, and only it",
      actions: [loaded(true, msg("a"), msg("b")), received(msg("a", { Type: "MessageEdited", Text: "x" }))],
      edited: { a: true, b: false },
    },
    {
      name: "a listed MessageEdited (supportchat/active names an edited message so) is marked edited",
      actions: [loaded(true, msg("a", { Type: "MessageEdited", Text: "x" }))],
      edited: { a: true },
    },
    {
      name: "an edit of a message this page never saw shows it marked edited",
      actions: [loaded(true), received(msg("a", { Type: "MessageEdited", Text: "x" }))],
      edited: { a: true },
    },
    {
      name: "the server's copy of an edited message sent again keeps the mark",
      actions: [
        loaded(true, msg("a")),
        received(msg("a", { Type: "MessageEdited", Text: "x" })),
        received(msg("a", { Text: "x" })),
      ],
      edited: { a: true },
    },
    {
      name: "a message sent from this page starts unedited, and its acknowledgement too",
      actions: [
        loaded(true),
        { type: "sendStarted", uid: "u1", text: "mine", userName: null },
        received(msg("u1", { Text: "mine" })),
      ],
      edited: { u1: false },
    },
    {
      name: "an edit heard while the list was read marks the listed message",
      actions: [
        { type: "loadStarted" },
        received(msg("a", { Type: "MessageEdited", Text: "x" })),
        loaded(true, msg("a")),
      ],
      edited: { a: true },
    },
  ];
  for (const { name, actions, edited: expected } of editedCases) {
    test(`edited mark: ${name}`, () => {
      const state = run(...actions);
      const marks = Object.fromEntries(
        state.entries.flatMap((e) => (e.kind === "message" ? [[e.uid, e.edited]] : [])),
      );
      assert.deepEqual(marks, expected);
    });
  }

  interface EditingCase {
    name: string;
    actions: ChatAction[];
    editing: string | null;
  }
  const editingCases: EditingCase[] = [
    {
      name: "opening the editor of a shown message edits it",
      actions: [loaded(true, msg("a"), msg("b")), { type: "editOpened", uid: "a" }],
      editing: "a",
    },
    {
      name: "one editor at a time: opening another moves it",
      actions: [
        loaded(true, msg("a"), msg("b")),
        { type: "editOpened", uid: "a" },
        { type: "editOpened", uid: "b" },
      ],
      editing: "b",
    },
    {
      name: "no editor for a message not shown",
      actions: [loaded(true, msg("a")), { type: "editOpened", uid: "zz" }],
      editing: null,
    },
    {
      name: "closing it",
      actions: [loaded(true, msg("a")), { type: "editOpened", uid: "a" }, { type: "editClosed" }],
      editing: null,
    },
    {
      name: "the edited message deleted (in another tab): the editor closes",
      actions: [
        loaded(true, msg("a")),
        { type: "editOpened", uid: "a" },
        received(msg("a", { Type: "MessageDeleted" })),
      ],
      editing: null,
    },
    {
      name: "another message deleted: the editor stays",
      actions: [
        loaded(true, msg("a"), msg("b")),
        { type: "editOpened", uid: "a" },
        received(msg("b", { Type: "MessageDeleted" })),
      ],
      editing: "a",
    },
    {
      name: "a reload without the message closes it",
      actions: [
        loaded(true, msg("a")),
        { type: "editOpened", uid: "a" },
        { type: "loadStarted" },
        loaded(true),
      ],
      editing: null,
    },
    {
      name: "a reload that still lists the message keeps the editor",
      actions: [
        loaded(true, msg("a")),
        { type: "editOpened", uid: "a" },
        { type: "loadStarted" },
        loaded(true, msg("a")),
      ],
      editing: "a",
    },
    {
      name: "closing the panel closes the editor",
      actions: [loaded(true, msg("a")), { type: "editOpened", uid: "a" }, { type: "panelClosed" }],
      editing: null,
    },
  ];
  for (const { name, actions, editing } of editingCases) {
    test(`editor: ${name}`, () => assert.equal(run(...actions).editing, editing));
  }

  interface MergeCase {
    name: string;
    actions: ChatAction[];
    lines: string[];
    texts?: Record<string, string>;
  }
  const edited = (UID: string, Text: string) => msg(UID, { Type: "MessageEdited", Text });
  const deleted = (UID: string) => msg(UID, { Type: "MessageDeleted", Text: "" });
  const mergeCases: MergeCase[] = [
    {
      name: "a loaded MessageEdited (an edited message, as the list names it) shows as the message, edited",
      actions: [loaded(true, msg("a"), edited("b", "changed"), msg("c"))],
      lines: ["Message:a", "Message:b", "Message:c"],
      texts: { b: "changed" },
    },
    {
      name: "a loaded MessageDeleted stays absent",
      actions: [loaded(true, msg("a"), deleted("b"))],
      lines: ["Message:a"],
    },
    {
      name: "a received edit of a message this page never saw shows it with its edited text",
      actions: [
        loaded(true, msg("a")),
        received(staff("b", "Sofia Support", { Type: "MessageEdited", Text: "fixed" })),
      ],
      lines: ["Message:a", "talking:Sofia Support", "Message:b"],
      texts: { b: "fixed" },
    },
    {
      name: "a received deletion of a message this page never saw adds nothing",
      actions: [loaded(true, msg("a")), received(deleted("b"))],
      lines: ["Message:a"],
    },
    {
      name: "a message heard while the list was read, and missing from it, stays after it",
      actions: [
        loaded(true, msg("a")),
        { type: "loadStarted" },
        received(staff("b")),
        loaded(true, msg("a")),
      ],
      lines: ["Message:a", "talking:Sofia Support", "Message:b"],
    },
    {
      name: "a message heard while the list was read, and in it, is one line in the list's place",
      actions: [{ type: "loadStarted" }, received(msg("b")), loaded(true, msg("a"), msg("b"), msg("c"))],
      lines: ["Message:a", "Message:b", "Message:c"],
    },
    {
      name: "an edit heard while the list was read wins over the list's older text",
      actions: [{ type: "loadStarted" }, received(edited("a", "newer")), loaded(true, msg("a"))],
      lines: ["Message:a"],
      texts: { a: "newer" },
    },
    {
      name: "a deletion heard while the list was read removes the listed message",
      actions: [{ type: "loadStarted" }, received(deleted("a")), loaded(true, msg("a"), msg("b"))],
      lines: ["Message:b"],
    },
    {
      name: "an original heard while the list was read does not undo the list's edit",
      actions: [{ type: "loadStarted" }, received(msg("a")), loaded(true, edited("a", "newer"))],
      lines: ["Message:a"],
      texts: { a: "newer" },
    },
    {
      name: "messages heard before the load started are the list's to keep (a new session replaces them)",
      actions: [loaded(true, msg("a")), received(msg("b")), { type: "loadStarted" }, loaded(true, msg("c"))],
      lines: ["Message:c"],
    },
    {
      name: "a failed load forgets what it heard; the next load starts afresh",
      actions: [
        { type: "loadStarted" },
        received(msg("b")),
        { type: "loadFailed" },
        { type: "loadStarted" },
        loaded(true, msg("c")),
      ],
      lines: ["Message:c"],
    },
    {
      name: "own pending messages stay after what was heard",
      actions: [
        loaded(true),
        { type: "sendStarted", uid: "u1", text: "mine", userName: null },
        { type: "loadStarted" },
        received(staff("b")),
        loaded(true, msg("a")),
      ],
      lines: ["Message:a", "talking:Sofia Support", "Message:b", "Message:u1"],
    },
  ];
  for (const { name, actions, lines: expected, texts } of mergeCases) {
    test(name, () => {
      const state = run(...actions);
      assert.deepEqual(lines(state), expected);
      assert.deepEqual(state.heardWhileLoading, [], "nothing heard is kept once a load ends");
      for (const [uid, text] of Object.entries(texts ?? {})) {
        const entry = state.entries.find((e) => e.kind === "message" && e.uid === uid);
        assert.ok(entry?.kind === "message" && entry.text === text, `${uid} reads ${text}`);
      }
    });
  }

  test("a new message while the chat is closed sets the unread marker; opening clears it", () => {
    const unread = run(loaded(true), received(staff("b")));
    assert.equal(unread.unread, true);
    assert.equal(chatReducer(unread, { type: "panelOpened" }).unread, false);
  });

  test("no unread marker while the panel (or the pinned sidebar) shows", () => {
    assert.equal(run(loaded(true), { type: "panelOpened" }, received(staff("b"))).unread, false);
    assert.equal(
      run(loaded(true), { type: "pinned", pinned: true }, { type: "panelOpened" }, received(staff("b")))
        .unread,
      false,
    );
    assert.equal(run(loaded(true), { type: "pinned", pinned: true }, received(staff("b"))).unread, true);
  });

  const archived = received(
    staff("z", "Sofia Support", { Type: "SessionArchived", Text: "", SupportSessionRecId: 42 }),
  );

  test("a session-archived event opens the rating dialog of that session when the chat shows", () => {
    const state = run(loaded(true, msg("a")), { type: "panelOpened" }, archived);
    assert.equal(state.archivedSession, 42);
    assert.equal(state.ratingOpen, true);
  });

  test("with the chat closed, the rating waits for the next opening, and is offered once", () => {
    const waiting = run(loaded(true, msg("a")), archived);
    assert.equal(waiting.ratingOpen, false);
    assert.equal(waiting.unread, true);
    const opened = chatReducer(waiting, { type: "panelOpened" });
    assert.equal(opened.ratingOpen, true);
    const again = [{ type: "ratingDismissed" }, { type: "panelClosed" }, { type: "panelOpened" }] as const;
    assert.equal(again.reduce(chatReducer, opened).ratingOpen, false);
  });

  test("dismissing keeps the conversation and the rating can be asked again", () => {
    const dismissed = run(loaded(true, msg("a")), { type: "panelOpened" }, archived, {
      type: "ratingDismissed",
    });
    assert.equal(dismissed.ratingOpen, false);
    assert.equal(dismissed.entries.length, 2);
    assert.equal(chatReducer(dismissed, { type: "ratingShown" }).ratingOpen, true);
  });

  test("submitting the rating clears the messages and the unread flag", () => {
    const state = run(loaded(true, msg("a")), { type: "panelOpened" }, archived, { type: "ratingSubmitted" });
    assert.deepEqual(state.entries, []);
    assert.equal(state.unread, false);
    assert.equal(state.archivedSession, null);
    assert.equal(state.ratingOpen, false);
    assert.equal(state.talkingTo, null);
  });

  test("reset keeps only the pin (a preference)", () => {
    const state = run(loaded(true, msg("a")), { type: "pinned", pinned: true }, { type: "reset" });
    assert.deepEqual(state, initialChatState(true));
  });
});
