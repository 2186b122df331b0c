/**
 * Which waiting members a desktop notification announces (§4.4 staff side): new ones only, after the
 * first load, while notifications are on and the agent is not looking at the console.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type ConsoleState,
  consoleReducer,
  initialConsoleState,
  type StaffSession,
} from "../../../../../runtime/screens/admin/support-console/console-state.ts";
import { sessionsToAnnounce } from "../../../../../runtime/screens/admin/support-console/desktop-notice.ts";

const session = (RecId: number, Status: StaffSession["Status"] = "Waiting"): StaffSession => ({
  RecId,
  AccountRecId: 1,
  AccountName: "Contoso",
  UserRecId: 100 + RecId,
  UserFullName: `Member ${RecId}`,
  Status,
  Page: "/home",
  StaffUserRecId: Status === "Active" ? 7 : null,
  StaffFullName: Status === "Active" ? "Sam" : null,
  StartedAt: `2025-01-02T10:0${RecId}:00Z`,
  ArchivedAt: null,
  MessageCount: 1,
  LastMessageAt: null,
  Rating: null,
  Feedback: null,
});

const loaded = (sessions: StaffSession[]): ConsoleState =>
  consoleReducer(initialConsoleState(), { type: "queueLoaded", sessions });
const away = { hidden: true, focused: false };

describe("sessionsToAnnounce", () => {
  const before = loaded([session(1)]);
  const after = consoleReducer(before, { type: "sessionUpdated", session: session(2) });

  test("a member who starts waiting is announced while the tab is hidden", () =>
    assert.deepEqual(
      sessionsToAnnounce(before, after, away, true).map((s) => s.RecId),
      [2],
    ));
  test("also while another window has the focus", () =>
    assert.equal(sessionsToAnnounce(before, after, { hidden: false, focused: false }, true).length, 1));
  test("not while the agent looks at the console", () =>
    assert.deepEqual(sessionsToAnnounce(before, after, { hidden: false, focused: true }, true), []));
  test("not without notifications on", () =>
    assert.deepEqual(sessionsToAnnounce(before, after, away, false), []));
  test("the first load announces nobody: the queue on display is not news", () =>
    assert.deepEqual(sessionsToAnnounce(initialConsoleState(), before, away, true), []));
  test("a waiting member taken by staff is no news", () => {
    const taken = consoleReducer(before, { type: "sessionUpdated", session: session(1, "Active") });
    assert.deepEqual(sessionsToAnnounce(before, taken, away, true), []);
  });
  test("members who started waiting while the connection was down are announced by the reload", () => {
    const reloaded = consoleReducer(before, { type: "queueLoaded", sessions: [session(1), session(3)] });
    assert.deepEqual(
      sessionsToAnnounce(before, reloaded, away, true).map((s) => s.RecId),
      [3],
    );
  });
});
