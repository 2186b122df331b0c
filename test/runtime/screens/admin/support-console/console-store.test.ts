/**
 * The support console's calls (§4.4 staff side) over a hub client the test drives and a scripted
 * HTTP layer: the queue and the service flag load at start and after a dropped connection, with the
 * open tabs' transcripts; replies go out under one UID and are sent again after a failure that may
 * not have reached the server, never after a refusal; taking a session tells a lost race apart.
 */
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";
import { ApiError } from "../../../../../runtime/http/api-error.ts";
import type { EventHub } from "../../../../../runtime/realtime/frames.ts";
import type { HubClient, HubClientStatus } from "../../../../../runtime/realtime/hub-client.ts";
import { ObservableValue } from "../../../../../runtime/realtime/observable-value.ts";
import type {
  StaffMessageIn,
  StaffSession,
} from "../../../../../runtime/screens/admin/support-console/console-state.ts";
import {
  CONSOLE_PATHS,
  createSupportConsole,
  REPLY_ATTEMPTS,
  REPLY_RETRY_BASE_MS,
  SUPPORT_SESSION_TAKEN_CODE,
  type SupportConsole,
} from "../../../../../runtime/screens/admin/support-console/console-store.ts";
import { memberMessage, staffSession } from "./console-fixtures.ts";

/** A hub client whose status and events the test sets; invocations are not used by the desk. */
class FakeHub implements HubClient {
  readonly status = new ObservableValue<HubClientStatus>("connecting");
  readonly #handlers = new Map<string, Set<(...args: unknown[]) => void>>();

  on(hub: EventHub, target: string, handler: (...args: unknown[]) => void): () => void {
    const key = `${hub}:${target.toLowerCase()}`;
    const set = this.#handlers.get(key) ?? new Set();
    this.#handlers.set(key, set.add(handler));
    return () => {
      set.delete(handler);
    };
  }
  onEnded(): () => void {
    return () => undefined;
  }
  invoke(): Promise<unknown> {
    return Promise.reject(new Error("the console invokes nothing on the hub"));
  }
  answerConfig(): void {}
  close(): void {
    this.status.set("closed");
  }
  /** An event from the gateway. */
  emit(hub: EventHub, target: string, ...args: unknown[]): void {
    for (const handler of [...(this.#handlers.get(`${hub}:${target.toLowerCase()}`) ?? [])]) handler(...args);
  }
  get listeners(): number {
    let count = 0;
    for (const set of this.#handlers.values()) count += set.size;
    return count;
  }
}

interface Call {
  path: string;
  method: string;
  body?: unknown;
}

const session = (RecId: number, patch: Partial<StaffSession> = {}) =>
  staffSession(RecId, { StartedAt: "2024-05-01T10:00:00.000Z", ...patch });
const msg = (UID: string, patch: Partial<StaffMessageIn> = {}) => memberMessage(UID, 5, patch);
const network = () => new ApiError(0, null, "fetch failed", null, false, "NETWORK");

const ME = { userId: 7, fullName: "Sofia Support" };
const mine = session(5, { Status: "Active", StaffUserRecId: ME.userId, StaffFullName: ME.fullName });

let calls: Call[];
let slept: number[];
/** The server: answers by call; the default serves the queue, the status and the transcript of the session with RecId 5. */
let server: (call: Call) => unknown;
let waiting: StaffSession[];
let active: StaffSession[];
let transcript: StaffMessageIn[];
let hub: FakeHub;

function defaultServer(call: Call): unknown {
  if (call.path === CONSOLE_PATHS.sessions("Waiting")) return { Items: waiting, Total: waiting.length };
  if (call.path === CONSOLE_PATHS.sessions("Active")) return { Items: active, Total: active.length };
  if (call.path === CONSOLE_PATHS.status) return { IsOpen: true };
  if (call.path === CONSOLE_PATHS.session(5)) return { ...mine, Messages: transcript };
  throw new ApiError(404, null, `no route for ${call.method} ${call.path}`);
}

function newConsole(): SupportConsole {
  return createSupportConsole({
    hub,
    me: ME,
    sleep: async (ms) => {
      slept.push(ms);
    },
    request: (async (path: string, options: { method?: string; body?: unknown } = {}) => {
      const call: Call = { path, method: options.method ?? "GET" };
      if (options.body !== undefined) call.body = options.body;
      calls.push(call);
      // An answer comes later than the call, as over a network.
      await Promise.resolve();
      return server(call);
    }) as never,
  });
}

/** Lets every scripted answer and what it triggers run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}
const paths = (from = 0) => calls.slice(from).map((call) => `${call.method} ${call.path}`);
const lines = (desk: SupportConsole, id = 5) =>
  (desk.store.get().conversations[id]?.messages ?? []).map(
    (line) => `${line.uid}:${line.acknowledged ? "ack" : "pending"}${line.failed ? ":failed" : ""}`,
  );
const posts = (uid?: string) =>
  calls.filter(
    (call) =>
      call.method === "POST" &&
      call.path === CONSOLE_PATHS.messages(5) &&
      (uid === undefined || (call.body as { UID: string }).UID === uid),
  );

describe("support console store (§4.4 staff side)", () => {
  beforeEach(() => {
    calls = [];
    slept = [];
    waiting = [session(1), session(2)];
    active = [mine];
    transcript = [msg("m1")];
    server = defaultServer;
    hub = new FakeHub();
  });

  test("start loads the waiting and active sessions and the service status", async () => {
    const desk = newConsole();
    desk.start();
    await settle();
    assert.deepEqual(paths().sort(), [
      `GET ${CONSOLE_PATHS.sessions("Active")}`,
      `GET ${CONSOLE_PATHS.sessions("Waiting")}`,
      `GET ${CONSOLE_PATHS.status}`,
    ]);
    const state = desk.store.get();
    assert.equal(state.queueStatus, "ready");
    assert.deepEqual(Object.keys(state.sessions), ["1", "2", "5"]);
    assert.equal(state.serviceOpen, true);
  });

  test("a failed queue load shows the error; the service status failing alone does not", async () => {
    server = (call) => {
      if (call.path === CONSOLE_PATHS.sessions("Active")) throw network();
      return defaultServer(call);
    };
    const desk = newConsole();
    desk.start();
    await settle();
    assert.equal(desk.store.get().queueStatus, "error");
    server = (call) => {
      if (call.path === CONSOLE_PATHS.status) throw network();
      return defaultServer(call);
    };
    await desk.reload();
    assert.equal(desk.store.get().queueStatus, "ready");
    assert.equal(desk.store.get().serviceOpen, true, "the flag last known stays");
  });

  test("the first connect loads nothing more; a drop and the reconnect reload the queue and every open tab", async () => {
    const desk = newConsole();
    desk.start();
    hub.status.set("connected");
    await settle();
    desk.open(5);
    await settle();
    assert.deepEqual(lines(desk), ["m1:ack"]);
    const before = calls.length;
    assert.equal(before, 4, "the queue, the status and the tab's transcript, once each");

    hub.status.set("reconnecting");
    assert.equal(desk.store.get().stale, true);
    hub.status.set("unreachable");
    await settle();
    assert.equal(calls.length, before, "nothing is read while the connection is down");
    // Meanwhile the member wrote twice, and a session started waiting: the hub could not say so.
    transcript = [msg("m1"), msg("m2"), msg("m3")];
    waiting = [session(1), session(2), session(6)];
    hub.status.set("connected");
    await settle();
    assert.deepEqual(paths(before).sort(), [
      `GET ${CONSOLE_PATHS.session(5)}`,
      `GET ${CONSOLE_PATHS.sessions("Active")}`,
      `GET ${CONSOLE_PATHS.sessions("Waiting")}`,
      `GET ${CONSOLE_PATHS.status}`,
    ]);
    const state = desk.store.get();
    assert.equal(state.stale, false);
    assert.deepEqual(lines(desk), ["m1:ack", "m2:ack", "m3:ack"]);
    assert.ok(state.sessions[6], "the session that started waiting during the drop is in the queue");
  });

  test("hub events: messages of open tabs, session changes, the service opening and closing", async () => {
    const desk = newConsole();
    const stop = desk.start();
    hub.status.set("connected");
    await settle();
    desk.open(5);
    await settle();
    hub.emit("chat", "message", msg("m2"));
    hub.emit("chat", "edited", msg("m1", { Type: "MessageEdited", Text: "fixed" }));
    hub.emit("chat", "message", msg("x1", { SupportSessionRecId: 1 }));
    hub.emit("chat", "message", { UID: "broken" });
    hub.emit("chat", "sessionUpdated", session(1, { Status: "Active", StaffUserRecId: 8 }));
    hub.emit("chat", "close");
    const state = desk.store.get();
    assert.deepEqual(lines(desk), ["m1:ack", "m2:ack"]);
    assert.equal(state.conversations[5]?.messages[0]?.text, "fixed");
    assert.equal(state.conversations[1], undefined, "a session without a tab is followed through the queue");
    assert.equal(state.sessions[1]?.StaffUserRecId, 8);
    assert.equal(state.serviceOpen, false);
    hub.emit("chat", "open");
    assert.equal(desk.store.get().serviceOpen, true);
    stop();
    assert.equal(hub.listeners, 0, "the stop unsubscribes every listener");
  });

  test("a reply failing twice with a network error, then stored: sent 3 times under one UID, one acknowledged line", async () => {
    let failures = 2;
    server = (call) => {
      if (call.method === "POST" && call.path === CONSOLE_PATHS.messages(5)) {
        if (failures-- > 0) throw network();
        const { Text, UID } = call.body as { Text: string; UID: string };
        return msg(UID, { Text, IsInternal: true, UserName: ME.fullName });
      }
      return defaultServer(call);
    };
    const desk = newConsole();
    desk.start();
    desk.open(5);
    await settle();
    assert.equal(desk.reply(5, "On it"), true);
    const uid = desk.store.get().conversations[5]?.messages.at(-1)?.uid ?? "";
    assert.deepEqual(lines(desk), ["m1:ack", `${uid}:pending`], "it shows at once, unacknowledged");
    await desk.settled();
    assert.equal(posts().length, 3);
    assert.equal(posts(uid).length, 3, "every attempt carries the same UID");
    assert.deepEqual(
      posts().map((call) => call.body),
      Array.from({ length: 3 }, () => ({ Text: "On it", UID: uid })),
    );
    assert.deepEqual(slept, [REPLY_RETRY_BASE_MS, REPLY_RETRY_BASE_MS * 2], "backing off between attempts");
    // The hub's event of the stored reply comes too: still one line.
    hub.emit("chat", "message", msg(uid, { Text: "On it", IsInternal: true, UserName: ME.fullName }));
    assert.deepEqual(lines(desk), ["m1:ack", `${uid}:ack`]);
    assert.equal(desk.store.get().conversations[5]?.messages.at(-1)?.own, true);
  });

  for (const [name, error] of [
    ["409 (the session is not taken by me)", new ApiError(409, 4031, "Take the support session first.")],
    ["400 (refused text)", new ApiError(400, 1001, "The message is not valid.")],
    ["403 (no Write on the module)", new ApiError(403, 1002, "Forbidden")],
  ] as const) {
    test(`a reply refused with ${name} is marked failed without retrying`, async () => {
      server = (call) => {
        if (call.method === "POST" && call.path === CONSOLE_PATHS.messages(5)) throw error;
        return defaultServer(call);
      };
      const desk = newConsole();
      desk.start();
      desk.open(5);
      await settle();
      desk.reply(5, "Hello");
      await desk.settled();
      assert.equal(posts().length, 1);
      assert.deepEqual(slept, []);
      const uid = desk.store.get().conversations[5]?.messages.at(-1)?.uid;
      assert.deepEqual(lines(desk), ["m1:ack", `${uid}:pending:failed`]);
    });
  }

  test(`a reply the server keeps failing on (503) is tried ${REPLY_ATTEMPTS} times, then marked failed; retry sends the same UID`, async () => {
    let down = true;
    server = (call) => {
      if (call.method === "POST" && call.path === CONSOLE_PATHS.messages(5)) {
        if (down) throw new ApiError(503, 5051, "Upstream unavailable");
        const { Text, UID } = call.body as { Text: string; UID: string };
        return msg(UID, { Text, IsInternal: true });
      }
      return defaultServer(call);
    };
    const desk = newConsole();
    desk.start();
    desk.open(5);
    await settle();
    desk.reply(5, "Hello");
    await desk.settled();
    const uid = desk.store.get().conversations[5]?.messages.at(-1)?.uid ?? "";
    assert.equal(posts(uid).length, REPLY_ATTEMPTS);
    assert.deepEqual(lines(desk), ["m1:ack", `${uid}:pending:failed`]);
    down = false;
    desk.retry(5, uid);
    await desk.settled();
    assert.equal(posts(uid).length, REPLY_ATTEMPTS + 1);
    assert.deepEqual(lines(desk), ["m1:ack", `${uid}:ack`]);
  });

  test("a blank reply is not sent", async () => {
    const desk = newConsole();
    desk.open(5);
    await settle();
    assert.equal(desk.reply(5, "  \n "), false);
    await desk.settled();
    assert.equal(posts().length, 0);
  });

  interface TakeCase {
    name: string;
    answer: () => unknown;
    /** The outcome, or the code (or status) of the error thrown. */
    outcome: Awaited<ReturnType<SupportConsole["take"]>> | number;
  }
  const takeCases: TakeCase[] = [
    {
      name: "stored: taken",
      answer: () => session(2, { Status: "Active", StaffUserRecId: 7 }),
      outcome: "taken",
    },
    {
      name: `409 with ErrorCode ${SUPPORT_SESSION_TAKEN_CODE}: another member of staff was first`,
      answer: () => {
        throw new ApiError(
          409,
          SUPPORT_SESSION_TAKEN_CODE,
          "Another member of staff handles this support session.",
        );
      },
      outcome: "takenByOther",
    },
    {
      name: "409 for an archived session: thrown for the screen's §8 text",
      answer: () => {
        throw new ApiError(409, 4032, "The support session is archived.");
      },
      outcome: 4032,
    },
    {
      name: "a network failure: thrown",
      answer: () => {
        throw network();
      },
      outcome: 0,
    },
  ];
  for (const { name, answer, outcome } of takeCases) {
    test(`take: ${name}`, async () => {
      server = (call) => (call.path === CONSOLE_PATHS.take(2) ? answer() : defaultServer(call));
      const desk = newConsole();
      desk.start();
      await settle();
      if (typeof outcome === "number") {
        // Refusals other than a lost race reach the screen as the error, for its §8 text.
        await assert.rejects(
          desk.take(2),
          (error) => error instanceof ApiError && (error.code ?? error.status) === outcome,
        );
      } else assert.equal(await desk.take(2), outcome);
      const take = calls.filter((call) => call.path === CONSOLE_PATHS.take(2));
      assert.deepEqual(take, [{ path: CONSOLE_PATHS.take(2), method: "POST", body: {} }]);
      const placed = desk.store.get().sessions[2];
      assert.equal(placed?.Status, outcome === "taken" ? "Active" : "Waiting");
    });
  }

  test("taking a session open as a tab reads its transcript again (the 'now talking to' line)", async () => {
    server = (call) => (call.path === CONSOLE_PATHS.take(5) ? mine : defaultServer(call));
    const desk = newConsole();
    desk.open(5);
    await settle();
    transcript = [msg("m1"), msg("t1", { Type: "InternalUserStartTalking", IsInternal: true, Text: "" })];
    assert.equal(await desk.take(5), "taken");
    await settle();
    assert.deepEqual(lines(desk), ["m1:ack", "t1:ack"]);
  });
});
