/**
 * Support tickets and past support sessions over real HTTP: 401 → 403 → success; the seeded ticket's
 * conversation without its internal staff note; create, update, comment with attachments, close;
 * a closed ticket refuses changes; bad input refused with a code and nothing changed; transcripts
 * and ratings of the member's own support sessions.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { filesForm, MISSING_ID } from "./content-fixture.ts";
import { Client, type Json, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let viewer: Client;

before(async () => {
  upstream = await startUpstream();
  [owner, analyst, viewer] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "analyst"),
    signIn(upstream, "viewer"),
  ]);
});
after(async () => upstream.close());

const seededTicket = async (): Promise<Json> => {
  const list = (await owner.get("/api/SupportTickets?search=Export")).body;
  return list.items[0];
};

test("tickets: 401 → 403 → success for reads and changes", async () => {
  assert.equal((await new Client(upstream.baseUrl).get("/api/SupportTickets")).status, 401);
  for (const [method, body] of [
    ["GET", undefined],
    ["POST", { Title: "t", Description: "d" }],
  ] as const) {
    const reply = await analyst.request(method, "/api/SupportTickets", body);
    assert.equal(reply.status, 403);
    assert.equal(reply.body.ErrorCode, ErrorCode.PermissionDenied);
  }
  const list = await owner.get("/api/SupportTickets?pageSize=200");
  assert.equal(list.status, 200);
  const titles = list.body.items.map((t: { Title: string }) => t.Title);
  assert.ok(titles.includes("Add SSO for our team") && titles.includes("Export fails & times out"));
  const closed = (await owner.get("/api/SupportTickets?status=Closed")).body.items;
  assert.ok(closed.length >= 1 && closed.every((t: { Status: string }) => t.Status === "Closed"));
  assert.ok(closed.some((t: { Title: string }) => t.Title === "Add SSO for our team"));
});

test("a member never sees internal comments, nor their count", async () => {
  const ticket = await seededTicket();
  const detail = (await owner.get(`/api/SupportTickets/${ticket.RecId}`)).body;
  assert.equal(detail.Priority, "High");
  assert.equal(detail.Comments.length, 2);
  assert.equal(detail.CommentCount, 2);
  assert.ok(detail.Comments.every((c: { IsInternal: boolean }) => !c.IsInternal));
  assert.ok(!JSON.stringify(detail).includes("export worker logs"), "the staff note stays internal");
  assert.equal(detail.Comments[1].AuthorFullName, "Sofia Support");
});

test("create, update, comment with attachments, close; a closed ticket refuses changes", async () => {
  const created = await owner.post("/api/SupportTickets", {
    Title: "Dashboard loads slowly",
    Description: "Takes 20 s since Monday.",
    Category: "Problem",
  });
  assert.equal(created.status, 201);
  assert.equal(created.body.Status, "Open");
  assert.equal(created.body.Priority, "Normal");
  const id = created.body.RecId;
  const updated = await owner.put(`/api/SupportTickets/${id}`, {
    Priority: "Urgent",
    Title: "Dashboards load slowly",
  });
  assert.equal(updated.body.Priority, "Urgent");
  assert.equal(updated.body.Title, "Dashboards load slowly");
  const comment = await owner.post(
    `/api/SupportTickets/${id}/Comments`,
    filesForm([{ name: "har.txt", data: Buffer.from("timings"), type: "text/plain" }], {
      Title: "Timings",
      Text: "Network log attached.",
      ImageUrl: "https://example.com/screenshot.png",
    }),
  );
  assert.equal(comment.status, 201, JSON.stringify(comment.body));
  assert.equal(comment.body.ImageUrl, "https://example.com/screenshot.png");
  const preview = comment.body.Attachments[0].PreviewUrl;
  assert.equal((await owner.get(`/api/${preview}`)).body.toString(), "timings");
  const json = await owner.post(`/api/SupportTickets/${id}/Comments`, { Text: "Plain JSON works too." });
  assert.equal(json.status, 201);
  assert.equal((await owner.get(`/api/SupportTickets/${id}`)).body.Comments.length, 2);
  const closed = await owner.post(`/api/SupportTickets/${id}/Close`);
  assert.equal(closed.body.Status, "Closed");
  assert.equal(closed.body.ClosedByFullName, "Olivia Owner");
  for (const [method, path, body] of [
    ["POST", `/api/SupportTickets/${id}/Close`, undefined],
    ["PUT", `/api/SupportTickets/${id}`, { Priority: "Low" }],
    ["POST", `/api/SupportTickets/${id}/Comments`, { Text: "Still there?" }],
  ] as const) {
    const reply = await owner.request(method, path, body);
    assert.equal(reply.status, 409, path);
    assert.equal(reply.body.ErrorCode, ErrorCode.TicketClosed, path);
  }
});

test("bad input is refused with a code and the ticket does not change", async () => {
  const ticket = await seededTicket();
  const before = (await owner.get(`/api/SupportTickets/${ticket.RecId}`)).body;
  const cases: [string, string, unknown, number][] = [
    ["POST", "/api/SupportTickets", { Title: "", Description: "d" }, ErrorCode.InvalidRequest],
    ["POST", "/api/SupportTickets", { Title: "   ", Description: "d" }, ErrorCode.InvalidRequest],
    ["POST", "/api/SupportTickets", { Title: "t" }, ErrorCode.InvalidRequest],
    [
      "POST",
      "/api/SupportTickets",
      { Title: "t", Description: "d", Priority: "Whenever" },
      ErrorCode.InvalidRequest,
    ],
    ["PUT", `/api/SupportTickets/${ticket.RecId}`, { Status: "Closed" }, ErrorCode.InvalidRequest],
    ["PUT", `/api/SupportTickets/${ticket.RecId}`, {}, ErrorCode.InvalidRequest],
    [
      "POST",
      `/api/SupportTickets/${ticket.RecId}/Comments`,
      { Text: "x", IsInternal: true },
      ErrorCode.InvalidRequest,
    ],
    [
      "POST",
      `/api/SupportTickets/${ticket.RecId}/Comments`,
      { Text: "x", ImageUrl: "javascript:alert(1)" },
      ErrorCode.InvalidRequest,
    ],
    [
      "POST",
      `/api/SupportTickets/${ticket.RecId}/Comments`,
      { Text: "x".repeat(4001) },
      ErrorCode.InvalidRequest,
    ],
    [
      "POST",
      `/api/SupportTickets/${ticket.RecId}/Comments`,
      filesForm([{ name: "../x", data: Buffer.from("x") }], { Text: "x" }),
      ErrorCode.InvalidFileName,
    ],
  ];
  for (const [method, path, body, code] of cases) {
    const reply = await owner.request(method, path, body);
    assert.equal(reply.status, 400, `${path} ${JSON.stringify(reply.body)}`);
    assert.equal(reply.body.ErrorCode, code, `${path} ${JSON.stringify(reply.body)}`);
  }
  const big = filesForm([{ name: "big.bin", data: Buffer.alloc(5 * 1024 * 1024 + 1) }], { Text: "x" });
  const tooBig = await owner.post(`/api/SupportTickets/${ticket.RecId}/Comments`, big);
  assert.equal(tooBig.status, 413);
  assert.equal(tooBig.body.ErrorCode, ErrorCode.AttachmentTooLarge);
  assert.equal((await owner.get(`/api/SupportTickets/${MISSING_ID}`)).status, 404);
  assert.deepEqual((await owner.get(`/api/SupportTickets/${ticket.RecId}`)).body, before);
});

test("support sessions: the member's own transcripts with ratings; 403 without SupportSessions", async () => {
  assert.equal((await new Client(upstream.baseUrl).get("/api/SupportSessions/1/Transcript")).status, 401);
  const sessions = (await owner.get("/api/SupportSessions")).body as {
    RecId: number;
    Rating: number | null;
  }[];
  const rated = sessions.find((session) => session.Rating === 5);
  assert.ok(rated);
  const denied = await viewer.get(`/api/SupportSessions/${rated.RecId}/Transcript`);
  assert.equal(denied.status, 403);
  const transcript = (await owner.get(`/api/SupportSessions/${rated.RecId}/Transcript`)).body;
  assert.equal(transcript.Rating, 5);
  assert.equal(transcript.CanRate, false);
  assert.ok(transcript.Messages.some((m: { Text: string }) => m.Text.includes("share a dashboard")));
  const unrated = sessions.find((session) => session.Rating === null);
  assert.equal((await owner.get(`/api/SupportSessions/${unrated?.RecId}/Transcript`)).body.CanRate, true);
  assert.equal((await owner.get(`/api/SupportSessions/${MISSING_ID}/Transcript`)).status, 404);
});
