/**
 * The lines of a conversation as the console shows them (§4.4 staff side): system sentences, authors,
 * the agent's own replies and what they offer, delivery states and the staff attachment URL.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type {
  ConsoleMessage,
  StaffSession,
} from "../../../../../runtime/screens/admin/support-console/console-state.ts";
import {
  deliveryState,
  isOwnReply,
  lineAuthor,
  replyActions,
  staffFileUrl,
  systemLineText,
} from "../../../../../runtime/screens/admin/support-console/conversation-lines.ts";

const line = (fields: Partial<ConsoleMessage> = {}): ConsoleMessage => ({
  uid: "u-1",
  type: "Message",
  text: "hello",
  userName: "Sam Agent",
  isInternal: true,
  fileId: null,
  fileName: null,
  date: "2025-01-02T10:00:00Z",
  edited: false,
  deleted: false,
  own: false,
  acknowledged: true,
  failed: false,
  ...fields,
});

const active = { Status: "Active", StaffUserRecId: 7 } as const;
const me = { userId: 7, fullName: "Sam Agent" };

describe("systemLineText", () => {
  const cases: Array<[Partial<ConsoleMessage>, ReturnType<typeof systemLineText>]> = [
    [{ type: "Message" }, null],
    [{ type: "File" }, null],
    [
      { type: "InternalUserStartTalking", userName: "Sam" },
      { key: "SupportConsole_LineTalking", params: { name: "Sam" } },
    ],
    [{ type: "InternalUserStartTalking", userName: "  " }, { key: "SupportConsole_LineTalkingNoName" }],
    [{ type: "StaffBusy" }, { key: "SupportConsole_LineStaffBusy" }],
    [
      { type: "SessionArchived", userName: "Sam" },
      { key: "SupportConsole_LineArchived", params: { name: "Sam" } },
    ],
    [{ type: "SessionArchived", userName: null }, { key: "SupportConsole_LineArchivedNoName" }],
    [{ type: "PleaseWait" }, { key: "SupportConsole_LinePleaseWait" }],
    [{ type: "PrivacyDisclaimer" }, { key: "SupportConsole_LinePrivacy" }],
    [{ type: "Open" }, { key: "Chat_ServiceOpened" }],
    [{ type: "Close" }, { key: "Chat_ServiceClosed" }],
  ];
  for (const [fields, expected] of cases) {
    test(`${fields.type} ${JSON.stringify(fields.userName ?? null)}`, () =>
      assert.deepEqual(systemLineText(line(fields)), expected));
  }
});

describe("lineAuthor", () => {
  const session = { UserFullName: "Mia Member" } as Pick<StaffSession, "UserFullName">;
  test("staff lines name the staff member", () => assert.equal(lineAuthor(line(), session), "Sam Agent"));
  test("staff lines without a name have none (the view says Support)", () =>
    assert.equal(lineAuthor(line({ userName: null }), session), null));
  test("member lines name the member", () =>
    assert.equal(lineAuthor(line({ isInternal: false, userName: "Mia" }), session), "Mia"));
  test("member lines without a name take the session's member", () =>
    assert.equal(lineAuthor(line({ isInternal: false, userName: null }), session), "Mia Member"));
});

describe("isOwnReply", () => {
  const cases: Array<
    [
      string,
      ConsoleMessage,
      (
        | typeof active
        | { Status: "Active" | "Archived" | "Waiting"; StaffUserRecId: number | null }
        | undefined
      ),
      boolean,
    ]
  > = [
    ["sent from this console", line({ own: true, userName: null }), active, true],
    ["under my name after a reload", line(), active, true],
    ["a file under my name", line({ type: "File", fileId: "f1", fileName: "a.png" }), active, true],
    ["another staff member's reply", line({ userName: "Other Agent" }), active, false],
    ["the member's message", line({ isInternal: false, userName: "Sam Agent" }), active, false],
    ["a system line under my name", line({ type: "InternalUserStartTalking" }), active, false],
    ["deleted", line({ deleted: true, own: true }), active, false],
    ["not stored yet", line({ own: true, acknowledged: false }), active, false],
    [
      "the session is someone else's now",
      line({ own: true }),
      { Status: "Active", StaffUserRecId: 8 },
      false,
    ],
    ["the session is archived", line({ own: true }), { Status: "Archived", StaffUserRecId: 7 }, false],
    ["no session known", line({ own: true }), undefined, false],
  ];
  for (const [name, message, session, expected] of cases) {
    test(name, () => assert.equal(isOwnReply(message, session, me), expected));
  }
  test("without a known me nothing is mine", () =>
    assert.equal(isOwnReply(line({ own: true }), active, { userId: null, fullName: null }), false));
});

describe("replyActions and deliveryState", () => {
  test("a text can be edited and deleted; a file only deleted", () => {
    assert.deepEqual(replyActions({ type: "Message" }), { edit: true, remove: true });
    assert.deepEqual(replyActions({ type: "File" }), { edit: false, remove: true });
  });
  const cases: Array<[Partial<ConsoleMessage>, ReturnType<typeof deliveryState>]> = [
    [{ own: true, acknowledged: false, failed: false }, "sending"],
    [{ own: true, acknowledged: false, failed: true }, "failed"],
    [{ own: true, acknowledged: true }, null],
    [{ own: false, acknowledged: true }, null],
  ];
  for (const [fields, expected] of cases) {
    test(JSON.stringify(fields), () => assert.equal(deliveryState(line(fields)), expected));
  }
});

test("staffFileUrl: the staff download through the gateway, the id encoded", () => {
  assert.equal(staffFileUrl(12, "abc-1"), "/api/Admin/SupportChat/Sessions/12/File?id=abc-1");
  assert.equal(staffFileUrl(3, "a&b"), "/api/Admin/SupportChat/Sessions/3/File?id=a%26b");
});
