/**
 * The chat's staff side as an agent's console uses it (§4.4), over real HTTP and WebSocket: the
 * session body's queue details (first message, the page of the latest message), `sessionUpdated` for
 * the live queue (a new session, every stored message, a rating), staff attachments (stored once per
 * UID, downloaded by the member, refused where replies are), the member's context, a ticket made from
 * the conversation with its transcript, and two agents taking one session at the same moment.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { staffSessionSchema } from "../../../server/upstream/realtime/chat-admin-schemas.ts";
import { accountRecId, connectHub, type HubRecorder, stopAll, userRecId } from "./realtime-fixture.ts";
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
const recorders: HubRecorder[] = [];

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
  recorders.push(member, staff);
});
after(async () => {
  await stopAll(recorders);
  await upstream.close();
});

const sessions = "/api/Admin/SupportChat/Sessions";
let uidCounter = 0;
const nextUid = (prefix: string) => `${prefix}-${String(++uidCounter).padStart(6, "0")}`;

/** The owner says `text` through the REST call; the stored message. */
async function say(text: string, page = "/dashboards"): Promise<Json> {
  const reply = await owner.post("/api/supportchat/message", { Page: page, Text: text, UID: nextUid("m") });
  assert.equal(reply.status, 201, JSON.stringify(reply.body));
  return reply.body;
}

/** The owner's open session's id (after their first message). */
async function openSessionOf(uid: string): Promise<number> {
  const [message] = (await staff.next("message", ([m]) => (m as Json).UID === uid)) as Json[];
  return message.SupportSessionRecId;
}

function staffFile(bytes: number, uid?: string, name = "steps.png"): FormData {
  const form = new FormData();
  if (uid !== undefined) form.append("UID", uid);
  form.append("file[]", new Blob([Buffer.alloc(bytes, 9)], { type: "image/png" }), name);
  return form;
}

/** Every key of the closed session body, and nothing else. */
function assertSessionShape(body: Json): void {
  assert.deepEqual(Object.keys(body).sort(), [...staffSessionSchema.required].sort());
}

test("the session body: FirstMessage is the member's first text or file name, Page the page of their latest message", async () => {
  const file = new FormData();
  file.append("UID", nextUid("f"));
  file.append("Page", "/explorer");
  file.append("file[]", new Blob([Buffer.from("PNG")], { type: "image/png" }), "first.png");
  const first = await owner.put("/api/supportchat/file", file);
  assert.equal(first.status, 201);
  const id = await openSessionOf(first.body.UID);
  const read = async () => (await agent.get(`${sessions}/${id}`)).body;
  assertSessionShape((({ Messages: _m, ...head }) => head)(await read()));
  const steps: [string, () => Promise<unknown>, { FirstMessage: string | null; Page: string }][] = [
    ["a file first", async () => undefined, { FirstMessage: "first.png", Page: "/explorer" }],
    [
      "then a text",
      () => say("Then a text", "/dashboards/7"),
      { FirstMessage: "first.png", Page: "/dashboards/7" },
    ],
    [
      "a hub message with a page",
      () => member.connection.invoke("SendMessage", "/library", "From the hub", nextUid("h")),
      { FirstMessage: "first.png", Page: "/library" },
    ],
    [
      "a hub message without a page keeps it",
      () => member.connection.invoke("SendMessage", "", "No page", nextUid("h")),
      { FirstMessage: "first.png", Page: "/library" },
    ],
    [
      "the file deleted: the next message is the first",
      () => member.connection.invoke("DeleteMessage", first.body.UID),
      { FirstMessage: "Then a text", Page: "/library" },
    ],
  ];
  for (const [what, step, expected] of steps) {
    await step();
    const body = await read();
    assert.deepEqual({ FirstMessage: body.FirstMessage, Page: body.Page }, expected, what);
  }
  const listed = ((await agent.get(`${sessions}?status=Waiting`)).body.Items as Json[]).find(
    (s) => s.RecId === id,
  );
  assertSessionShape(listed);
  assert.deepEqual([listed.FirstMessage, listed.Page], ["Then a text", "/library"]);
  assert.equal((await agent.post(`${sessions}/${id}/Archive`)).status, 200);
});

test("FirstMessage is null while the member has no message left; staff messages never count", async () => {
  const hello = await say("Only message");
  const id = await openSessionOf(hello.UID);
  await agent.post(`${sessions}/${id}/Busy`, {});
  await member.connection.invoke("DeleteMessage", hello.UID);
  assert.equal((await agent.get(`${sessions}/${id}`)).body.FirstMessage, null);
  await agent.post(`${sessions}/${id}/Archive`);
});

test("sessionUpdated: a new waiting session, after every stored message with the state after it, and the rating", async () => {
  const hello = await say("Queue me", "/start");
  const [created] = (await staff.next(
    "sessionUpdated",
    ([s]) => (s as Json).FirstMessage === "Queue me",
  )) as Json[];
  const id = created.RecId;
  assertSessionShape(created);
  assert.deepEqual(
    [created.Status, created.MessageCount, created.Page, created.LastMessageAt],
    ["Waiting", 1, "/start", hello.Date],
  );
  const forSession =
    (check: (s: Json) => boolean) =>
    ([s]: unknown[]) =>
      (s as Json).RecId === id && check(s as Json);

  await agent.post(`${sessions}/${id}/Take`);
  const taken = (
    await staff.next(
      "sessionUpdated",
      forSession((s) => s.Status === "Active"),
    )
  )[0] as Json;
  assert.deepEqual([taken.StaffFullName, taken.MessageCount], ["Sofia Support", 2]);

  upstream.clock.advance(60_000);
  const reply = await agent.post(`${sessions}/${id}/Messages`, { Text: "Hello!", UID: nextUid("s") });
  const replied = (
    await staff.next(
      "sessionUpdated",
      forSession((s) => s.MessageCount === 3),
    )
  )[0] as Json;
  assert.equal(replied.LastMessageAt, reply.body.Date);

  await member.connection.invoke("SendMessage", "/elsewhere", "Moved on", nextUid("h"));
  const moved = (
    await staff.next(
      "sessionUpdated",
      forSession((s) => s.MessageCount === 4),
    )
  )[0] as Json;
  assert.deepEqual([moved.Page, moved.FirstMessage], ["/elsewhere", "Queue me"]);

  await member.connection.invoke("EditMessage", hello.UID, "Queue me, edited");
  const edited = (
    await staff.next(
      "sessionUpdated",
      forSession((s) => s.FirstMessage === "Queue me, edited"),
    )
  )[0];
  assert.ok(edited);

  await agent.post(`${sessions}/${id}/Archive`);
  await staff.next(
    "sessionUpdated",
    forSession((s) => s.Status === "Archived"),
  );
  const rated = await owner.post("/api/SupportSessions/SaveRating", {
    Rating: 2,
    Feedback: "Slow answer",
    SupportSessionRecId: id,
  });
  assert.equal(rated.status, 204);
  const [withRating] = (await staff.next(
    "sessionUpdated",
    forSession((s) => s.Rating !== null),
  )) as Json[];
  assert.deepEqual([withRating.Rating, withRating.Feedback], [2, "Slow answer"]);
});

test("staff files: only in a session the caller took, 2 MB at most, once per UID, pushed, downloaded by the member, deleted by their author", async () => {
  const hello = await say("Can you send me the steps?");
  const id = await openSessionOf(hello.UID);
  const uid = nextUid("sf");
  const notTaken = await agent.put(`${sessions}/${id}/File`, staffFile(10, uid));
  assert.equal(notTaken.status, 409);
  assert.equal(notTaken.body.ErrorCode, ErrorCode.SupportSessionNotTaken);
  await agent.post(`${sessions}/${id}/Take`);
  const refusals: [string, Promise<Json>, number, number][] = [
    ["read only", auditor.put(`${sessions}/${id}/File`, staffFile(10)), 403, ErrorCode.AdminPermissionDenied],
    ["a member", owner.put(`${sessions}/${id}/File`, staffFile(10)), 403, ErrorCode.StaffOnly],
    [
      "another agent's session",
      admin.put(`${sessions}/${id}/File`, staffFile(10)),
      409,
      ErrorCode.SupportSessionTaken,
    ],
    [
      "2 MB + 1 byte",
      agent.put(`${sessions}/${id}/File`, staffFile(TWO_MB + 1)),
      413,
      ErrorCode.ChatFileTooLarge,
    ],
    [
      "a bad UID",
      agent.put(`${sessions}/${id}/File`, staffFile(10, "bad uid")),
      400,
      ErrorCode.InvalidRequest,
    ],
    [
      "a path as name",
      agent.put(`${sessions}/${id}/File`, staffFile(10, undefined, "../x.png")),
      400,
      ErrorCode.InvalidFileName,
    ],
    ["no file", agent.put(`${sessions}/${id}/File`, new FormData()), 400, ErrorCode.FileMissing],
    ["JSON", agent.put(`${sessions}/${id}/File`, { UID: uid }), 415, ErrorCode.UnsupportedMediaType],
    ["an unknown session", agent.put(`${sessions}/999999/File`, staffFile(10)), 404, ErrorCode.NotFound],
  ];
  for (const [what, call, status, code] of refusals) {
    const answer = await call;
    assert.equal(answer.status, status, `${what}: ${JSON.stringify(answer.body)}`);
    assert.equal(answer.body.ErrorCode, code, what);
  }
  const tooBig = await agent.put(`${sessions}/${id}/File`, staffFile(TWO_MB + 1));
  assert.equal(tooBig.body.Message, "File is too big ; max size is 2 MB");

  const sent = await agent.put(`${sessions}/${id}/File`, staffFile(TWO_MB, uid));
  assert.equal(sent.status, 201);
  assert.deepEqual(
    [
      sent.body.Type,
      sent.body.IsInternal,
      sent.body.FileName,
      sent.body.UserName,
      sent.body.SupportSessionRecId,
    ],
    ["File", true, "steps.png", "Sofia Support", id],
  );
  const again = await agent.put(`${sessions}/${id}/File`, staffFile(TWO_MB, uid));
  assert.equal(again.status, 200);
  assert.deepEqual(again.body, sent.body, "a resend answers with the stored message");
  const [pushed] = (await member.next("message", ([m]) => (m as Json).UID === uid)) as Json[];
  assert.deepEqual(pushed, sent.body);

  const download = await owner.get(`/api/supportchat/file?id=${sent.body.FileID}`);
  assert.equal(download.status, 200);
  assert.deepEqual(download.body, Buffer.alloc(TWO_MB, 9));
  const staffCopy = await auditor.get(`${sessions}/${id}/File?id=${sent.body.FileID}`);
  assert.equal((staffCopy.body as Buffer).length, TWO_MB);
  assert.equal((await contoso.get(`/api/supportchat/file?id=${sent.body.FileID}`)).status, 404);
  const files = ((await agent.get(`${sessions}/${id}`)).body.Messages as Json[]).filter(
    (m) => m.Type === "File",
  );
  assert.equal(files.length, 1, "stored once");

  const deleted = await agent.delete(`${sessions}/${id}/Messages/${uid}`);
  assert.equal(deleted.status, 200);
  assert.deepEqual([deleted.body.Type, deleted.body.FileID], ["MessageDeleted", null]);
  assert.equal((await member.next("deleted", ([m]) => (m as Json).UID === uid)).length, 1);
  assert.equal((await owner.get(`/api/supportchat/file?id=${sent.body.FileID}`)).status, 404);

  await agent.post(`${sessions}/${id}/Archive`);
  const late = await agent.put(`${sessions}/${id}/File`, staffFile(10));
  assert.equal(late.status, 409);
  assert.equal(late.body.ErrorCode, ErrorCode.ChatSessionNotActive);
});

test("context: the member's account, who they are, their page and their five newest tickets", async () => {
  for (let n = 1; n <= 6; n += 1) {
    upstream.clock.advance(1000);
    const made = await owner.post("/api/SupportTickets", { Title: `Context ticket ${n}`, Description: "x" });
    assert.equal(made.status, 201);
  }
  const hello = await say("Who am I?", "/settings");
  const id = await openSessionOf(hello.UID);
  const ownerId = await userRecId(owner);
  const answer = await auditor.get(`${sessions}/${id}/Context`);
  assert.equal(answer.status, 200, "Read is enough");
  const { Tickets, ...rest } = answer.body;
  assert.deepEqual(rest, {
    Account: {
      RecId: await accountRecId(owner),
      Name: "Northwind Analytics",
      Domain: "northwind",
      SubscriptionType: rest.Account.SubscriptionType,
      IsDisabled: false,
    },
    User: {
      RecId: ownerId,
      FullName: "Olivia Owner",
      Email: "owner@northwind.example",
      RoleName: rest.User.RoleName,
      LanguageCode: "en",
      IsAccountOwner: true,
    },
    Page: "/settings",
  });
  assert.equal(typeof rest.Account.SubscriptionType, "string");
  assert.equal(typeof rest.User.RoleName, "string");
  assert.deepEqual(
    (Tickets as Json[]).map((t) => [t.Title, t.Status]),
    [6, 5, 4, 3, 2].map((n) => [`Context ticket ${n}`, "New"]),
  );
  assert.deepEqual(Object.keys(Tickets[0]).sort(), ["CreatedAt", "RecId", "Status", "Title"]);
  assert.equal((await owner.get(`${sessions}/${id}/Context`)).status, 403);
  assert.equal((await agent.get(`${sessions}/999999/Context`)).status, 404);
  await agent.post(`${sessions}/${id}/Archive`);
});

test("ticket from a conversation: in the member's account, requested by them, with the transcript; audited; refusals", async () => {
  // Whole minutes, so the transcript's minutes are known.
  upstream.clock.advance(60_000 - (upstream.clock.ms % 60_000));
  const minute = (offset: number) =>
    new Date(upstream.clock.ms + offset * 60_000).toISOString().slice(0, 16).replace("T", " ");
  const [first, second] = [minute(0), minute(1)];
  const hello = await say("My export fails\nevery night");
  const id = await openSessionOf(hello.UID);
  await agent.post(`${sessions}/${id}/Take`);
  upstream.clock.advance(60_000);
  await agent.post(`${sessions}/${id}/Messages`, { Text: "Which export?", UID: nextUid("s") });
  const typo = await say("typo");
  await member.connection.invoke("DeleteMessage", typo.UID);
  const file = new FormData();
  file.append("file[]", new Blob([Buffer.from("x")], { type: "text/plain" }), "log.txt");
  assert.equal((await owner.put("/api/supportchat/file", file)).status, 201);

  const refusals: [string, Promise<Json>, number, number][] = [
    [
      "read only",
      auditor.post(`${sessions}/${id}/Ticket`, { Title: "X" }),
      403,
      ErrorCode.AdminPermissionDenied,
    ],
    [
      "a blank title",
      agent.post(`${sessions}/${id}/Ticket`, { Title: "   " }),
      400,
      ErrorCode.InvalidRequest,
    ],
    ["no title", agent.post(`${sessions}/${id}/Ticket`, {}), 400, ErrorCode.InvalidRequest],
    [
      "an unknown field",
      agent.post(`${sessions}/${id}/Ticket`, { Title: "X", Priority: "High" }),
      400,
      ErrorCode.InvalidRequest,
    ],
    [
      "a bad category",
      agent.post(`${sessions}/${id}/Ticket`, { Title: "X", Category: "Gossip" }),
      400,
      ErrorCode.InvalidRequest,
    ],
    ["an unknown session", agent.post(`${sessions}/999999/Ticket`, { Title: "X" }), 404, ErrorCode.NotFound],
  ];
  for (const [what, call, status, code] of refusals) {
    const answer = await call;
    assert.equal(answer.status, status, `${what}: ${JSON.stringify(answer.body)}`);
    assert.equal(answer.body.ErrorCode, code, what);
  }

  const made = await agent.post(`${sessions}/${id}/Ticket`, {
    Title: "  Nightly export fails ",
    Category: "Problem",
  });
  assert.equal(made.status, 201);
  assert.deepEqual(Object.keys(made.body).sort(), ["RecId", "Title"]);
  assert.equal(made.body.Title, "Nightly export fails");
  const mine = await owner.get(`/api/SupportTickets/${made.body.RecId}`);
  assert.equal(mine.status, 200, "in the member's account, visible to them");
  assert.equal(mine.body.Category, "Problem");
  assert.equal(
    mine.body.Description,
    [
      `${first} Olivia Owner: My export fails\nevery night`,
      `${second} Sofia Support: Which export?`,
      `${second} Olivia Owner: log.txt`,
    ].join("\n"),
  );
  const staffView = await agent.get(`/api/Admin/Support/${made.body.RecId}`);
  assert.deepEqual(
    [staffView.body.RequesterName, staffView.body.AccountName, staffView.body.Status],
    ["Olivia Owner", "Northwind Analytics", "New"],
  );
  const audited = await admin.get("/api/Admin/ApplicationLogs?search=SupportSessionTicketCreated");
  assert.equal(audited.status, 200, JSON.stringify(audited.body));
  assert.ok(
    (audited.body.items as Json[]).some((row) => JSON.stringify(row).includes(String(made.body.RecId))),
    "the audit trail names the ticket",
  );
  await agent.post(`${sessions}/${id}/Archive`);
});

test("two agents take one waiting session at the same moment: one 200, one 409 SupportSessionTaken, one InternalUserStartTalking (20 times)", async () => {
  for (let round = 0; round < 20; round += 1) {
    const hello = await say(`Race ${round}`);
    const id = await openSessionOf(hello.UID);
    const answers = await Promise.all([
      agent.post(`${sessions}/${id}/Take`),
      admin.post(`${sessions}/${id}/Take`),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [200, 409], `round ${round}`);
    const lost = answers.find((a) => a.status === 409);
    assert.equal(lost?.body.ErrorCode, ErrorCode.SupportSessionTaken);
    const won = answers.find((a) => a.status === 200)?.body;
    const transcript = (await agent.get(`${sessions}/${id}`)).body;
    assert.equal(transcript.StaffUserRecId, won.StaffUserRecId);
    assert.equal(
      (transcript.Messages as Json[]).filter((m) => m.Type === "InternalUserStartTalking").length,
      1,
      `round ${round}`,
    );
    assert.equal((await admin.post(`${sessions}/${id}/Archive`)).status, 200);
  }
});

test("a ticket needs Write on Support as well as on SupportSessions", async () => {
  const hello = await say("One more thing");
  const id = await openSessionOf(hello.UID);
  const agentId = await userRecId(agent);
  const narrowed = await admin.put(`/api/Admin/InternalUsers/${agentId}`, {
    ReadModules: ["Support", "SupportSessions"],
    WriteModules: ["SupportSessions"],
  });
  assert.equal(narrowed.status, 200, JSON.stringify(narrowed.body));
  const sessionsOnly = await signIn(upstream, "supportAgent");
  assert.equal((await sessionsOnly.post(`${sessions}/${id}/Take`)).status, 200, "SupportSessions Write");
  const refused = await sessionsOnly.post(`${sessions}/${id}/Ticket`, { Title: "Needs Support Write" });
  assert.equal(refused.status, 403);
  assert.equal(refused.body.ErrorCode, ErrorCode.AdminPermissionDenied);
  await sessionsOnly.post(`${sessions}/${id}/Archive`);
});
