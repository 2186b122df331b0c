/**
 * The chat's calls with the real hub client on a scripted socket and a fake HTTP layer: messages go
 * through the outbox (sent after a reconnect, resent under the same UID after a drop — no loss, no
 * duplicates), the member's edits and deletions of their own messages (the same outbox; a refusal
 * in the §8 banner), hub events, the dropped connection, attachments and the rating.
 */
import assert from "node:assert/strict";
import { afterEach, before, beforeEach, describe, mock, test } from "node:test";
import i18next from "i18next";
import { FILE_TOO_BIG, FILE_UPLOAD_FAILED } from "../../../runtime/chat/chat-rules.ts";
import {
  CHAT_PATHS,
  chatPanel,
  chatStore,
  createMemberChat,
  deleteChatMessage,
  editChatMessage,
  retryChatMessage,
  sendChatMessage,
  setChatIo,
  startChat,
  submitChatRating,
  uploadChatFile,
} from "../../../runtime/chat/chat-store.ts";
import { ApiError } from "../../../runtime/http/api-error.ts";
import type { HubClient } from "../../../runtime/realtime/hub-client.ts";
import { realtimeClient } from "../../../runtime/session/realtime-session.ts";
import { sessionStore } from "../../../runtime/session/session-store.ts";
import { bannerStore } from "../../../runtime/state/banner-store.ts";
import { CHAT_ATTACHMENT_MAX_BYTES } from "../../../runtime/state/constants.ts";
import { profile } from "../../helpers/guard-fixture.ts";
import { connected, latest, ScriptedSocket, startClient } from "../realtime/scripted-socket.ts";

/** §6: a member with the chat; staff answering chats (SupportSessions Read) with the same grants. */
const chatMember = profile({
  permissions: { InAppChatAccess: "rw" },
  features: { SupportChat: "Included" },
});
const chatStaff = profile({
  permissions: { InAppChatAccess: "rw" },
  features: { SupportChat: "Included" },
  admin: { Users: { read: true, write: true }, SupportSessions: { read: true, write: true } },
});
/** The session passes to `next` (the store holds its profile before its hub client appears). */
function signedInAs(next: typeof chatMember): void {
  sessionStore.update((s) => {
    s.profile = next as never;
  });
}

interface Call {
  path: string;
  method: string;
  body?: unknown;
}
let calls: Call[] = [];
let active = { IsActive: true, Messages: [] as unknown[] };
let answer: (call: Call) => unknown = () => null;

const echo = (uid: string, text: string) => ({
  UID: uid,
  Type: "Message",
  Text: text,
  UserName: "Olivia Owner",
  IsInternal: false,
  Acknowledged: true,
  SupportSessionRecId: 7,
});
const lines = () =>
  chatStore
    .get()
    .entries.map((entry) => (entry.kind === "message" ? `${entry.uid}:${entry.acknowledged}` : entry.id));
/** The message UID of a SendMessage invocation frame (its third argument). */
const uidOf = (frame: Record<string, unknown> | undefined): string =>
  String((frame?.args as unknown[] | undefined)?.[2]);
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

setChatIo({
  page: () => "/dashboards",
  request: (async (path: string, options: { method?: string; body?: unknown } = {}) => {
    const call = {
      path,
      method: options.method ?? "GET",
      ...(options.body === undefined ? {} : { body: options.body }),
    };
    calls.push(call);
    if (path === CHAT_PATHS.active) return active;
    return answer(call);
  }) as never,
});
signedInAs(chatMember);
startChat();

function connect(): { client: HubClient; socket: ScriptedSocket } {
  const started = startClient();
  realtimeClient.set(started.client);
  started.socket.open();
  started.socket.receive(connected);
  return started;
}

/** The §8 text of the gateway's HubUpstreamMethodError, so the banner can name it. */
const METHOD_ERROR_KEY = "ErrorCode5075";

describe("chat store (§4.4, §5, §7)", () => {
  before(async () => {
    await i18next.init({
      lng: "en",
      resources: {
        en: { translation: { [METHOD_ERROR_KEY]: "The service could not complete this action." } },
      },
    });
  });
  beforeEach(() => {
    ScriptedSocket.all = [];
    calls = [];
    active = { IsActive: true, Messages: [] };
    answer = () => null;
    signedInAs(chatMember);
    mock.timers.enable({ apis: ["setTimeout", "Date"] });
  });
  afterEach(() => {
    realtimeClient.get()?.close();
    realtimeClient.set(null);
    mock.timers.reset();
  });

  test("a new realtime client loads supportchat/active", async () => {
    active = { IsActive: true, Messages: [echo("m-00000001", "earlier")] };
    connect();
    await settle();
    assert.deepEqual(calls, [{ path: CHAT_PATHS.active, method: "GET" }]);
    assert.equal(chatStore.get().active, true);
    assert.deepEqual(lines(), ["m-00000001:true"]);
  });

  test("blank messages are not sent", () => {
    connect();
    assert.equal(sendChatMessage("   "), false);
    assert.equal(latest().invocations().length, 0);
  });

  test("a message is sent with SendMessage(page, text, uid) and acknowledged by the result", async () => {
    const { socket } = connect();
    await settle();
    assert.equal(sendChatMessage("hello"), true);
    const [frame] = socket.invocations();
    const args = frame?.args as [string, string, string];
    assert.equal(frame?.target, "SendMessage");
    assert.deepEqual(args.slice(0, 2), ["/dashboards", "hello"]);
    assert.deepEqual(lines(), [`${args[2]}:false`]);
    socket.receive({ t: "event", hub: "chat", target: "message", args: [echo(args[2], "hello")] });
    socket.receive({ t: "result", id: frame?.id, ok: true, result: echo(args[2], "hello") });
    await settle();
    assert.deepEqual(lines(), [`${args[2]}:true`], "the echo and the result are the same line");
  });

  test("sent while disconnected: kept, sent once after the reconnect; a drop in flight resends the same UID", async () => {
    const { socket: first } = connect();
    await settle();
    first.drop();
    assert.equal(chatStore.get().active, false, "a dropped connection makes the chat inactive");
    sendChatMessage("are you there?");
    assert.equal(first.invocations().length, 0);
    mock.timers.tick(500);
    const second = latest();
    second.open();
    second.receive(connected);
    await settle();
    assert.equal(chatStore.get().active, true, "the reconnect reloads the server's state");
    const [sent] = second.invocations();
    const uid = uidOf(sent);
    second.drop(); // unanswered: outcome unknown
    mock.timers.tick(500);
    const third = latest();
    third.open();
    third.receive(connected);
    const [resent] = third.invocations();
    assert.equal(uidOf(resent), uid, "the same UID: the server stores it once");
    third.receive({ t: "result", id: resent?.id, ok: true, result: echo(uid, "are you there?") });
    await settle();
    assert.deepEqual(lines(), [`${uid}:true`]);
  });

  test("a refused message can be sent again under its UID", async () => {
    const { socket } = connect();
    await settle();
    sendChatMessage("closed?");
    const [frame] = socket.invocations();
    const uid = uidOf(frame);
    socket.receive({
      t: "result",
      id: frame?.id,
      ok: false,
      error: { ErrorCode: 5075, Message: "The support chat is closed.", retryable: false },
    });
    await settle();
    const entry = chatStore.get().entries[0];
    assert.ok(entry?.kind === "message" && entry.failed);
    retryChatMessage(uid);
    const again = socket.invocations()[1];
    assert.equal(uidOf(again), uid);
  });

  test("an edit goes with EditMessage(uid, text) through the outbox; its result edits the line, marked edited", async () => {
    active = { IsActive: true, Messages: [echo("m-00000001", "first")] };
    const { socket } = connect();
    await settle();
    assert.equal(await editChatMessage("m-00000001", "  \n "), false, "§5: a blank text is not sent");
    assert.equal(await editChatMessage("m-00000001", "first"), true, "an unchanged text changes nothing");
    assert.equal(socket.invocations().length, 0);
    const edited = editChatMessage("m-00000001", "fixed");
    const [frame] = socket.invocations();
    assert.equal(frame?.target, "EditMessage");
    assert.deepEqual(frame?.args, ["m-00000001", "fixed"]);
    socket.receive({
      t: "result",
      id: frame?.id,
      ok: true,
      result: { ...echo("m-00000001", "fixed"), Type: "MessageEdited" },
    });
    assert.equal(await edited, true);
    const entry = chatStore.get().entries[0];
    assert.ok(entry?.kind === "message" && entry.text === "fixed" && entry.edited);
    assert.deepEqual(lines(), ["m-00000001:true"]);
  });

  test("an edit whose answer a drop lost is sent again, and changes the line once", async () => {
    active = { IsActive: true, Messages: [echo("m-00000001", "first")] };
    const { socket: first } = connect();
    await settle();
    const edited = editChatMessage("m-00000001", "fixed");
    assert.equal(first.invocations().length, 1);
    first.drop();
    mock.timers.tick(500);
    const second = latest();
    second.open();
    second.receive(connected);
    await settle();
    const [resent] = second.invocations();
    assert.deepEqual(resent?.args, ["m-00000001", "fixed"], "the same edit: the server applies it once");
    const result = { ...echo("m-00000001", "fixed"), Type: "MessageEdited" };
    second.receive({ t: "event", hub: "chat", target: "edited", args: [result] });
    second.receive({ t: "result", id: resent?.id, ok: true, result });
    assert.equal(await edited, true);
    assert.deepEqual(lines(), ["m-00000001:true"]);
    const entry = chatStore.get().entries[0];
    assert.ok(entry?.kind === "message" && entry.text === "fixed" && entry.edited);
  });

  test("a deletion goes with DeleteMessage(uid); its result removes the line, a file's too", async () => {
    const file = { ...echo("f-00000001", ""), Type: "File", FileID: "file-1", FileName: "shot.png" };
    active = { IsActive: true, Messages: [echo("m-00000001", "first"), file] };
    const { socket } = connect();
    await settle();
    assert.equal(await editChatMessage("f-00000001", "a file has no text"), false);
    assert.equal(socket.invocations().length, 0);
    for (const uid of ["m-00000001", "f-00000001"]) {
      const deleted = deleteChatMessage(uid);
      const frame = socket.invocations().at(-1);
      assert.equal(frame?.target, "DeleteMessage");
      assert.deepEqual(frame?.args, [uid]);
      const result = { ...echo(uid, ""), Type: "MessageDeleted" };
      socket.receive({ t: "result", id: frame?.id, ok: true, result });
      assert.equal(await deleted, true);
    }
    assert.deepEqual(lines(), []);
  });

  test("staff and system messages, unsent ones and those of an archived session are not changed", async () => {
    const staffReply = { ...echo("s-00000001", "reply"), IsInternal: true, UserName: "Sofia Support" };
    const busy = { ...echo("b-00000001", ""), Type: "StaffBusy", IsInternal: true };
    const archived = { ...echo("a-00000001", ""), Type: "SessionArchived", IsInternal: true };
    active = { IsActive: true, Messages: [echo("m-00000001", "old"), staffReply, busy, archived] };
    const { socket } = connect();
    await settle();
    sendChatMessage("not yet acknowledged");
    const pending = uidOf(socket.invocations()[0]);
    for (const uid of ["m-00000001", "s-00000001", "b-00000001", "a-00000001", pending]) {
      assert.equal(await editChatMessage(uid, "changed"), false, uid);
      assert.equal(await deleteChatMessage(uid), false, uid);
    }
    assert.equal(socket.invocations().length, 1, "only the SendMessage");
  });

  test("§8: a refused change shows the gateway's text in the banner and leaves the line", async () => {
    active = { IsActive: true, Messages: [echo("m-00000001", "first")] };
    const { socket } = connect();
    await settle();
    for (const change of [
      () => editChatMessage("m-00000001", "fixed"),
      () => deleteChatMessage("m-00000001"),
    ]) {
      bannerStore.update((s) => {
        s.banner = null;
      });
      const outcome = change();
      const frame = socket.invocations().at(-1);
      socket.receive({
        t: "result",
        id: frame?.id,
        ok: false,
        error: { ErrorCode: 5075, Message: "Message not found.", retryable: false },
      });
      assert.equal(await outcome, false);
      const banner = bannerStore.get().banner;
      assert.ok(banner && "textKey" in banner, String(frame?.target));
      assert.equal(banner.kind, "error");
      assert.equal(banner.textKey, METHOD_ERROR_KEY);
    }
    const entry = chatStore.get().entries[0];
    assert.ok(entry?.kind === "message" && entry.text === "first" && !entry.edited);
  });

  test("open, close and staff events reach the chat", async () => {
    const { socket } = connect();
    await settle();
    socket.receive({ t: "event", hub: "chat", target: "close", args: [] });
    assert.equal(chatStore.get().active, false);
    socket.receive({ t: "event", hub: "chat", target: "open", args: [] });
    assert.equal(chatStore.get().active, true);
    socket.receive({
      t: "event",
      hub: "chat",
      target: "staffBusy",
      args: [{ UID: "busy-0001", Type: "StaffBusy", Text: "", UserName: null, IsInternal: true }],
    });
    socket.receive({ t: "event", hub: "chat", target: "message", args: [{ nonsense: true }] });
    assert.deepEqual(lines(), ["busy-0001:true"]);
    assert.equal(chatStore.get().unread, true);
  });

  test(`an attachment over ${CHAT_ATTACHMENT_MAX_BYTES} bytes is refused before sending`, async () => {
    connect();
    await settle();
    calls = [];
    const error = await uploadChatFile(new Blob([new Uint8Array(CHAT_ATTACHMENT_MAX_BYTES + 1)]), "big.png");
    assert.deepEqual(error, FILE_TOO_BIG);
    assert.deepEqual(calls, []);
  });

  test("an attachment goes with PUT supportchat/file (UID, Page, file[]) and becomes its message", async () => {
    connect();
    await settle();
    answer = (call) => {
      const form = call.body as FormData;
      return {
        ...echo(String(form.get("UID")), ""),
        Type: "File",
        FileID: "file-1",
        FileName: (form.get("file[]") as File).name,
      };
    };
    const error = await uploadChatFile(new Blob(["png"]), "shot.png");
    assert.equal(error, null);
    const put = calls.find((call) => call.method === "PUT");
    assert.equal(put?.path, CHAT_PATHS.file);
    const form = put?.body as FormData;
    assert.equal(form.get("Page"), "/dashboards");
    assert.match(String(form.get("UID")), /^[A-Za-z0-9-]{8,64}$/);
    const entry = chatStore.get().entries[0];
    assert.ok(entry?.kind === "message" && entry.fileId === "file-1" && entry.acknowledged);
  });

  test("a failed attachment shows the file error and leaves no line", async () => {
    connect();
    await settle();
    answer = () => {
      throw new ApiError(500, null, "boom");
    };
    assert.deepEqual(await uploadChatFile(new Blob(["x"]), "a.txt"), FILE_UPLOAD_FAILED);
    assert.deepEqual(chatStore.get().entries, []);
  });

  test("the rating goes to SupportSessions/SaveRating and clears the conversation", async () => {
    const { socket } = connect();
    await settle();
    chatPanel.open();
    socket.receive({
      t: "event",
      hub: "chat",
      target: "sessionArchived",
      args: [
        { UID: "arch-0001", Type: "SessionArchived", Text: "", IsInternal: true, SupportSessionRecId: 7 },
      ],
    });
    assert.equal(chatStore.get().ratingOpen, true);
    await submitChatRating(4, "Quick");
    assert.deepEqual(calls.at(-1), {
      path: CHAT_PATHS.rating,
      method: "POST",
      body: { Feedback: "Quick", Rating: 4, SupportSessionRecId: 7 },
    });
    assert.deepEqual(chatStore.get().entries, []);
    assert.equal(chatStore.get().unread, false);
    chatPanel.close();
  });

  test("staff who answer chats make no member chat call, also when the session's identity changes", async () => {
    signedInAs(chatStaff);
    const { socket } = connect();
    await settle();
    // Impersonation started in another window of the session: the gateway reconnects the
    // session's upstream hubs with the member's identity (status reconnecting, then connected).
    socket.receive({ t: "status", upstream: "reconnecting" });
    socket.receive(connected);
    await settle();
    assert.deepEqual(calls, []);
    assert.equal(chatStore.get().status, "idle");
  });

  test("the chat stops following once the session passes to a user without it", async () => {
    const { client } = connect();
    await settle();
    assert.equal(calls.length, 1);
    signedInAs(chatStaff);
    client.close();
    const next = connect();
    next.socket.receive({ t: "status", upstream: "reconnecting" });
    next.socket.receive(connected);
    await settle();
    assert.equal(calls.length, 1, "no call for the user without the chat");
    assert.deepEqual(chatStore.get().entries, []);
  });

  test("signing out resets the chat", async () => {
    active = { IsActive: true, Messages: [echo("m-00000001", "x")] };
    connect();
    await settle();
    realtimeClient.set(null);
    assert.deepEqual(chatStore.get().entries, []);
    assert.equal(chatStore.get().status, "idle");
  });
});

describe("createMemberChat: one member's chat over its own hub client and HTTP layer", () => {
  /** A chat on a scripted socket, answering supportchat/active from `list`. */
  function memberChat(name: string) {
    const started = startClient();
    const own = { calls: [] as Call[], list: { IsActive: true, Messages: [] as unknown[] } };
    const chat = createMemberChat({
      hub: started.client,
      page: () => "/reports",
      myName: () => name,
      request: (async (path: string, options: { method?: string } = {}) => {
        own.calls.push({ path, method: options.method ?? "GET" });
        const answer = own.list;
        await Promise.resolve();
        return answer;
      }) as never,
    });
    return { ...started, chat, own };
  }

  test("each chat has its own store; its messages go through its own hub client", async () => {
    const first = memberChat("Member One");
    const second = memberChat("Member Two");
    first.chat.start();
    second.chat.start();
    first.socket.open();
    first.socket.receive(connected);
    await settle();
    assert.equal(first.chat.send("from one"), true);
    const [frame] = first.socket.invocations();
    assert.deepEqual((frame?.args as unknown[] | undefined)?.slice(0, 2), ["/reports", "from one"]);
    assert.equal(second.socket.invocations().length, 0);
    assert.notEqual(first.chat.store, second.chat.store);
    assert.deepEqual(
      first.chat.store.get().entries.map((e) => e.kind === "message" && e.userName),
      ["Member One"],
    );
    assert.deepEqual(second.chat.store.get().entries, []);
    first.client.close();
    second.client.close();
  });

  test("a reload after a drop keeps what the hub said while it was read; the stop ends listening", async () => {
    const { chat, socket, client, own } = memberChat("Member One");
    const stop = chat.start();
    socket.open();
    socket.receive(connected);
    await settle();
    assert.equal(own.calls.length, 1);
    socket.receive({ t: "status", upstream: "reconnecting" });
    assert.equal(chat.store.get().active, false);
    // The list is read before the staff reply is stored; the reply's event overtakes its answer.
    own.list = { IsActive: true, Messages: [echo("m-00000001", "earlier")] };
    socket.receive(connected);
    socket.receive({
      t: "event",
      hub: "chat",
      target: "message",
      args: [{ ...echo("r-00000001", "reply"), IsInternal: true, UserName: "Sofia Support" }],
    });
    await settle();
    assert.equal(own.calls.length, 2, "the reconnect reads supportchat/active again");
    assert.deepEqual(
      chat.store.get().entries.flatMap((e) => (e.kind === "message" ? [e.uid] : [])),
      ["m-00000001", "r-00000001"],
    );
    stop();
    socket.receive({ t: "event", hub: "chat", target: "message", args: [echo("m-00000002", "late")] });
    socket.receive({ t: "status", upstream: "reconnecting" });
    socket.receive(connected);
    await settle();
    assert.equal(own.calls.length, 2);
    assert.equal(chat.store.get().entries.length, 3, "nothing changes a stopped chat");
    client.close();
  });
});
