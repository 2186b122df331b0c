/**
 * The notification list states of §4.3 as data: new until the dropdown is opened, then marked
 * read; clear-all empties the list; live additions once, on top.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  idsToMarkRead,
  initialNotificationsState,
  isNotificationRecord,
  type NotificationsAction,
  type NotificationsState,
  notificationsReducer,
  unreadCount,
} from "../../../runtime/notifications/notifications-state.ts";
import type { NotificationRecord } from "../../../schemas/payloads/notification-record.ts";

const record = (RecId: number, IsNew: boolean, Code = "AddedToTeam"): NotificationRecord => ({
  RecId,
  IsNew,
  Code,
  Date: "2030-01-01T00:00:00.000Z",
});

const run = (...actions: NotificationsAction[]): NotificationsState =>
  actions.reduce(notificationsReducer, initialNotificationsState());

const loaded = (...records: NotificationRecord[]): NotificationsAction => ({ type: "loaded", records });

describe("notification list (§4.3)", () => {
  test("loading, then the list and its unread count", () => {
    const loading = run({ type: "loadStarted" });
    assert.equal(loading.status, "loading");
    const state = run({ type: "loadStarted" }, loaded(record(3, true), record(2, true), record(1, false)));
    assert.equal(state.status, "ready");
    assert.equal(unreadCount(state), 2);
    assert.deepEqual(idsToMarkRead(state), []);
  });

  test("a failed load is an error state", () => {
    assert.equal(run({ type: "loadStarted" }, { type: "loadFailed" }).status, "error");
  });

  test("opening marks the new entries read at once, keeps them highlighted and queues them for the server", () => {
    const state = run(loaded(record(3, true), record(2, true), record(1, false)), { type: "opened" });
    assert.equal(unreadCount(state), 0);
    assert.deepEqual(state.highlighted, [3, 2]);
    assert.deepEqual(idsToMarkRead(state), [3, 2]);
  });

  test("once sent, nothing is queued twice", () => {
    const state = run(loaded(record(2, true)), { type: "opened" }, { type: "readSending", recIds: [2] });
    assert.deepEqual(idsToMarkRead(state), []);
    assert.equal(unreadCount(state), 0);
  });

  test("a failed save makes them new again", () => {
    const state = run(
      loaded(record(2, true), record(1, true)),
      { type: "opened" },
      { type: "readSending", recIds: [2, 1] },
      { type: "readFailed", recIds: [2, 1] },
    );
    assert.equal(unreadCount(state), 2);
  });

  test("closing ends the highlight", () => {
    const state = run(loaded(record(1, true)), { type: "opened" }, { type: "closed" });
    assert.equal(state.open, false);
    assert.deepEqual(state.highlighted, []);
  });

  test("a live addition while closed goes on top and counts as new", () => {
    const state = run(loaded(record(1, false)), { type: "added", record: record(9, true) });
    assert.deepEqual(
      state.records.map((r) => r.RecId),
      [9, 1],
    );
    assert.equal(unreadCount(state), 1);
  });

  test("the same notification twice is listed once", () => {
    const state = run(loaded(record(9, true)), { type: "added", record: record(9, true) });
    assert.equal(state.records.length, 1);
  });

  test("a live addition while open is shown as new and marked read with it", () => {
    const state = run(loaded(), { type: "opened" }, { type: "added", record: record(5, true) });
    assert.deepEqual(state.highlighted, [5]);
    assert.deepEqual(idsToMarkRead(state), [5]);
    assert.equal(unreadCount(state), 0);
  });

  test("a list loaded while open is read at once", () => {
    const state = run({ type: "opened" }, loaded(record(4, true)));
    assert.deepEqual(state.highlighted, [4]);
    assert.equal(unreadCount(state), 0);
  });

  test("clear-all empties the list", () => {
    const state = run(loaded(record(1, true), record(2, false)), { type: "cleared" });
    assert.deepEqual(state.records, []);
    assert.equal(unreadCount(state), 0);
  });

  test("reset forgets everything (sign-out)", () => {
    assert.deepEqual(
      run(loaded(record(1, true)), { type: "opened" }, { type: "reset" }),
      initialNotificationsState(),
    );
  });

  test("the reducer does not change the state it is given", () => {
    const before = run(loaded(record(1, true)));
    const snapshot = structuredClone(before);
    notificationsReducer(before, { type: "opened" });
    assert.deepEqual(before, snapshot);
  });

  for (const [value, expected] of [
    [record(1, true), true],
    [{ RecId: "1", Code: "X", IsNew: true }, false],
    [{ RecId: 1, IsNew: true }, false],
    [{ RecId: 1, Code: "X" }, false],
    [null, false],
    ["x", false],
  ] as const) {
    test(`isNotificationRecord(${JSON.stringify(value)}) is ${expected}`, () => {
      assert.equal(isNotificationRecord(value), expected);
    });
  }

  test("10,000 entries: opening and counting stay linear", () => {
    const entries = (count: number) =>
      Array.from({ length: count }, (_, index) => record(index + 1, index % 2 === 0));
    /** The fastest of five rounds: the least disturbed by whatever else the machine runs. */
    const fastestMs = (count: number) => {
      const many = entries(count);
      let best = Number.POSITIVE_INFINITY;
      for (let round = 0; round < 5; round++) {
        const started = performance.now();
        const state = run(loaded(...many), { type: "opened" });
        best = Math.min(best, performance.now() - started);
        assert.equal(unreadCount(state), 0);
        assert.equal(idsToMarkRead(state).length, count / 2);
      }
      return best;
    };
    const small = fastestMs(1_000);
    const large = fastestMs(10_000);
    // Ten times the entries: linear work takes about ten times as long, quadratic work a hundred.
    // A ratio of two timings of the same run holds on a busy machine, where a wall-clock bound does not.
    assert.ok(
      large < Math.max(small, 1) * 30,
      `1,000 entries ${small.toFixed(1)} ms, 10,000 ${large.toFixed(1)} ms`,
    );
  });
});
