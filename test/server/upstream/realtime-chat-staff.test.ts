/**
 * The chat's staff side over real HTTP and WebSocket (§4.4): access (401 → 403 → success) to the
 * staff endpoints and the chat hub, the member ↔ staff round trip — a waiting session in the queue,
 * take ("now talking to"), reply, edits, busy, archive, rating — a resend stored once, attachments
 * (2 MB accepted and readable by staff, 2 MB + 1 byte refused), bad input leaving the store unchanged,
 * and another account's member who neither sees nor touches the conversation.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { connectHub, type HubRecorder, negotiateStatus, stopAll } from "./realtime-fixture.ts";
import { type Client, type Json, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

const TWO_MB = 2 * 1024 * 1024;

let upstream: RunningUpstream;
let owner: Client;
let contoso: Client;
let agent: Client;
let admin: Client;
let auditor: Client;
let member: HubRecorder;
let staff: HubRecorder;
let otherMember: HubRecorder;
const recorders: HubRecorder[] = [];
/** The support session of the round trip. */
let sessionId = 0;

before(async () => {
  upstream = await startUpstream();
  [owner, contoso, agent, admin, auditor] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "contoso"),
    signIn(upstream, "supportAgent"),
    signIn(upstream, "staffAdmin"),
    signIn(upstream, "staffAuditor"),
  ]);
  member = await connectHub(upstream, "supportchat", owner);
  staff = await connectHub(upstream, "supportchat", agent);
  otherMember = await connectHub(upstream, "supportchat", contoso);
  recorders.push(member, staff, otherMember);
});
after(async () => {
  await stopAll(recorders);
  await upstream.close();
});

const transcript = async () =>
  ((await agent.get(`/api/Admin/SupportChat/Sessions/${sessionId}`)).body.Messages as Json[]).map(
    (m) => `${m.Type}:${m.Text}`,
  );

function upload(bytes: number, name = "screenshot.png"): FormData {
  const form = new FormData();
  form.append("UID", `file-${bytes}-0001`);
  form.append("Page", "/dashboards");
  form.append("file[]", new Blob([Buffer.alloc(bytes, 7)], { type: "image/png" }), name);
  return form;
}

test("access: 401 without a session, 403 for members and without the module right, reads with Read, changes with Write", async () => {
  const anonymous = await owner.as(undefined).get("/api/Admin/SupportChat/Sessions");
  assert.equal(anonymous.status, 401);
  const asMember = await owner.get("/api/Admin/SupportChat/Sessions");
  assert.equal(asMember.status, 403);
  assert.equal(asMember.body.ErrorCode, ErrorCode.StaffOnly);
  const readOnly = await auditor.get("/api/Admin/SupportChat/Sessions?status=Archived");
  assert.equal(readOnly.status, 200);
  assert.ok(readOnly.body.Total >= 2, "the seeded archived sessions");
  const denied = await auditor.put("/api/Admin/SupportChat/Status", { IsOpen: false });
  assert.equal(denied.status, 403);
  assert.equal(denied.body.ErrorCode, ErrorCode.AdminPermissionDenied);
  assert.deepEqual((await agent.get("/api/Admin/SupportChat/Status")).body, { IsOpen: true });

  // The hub: no session → 401; a session without the chat → 403; members and staff → 200.
  const analyst = await signIn(upstream, "analyst");
  assert.equal(await negotiateStatus(upstream, "supportchat"), 401);
  assert.equal(await negotiateStatus(upstream, "supportchat", analyst.token), 403);
  assert.equal(
    await negotiateStatus(upstream, "supportchat", (await signIn(upstream, "starter")).token),
    403,
  );
  assert.equal(await negotiateStatus(upstream, "supportchat", auditor.token), 200, "staff with Read");
  assert.equal(await negotiateStatus(upstream, "user", analyst.token), 200, "the user hub is for everyone");
});

test("round trip: a waiting session, take (now talking to), reply, resend once, busy, edits, archive, rating", async () => {
  const uid = "member-msg-00000001";
  const first = (await member.connection.invoke(
    "SendMessage",
    "/dashboards",
    "My export fails",
    uid,
  )) as Json;
  sessionId = first.SupportSessionRecId;
  await staff.next("message", ([m]) => (m as Json).UID === uid);
  const queue = (await agent.get("/api/Admin/SupportChat/Sessions")).body;
  const waiting = (queue.Items as Json[]).find((s) => s.RecId === sessionId);
  assert.equal(waiting.Status, "Waiting");
  assert.equal(waiting.UserFullName, "Olivia Owner");
  assert.equal(waiting.AccountName, "Northwind Analytics");

  const early = await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Messages`, { Text: "Hi" });
  assert.equal(early.status, 409);
  assert.equal(early.body.ErrorCode, ErrorCode.SupportSessionNotTaken);

  const busy = await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Busy`, {
    UID: "busy-00000001",
  });
  assert.equal(busy.status, 201);
  assert.equal(((await member.next("staffBusy"))[0] as Json).Type, "StaffBusy");
  const busyAgain = await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Busy`, {
    UID: "busy-00000001",
  });
  assert.equal(busyAgain.status, 200, "the same UID again is the same message");

  assert.equal((await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Take`)).status, 200);
  const [talking] = (await member.next(
    "message",
    ([m]) => (m as Json).Type === "InternalUserStartTalking",
  )) as Json[];
  assert.equal(talking.UserName, "Sofia Support");
  assert.equal(
    (await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Take`)).status,
    200,
    "idempotent",
  );
  const other = await admin.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Take`);
  assert.equal(other.status, 409);
  assert.equal(other.body.ErrorCode, ErrorCode.SupportSessionTaken);

  const reply = { Text: "Which export?", UID: "staff-msg-00000001" };
  const sent = await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Messages`, reply);
  assert.equal(sent.status, 201);
  const resent = await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Messages`, reply);
  assert.equal(resent.status, 200);
  assert.deepEqual(resent.body, sent.body, "stored once, acknowledged again");
  assert.deepEqual((await member.next("message", ([m]) => (m as Json).UID === reply.UID))[0], sent.body);

  const memberAgain = await member.connection.invoke("SendMessage", "/dashboards", "My export fails", uid);
  assert.equal((memberAgain as Json).UID, uid);
  assert.equal((await transcript()).filter((line) => line === "Message:My export fails").length, 1);

  const edited = await agent.put(`/api/Admin/SupportChat/Sessions/${sessionId}/Messages/${reply.UID}`, {
    Text: "Which export fails?",
  });
  assert.equal(edited.body.Type, "MessageEdited");
  assert.equal(((await member.next("edited"))[0] as Json).Text, "Which export fails?");
  await assert.rejects(
    member.connection.invoke("EditMessage", reply.UID, "hijack"),
    /not found/,
    "staff's message",
  );

  const archived = await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Archive`);
  assert.equal(archived.body.Status, "Archived");
  assert.equal(((await member.next("sessionArchived"))[0] as Json).SupportSessionRecId, sessionId);
  await staff.next("sessionUpdated", ([s]) => (s as Json).Status === "Archived");
  const late = await agent.post(`/api/Admin/SupportChat/Sessions/${sessionId}/Messages`, {
    Text: "One more",
  });
  assert.equal(late.body.ErrorCode, ErrorCode.ChatSessionNotActive);
  const rated = await owner.post("/api/SupportSessions/SaveRating", {
    Rating: 4,
    SupportSessionRecId: sessionId,
  });
  assert.equal(rated.status, 204);
  assert.equal((await agent.get(`/api/Admin/SupportChat/Sessions/${sessionId}`)).body.Rating, 4);
  assert.deepEqual(await transcript(), [
    "Message:My export fails",
    "StaffBusy:",
    "InternalUserStartTalking:",
    "MessageEdited:Which export fails?",
    "SessionArchived:",
  ]);
});

test("attachments: 2 MB is accepted, pushed and readable by staff; 2 MB + 1 byte is refused and stores nothing", async () => {
  const tooBig = await owner.put("/api/supportchat/file", upload(TWO_MB + 1));
  assert.equal(tooBig.status, 413);
  assert.equal(tooBig.body.ErrorCode, ErrorCode.ChatFileTooLarge);
  assert.equal(tooBig.body.Message, "File is too big ; max size is 2 MB");
  const accepted = await owner.put("/api/supportchat/file", upload(TWO_MB));
  assert.equal(accepted.status, 201);
  const [pushed] = (await staff.next("message", ([m]) => (m as Json).Type === "File")) as Json[];
  assert.equal(pushed.FileID, accepted.body.FileID);
  const session = pushed.SupportSessionRecId;
  const file = await agent.get(`/api/Admin/SupportChat/Sessions/${session}/File?id=${pushed.FileID}`);
  assert.equal(file.status, 200);
  assert.equal((file.body as Buffer).length, TWO_MB);
  const messages = (await agent.get(`/api/Admin/SupportChat/Sessions/${session}`)).body.Messages as Json[];
  assert.deepEqual(
    messages.map((m) => m.Type),
    ["File"],
    "the refused upload left nothing behind",
  );
  const gone = (await member.connection.invoke("DeleteMessage", "file-2097152-0001")) as Json;
  assert.equal(gone.Type, "MessageDeleted");
  assert.equal(
    (await agent.get(`/api/Admin/SupportChat/Sessions/${session}/File?id=${pushed.FileID}`)).status,
    404,
  );
  await agent.post(`/api/Admin/SupportChat/Sessions/${session}/Archive`);
});

test("bad input gets a 4xx with its code (or a method error) and leaves the store unchanged", async () => {
  const hello = (await member.connection.invoke(
    "SendMessage",
    "/",
    "Hello again",
    "member-msg-00000002",
  )) as Json;
  const id = hello.SupportSessionRecId as number;
  await agent.post(`/api/Admin/SupportChat/Sessions/${id}/Take`);
  const before = (await agent.get(`/api/Admin/SupportChat/Sessions/${id}`)).body.Messages;
  const invalid: [string, string, unknown][] = [
    ["POST", `/api/Admin/SupportChat/Sessions/${id}/Messages`, { Text: "" }],
    ["POST", `/api/Admin/SupportChat/Sessions/${id}/Messages`, { Text: "   " }],
    ["POST", `/api/Admin/SupportChat/Sessions/${id}/Messages`, { Text: "x".repeat(4001) }],
    ["POST", `/api/Admin/SupportChat/Sessions/${id}/Messages`, { Text: "hi", UID: "../x" }],
    ["POST", `/api/Admin/SupportChat/Sessions/${id}/Messages`, { Text: "hi", Extra: 1 }],
    ["POST", `/api/Admin/SupportChat/Sessions/${id}/Busy`, { UID: 5 }],
    ["PUT", "/api/Admin/SupportChat/Status", { IsOpen: "yes" }],
    ["GET", "/api/Admin/SupportChat/Sessions?status=Lost", undefined],
    ["POST", "/api/Admin/SupportChat/Sessions/abc/Take", undefined],
  ];
  for (const [method, path, body] of invalid) {
    const reply = await agent.request(method, path, body);
    assert.equal(reply.status, 400, `${method} ${path} ${JSON.stringify(body)}`);
    assert.equal(reply.body.ErrorCode, ErrorCode.InvalidRequest);
  }
  assert.equal((await agent.post("/api/Admin/SupportChat/Sessions/999999/Take")).status, 404);
  for (const args of [
    ["/", "", "member-msg-00000003"],
    ["/", "   ", "member-msg-00000003"],
    ["/", "hi", "bad uid"],
    ["/", 42, "member-msg-00000003"],
    [7, "hi", "member-msg-00000003"],
  ]) {
    await assert.rejects(member.connection.invoke("SendMessage", ...args), JSON.stringify(args));
  }
  await assert.rejects(member.connection.invoke("EditMessage", "member-msg-00000002", ""));
  await assert.rejects(
    staff.connection.invoke("SendMessage", "/", "staff via hub", "staff-hub-00000001"),
    /Staff/,
  );
  assert.deepEqual((await agent.get(`/api/Admin/SupportChat/Sessions/${id}`)).body.Messages, before);
});

test("another account's member neither receives, reads nor changes the conversation", async () => {
  const uid = "member-msg-00000009";
  await member.connection.invoke("SendMessage", "/", "Private to Northwind", uid);
  await staff.next("message", ([m]) => (m as Json).UID === uid);
  await otherMember.flush("EditMessage"); // a round trip (refused for its missing arguments)
  assert.equal(otherMember.events.length, 0, "no Northwind event reached the Contoso member");
  await assert.rejects(otherMember.connection.invoke("EditMessage", uid, "hijacked"), /not found/);
  await assert.rejects(otherMember.connection.invoke("DeleteMessage", uid), /not found/);
  const theirs = (await contoso.get("/api/supportchat/active")).body.Messages as Json[];
  assert.ok(!theirs.some((m) => m.UID === uid));
  const mine = (await owner.get("/api/supportchat/active")).body.Messages as Json[];
  assert.equal(mine.find((m) => m.UID === uid).Text, "Private to Northwind");
  const staffRoute = await contoso.get("/api/Admin/SupportChat/Sessions");
  assert.equal(staffRoute.status, 403);
});
