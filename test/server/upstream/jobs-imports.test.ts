/**
 * Imports end to end over real HTTP and the user hub (issue 3 item 5; §4.3 UserImport…, TeamImport…,
 * BackgroundDataImport… Succeeded / Failed): 401 → 403 → 202, row-by-row validation in the task log,
 * all-or-nothing per file, the notifications for the importer (and AddedToTeam for the members),
 * request-level bad input that stores nothing, and the cross-tenant rules.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { MAX_IMPORT_FILE_BYTES } from "../../../server/upstream/jobs/imports-routes.ts";
import { assertIndistinguishable, filesForm, MISSING_ID } from "./content-fixture.ts";
import { connectHub, type HubRecorder, stopAll } from "./realtime-fixture.ts";
import {
  type Client,
  type Json,
  objectId,
  type RunningUpstream,
  signIn,
  startUpstream,
} from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let viewer: Client;
let contoso: Client;
const hubs: HubRecorder[] = [];
let ownerHub: HubRecorder;
let analystHub: HubRecorder;
let viewerHub: HubRecorder;
let contosoHub: HubRecorder;
let orders = 0;

before(async () => {
  upstream = await startUpstream();
  [owner, analyst, viewer, contoso] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "analyst"),
    signIn(upstream, "viewer"),
    signIn(upstream, "contoso"),
  ]);
  orders = await objectId(owner, "DataTable", "Orders 2024");
  [ownerHub, analystHub, viewerHub, contosoHub] = await Promise.all([
    connectHub(upstream, "user", owner),
    connectHub(upstream, "user", analyst),
    connectHub(upstream, "user", viewer),
    connectHub(upstream, "user", contoso),
  ]);
  hubs.push(ownerHub, analystHub, viewerHub, contosoHub);
});
after(async () => {
  await stopAll(hubs);
  await upstream.close();
});

const csv = (name: string, text: string, fields: Record<string, string> = {}) =>
  filesForm([{ name, data: Buffer.from(text, "utf8"), type: "text/csv" }], fields);

/**
 * Starts an import of one file and waits for its notification; the task, the notification and the
 * task log (read by a user with the Tasks permission of the same account).
 */
async function importFile(client: Client, hub: HubRecorder, path: string, form: FormData, code: RegExp) {
  const started = await client.post(path, form);
  assert.equal(started.status, 202, JSON.stringify(started.body));
  const [task] = started.body.Tasks as Json[];
  const [note] = (await hub.next(
    "notificationAdded",
    ([n]) => (n as Json).WorkerTaskHistoryRecId === task.RecId,
  )) as [Json];
  assert.match(note.Code, code);
  const reader = client === analyst ? owner : client;
  const log = await reader.get(`/api/Tasks/${task.RecId}/Log`);
  assert.equal(log.status, 200);
  return { task, note, log: log.body as Json };
}

const rowCount = async (client: Client, recId: number) =>
  (await client.get(`/api/DataTables/${recId}/Rows?pageSize=1`)).body.total;

test("401 without a session, 403 without Users / Teams / TableAndViews rw", async () => {
  const anonymous = owner.as(undefined);
  const form = () => csv("users.csv", "Email,FullName\nx@northwind.example,X\n");
  for (const path of ["/api/Imports/Users", "/api/Imports/Teams", "/api/Imports/Data"]) {
    const reply = await anonymous.post(path, form());
    assert.equal(reply.status, 401, path);
    assert.equal(reply.body.ErrorCode, ErrorCode.AuthenticationRequired);
  }
  for (const [client, path] of [
    [analyst, "/api/Imports/Users"],
    [analyst, "/api/Imports/Teams"],
    [viewer, "/api/Imports/Data"],
  ] as const) {
    const reply = await client.post(path, form());
    assert.equal(reply.status, 403, path);
    assert.equal(reply.body.ErrorCode, ErrorCode.PermissionDenied);
  }
});

test("users: a valid file creates them all and tells the importer, with the task log", async () => {
  const { task, note, log } = await importFile(
    owner,
    ownerHub,
    "/api/Imports/Users",
    csv(
      "people.csv",
      'email;fullname;Role;Language\nnew.one@northwind.example;New One;Analyst;de\n"NEW.TWO@northwind.example";"Two, New";;\n',
    ),
    /^UserImportSucceeded$/,
  );
  assert.equal(task.Kind, "UserImport");
  assert.equal(note.WorkerTaskHistoryRecId, task.RecId);
  assert.equal(log.Status, "Succeeded");
  assert.match(log.Lines.at(-1).Message, /2 user\(s\) created/);
  // They exist now: importing one of them again fails as already used (and changes nothing).
  const again = await importFile(
    owner,
    ownerHub,
    "/api/Imports/Users",
    csv("again.csv", "Email,FullName\nnew.two@northwind.example,Again\n"),
    /^UserImportFailed$/,
  );
  assert.ok(
    (again.log.Lines as Json[]).some(
      (line) =>
        line.Severity === 3 && /Line 2: «new\.two@northwind\.example» is already used/.test(line.Message),
    ),
  );
});

test("users: one bad row fails the whole file; every problem is logged with its line", async () => {
  const file = [
    "Email,FullName,Role,Language",
    "fresh@northwind.example,Fresh Person,,",
    "not-an-email,Bad Mail,,",
    "dup@northwind.example,Dup One,,",
    "dup@northwind.example,Dup Two,,",
    "role@northwind.example,Role Person,No Such Role,",
    "owner2@northwind.example,Owner Again,Account Owner,",
    "lang@northwind.example,Lang Person,,xx",
    "blank@northwind.example,   ,,",
  ].join("\n");
  const { note, log } = await importFile(
    owner,
    ownerHub,
    "/api/Imports/Users",
    csv("bad.csv", file),
    /^UserImportFailed$/,
  );
  assert.match(note.Message, /6 problem\(s\) found; nothing was imported/);
  const errors = (log.Lines as Json[]).filter((line) => line.Severity === 3).map((line) => line.Message);
  for (const line of [3, 5, 6, 7, 8, 9])
    assert.ok(
      errors.some((m) => m.startsWith(`Line ${line}:`)),
      `line ${line}: ${errors}`,
    );
  assert.equal(log.Status, "Failed");
  // The valid row was not applied: importing it alone works.
  await importFile(
    owner,
    ownerHub,
    "/api/Imports/Users",
    csv("fresh.csv", "Email,FullName\nfresh@northwind.example,Fresh\n"),
    /^UserImportSucceeded$/,
  );
  const header = await importFile(
    owner,
    ownerHub,
    "/api/Imports/Users",
    csv("h.csv", "Mail,Name\na@b.example,A\n"),
    /^UserImportFailed$/,
  );
  assert.ok((header.log.Lines as Json[]).some((line) => /unknown column «Mail»/.test(line.Message)));
});

test("teams: created with their members, who are told (AddedToTeam); a taken name fails the file", async () => {
  const file =
    "Team,MemberEmail\nData crew,analyst@northwind.example\nData crew,VIEWER@northwind.example\nSolo,\n";
  const { note } = await importFile(
    owner,
    ownerHub,
    "/api/Imports/Teams",
    csv("teams.csv", file),
    /^TeamImportSucceeded$/,
  );
  assert.equal(typeof note.WorkerTaskHistoryRecId, "number");
  for (const hub of [analystHub, viewerHub]) {
    const [added] = (await hub.next(
      "notificationAdded",
      ([n]) => (n as Json).Code === "AddedToTeam" && (n as Json).TeamName === "Data crew",
    )) as [Json];
    assert.equal(added.AuthorFullName, "Olivia Owner");
  }
  const teams = (await owner.get("/api/Teams")).body as Json[];
  const crew = teams.find((team) => team.Name === "Data crew");
  assert.deepEqual(crew.Members.map((m: Json) => m.Email).sort(), [
    "analyst@northwind.example",
    "viewer@northwind.example",
  ]);
  assert.equal(teams.find((team) => team.Name === "Solo").Members.length, 0);

  const taken =
    "Team,MemberEmail\nBrand new,analyst@northwind.example\nanalytics,\nGhosts,nobody@northwind.example\n";
  const failed = await importFile(
    owner,
    ownerHub,
    "/api/Imports/Teams",
    csv("taken.csv", taken),
    /^TeamImportFailed$/,
  );
  const errors = (failed.log.Lines as Json[]).map((line) => line.Message).join("\n");
  assert.match(errors, /Line 3: a team named «analytics» already exists/);
  assert.match(errors, /Line 4: «nobody@northwind\.example» is not a user of this account/);
  assert.equal(
    ((await owner.get("/api/Teams")).body as Json[]).some((team) => team.Name === "Brand new"),
    false,
  );
  await analystHub.flush();
  assert.equal(
    analystHub.of("notificationAdded").filter(([n]) => (n as Json).TeamName === "Brand new").length,
    0,
  );
});

test("data: rows are appended in any column order; bad values fail the file and change nothing", async () => {
  assert.equal(await rowCount(analyst, orders), 250);
  const rows =
    "Total,Paid,OrderId,OrderedAt,Customer,City\n12.5,true,ord-9001,2025-01-10,Customer 1,Berlin\n,false,ord-9002,,Customer 2,Paris\n";
  const { note } = await importFile(
    analyst,
    analystHub,
    "/api/Imports/Data",
    csv("more.csv", rows, { DataTableRecId: String(orders) }),
    /^BackgroundDataImportSucceeded$/,
  );
  assert.equal(note.DataCloneRecId, orders);
  assert.equal(note.DataCloneName, "Orders 2024");
  const page = await analyst.get(`/api/DataTables/${orders}/Rows?page=126&pageSize=2`);
  assert.equal(page.body.total, 252);
  assert.deepEqual(page.body.items[0], {
    OrderId: "ord-9001",
    OrderedAt: "2025-01-10",
    Customer: "Customer 1",
    City: "Berlin",
    Total: 12.5,
    Paid: true,
  });
  assert.equal(page.body.items[1].Total, null);

  const bad =
    "OrderId,OrderedAt,Customer,City,Total,Paid\nord-1,2025-01-01,C,X,abc,true\nord-2,yesterday,C,X,1,maybe\n";
  const failed = await importFile(
    analyst,
    analystHub,
    "/api/Imports/Data",
    csv("bad.csv", bad, { DataTableRecId: String(orders) }),
    /^BackgroundDataImportFailed$/,
  );
  assert.equal(failed.note.DataCloneRecId, orders);
  const errors = (failed.log.Lines as Json[]).map((line) => line.Message).join("\n");
  assert.match(errors, /Line 2: «abc» is not a number \(column Total\)/);
  assert.match(errors, /Line 3: «yesterday» is not a date/);
  assert.match(errors, /Line 3: «maybe» is not a boolean/);
  const extra = await importFile(
    analyst,
    analystHub,
    "/api/Imports/Data",
    csv("extra.csv", "OrderId,Total,Colour\na,1,red\n", { DataTableRecId: String(orders) }),
    /Failed$/,
  );
  assert.match(extra.note.Message, /problem/);
  assert.equal(await rowCount(analyst, orders), 252, "nothing of the failed files was applied");
});

test("data: an empty table takes its columns, typed, from the first file", async () => {
  const created = await analyst.post("/api/Content/TableAndViews/Objects", {
    Type: "DataTable",
    Name: "Targets",
  });
  assert.equal(created.status, 201);
  const recId = created.body.RecId as number;
  const file = "Region,Target,Active,Since\nEMEA,1200.5,true,2024-01-01\nAPAC,900,false,2024-02-01\n";
  await importFile(
    analyst,
    analystHub,
    "/api/Imports/Data",
    csv("targets.csv", file, { DataTableRecId: String(recId) }),
    /Succeeded$/,
  );
  const rows = await analyst.get(`/api/DataTables/${recId}/Rows`);
  assert.deepEqual(rows.body.Columns, [
    { Name: "Region", Type: "Text" },
    { Name: "Target", Type: "Number" },
    { Name: "Active", Type: "Boolean" },
    { Name: "Since", Type: "Date" },
  ]);
  assert.deepEqual(rows.body.items[1], { Region: "APAC", Target: 900, Active: false, Since: "2024-02-01" });
});

test("bad uploads are refused before any task exists", async () => {
  const tasksBefore = (await owner.get("/api/Tasks?pageSize=1")).body.total;
  const one = (name: string, data: Buffer | string, fields: Record<string, string> = {}) =>
    filesForm([{ name, data: Buffer.from(data) }], fields);
  const dashboard = await objectId(owner, "Dashboard", "Sales overview");
  const cases: [string, FormData | object, number, number][] = [
    ["/api/Imports/Users", { Email: "json@northwind.example" }, 415, ErrorCode.UnsupportedMediaType],
    ["/api/Imports/Users", new FormData(), 400, ErrorCode.FileMissing],
    ["/api/Imports/Users", one("users.xlsx", "Email,FullName\n"), 400, ErrorCode.InvalidImportFile],
    [
      "/api/Imports/Users",
      one("users.csv", Buffer.from([0xff, 0xfe, 0x00, 0x41])),
      400,
      ErrorCode.InvalidImportFile,
    ],
    ["/api/Imports/Users", one("../../users.csv", "Email,FullName\n"), 400, ErrorCode.InvalidFileName],
    ["/api/Imports/Users", one("users.csv", "Email\n", { Extra: "1" }), 400, ErrorCode.InvalidRequest],
    [
      "/api/Imports/Users",
      one("big.csv", "a".repeat(MAX_IMPORT_FILE_BYTES + 1)),
      413,
      ErrorCode.ImportFileTooLarge,
    ],
    [
      "/api/Imports/Teams",
      filesForm(Array.from({ length: 6 }, (_, i) => ({ name: `t${i}.csv`, data: Buffer.from("Team\nA\n") }))),
      400,
      ErrorCode.TooManyFiles,
    ],
    ["/api/Imports/Data", one("rows.csv", "A\n1\n"), 400, ErrorCode.InvalidRequest],
    [
      "/api/Imports/Data",
      one("rows.csv", "A\n1\n", { DataTableRecId: "abc" }),
      400,
      ErrorCode.InvalidRequest,
    ],
    [
      "/api/Imports/Data",
      one("rows.csv", "A\n1\n", { DataTableRecId: String(dashboard) }),
      404,
      ErrorCode.NotFound,
    ],
  ];
  for (const [path, body, status, code] of cases) {
    const reply = await owner.post(path, body);
    assert.equal(reply.status, status, `${path}: ${JSON.stringify(reply.body)}`);
    assert.equal(reply.body.ErrorCode, code, path);
  }
  assert.equal((await owner.get("/api/Tasks?pageSize=1")).body.total, tasksBefore);
  assert.equal(await rowCount(owner, orders), 252);
});

test("cross-tenant: another account's tables cannot be read or imported into; imports stay in the account", async () => {
  const form = () =>
    csv("rows.csv", "OrderId,OrderedAt,Customer,City,Total,Paid\nx,,,,1,\n", {
      DataTableRecId: String(orders),
    });
  const foreign = await contoso.post("/api/Imports/Data", form());
  const missing = await contoso.post(
    "/api/Imports/Data",
    csv("rows.csv", "A\n1\n", { DataTableRecId: String(MISSING_ID) }),
  );
  assertIndistinguishable(foreign, missing, "import into a foreign table");
  assertIndistinguishable(
    await contoso.get(`/api/DataTables/${orders}/Rows`),
    await contoso.get(`/api/DataTables/${MISSING_ID}/Rows`),
    "foreign rows",
  );
  // The same e-mail is another user in another account: Contoso's import does not touch Northwind.
  const { note } = await importFile(
    contoso,
    contosoHub,
    "/api/Imports/Users",
    csv("c.csv", "Email,FullName\nfresh@northwind.example,Contoso Fresh\n"),
    /Succeeded$/,
  );
  assert.equal(typeof note.WorkerTaskHistoryRecId, "number");
  const task = await owner.get(`/api/Tasks/${note.WorkerTaskHistoryRecId}`);
  assert.equal(task.status, 404, "Contoso's task is invisible to Northwind");
  await ownerHub.flush();
  assert.equal(
    ownerHub
      .of("notificationAdded")
      .filter(([n]) => (n as Json).WorkerTaskHistoryRecId === note.WorkerTaskHistoryRecId).length,
    0,
  );
  assert.equal(await rowCount(owner, orders), 252);
});
