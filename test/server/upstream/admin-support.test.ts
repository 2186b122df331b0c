/**
 * /admin/support, /admin/projects, /admin/timetracking and /admin/supportsessions work on the member
 * side's own records: a staff reply reaches the requester (comment and SupportTicketUpdated
 * notification) while an internal note stays hidden from them, closing shows on the member's
 * ticket, projects and booked hours add up, and archiving a chat session from the admin screen is
 * the staff archive of §4.4.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type AdminCallers, assertError, firstRow, ok, startAdmin } from "./admin-fixture.ts";
import type { Json } from "./upstream-fixture.ts";

let c: AdminCallers;
before(async () => {
  c = await startAdmin();
});
after(async () => c.upstream.close());

test("support: triage, public reply and internal note, close, delete", async () => {
  const ticket = await firstRow(c.agent, "Admin/Support", "search=Export%20fails");
  assert.equal(ticket.AccountName, "Northwind Analytics");
  assertError(
    await c.agent.put(`/api/Admin/Support/${ticket.RecId}`, { Priority: "Critical" }),
    400,
    "InvalidRequest",
  );
  assertError(
    await c.agent.put(`/api/Admin/Support/${ticket.RecId}`, { AssignedToRecId: 4 }),
    400,
    "InvalidReference",
    "a member is no assignee",
  );
  assertError(
    await c.agent.put(`/api/Admin/Support/${ticket.RecId}`, { Description: "changed" }),
    400,
    "InvalidRequest",
    "read-only field",
  );
  const triaged = ok(
    await c.agent.put(`/api/Admin/Support/${ticket.RecId}`, {
      Priority: "High",
      Category: "Bug",
      Status: "Open",
      AssignedToRecId: 1,
    }),
  );
  assert.deepEqual(
    [triaged.Priority, triaged.Category, triaged.Status, triaged.AssignedToName],
    ["High", "Bug", "Open", "Ada Admin"],
  );

  const before = ok(await c.member.get("/api/Notifications/")).length;
  assertError(
    await c.agent.post(`/api/Admin/Support/${ticket.RecId}/Comments`, { Text: "   " }),
    400,
    "InvalidRequest",
  );
  ok(
    await c.agent.post(`/api/Admin/Support/${ticket.RecId}/Comments`, {
      Text: "Looking at the export worker logs.",
      IsInternal: true,
    }),
    201,
  );
  const reply = ok(
    await c.agent.post(`/api/Admin/Support/${ticket.RecId}/Comments`, {
      Text: "Fixed: please try the export again.",
    }),
    201,
  );
  assert.deepEqual([reply.Internal, reply.AuthorFullName], [false, "Sofia Support"]);
  const all = ok(await c.auditor.get(`/api/Admin/Support/${ticket.RecId}/Comments`));
  assert.ok(all.some((comment: Json) => comment.Internal && comment.Text.startsWith("Looking at")));
  assert.equal(ok(await c.agent.get(`/api/Admin/Support/${ticket.RecId}`)).Status, "WaitingForCustomer");

  const seen = ok(await c.member.get(`/api/SupportTickets/${ticket.RecId}`));
  const texts = seen.Comments.map((comment: Json) => comment.Text);
  assert.ok(texts.includes("Fixed: please try the export again."));
  assert.ok(
    !texts.some((text: string) => text.startsWith("Looking at")),
    "internal notes never reach members",
  );
  const notifications = ok(await c.member.get("/api/Notifications/"));
  assert.ok(notifications.length > before);
  assert.equal(notifications[0].Code, "SupportTicketUpdated");
  assert.equal(notifications[0].SupportTicketRecId, ticket.RecId);

  assert.equal(ok(await c.agent.post(`/api/Admin/Support/${ticket.RecId}/Close`)).Status, "Closed");
  assert.equal(ok(await c.member.get(`/api/SupportTickets/${ticket.RecId}`)).Status, "Closed");
  const csv = await c.auditor.get("/api/Admin/Support/Export?Status=Closed");
  assert.match(csv.body.toString("utf8"), /Export fails & times out/);
  ok(await c.agent.delete(`/api/Admin/Support/${ticket.RecId}`), 204);
  assertError(await c.agent.get(`/api/Admin/Support/${ticket.RecId}`), 404, "NotFound");
  assertError(await c.agent.post(`/api/Admin/Support/${ticket.RecId}/Close`), 404, "NotFound");
});

test("projects and time tracking: staff fields beside the account's project, hours add up", async () => {
  const count = ok(await c.admin.get("/api/Admin/Projects")).total;
  assertError(
    await c.admin.post("/api/Admin/Projects", { Name: "X", AccountRecId: 1, Status: "Planned" }),
    400,
    "InvalidReference",
  );
  assertError(
    await c.admin.post("/api/Admin/Projects", { Name: "X", AccountRecId: 2, Status: "Active" }),
    400,
    "InvalidRequest",
  );
  assertError(
    await c.admin.post("/api/Admin/Projects", {
      Name: "X",
      AccountRecId: 2,
      Status: "Planned",
      StartDate: "2025-03-01",
      DueDate: "2025-02-01",
    }),
    400,
    "InvalidRequest",
  );
  assert.equal(ok(await c.admin.get("/api/Admin/Projects")).total, count);

  const project = ok(
    await c.admin.post("/api/Admin/Projects", {
      Name: "Data warehouse migration",
      AccountRecId: 2,
      Status: "InProgress",
      ManagerRecId: 1,
      EstimatedHours: 40,
      StartDate: "2025-01-10",
      DueDate: "2025-03-31",
    }),
    201,
  );
  assert.deepEqual(
    [project.Status, project.ManagerName, project.SpentHours, project.IsBillable],
    ["InProgress", "Ada Admin", 0, true],
  );
  assertError(
    await c.admin.put(`/api/Admin/Projects/${project.RecId}`, { AccountRecId: 4 }),
    400,
    "FieldNotChangeable",
  );
  assert.equal(
    ok(await c.admin.put(`/api/Admin/Projects/${project.RecId}`, { Status: "OnHold" })).Status,
    "OnHold",
  );

  const contosoTicket = await firstRow(c.admin, "Admin/Support", "AccountRecId=4");
  const entry = {
    Date: "2025-01-14",
    Hours: 3.5,
    ProjectRecId: project.RecId,
    Description: "Schema mapping",
  };
  assertError(await c.admin.post("/api/Admin/TimeTracking", { ...entry, Hours: 30 }), 400, "InvalidRequest");
  assertError(
    await c.admin.post("/api/Admin/TimeTracking", { ...entry, ProjectRecId: 999_999 }),
    400,
    "InvalidReference",
  );
  assertError(
    await c.admin.post("/api/Admin/TimeTracking", { ...entry, SupportTicketRecId: contosoTicket.RecId }),
    400,
    "InvalidReference",
  );
  const booked = ok(await c.admin.post("/api/Admin/TimeTracking", entry), 201);
  assert.deepEqual(
    [booked.InternalUserName, booked.AccountName, booked.ProjectName],
    ["Ada Admin", "Northwind Analytics", "Data warehouse migration"],
  );
  ok(await c.admin.post("/api/Admin/TimeTracking", { ...entry, Hours: 1.5, Date: "2025-01-15" }), 201);
  assert.equal(ok(await c.admin.get(`/api/Admin/Projects/${project.RecId}`)).SpentHours, 5);
  const mine = ok(
    await c.admin.get(
      `/api/Admin/TimeTracking?ProjectRecId=${project.RecId}&DateFrom=2025-01-15&DateTo=2025-01-15`,
    ),
  );
  assert.deepEqual(
    mine.items.map((row: Json) => row.Hours),
    [1.5],
  );
  assert.equal(ok(await c.admin.put(`/api/Admin/TimeTracking/${booked.RecId}`, { Hours: 4 })).Hours, 4);
  const ids = ok(await c.admin.get(`/api/Admin/TimeTracking?ProjectRecId=${project.RecId}`)).items.map(
    (row: Json) => row.RecId,
  );
  assert.equal(ok(await c.admin.post("/api/Admin/TimeTracking/Delete", { ids })).deleted, 2);
  ok(await c.admin.delete(`/api/Admin/Projects/${project.RecId}`), 204);
  assertError(await c.admin.get(`/api/Admin/Projects/${project.RecId}`), 404, "NotFound");
});

test("support sessions: transcript, archive once", async () => {
  ok(
    await c.member.post("/api/supportchat/message", {
      Page: "/dashboards",
      Text: "Hello, my dashboard is empty.",
    }),
    201,
  );
  const active = await firstRow(c.agent, "Admin/SupportSessions", "Status=Waiting");
  const messages = ok(await c.agent.get(`/api/Admin/SupportSessions/${active.RecId}/Messages`));
  assert.ok(messages.some((message: Json) => message.Text === "Hello, my dashboard is empty."));
  assertError(
    await c.auditor.post(`/api/Admin/SupportSessions/${active.RecId}/Archive`),
    403,
    "AdminPermissionDenied",
  );
  const archived = ok(await c.agent.post(`/api/Admin/SupportSessions/${active.RecId}/Archive`));
  assert.deepEqual([archived.Status, archived.InternalUserName], ["Archived", "Sofia Support"]);
  assertError(
    await c.agent.post(`/api/Admin/SupportSessions/${active.RecId}/Archive`),
    409,
    "ChatSessionNotActive",
  );
  const rated = await firstRow(c.agent, "Admin/SupportSessions", "sort=-Rating");
  assert.equal(rated.Rating, 5);
  const last = ok(await c.agent.get(`/api/Admin/SupportSessions/${active.RecId}/Messages`)).at(-1);
  assert.equal(last.Type, "SessionArchived");
});

test("support sessions: filtered by exact rating and by rated or not, with the feedback as a column", async () => {
  const all = ok(await c.auditor.get("/api/Admin/SupportSessions?pageSize=500")).items as Json[];
  const cases: [string, (row: Json) => boolean][] = [
    ["Rating=5", (row) => row.Rating === 5],
    ["Rating=1", (row) => row.Rating === 1],
    ["Rated=true", (row) => row.Rating !== null],
    ["Rated=false", (row) => row.Rating === null],
    ["Rated=true&Rating=5", (row) => row.Rating === 5],
  ];
  for (const [query, expected] of cases) {
    const rows = ok(await c.auditor.get(`/api/Admin/SupportSessions?pageSize=500&${query}`)).items as Json[];
    assert.deepEqual(
      rows.map((row) => row.RecId).sort(),
      all
        .filter(expected)
        .map((row) => row.RecId)
        .sort(),
      query,
    );
  }
  const rated = ok(await c.auditor.get("/api/Admin/SupportSessions?Rating=5")).items as Json[];
  assert.ok(rated.length >= 1, "the seeded rated session");
  assert.equal(rated[0].Feedback, "Quick and clear.");
  assert.ok(
    all.some((row) => row.Rating === null),
    "an unrated session",
  );
  for (const bad of ["Rating=0", "Rating=6", "Rating=2.5", "Rated=maybe"]) {
    assertError(await c.auditor.get(`/api/Admin/SupportSessions?${bad}`), 400, "InvalidRequest", bad);
  }
});
