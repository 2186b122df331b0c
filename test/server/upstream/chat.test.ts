/**
 * The member side of the support chat over real HTTP (§4.4, §7): access rules, messages stored once
 * per UID, attachments with the exact 2 MB limit, file names, and the session rating.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { type Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

const TWO_MB = 2 * 1024 * 1024;

let upstream: RunningUpstream;
let owner: Client;

before(async () => {
  upstream = await startUpstream();
  owner = await signIn(upstream, "owner");
});
after(async () => upstream.close());

function upload(bytes: number, fileName = "screenshot.png", fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file[]", new Blob([Buffer.alloc(bytes, 7)], { type: "image/png" }), fileName);
  return form;
}

async function messageCount(client: Client): Promise<number> {
  return ((await client.get("/api/supportchat/active")).body.Messages as unknown[]).length;
}

test("chat access: 401 without session, 403 without InAppChatAccess or without the SupportChat feature", async () => {
  const anonymous = owner.as(undefined);
  assert.equal((await anonymous.get("/api/supportchat/active")).status, 401);
  const analyst = await (await signIn(upstream, "analyst")).get("/api/supportchat/active");
  assert.equal(analyst.status, 403);
  assert.equal(analyst.body.ErrorCode, ErrorCode.ChatNotAvailable);
  assert.equal(analyst.body.Message, "In-App Support Chat is not available on your current subscription.");
  const starter = await (await signIn(upstream, "starter")).get("/api/supportchat/active");
  assert.equal(starter.status, 403, "Starter's subscription lacks SupportChat");
  const active = await owner.get("/api/supportchat/active");
  assert.deepEqual(active.body, { IsActive: true, Messages: [] });
});

test("staff who answer chats are no members: the member side refuses them, as the chat hub does (§6)", async () => {
  // Ada Admin holds InAppChatAccess and the SupportChat feature (operator account owner) and Read on
  // SupportSessions: the chat hub takes her as staff, so the member calls are refused too.
  const staff = await signIn(upstream, "staffAdmin");
  for (const reply of [
    await staff.get("/api/supportchat/active"),
    await staff.post("/api/supportchat/message", { Page: "/", Text: "Hello" }),
  ]) {
    assert.equal(reply.status, 403);
    assert.equal(reply.body.ErrorCode, ErrorCode.ChatNotAvailable);
  }
});

test("messages: stored and acknowledged; a resend with the same UID is stored once", async () => {
  const uid = "c0ffee00-0000-4000-8000-000000000001";
  const first = await owner.post("/api/supportchat/message", {
    Page: "/dashboards",
    Text: "Hello, I need help",
    UID: uid,
  });
  assert.equal(first.status, 201);
  assert.equal(first.body.UID, uid);
  assert.equal(first.body.Type, "Message");
  assert.equal(first.body.Acknowledged, true);
  assert.equal(first.body.IsInternal, false);
  assert.equal(first.body.UserName, "Olivia Owner");
  const resend = await owner.post("/api/supportchat/message", {
    Page: "/dashboards",
    Text: "Hello, I need help",
    UID: uid,
  });
  assert.equal(resend.status, 200);
  assert.deepEqual(resend.body, first.body);
  const active = await owner.get("/api/supportchat/active");
  assert.equal(active.body.Messages.length, 1);
  assert.equal(active.body.Messages[0].Text, "Hello, I need help");
});

test("messages: blank, oversized or malformed ones are refused and nothing is stored", async () => {
  const before = await messageCount(owner);
  const bad = [
    { Page: "/", Text: "   \n\t " },
    { Page: "/", Text: "" },
    { Page: "/", Text: "x".repeat(4001) },
    { Page: "/", Text: 42 },
    { Page: "/", Text: "hi", UID: "../../x" },
    { Text: "no page" },
  ];
  for (const body of bad) {
    const reply = await owner.post("/api/supportchat/message", body);
    assert.equal(reply.status, 400, JSON.stringify(body).slice(0, 60));
    assert.equal(reply.body.ErrorCode, ErrorCode.InvalidRequest);
  }
  assert.equal(await messageCount(owner), before);
});

test("attachments: exactly 2 MB is accepted; 2 MB + 1 byte gets 413 and stores nothing", async () => {
  const before = await messageCount(owner);
  const ok = await owner.request(
    "PUT",
    "/api/supportchat/file",
    upload(TWO_MB, "exact.png", { UID: "file-0000-0001" }),
  );
  assert.equal(ok.status, 201);
  assert.equal(ok.body.Type, "File");
  assert.equal(ok.body.FileName, "exact.png");
  const download = await owner.get(`/api/supportchat/file?id=${ok.body.FileID}`);
  assert.equal(download.status, 200);
  assert.equal(download.body.length, TWO_MB);
  assert.match(download.headers.get("content-disposition") ?? "", /^attachment; filename="exact\.png"/);
  const resend = await owner.request(
    "PUT",
    "/api/supportchat/file",
    upload(TWO_MB, "exact.png", { UID: "file-0000-0001" }),
  );
  assert.equal(resend.status, 200);
  assert.equal(resend.body.FileID, ok.body.FileID, "a resend stores neither message nor file again");

  const tooBig = await owner.request("PUT", "/api/supportchat/file", upload(TWO_MB + 1, "big.png"));
  assert.equal(tooBig.status, 413);
  assert.equal(tooBig.body.ErrorCode, ErrorCode.ChatFileTooLarge);
  assert.equal(tooBig.body.Message, "File is too big ; max size is 2 MB");
  assert.equal(await messageCount(owner), before + 1);
});

test("attachments: path traversal and empty names get 400; non-multipart gets 415; no file 400", async () => {
  const before = await messageCount(owner);
  for (const name of ["../../etc/passwd", "..\\..\\boot.ini", "a/b.png", ".."]) {
    const reply = await owner.request("PUT", "/api/supportchat/file", upload(10, name));
    assert.equal(reply.status, 400, name);
    assert.equal(reply.body.ErrorCode, ErrorCode.InvalidFileName, name);
  }
  const json = await owner.put("/api/supportchat/file", { file: "not a file" });
  assert.equal(json.status, 415);
  const form = new FormData();
  form.append("Page", "/");
  const empty = await owner.request("PUT", "/api/supportchat/file", form);
  assert.equal(empty.status, 400);
  assert.equal(empty.body.ErrorCode, ErrorCode.FileMissing);
  assert.equal(await messageCount(owner), before);
});

test("attachments are only served to the chat's member", async () => {
  const ok = await owner.request("PUT", "/api/supportchat/file", upload(100, "mine.txt"));
  const fileId = ok.body.FileID as string;
  const colleague = await signIn(upstream, "consultant");
  assert.equal((await colleague.get(`/api/supportchat/file?id=${fileId}`)).status, 403, "no chat access");
  const contoso = await signIn(upstream, "contoso");
  assert.equal((await contoso.get(`/api/supportchat/file?id=${fileId}`)).status, 404);
  assert.equal(
    (await owner.get(`/ws/File/ChatAttachment/${fileId}`)).status,
    404,
    "not through the export download",
  );
});

test("support sessions: the member's own list; SaveRating rates an archived session once", async () => {
  const sessions = (await owner.get("/api/SupportSessions")).body as {
    RecId: number;
    Status: string;
    Rating: number | null;
  }[];
  const archived = sessions.filter((session) => session.Status === "Archived");
  assert.equal(archived.length, 2);
  const unrated = archived.find((session) => session.Rating === null);
  const rated = archived.find((session) => session.Rating !== null);
  const open = sessions.find((session) => session.Status !== "Archived");
  assert.ok(unrated && rated && open);
  const rate = (id: number, rating = 4) =>
    owner.post("/api/SupportSessions/SaveRating", {
      Feedback: "Thanks!",
      Rating: rating,
      SupportSessionRecId: id,
    });
  assert.equal((await rate(unrated.RecId, 6)).status, 400);
  assert.equal((await rate(unrated.RecId)).status, 204);
  const again = await rate(unrated.RecId);
  assert.equal(again.status, 409);
  assert.equal(again.body.ErrorCode, ErrorCode.AlreadyRated);
  assert.equal((await rate(rated.RecId)).body.ErrorCode, ErrorCode.AlreadyRated);
  assert.equal((await rate(open.RecId)).body.ErrorCode, ErrorCode.Conflict, "still open");
  assert.equal((await rate(999_999)).status, 404);
  const after = (await owner.get("/api/SupportSessions")).body as {
    RecId: number;
    Rating: number | null;
    Feedback: string | null;
  }[];
  assert.deepEqual(after.find((session) => session.RecId === unrated.RecId)?.Rating, 4);
  const contoso = await signIn(upstream, "contoso");
  assert.equal(
    (await contoso.post("/api/SupportSessions/SaveRating", { Rating: 3, SupportSessionRecId: rated.RecId }))
      .status,
    404,
  );
  assert.equal((await (await signIn(upstream, "viewer")).get("/api/SupportSessions")).status, 403);
});
