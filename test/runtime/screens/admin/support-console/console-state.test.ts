/**
 * The support agent's console as data (§4.4 staff side): the queue, conversations merged by UID
 * from hub events, transcripts and reply answers (a message seen twice is one line, nothing heard is
 * lost to a transcript read before it), unread counts, drafts, own replies and the selectors.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import {
  type ConsoleAction,
  type ConsoleState,
  consoleReducer,
  initialConsoleState,
  newlyWaiting,
  pendingReplies,
  queueOf,
  type StaffMessageIn,
  type StaffSession,
  waitingCount,
  waitingSeconds,
} from "../../../../../runtime/screens/admin/support-console/console-state.ts";
import { memberMessage, staffSession } from "./console-fixtures.ts";

const session = staffSession;
const msg = (UID: string, patch: Partial<StaffMessageIn> = {}) => memberMessage(UID, 1, patch);
const reply = (UID: string, patch: Partial<StaffMessageIn> = {}) =>
  msg(UID, { IsInternal: true, UserName: "Sofia Support", ...patch });

const event = (message: StaffMessageIn): ConsoleAction => ({ type: "messageReceived", message });
const transcript = (messages: StaffMessageIn[], patch: Partial<StaffSession> = {}): ConsoleAction => ({
  type: "transcriptLoaded",
  session: session(1, { Status: "Active", StaffUserRecId: 7, ...patch }),
  messages,
});
const opened = (sessionId = 1): ConsoleAction => ({ type: "conversationOpened", sessionId });
const shown = (sessionId: number | null): ConsoleAction => ({ type: "conversationShown", sessionId });
const replied = (uid: string, text = `reply ${uid}`): ConsoleAction => ({
  type: "replyStarted",
  sessionId: 1,
  uid,
  text,
  userName: "Sofia Support",
});

const run = (...actions: ConsoleAction[]): ConsoleState =>
  actions.reduce(consoleReducer, initialConsoleState());
/** The lines of a conversation as `uid:text`, with its marks. */
const lines = (state: ConsoleState, sessionId = 1) =>
  (state.conversations[sessionId]?.messages ?? []).map(
    (line) =>
      `${line.uid}:${line.text}${line.edited ? " (edited)" : ""}${line.deleted ? " (deleted)" : ""}` +
      `${line.own ? " own" : ""}${line.own && !line.acknowledged ? " pending" : ""}${line.failed ? " failed" : ""}`,
  );

interface LineCase {
  name: string;
  actions: ConsoleAction[];
  lines: string[];
}

describe("console conversations: one line per message (§4.4)", () => {
  const cases: LineCase[] = [
    {
      name: "an event, then a transcript carrying the same message: one line",
      actions: [opened(), transcript([]), event(msg("a")), transcript([msg("a")])],
      lines: ["a:text a"],
    },
    {
      name: "a transcript, then the event of a message it listed: one line",
      actions: [opened(), transcript([msg("a")]), event(msg("a")), event(msg("a"))],
      lines: ["a:text a"],
    },
    {
      name: "an event heard before the answer of a transcript read before it stays, after the transcript",
      actions: [opened(), transcript([msg("a")]), event(msg("b")), transcript([msg("a")])],
      lines: ["a:text a", "b:text b"],
    },
    {
      name: "a transcript orders the lines the server's way",
      actions: [opened(), event(msg("b")), event(msg("a")), transcript([msg("a"), msg("b")])],
      lines: ["a:text a", "b:text b"],
    },
    {
      name: "an edit after the original changes its text",
      actions: [opened(), transcript([msg("a")]), event(msg("a", { Type: "MessageEdited", Text: "new" }))],
      lines: ["a:new (edited)"],
    },
    {
      name: "an edit before the original: the edited text stays when the original arrives",
      actions: [
        opened(),
        transcript([]),
        event(msg("a", { Type: "MessageEdited", Text: "new" })),
        event(msg("a")),
        transcript([msg("a")]),
      ],
      lines: ["a:new (edited)"],
    },
    {
      name: "a transcript lists an edited message under MessageEdited: its edited text shows",
      actions: [opened(), transcript([msg("a", { Type: "MessageEdited", Text: "new" })])],
      lines: ["a:new (edited)"],
    },
    {
      name: "a deletion after the original keeps its place, empty",
      actions: [
        opened(),
        transcript([msg("a"), msg("b")]),
        event(msg("a", { Type: "MessageDeleted", Text: "" })),
      ],
      lines: ["a: (deleted)", "b:text b"],
    },
    {
      name: "a deletion before the original is final",
      actions: [
        opened(),
        transcript([]),
        event(msg("a", { Type: "MessageDeleted", Text: "" })),
        event(msg("a")),
        transcript([msg("a")]),
      ],
      lines: ["a: (deleted)"],
    },
    {
      name: "a deleted file keeps its File kind and loses its file",
      actions: [
        opened(),
        transcript([msg("f", { Type: "File", Text: "", FileID: "file-1", FileName: "a.png" })]),
        event(msg("f", { Type: "MessageDeleted", Text: "" })),
      ],
      lines: ["f: (deleted)"],
    },
    {
      name: "an own reply shows at once, pending; the server's answer acknowledges the same line",
      actions: [opened(), transcript([msg("a")]), replied("r1"), event(reply("r1", { Text: "reply r1" }))],
      lines: ["a:text a", "r1:reply r1 own"],
    },
    {
      name: "a reload keeps own unacknowledged replies after the transcript",
      actions: [opened(), transcript([msg("a")]), replied("r1"), transcript([msg("a"), msg("b")])],
      lines: ["a:text a", "b:text b", "r1:reply r1 own pending"],
    },
    {
      name: "a reload listing an own reply acknowledges it and it stays own",
      actions: [opened(), transcript([]), replied("r1"), transcript([reply("r1", { Text: "reply r1" })])],
      lines: ["r1:reply r1 own"],
    },
    {
      name: "a refused reply is marked failed and survives a reload",
      actions: [
        opened(),
        transcript([]),
        replied("r1"),
        { type: "replyFailed", sessionId: 1, uid: "r1" },
        transcript([msg("a")]),
      ],
      lines: ["a:text a", "r1:reply r1 own pending failed"],
    },
    {
      name: "a discarded reply leaves no line; an acknowledged one is never discarded",
      actions: [
        opened(),
        transcript([]),
        replied("r1"),
        replied("r2"),
        event(reply("r2", { Text: "reply r2" })),
        { type: "replyDiscarded", sessionId: 1, uid: "r1" },
        { type: "replyDiscarded", sessionId: 1, uid: "r2" },
      ],
      lines: ["r2:reply r2 own"],
    },
    {
      name: "events of sessions without a tab, or without a session id, add nothing",
      actions: [
        opened(),
        transcript([]),
        event(msg("x", { SupportSessionRecId: 2 })),
        event(msg("y", { SupportSessionRecId: undefined })),
      ],
      lines: [],
    },
  ];
  for (const { name, actions, lines: expected } of cases) {
    test(name, () => assert.deepEqual(lines(run(...actions)), expected));
  }

  test("a reply's draft is cleared when it is sent; a file reply keeps the draft", () => {
    const state = run(
      opened(),
      { type: "draftChanged", sessionId: 1, text: "typing" },
      { type: "replyStarted", sessionId: 1, uid: "f1", text: "", fileName: "a.png", userName: null },
    );
    assert.equal(state.conversations[1]?.draft, "typing");
    assert.equal(state.conversations[1]?.messages[0]?.type, "File");
    assert.equal(consoleReducer(state, replied("r1")).conversations[1]?.draft, "");
  });
});

describe("console unread counts and tabs (§4.4)", () => {
  interface UnreadCase {
    name: string;
    actions: ConsoleAction[];
    unread: Record<number, number>;
  }
  const two = [opened(1), transcript([]), opened(2), { ...transcript([]), session: session(2) }];
  const cases: UnreadCase[] = [
    {
      name: "a member's message to a tab that does not show counts",
      actions: [...two, event(msg("a"))],
      unread: { 1: 1, 2: 0 },
    },
    {
      name: "a message to the tab that shows, a staff message, or one seen again does not count",
      actions: [
        ...two,
        event(msg("a", { SupportSessionRecId: 2 })),
        event(reply("r")),
        shown(1),
        shown(2),
        event(msg("a", { SupportSessionRecId: 2 })),
      ],
      unread: { 1: 0, 2: 0 },
    },
    {
      name: "showing a tab clears its count",
      actions: [...two, event(msg("a")), event(msg("b")), shown(1)],
      unread: { 1: 0, 2: 0 },
    },
    {
      name: "a reload counts the member's missed messages only for tabs that do not show",
      actions: [
        ...two,
        transcript([msg("a"), reply("r"), msg("b")]),
        { ...transcript([msg("c", { SupportSessionRecId: 2 })]), session: session(2) },
      ],
      unread: { 1: 2, 2: 0 },
    },
    {
      name: "the first transcript of a tab is not news",
      actions: [opened(1), opened(2), transcript([msg("a"), msg("b")])],
      unread: { 1: 0, 2: 0 },
    },
    {
      name: "a reload does not count again what an event already counted",
      actions: [...two, event(msg("a")), transcript([msg("a"), msg("b")])],
      unread: { 1: 2, 2: 0 },
    },
  ];
  for (const { name, actions, unread } of cases) {
    test(name, () => {
      const state = run(...actions);
      assert.deepEqual(
        Object.fromEntries(Object.entries(state.conversations).map(([id, c]) => [Number(id), c.unread])),
        unread,
      );
    });
  }

  test("drafts survive switching tabs and showing the queue alone", () => {
    const state = run(
      ...two,
      { type: "draftChanged", sessionId: 1, text: "half a reply" },
      shown(2),
      { type: "draftChanged", sessionId: 2, text: "another" },
      shown(null),
      shown(1),
    );
    assert.equal(state.conversations[1]?.draft, "half a reply");
    assert.equal(state.conversations[2]?.draft, "another");
    assert.equal(state.shown, 1);
  });

  test("tabs keep their opening order; opening again shows it; closing shows the last one", () => {
    const state = run(opened(3), opened(1), opened(2), opened(1));
    assert.deepEqual(state.tabs, [3, 1, 2]);
    assert.equal(state.shown, 1);
    const closed = consoleReducer(state, { type: "conversationClosed", sessionId: 1 });
    assert.deepEqual(closed.tabs, [3, 2]);
    assert.equal(closed.shown, 2);
    assert.equal(closed.conversations[1], undefined);
    assert.equal(consoleReducer(closed, shown(9)).shown, null, "a session without a tab does not show");
  });

  test("a transcript for a closed tab is ignored; a failed one marks only a loading tab", () => {
    const closed = run(opened(1), { type: "conversationClosed", sessionId: 1 }, transcript([msg("a")]));
    assert.equal(closed.conversations[1], undefined);
    assert.equal(
      run(opened(1), { type: "transcriptFailed", sessionId: 1 }).conversations[1]?.status,
      "error",
    );
    const ready = run(opened(1), transcript([msg("a")]), { type: "transcriptFailed", sessionId: 1 });
    assert.equal(ready.conversations[1]?.status, "ready", "a failed reload keeps what shows");
  });
});

describe("console queue (§4.4)", () => {
  const queue = [
    session(1, { StartedAt: "2024-05-01T10:00:05.000Z" }),
    session(2, { StartedAt: "2024-05-01T10:00:01.000Z" }),
    session(3, { Status: "Active", StaffUserRecId: 7, StartedAt: "2024-05-01T09:00:00.000Z" }),
    session(4, { Status: "Active", StaffUserRecId: 8 }),
  ];
  const loaded: ConsoleAction = { type: "queueLoaded", sessions: queue };

  test("waiting oldest first, then active by me and by others", () => {
    const { waiting, mine, others } = queueOf(run(loaded), 7);
    assert.deepEqual(
      [waiting, mine, others].map((list) => list.map((s) => s.RecId)),
      [[2, 1], [3], [4]],
    );
    assert.equal(waitingCount(run(loaded)), 2);
  });

  test("an archived session leaves the queue but stays known (its tab still shows it)", () => {
    const state = run(loaded, opened(1), {
      type: "sessionUpdated",
      session: session(1, { Status: "Archived" }),
    });
    assert.equal(state.sessions[1], undefined);
    assert.equal(state.known[1]?.Status, "Archived");
    assert.deepEqual(state.tabs, [1]);
    assert.equal(waitingCount(state), 1);
  });

  test("a reloaded queue replaces the lists; sessions seen before stay known", () => {
    const state = run(loaded, {
      type: "queueLoaded",
      sessions: [session(2, { Status: "Active", StaffUserRecId: 7 })],
    });
    assert.deepEqual(Object.keys(state.sessions), ["2"]);
    assert.deepEqual(Object.keys(state.known).sort(), ["1", "2", "3", "4"]);
    assert.equal(state.queueStatus, "ready");
  });

  test("a failed load shows the error; the next load shows loading; a loaded queue stays on a reload", () => {
    const failed = run({ type: "queueLoadFailed" });
    assert.equal(failed.queueStatus, "error");
    assert.equal(consoleReducer(failed, { type: "queueLoadStarted" }).queueStatus, "loading");
    assert.equal(run(loaded, { type: "queueLoadStarted" }).queueStatus, "ready");
  });

  test("the service flag and the stale mark follow the connection", () => {
    const state = run({ type: "serviceStatus", open: false }, { type: "connectionLost" });
    assert.equal(state.serviceOpen, false);
    assert.equal(state.stale, true);
    assert.equal(consoleReducer(state, { type: "reloaded" }).stale, false);
  });

  test("newlyWaiting names the sessions that start waiting, once", () => {
    const before = run(loaded);
    const after = consoleReducer(before, { type: "sessionUpdated", session: session(5) });
    assert.deepEqual(newlyWaiting(before, after), [5]);
    assert.deepEqual(newlyWaiting(after, after), []);
    const taken = consoleReducer(after, {
      type: "sessionUpdated",
      session: session(5, { Status: "Active", StaffUserRecId: 7 }),
    });
    assert.deepEqual(newlyWaiting(after, taken), []);
  });

  const started = Date.parse("2024-05-01T10:00:00.000Z");
  for (const [name, at, now, seconds] of [
    ["whole seconds since the start", "2024-05-01T10:00:00.000Z", started + 61_999, 61],
    ["never negative (clock skew)", "2024-05-01T10:00:00.000Z", started - 5_000, 0],
    ["0 for a date it cannot read", "not a date", started, 0],
  ] as const) {
    test(`waitingSeconds: ${name}`, () => assert.equal(waitingSeconds({ StartedAt: at }, now), seconds));
  }

  test("pendingReplies: own, not acknowledged, not failed, oldest first", () => {
    const state = run(
      opened(),
      transcript([msg("a")]),
      replied("r1"),
      replied("r2"),
      replied("r3"),
      event(reply("r2")),
      { type: "replyFailed", sessionId: 1, uid: "r3" },
      replied("r4"),
    );
    const conversation = state.conversations[1];
    assert.ok(conversation);
    assert.deepEqual(
      pendingReplies(conversation).map((line) => line.uid),
      ["r1", "r4"],
    );
  });
});

/** What reaches a console: the hub's events of stored messages, and transcripts read at some point. */
type Delivery = { kind: "event"; index: number } | { kind: "transcript"; upTo: number };

describe("console conversations, any interleaving (§4.4: nothing lost, nothing twice)", () => {
  const uids = (count: number) => Array.from({ length: count }, (_, i) => `m-${String(i).padStart(3, "0")}`);
  const message = (uid: string, index: number) =>
    index % 3 === 2 ? reply(uid, { Text: uid }) : msg(uid, { Text: uid });
  const deliver =
    (server: string[]) =>
    (delivery: Delivery): ConsoleAction =>
      delivery.kind === "event"
        ? event(message(server[delivery.index] as string, delivery.index))
        : transcript(server.slice(0, delivery.upTo).map(message));
  const state = (server: string[], deliveries: Delivery[]) =>
    run(opened(), transcript([]), ...deliveries.map(deliver(server)));
  const shownUids = (s: ConsoleState) => (s.conversations[1]?.messages ?? []).map((line) => line.uid);

  test("events in any order, repeated, and transcripts of any moment, then a transcript of all: each UID once, in server order", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }).chain((count) =>
          fc.record({
            count: fc.constant(count),
            before: fc.array(
              fc.oneof(
                fc.record({ kind: fc.constant("event" as const), index: fc.nat(count - 1) }),
                fc.record({ kind: fc.constant("transcript" as const), upTo: fc.nat(count) }),
              ),
              { maxLength: 40 },
            ),
            after: fc.array(fc.record({ kind: fc.constant("event" as const), index: fc.nat(count - 1) }), {
              maxLength: 12,
            }),
          }),
        ),
        ({ count, before, after }) => {
          const server = uids(count);
          const final = state(server, [...before, { kind: "transcript", upTo: count }, ...after]);
          assert.deepEqual(shownUids(final), server);
        },
      ),
    );
  });

  test("hub events in server order (some lost, some repeated) and transcripts read at any moment: at every step, everything heard once, in server order", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }).chain((count) =>
          fc.record({
            count: fc.constant(count),
            // How often each message's event arrives (0: lost with a dropped connection).
            events: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: count, maxLength: count }),
            transcripts: fc.array(fc.record({ at: fc.nat(40), upTo: fc.nat(count) }), { maxLength: 6 }),
          }),
        ),
        ({ count, events, transcripts }) => {
          const server = uids(count);
          const deliveries: Delivery[] = events.flatMap((times, index) =>
            Array.from({ length: times }, () => ({ kind: "event" as const, index })),
          );
          for (const { at, upTo } of transcripts)
            deliveries.splice(at % (deliveries.length + 1), 0, { kind: "transcript", upTo });
          let current = run(opened(), transcript([]));
          const heard = new Set<string>();
          for (const delivery of deliveries) {
            current = consoleReducer(current, deliver(server)(delivery));
            if (delivery.kind === "event") heard.add(server[delivery.index] as string);
            else for (const uid of server.slice(0, delivery.upTo)) heard.add(uid);
            assert.deepEqual(
              shownUids(current),
              server.filter((uid) => heard.has(uid)),
            );
          }
        },
      ),
    );
  });
});
