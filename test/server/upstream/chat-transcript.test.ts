/**
 * The transcript of a support conversation as a ticket carries it (chat/transcript.ts), as data: one
 * UTC line per message a person wrote, a file as its name, deleted and system messages left out.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { transcriptText } from "../../../server/upstream/chat/transcript.ts";
import type { ChatMessageRecord, ChatMessageType } from "../../../server/upstream/store/records-content.ts";

const at = (time: string) => Date.parse(`2026-12-02T${time}Z`);

function message(
  type: ChatMessageType,
  authorName: string,
  time: string,
  text = "",
  fileName: string | null = null,
): ChatMessageRecord {
  return {
    recId: 1,
    uid: "m-00000001",
    accountId: 2,
    sessionId: 3,
    authorUserId: authorName === "" ? null : 4,
    authorName,
    isInternal: false,
    type,
    text,
    fileUid: fileName === null ? null : "file",
    fileName,
    createdAt: at(time),
  };
}

const cases: [string, ChatMessageRecord[], string][] = [
  ["nothing said", [], ""],
  [
    "a text, an edited reply and a file",
    [
      message("Message", "Olivia Owner", "10:14:59", "My export fails"),
      message("MessageEdited", "Sofia Support", "10:15:00", "Which export?"),
      message("File", "Olivia Owner", "10:16:30", "", "log.txt"),
    ],
    [
      "2026-12-02 10:14 Olivia Owner: My export fails",
      "2026-12-02 10:15 Sofia Support: Which export?",
      "2026-12-02 10:16 Olivia Owner: log.txt",
    ].join("\n"),
  ],
  [
    "deleted and system messages are left out",
    [
      message("PrivacyDisclaimer", "", "10:00:00", "Chats are recorded."),
      message("InternalUserStartTalking", "Sofia Support", "10:01:00"),
      message("MessageDeleted", "Olivia Owner", "10:02:00"),
      message("StaffBusy", "Sofia Support", "10:03:00"),
      message("Message", "Olivia Owner", "10:04:00", "Still there?"),
      message("SessionArchived", "Sofia Support", "10:05:00"),
    ],
    "2026-12-02 10:04 Olivia Owner: Still there?",
  ],
  [
    "a multi-line message keeps its lines; an author no longer known shows as ?",
    [message("Message", "", "23:59:00", "line one\nline two")],
    "2026-12-02 23:59 ?: line one\nline two",
  ],
];

for (const [what, messages, expected] of cases) {
  test(`transcript: ${what}`, () => {
    assert.equal(transcriptText(messages), expected);
  });
}
