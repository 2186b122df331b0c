/**
 * Cross-tenant isolation of the member-side resources over real HTTP: for every family (folders,
 * library objects and their comments, shares and favourites, media, history, tickets and their
 * attachments, tasks, API keys, managed accounts, projects, support transcripts) a Contoso user can
 * neither read nor change Northwind's records — each answer is exactly the answer for a record that
 * does not exist — and nothing changes. Personal trees are private inside an account too.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { assertIndistinguishable, folderId, libraryId, listObjects, MISSING_ID } from "./content-fixture.ts";
import { type Client, type Json, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let contoso: Client;

before(async () => {
  upstream = await startUpstream();
  [owner, analyst, contoso] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "analyst"),
    signIn(upstream, "contoso"),
  ]);
});
after(async () => upstream.close());

/** Each call with the foreign id and with a missing id must answer alike. */
async function probe(client: Client, calls: [string, (id: number) => string, unknown?][], foreignId: number) {
  for (const [method, path, body] of calls) {
    assertIndistinguishable(
      await client.request(method, path(foreignId), body),
      await client.request(method, path(MISSING_ID), body),
      `${method} ${path(foreignId)}`,
    );
  }
}

test("folders: another account's folders cannot be read, renamed, moved, deleted, restored or purged", async () => {
  const sales = await folderId(owner, "Dashboards", "Sales");
  const before = (await owner.get(`/api/Content/Dashboards/Folders/${sales}`)).body;
  const contosoTeam = (await contoso.get("/api/Content/Dashboards/Folders")).body[1].RecId;
  await probe(
    contoso,
    [
      ["GET", (id) => `/api/Content/Dashboards/Folders/${id}`],
      ["PUT", (id) => `/api/Content/Dashboards/Folders/${id}`, { Name: "Taken" }],
      ["POST", (id) => `/api/Content/Dashboards/Folders/${id}/Move`, { ParentRecId: contosoTeam }],
      ["DELETE", (id) => `/api/Content/Dashboards/Folders/${id}`],
      ["POST", (id) => `/api/Content/Dashboards/Folders/${id}/Restore`],
      ["POST", (id) => `/api/Content/Dashboards/Folders/${id}/Purge`],
      ["GET", (id) => `/api/Content/Dashboards/Objects?folderRecId=${id}`],
    ],
    sales,
  );
  // Nor used as a parent or a target.
  assertIndistinguishable(
    await contoso.post("/api/Content/Dashboards/Folders", { Name: "In theirs", ParentRecId: sales }),
    await contoso.post("/api/Content/Dashboards/Folders", { Name: "In theirs", ParentRecId: MISSING_ID }),
    "create under a foreign folder",
  );
  const names = JSON.stringify((await contoso.get("/api/Content/Dashboards/Folders")).body);
  assert.ok(!names.includes("Sales") && !names.includes("Campaigns"));
  assert.deepEqual((await owner.get(`/api/Content/Dashboards/Folders/${sales}`)).body, before);
});

test("objects: another account's objects cannot be read, changed, shared, commented or learnt of", async () => {
  const board = await libraryId(owner, "Dashboards", "Sales overview");
  const before = (await owner.get(`/api/Content/Dashboards/Objects/${board}`)).body;
  const comments = (await owner.get(`/api/Content/Dashboards/Objects/${board}/Comments`)).body;
  const contosoFolder = await folderId(contoso, "Dashboards", "Regional");
  const contosoTeam = ((await contoso.get("/api/Teams")).body as Json[])[0]?.RecId ?? 1;
  await probe(
    contoso,
    [
      ["GET", (id) => `/api/Content/Dashboards/Objects/${id}`],
      ["PUT", (id) => `/api/Content/Dashboards/Objects/${id}`, { Name: "Mine" }],
      ["POST", (id) => `/api/Content/Dashboards/Objects/${id}/Duplicate`, {}],
      ["POST", (id) => `/api/Content/Dashboards/Objects/${id}/Move`, { FolderRecId: contosoFolder }],
      ["PUT", (id) => `/api/Content/Dashboards/Objects/${id}/Favourite`],
      ["DELETE", (id) => `/api/Content/Dashboards/Objects/${id}/Favourite`],
      ["PUT", (id) => `/api/Content/Dashboards/Objects/${id}/Shares/${contosoTeam}`],
      ["DELETE", (id) => `/api/Content/Dashboards/Objects/${id}`],
      ["POST", (id) => `/api/Content/Dashboards/Objects/${id}/Restore`],
      ["POST", (id) => `/api/Content/Dashboards/Objects/${id}/Purge`],
      ["GET", (id) => `/api/Content/Dashboards/Objects/${id}/Comments`],
      ["POST", (id) => `/api/Content/Dashboards/Objects/${id}/Comments`, { Text: "Hello from Contoso" }],
      ["GET", (id) => `/api/Media/${id}/Download`],
    ],
    board,
  );
  // History of a foreign schedule: an empty page, exactly as for a missing one.
  const schedule = (await owner.get("/api/Content/Schedules/History")).body.items[0].ScheduleRecId;
  assert.deepEqual(
    (await contoso.get(`/api/Content/Schedules/History?objectRecId=${schedule}`)).body,
    (await contoso.get(`/api/Content/Schedules/History?objectRecId=${MISSING_ID}`)).body,
  );
  assert.equal((await contoso.get("/api/Content/Schedules/History")).body.total, 0);
  // A Northwind team cannot receive a Contoso object either.
  const analytics = ((await owner.get("/api/Teams")).body as Json[]).find(
    (t) => t.Name === "Analytics",
  ).RecId;
  const theirs = await libraryId(contoso, "Dashboards", "Contoso KPIs");
  assertIndistinguishable(
    await contoso.put(`/api/Content/Dashboards/Objects/${theirs}/Shares/${analytics}`),
    await contoso.put(`/api/Content/Dashboards/Objects/${theirs}/Shares/${MISSING_ID}`),
    "share with a foreign team",
  );
  const listed = await listObjects(contoso, "Dashboards", "search=Sales");
  assert.equal(listed.total, 0);
  assert.ok(
    !JSON.stringify((await contoso.get("/api/Objects?type=Dashboard")).body).includes("Sales overview"),
  );
  assert.deepEqual((await owner.get(`/api/Content/Dashboards/Objects/${board}`)).body, before);
  assert.deepEqual((await owner.get(`/api/Content/Dashboards/Objects/${board}/Comments`)).body, comments);
});

test("media: another account's files neither download nor list", async () => {
  const logo = await libraryId(owner, "MediaManager", "logo-mark.png");
  assertIndistinguishable(
    await contoso.get(`/api/Media/${logo}/Download`),
    await contoso.get(`/api/Media/${MISSING_ID}/Download`),
    "download",
  );
  assertIndistinguishable(
    await contoso.post(`/api/Content/MediaManager/Objects/${logo}/Duplicate`, {}),
    await contoso.post(`/api/Content/MediaManager/Objects/${MISSING_ID}/Duplicate`, {}),
    "duplicate",
  );
  assert.equal((await listObjects(contoso, "MediaManager")).total, 0);
});

test("tickets, tasks, keys, managed accounts, projects, transcripts: foreign ids answer like missing ones", async () => {
  const ticket = (await owner.get("/api/SupportTickets?search=Export")).body.items[0].RecId;
  const ticketBefore = (await owner.get(`/api/SupportTickets/${ticket}`)).body;
  const attachment = ticketBefore.Comments.find((c: Json) => c.Attachments.length)?.Attachments[0];
  const task = (await owner.get("/api/Tasks?status=Running")).body.items[0].RecId;
  const key = (await owner.get("/api/ApiKeys")).body[0].RecId;
  const project = (await owner.get("/api/Projects")).body.items[0].RecId;
  const session = (await owner.get("/api/SupportSessions")).body[0].RecId;
  const families: [number, [string, (id: number) => string, unknown?][]][] = [
    [
      ticket,
      [
        ["GET", (id) => `/api/SupportTickets/${id}`],
        ["PUT", (id) => `/api/SupportTickets/${id}`, { Priority: "Low" }],
        ["POST", (id) => `/api/SupportTickets/${id}/Close`],
        ["POST", (id) => `/api/SupportTickets/${id}/Comments`, { Text: "Hi" }],
        [
          "GET",
          (id) =>
            `/api/SupportTickets/${id}/Attachments/${attachment?.PreviewUrl.split("/").pop() ?? "00000000-0000-4000-8000-000000000000"}`,
        ],
      ],
    ],
    [
      task,
      [
        ["GET", (id) => `/api/Tasks/${id}`],
        ["GET", (id) => `/api/Tasks/${id}/Log`],
        ["POST", (id) => `/api/Tasks/${id}/Cancel`],
        ["DELETE", (id) => `/api/Tasks/${id}`],
      ],
    ],
    [key, [["DELETE", (id) => `/api/ApiKeys/${id}`]]],
    [
      project,
      [
        ["GET", (id) => `/api/Projects/${id}`],
        ["PUT", (id) => `/api/Projects/${id}`, { Name: "Taken over" }],
        ["DELETE", (id) => `/api/Projects/${id}`],
      ],
    ],
    [session, [["GET", (id) => `/api/SupportSessions/${id}/Transcript`]]],
  ];
  for (const [id, calls] of families) await probe(contoso, calls, id);
  // Lists show Contoso's own records and none of Northwind's.
  const names = async (path: string, field: string) =>
    ((await contoso.get(path)).body.items as Json[]).map((item) => item[field] as string);
  const tickets = await names("/api/SupportTickets?pageSize=200", "Title");
  assert.ok(tickets.includes("White-label favicon"));
  assert.ok(!tickets.includes("Export fails & times out") && !tickets.includes("Add SSO for our team"));
  const tasks = await names("/api/Tasks?pageSize=200", "Name");
  assert.ok(
    !tasks.some((name) =>
      ["Import of Orders 2024", "Refresh of Orders 2024", "Weekly KPI digest run"].includes(name),
    ),
  );
  assert.ok(!((await contoso.get("/api/ApiKeys")).body as Json[]).some((key) => key.Name === "BI sync"));
  const projects = await names("/api/Projects?pageSize=200", "Name");
  assert.ok(projects.includes("Contoso regional KPIs"));
  assert.ok(
    !projects.includes("Q3 revenue dashboard rollout") && !projects.includes("Data warehouse migration"),
  );
  assert.deepEqual((await contoso.get("/api/ManagedAccounts")).body, []);
  // Nothing changed.
  assert.deepEqual((await owner.get(`/api/SupportTickets/${ticket}`)).body, ticketBefore);
  assert.equal((await owner.get(`/api/Tasks/${task}`)).body.Status, "Running");
  assert.equal((await owner.get("/api/ApiKeys")).body[0].RevokedAt, null);
  assert.equal((await owner.get(`/api/Projects/${project}`)).status, 200);
});

test("inside an account, a Personal object is private until shared with one of the viewer's teams", async () => {
  const draft = await libraryId(owner, "Dashboards", "Board pack (draft)");
  await probe(
    analyst,
    [
      ["GET", (id) => `/api/Content/Dashboards/Objects/${id}`],
      ["PUT", (id) => `/api/Content/Dashboards/Objects/${id}`, { Name: "Mine" }],
      ["POST", (id) => `/api/Content/Dashboards/Objects/${id}/Duplicate`, {}],
    ],
    draft,
  );
  const viewer = await signIn(upstream, "viewer");
  const shared = (await viewer.get("/api/Content/Dashboards/Folders")).body[2].RecId;
  const seen = await listObjects(viewer, "Dashboards", `folderRecId=${shared}`);
  assert.deepEqual(
    seen.items.map((item) => item.Name),
    ["Board pack (draft)"],
  );
});
