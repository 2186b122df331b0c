/**
 * §4.1 step 8, the shell's side of asking the legacy dashboard editor: which messages count as its
 * answer (table), the request it posts, the answer, the timeout (fake timers), and the registry of
 * leave askers the guard consults.
 */
import assert from "node:assert/strict";
import { describe, mock, test } from "node:test";
import {
  askToLeave,
  leaveScope,
  registerLeaveAsker,
} from "../../../runtime/navigation/leave-confirmation.ts";
import {
  askLegacyPageToLeave,
  LEGACY_LEAVE_ANSWER,
  LEGACY_LEAVE_ANSWER_TIMEOUT_MS,
  LEGACY_LEAVE_REQUEST,
  type LeaveAnswerEvent,
  leaveAnswer,
} from "../../../runtime/navigation/legacy-leave.ts";

const ORIGIN = "https://app.example.com";
const frame = { postMessage: () => undefined };
const answer = (data: unknown, overrides: Partial<LeaveAnswerEvent> = {}): LeaveAnswerEvent => ({
  origin: ORIGIN,
  source: frame,
  data,
  ...overrides,
});

describe("which message is the legacy editor's answer", () => {
  const expected = { origin: ORIGIN, source: frame, id: "r1" };
  const cases: Array<[string, LeaveAnswerEvent, boolean | null]> = [
    ["leave", answer({ type: LEGACY_LEAVE_ANSWER, id: "r1", leave: true }), true],
    ["stay", answer({ type: LEGACY_LEAVE_ANSWER, id: "r1", leave: false }), false],
    [
      "another origin",
      answer({ type: LEGACY_LEAVE_ANSWER, id: "r1", leave: true }, { origin: "https://evil.example" }),
      null,
    ],
    ["another window", answer({ type: LEGACY_LEAVE_ANSWER, id: "r1", leave: true }, { source: {} }), null],
    ["another request", answer({ type: LEGACY_LEAVE_ANSWER, id: "r0", leave: true }), null],
    ["another type", answer({ type: "tessera.openDialog", id: "r1", leave: true }), null],
    ["no boolean", answer({ type: LEGACY_LEAVE_ANSWER, id: "r1", leave: "yes" }), null],
    ["not an object", answer("leave"), null],
    ["null", answer(null), null],
  ];
  for (const [name, event, result] of cases) {
    test(`${name}: ${result}`, () => assert.equal(leaveAnswer(event, expected), result));
  }
  test("no frame window: nothing counts", () => {
    assert.equal(
      leaveAnswer(answer({ type: LEGACY_LEAVE_ANSWER, id: "r1", leave: true }, { source: null }), {
        ...expected,
        source: null,
      }),
      null,
    );
  });
});

/** A frame and a message bus under the test's control. */
function harness() {
  const posted: Array<{ message: unknown; targetOrigin: string }> = [];
  const handlers = new Set<(event: LeaveAnswerEvent) => void>();
  const frameWindow = {
    postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }),
  };
  const context = {
    frameWindow,
    ownOrigin: ORIGIN,
    listen(handler: (event: LeaveAnswerEvent) => void) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    newId: () => "req-1",
  };
  const deliver = (data: unknown, source: unknown = frameWindow) => {
    for (const handler of [...handlers]) handler({ origin: ORIGIN, source, data });
  };
  return { posted, handlers, context, deliver };
}

describe("asking the legacy page", () => {
  test("posts the request to the frame at this origin and resolves with its answer", async () => {
    const { posted, handlers, context, deliver } = harness();
    const asked = askLegacyPageToLeave(context);
    assert.deepEqual(posted, [
      { message: { type: LEGACY_LEAVE_REQUEST, id: "req-1" }, targetOrigin: ORIGIN },
    ]);
    deliver({ type: LEGACY_LEAVE_ANSWER, id: "req-1", leave: true }, {});
    deliver({ type: LEGACY_LEAVE_ANSWER, id: "req-1", leave: false });
    assert.equal(await asked, false);
    assert.equal(handlers.size, 0, "the listener is gone");
  });

  test("a page that never answers is left after the timeout", () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      const { context, handlers } = harness();
      let result: boolean | null = null;
      void askLegacyPageToLeave(context).then((leave) => {
        result = leave;
      });
      mock.timers.tick(LEGACY_LEAVE_ANSWER_TIMEOUT_MS - 1);
      assert.equal(handlers.size, 1);
      mock.timers.tick(1);
      assert.equal(handlers.size, 0);
      return Promise.resolve().then(() => assert.equal(result, true));
    } finally {
      mock.timers.reset();
    }
  });

  test("no frame window: leaving is allowed at once", async () => {
    const { context } = harness();
    assert.equal(await askLegacyPageToLeave({ ...context, frameWindow: null }), true);
  });
});

describe("the screens' leave askers", () => {
  test("the registered asker answers; its scope is what the guard reads; unregistering ends it", async () => {
    assert.equal(leaveScope(), null);
    assert.equal(await askToLeave(), true);
    const unregister = registerLeaveAsker(async () => false, "path");
    assert.equal(leaveScope(), "path");
    assert.equal(await askToLeave(), false);
    unregister();
    assert.equal(leaveScope(), null);
  });

  test("a newer screen's asker replaces the older one, whose late unregister changes nothing", async () => {
    const older = registerLeaveAsker(async () => false, "route");
    const newer = registerLeaveAsker(async () => true, "path");
    older();
    assert.equal(leaveScope(), "path");
    newer();
  });

  test("an asker that fails lets the navigation go on", async () => {
    const unregister = registerLeaveAsker(async () => {
      throw new Error("frame gone");
    });
    assert.equal(await askToLeave(), true);
    unregister();
  });
});
