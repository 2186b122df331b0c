/**
 * The chat rules of §4.4, §5 and §6 as data: access, the view, blank messages, attachment limits
 * and texts, screenshots, images by extension, pasted files, the page and the message UID, which
 * own messages may still be edited or deleted and how a refused change reads; and §5's https links
 * (the pure part of the sanitising).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AccessProfile } from "../../../core/access/access-profile.ts";
import { httpsUrl, linkifyHtml } from "../../../runtime/chat/chat-html.ts";
import {
  attachmentProblem,
  canSendMessage,
  changeableMessages,
  chatView,
  FILE_TOO_BIG,
  FILE_UPLOAD_FAILED,
  firstPastedFile,
  hasChatAccess,
  hubFailureAsApiError,
  isBlankMessage,
  isImageFileName,
  MAX_PAGE_LENGTH,
  messagePage,
  newMessageUid,
  screenshotErrorText,
  uploadErrorText,
} from "../../../runtime/chat/chat-rules.ts";
import { type ChatMessageIn, chatReducer, initialChatState } from "../../../runtime/chat/chat-state.ts";
import { ApiError } from "../../../runtime/http/api-error.ts";
import { HubInvocationError } from "../../../runtime/realtime/hub-client.ts";
import { CHAT_ATTACHMENT_MAX_BYTES } from "../../../runtime/state/constants.ts";
import { SUPPORT_CHAT_MAX_TEXT_LENGTH } from "../../../schemas/payloads/support-chat.ts";

function profile(
  permissions: Record<string, "r" | "rw">,
  chatFeature: "Included" | "Optional" | null,
): AccessProfile {
  return {
    permissions: new Map(Object.entries(permissions)),
    features: new Map(chatFeature ? [["SupportChat", chatFeature]] : []),
    adminModules: new Map(),
    isAdmin: false,
    impersonating: false,
    homePageType: null,
    homePageRedirectionMenu: null,
  } as unknown as AccessProfile;
}

/** A staff member acting as themselves (IsAdmin) with Read on `modules`, holding the chat otherwise. */
function staff(modules: readonly string[]): AccessProfile {
  return {
    ...profile({ InAppChatAccess: "rw" }, "Included"),
    isAdmin: true,
    adminModules: new Map(modules.map((key) => [key, { read: true, write: true }])),
  };
}

describe("chat access (§6)", () => {
  for (const [name, value, expected] of [
    ["permission and feature", profile({ InAppChatAccess: "rw" }, "Included"), true],
    [
      "staff who answer chats (SupportSessions Read) are no members",
      staff(["Users", "SupportSessions"]),
      false,
    ],
    ["staff without the chat's admin module are members", staff(["Invoices"]), true],
    ["read permission is enough", profile({ InAppChatAccess: "r" }, "Included"), true],
    ["no InAppChatAccess", profile({ SupportTickets: "rw" }, "Included"), false],
    ["feature only optional", profile({ InAppChatAccess: "rw" }, "Optional"), false],
    ["no feature", profile({ InAppChatAccess: "rw" }, null), false],
    ["signed out", null, false],
  ] as const) {
    test(`${name}: ${expected ? "chat" : "no-access notice"}`, () =>
      assert.equal(hasChatAccess(value), expected));
  }
});

describe("chat view (§4.4)", () => {
  for (const [input, expected] of [
    [{ access: false, loaded: true, active: true, messages: 3 }, "noAccess"],
    [{ access: true, loaded: false, active: false, messages: 0 }, "loading"],
    [{ access: true, loaded: true, active: false, messages: 0 }, "closed"],
    [{ access: true, loaded: true, active: false, messages: 2 }, "closed"],
    [{ access: true, loaded: true, active: true, messages: 0 }, "start"],
    [{ access: true, loaded: true, active: true, messages: 1 }, "conversation"],
  ] as const) {
    test(`${JSON.stringify(input)} → ${expected}`, () => assert.equal(chatView(input), expected));
  }
});

describe("messages (§5)", () => {
  for (const [text, blank] of [
    ["", true],
    ["   ", true],
    ["\n\t ", true],
    ["\u00a0", true],
    ["hi", false],
    ["  hi  ", false],
  ] as const) {
    test(`${JSON.stringify(text)} is ${blank ? "" : "not "}blank`, () => {
      assert.equal(isBlankMessage(text), blank);
      assert.equal(canSendMessage(text), !blank);
    });
  }

  test(`a message longer than ${SUPPORT_CHAT_MAX_TEXT_LENGTH} characters is not sent`, () => {
    assert.equal(canSendMessage("x".repeat(SUPPORT_CHAT_MAX_TEXT_LENGTH)), true);
    assert.equal(canSendMessage("x".repeat(SUPPORT_CHAT_MAX_TEXT_LENGTH + 1)), false);
  });

  test("the page is the path and query, within the upstream's limit", () => {
    assert.equal(messagePage({ pathname: "/dashboards/4", search: "?tab=1" }), "/dashboards/4?tab=1");
    const long = messagePage({ pathname: "/data", search: `?q=${"x".repeat(MAX_PAGE_LENGTH)}` });
    assert.equal(long, "/data");
  });

  test("message UIDs are what the server accepts (8–64 of A-Za-z0-9-)", () => {
    for (let i = 0; i < 20; i += 1) assert.match(newMessageUid(), /^[A-Za-z0-9-]{8,64}$/);
    assert.notEqual(newMessageUid(), newMessageUid());
  });
});

describe("attachments (§5)", () => {
  test(`up to ${CHAT_ATTACHMENT_MAX_BYTES} bytes is accepted; one more is 'File is too big'`, () => {
    assert.equal(attachmentProblem(CHAT_ATTACHMENT_MAX_BYTES), null);
    assert.deepEqual(attachmentProblem(CHAT_ATTACHMENT_MAX_BYTES + 1), FILE_TOO_BIG);
  });

  test("the too-big text names the maximum in MB", () => {
    assert.deepEqual(FILE_TOO_BIG, { key: "Chat_FileTooBig", params: { size: 2 } });
  });

  for (const [name, error, expected] of [
    ["413", new ApiError(413, 5001, "File is too big ; max size is 2 MB"), FILE_TOO_BIG],
    ["server error", new ApiError(500, null, "boom"), FILE_UPLOAD_FAILED],
    ["network", new ApiError(0, null, "offline", null, false, "NETWORK"), FILE_UPLOAD_FAILED],
    ["aborted", new ApiError(0, null, "aborted", null, true), null],
    ["anything else", new Error("x"), FILE_UPLOAD_FAILED],
  ] as const) {
    test(`an upload failing with ${name} shows ${expected ? expected.key : "nothing"}`, () => {
      assert.deepEqual(uploadErrorText(error), expected);
    });
  }

  for (const [name, error, expected] of [
    ["a denied permission", new DOMException("denied", "NotAllowedError"), null],
    ["a cancelled picker", new DOMException("cancelled", "AbortError"), null],
    ["another failure", new DOMException("no source", "NotReadableError"), FILE_UPLOAD_FAILED],
  ] as const) {
    test(`a screenshot ending in ${name} shows ${expected ? expected.key : "nothing"}`, () => {
      assert.deepEqual(screenshotErrorText(error), expected);
    });
  }

  for (const [name, image] of [
    ["a.png", true],
    ["A.JPG", true],
    ["photo.jpeg", true],
    ["anim.Gif", true],
    ["report.pdf", false],
    ["png", false],
    ["image.png.exe", false],
    ["", false],
    [null, false],
  ] as const) {
    test(`${JSON.stringify(name)} is ${image ? "" : "not "}an image`, () =>
      assert.equal(isImageFileName(name), image));
  }

  test("pasting takes the first file only", () => {
    const first = new File(["a"], "a.png");
    const second = new File(["b"], "b.png");
    assert.equal(firstPastedFile([first, second]), first);
    assert.equal(firstPastedFile([]), null);
    assert.equal(firstPastedFile(null), null);
  });
});

describe("links in chat text (§5)", () => {
  for (const [input, expected] of [
    ["see https://example.com/a", 'see <a href="https://example.com/a">https://example.com/a</a>'],
    ["see http://example.com/a", 'see <a href="https://example.com/a">http://example.com/a</a>'],
    ["go to www.example.com.", 'go to <a href="https://www.example.com">www.example.com</a>.'],
    ["(https://example.com/x)", '(<a href="https://example.com/x">https://example.com/x</a>)'],
    [
      "a?b=1&c=2 https://e.com/?b=1&c=2",
      'a?b=1&c=2 <a href="https://e.com/?b=1&amp;c=2">https://e.com/?b=1&c=2</a>',
    ],
    ['<a href="https://x.com">https://x.com</a>', '<a href="https://x.com">https://x.com</a>'],
    ["<b>www.example.com</b>", '<b><a href="https://www.example.com">www.example.com</a></b>'],
    ["line one\nline two", "line one<br>line two"],
    ["no links here", "no links here"],
    ["javascript:alert(1)", "javascript:alert(1)"],
  ] as const) {
    test(`${JSON.stringify(input)}`, () => assert.equal(linkifyHtml(input), expected));
  }

  for (const [found, url] of [
    ["https://a.com", "https://a.com"],
    ["HTTP://a.com/x", "https://a.com/x"],
    ["www.a.com", "https://www.a.com"],
  ] as const) {
    test(`${found} → ${url}`, () => assert.equal(httpsUrl(found), url));
  }
});

describe("changing own messages (the chat hub's EditMessage and DeleteMessage)", () => {
  const member = (UID: string, patch: Partial<ChatMessageIn> = {}): ChatMessageIn => ({
    UID,
    Type: "Message",
    Text: `text ${UID}`,
    UserName: "Olivia Owner",
    IsInternal: false,
    ...patch,
  });
  const staff = (UID: string, patch: Partial<ChatMessageIn> = {}) =>
    member(UID, { IsInternal: true, UserName: "Sofia Support", ...patch });
  const entriesOf = (messages: ChatMessageIn[], pending: string[] = []) =>
    pending.reduce(
      (state, uid) => chatReducer(state, { type: "sendStarted", uid, text: uid, userName: null }),
      chatReducer(initialChatState(), { type: "loaded", active: true, messages }),
    ).entries;
  const cases: {
    name: string;
    messages: ChatMessageIn[];
    pending?: string[];
    expect: Record<string, { edit: boolean; remove: boolean }>;
  }[] = [
    {
      name: "an own acknowledged text message: edit and delete",
      messages: [member("a")],
      expect: { a: { edit: true, remove: true } },
    },
    {
      name: "an own file message: delete only",
      messages: [member("f", { Type: "File", FileID: "1", FileName: "x.png", Text: "" })],
      expect: { f: { edit: false, remove: true } },
    },
    {
      name: "an own edited message stays changeable",
      messages: [member("a", { Type: "MessageEdited", Text: "new" })],
      expect: { a: { edit: true, remove: true } },
    },
    {
      name: "staff messages and files: neither",
      messages: [staff("s"), staff("sf", { Type: "File", FileID: "2", FileName: "y.png" })],
      expect: {},
    },
    {
      name: "system lines (staff busy, please wait, disclaimer, open, close): neither",
      messages: [
        staff("b", { Type: "StaffBusy" }),
        member("w", { Type: "PleaseWait" }),
        member("p", { Type: "PrivacyDisclaimer" }),
        member("o", { Type: "Open" }),
        member("c", { Type: "Close" }),
      ],
      expect: {},
    },
    {
      name: "a message the server has not accepted yet: neither",
      messages: [member("a")],
      pending: ["u1"],
      expect: { a: { edit: true, remove: true } },
    },
    {
      name: "messages of an archived session: neither; those after it (a new session): both",
      messages: [member("a"), staff("z", { Type: "SessionArchived" }), member("b")],
      expect: { b: { edit: true, remove: true } },
    },
  ];
  for (const { name, messages, pending, expect } of cases) {
    test(name, () => {
      assert.deepEqual(Object.fromEntries(changeableMessages(entriesOf(messages, pending))), expect);
    });
  }

  test("§8: a refused change reads as the gateway's code; a closed or ended client is silent", () => {
    const refused = hubFailureAsApiError(new HubInvocationError("refused", "Message not found.", 5075));
    assert.ok(refused instanceof ApiError && refused.code === 5075 && !refused.aborted);
    for (const reason of ["closed", "ended"] as const) {
      const silent = hubFailureAsApiError(new HubInvocationError(reason, `hub client ${reason}`));
      assert.ok(silent instanceof ApiError && silent.aborted, reason);
    }
    const other = new Error("boom");
    assert.equal(hubFailureAsApiError(other), other);
  });
});
