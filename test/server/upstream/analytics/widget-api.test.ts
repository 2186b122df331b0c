/**
 * The members' widget calls over real HTTP: a widget's stored query on the object's own right (the
 * dashboard viewer needs no data permission), viewer filters only as the definition's filter widgets
 * offer them, binder pages and their widgets, refusals 401 → 403 → 404 (another account's object
 * like a missing one); and the checks of definitions on every write — refused with a code, nothing
 * stored.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../../server/upstream/http/error-codes.ts";
import { assertIndistinguishable, MISSING_ID } from "../content-fixture.ts";
import { type Client, type Json, type RunningUpstream, signIn, startUpstream } from "../upstream-fixture.ts";
import { createObject, dashboard, storeChecksums, tableFromCsv, widget } from "./analytics-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let viewer: Client;
let contoso: Client;
let starter: Client;
let orders: number;
let tickets: number;
let board: number;
let foreignBoard: number;

const ORDERS_CSV = [
  "Day,Region,Amount",
  "2025-01-05,EMEA,10",
  "2025-01-20,APAC,5",
  "2025-02-03,EMEA,2",
  "2025-03-28,Americas,7",
].join("\n");

const sumOf = (recId: number) => ({
  Source: { RecId: recId },
  Aggregates: [{ Function: "sum", Column: "Amount", As: "Amount" }],
});
const byMonth = (recId: number) => ({
  Source: { RecId: recId },
  GroupBy: [{ Column: "Day", Bucket: "month", As: "Month" }],
  Aggregates: [{ Function: "sum", Column: "Amount", As: "Amount" }],
});
const widgetsOf = (recId: number, other: number) => [
  widget(
    "period",
    "dateRange",
    {
      Source: { RecId: recId },
      Aggregates: [
        { Function: "min", Column: "Day", As: "From" },
        { Function: "max", Column: "Day", As: "To" },
      ],
    },
    { Column: "Day" },
  ),
  widget(
    "region",
    "select",
    {
      Source: { RecId: recId },
      GroupBy: [{ Column: "Region" }],
      Aggregates: [{ Function: "count", As: "N" }],
    },
    { Column: "Region" },
    4,
  ),
  widget("total", "kpi", sumOf(recId), undefined, 8),
  widget("by-month", "bar", byMonth(recId)),
  widget(
    "tickets",
    "kpi",
    { Source: { RecId: other }, Aggregates: [{ Function: "count", As: "N" }] },
    undefined,
    4,
  ),
  widget("note", "text", undefined, { Html: "<p>Hello</p>" }, 8),
];
const run = (client: Client, path: string, body?: unknown) => client.post(path, body);
const widgetPath = (area: string, recId: number, widgetId: string) =>
  `/api/Content/${area}/Objects/${recId}/Widgets/${widgetId}/Query`;

before(async () => {
  upstream = await startUpstream();
  [owner, analyst, viewer, contoso, starter] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "analyst"),
    signIn(upstream, "viewer"),
    signIn(upstream, "contoso"),
    signIn(upstream, "starter"),
  ]);
  orders = await tableFromCsv(owner, "Widget orders", ORDERS_CSV);
  tickets = await tableFromCsv(owner, "Widget tickets", "Opened,Priority\n2025-01-01,High\n2025-01-02,Low\n");
  board = await createObject(
    owner,
    "Dashboards",
    "Dashboard",
    "Widget board",
    dashboard(widgetsOf(orders, tickets)),
  );
  const contosoTable = await tableFromCsv(contoso, "Contoso widget orders", ORDERS_CSV);
  foreignBoard = await createObject(
    contoso,
    "Dashboards",
    "Dashboard",
    "Contoso board",
    dashboard([widget("total", "kpi", sumOf(contosoTable))]),
  );
});
after(async () => upstream.close());

test("a dashboard viewer sees what its widgets show, without the data permission", async () => {
  const total = await run(viewer, widgetPath("Dashboards", board, "total"), {});
  assert.equal(total.status, 200, JSON.stringify(total.body));
  assert.deepEqual(total.body.Rows, [[24]]);
  // No body at all asks without viewer filters.
  assert.deepEqual((await run(viewer, widgetPath("Dashboards", board, "by-month"))).body.Rows, [
    ["2025-01-01", 15],
    ["2025-02-01", 2],
    ["2025-03-01", 7],
  ]);
  // The same description through Data/Query (the editor's preview) gives the same rows.
  assert.deepEqual(
    (await owner.post("/api/Data/Query", byMonth(orders))).body.Rows,
    (await run(owner, widgetPath("Dashboards", board, "by-month"))).body.Rows,
  );
  assert.equal((await viewer.post("/api/Data/Query", sumOf(orders))).status, 403, "yet no ad-hoc query");
});

test("viewer filters: the declared columns with their filter widget's operator, on the widgets it targets", async () => {
  const filtered = await run(viewer, widgetPath("Dashboards", board, "total"), {
    Filters: [
      { Column: "Region", Operator: "Equals", Value: "EMEA" },
      { Column: "Day", Operator: "Between", Values: ["2025-01-01", "2025-01-31"] },
    ],
  });
  assert.equal(filtered.status, 200, JSON.stringify(filtered.body));
  assert.deepEqual(filtered.body.Rows, [[10]]);
  const refused: [string, Json][] = [
    ["an undeclared column", { Column: "Amount", Operator: "Greater", Value: 1 }],
    ["a declared column with another operator", { Column: "Region", Operator: "NotEquals", Value: "EMEA" }],
    ["a date range given as one day", { Column: "Day", Operator: "Equals", Value: "2025-01-05" }],
  ];
  for (const [name, filter] of refused) {
    const reply = await run(viewer, widgetPath("Dashboards", board, "total"), { Filters: [filter] });
    assert.equal(reply.status, 400, name);
    assert.equal(reply.body.ErrorCode, ErrorCode.DataViewerFilterNotAllowed, name);
  }
  // The tickets widget reads another source: the Region filter does not target it.
  const other = await run(viewer, widgetPath("Dashboards", board, "tickets"), {
    Filters: [{ Column: "Region", Operator: "Equals", Value: "EMEA" }],
  });
  assert.equal(other.body.ErrorCode, ErrorCode.DataViewerFilterNotAllowed);
  // A filter widget's own query takes no viewer filters either.
  const own = await run(viewer, widgetPath("Dashboards", board, "region"), {
    Filters: [{ Column: "Day", Operator: "Between", Values: ["2025-01-01", "2025-01-31"] }],
  });
  assert.equal(own.body.ErrorCode, ErrorCode.DataViewerFilterNotAllowed);
});

test("401 → 403 (the area's feature, then its permission) → 404 for unknown widgets and objects", async () => {
  const anonymous = owner.as(undefined);
  assert.equal((await run(anonymous, widgetPath("Dashboards", board, "total"), {})).status, 401);
  const noArea = await run(analyst, widgetPath("Reports", MISSING_ID, "total"), {});
  assert.equal(noArea.status, 403);
  assert.equal(noArea.body.ErrorCode, ErrorCode.PermissionDenied);
  const noFeature = await run(starter, widgetPath("Insights", MISSING_ID, "total"), {});
  assert.equal(noFeature.status, 403);
  assert.equal(noFeature.body.ErrorCode, ErrorCode.FeatureNotIncluded);
  assert.equal((await run(viewer, widgetPath("Dashboards", board, "ghost"), {})).status, 404);
  assert.equal(
    (await run(viewer, widgetPath("Dashboards", board, "note"), {})).status,
    404,
    "a text widget has no data",
  );
  assert.equal(
    (await run(owner, widgetPath("Binders", board, "total"), {})).status,
    400,
    "binders have pages",
  );
  assertIndistinguishable(
    await run(contoso, widgetPath("Dashboards", board, "total"), {}),
    await run(contoso, widgetPath("Dashboards", MISSING_ID, "total"), {}),
    "another account's dashboard",
  );
  assertIndistinguishable(
    await run(owner, widgetPath("Dashboards", foreignBoard, "total"), {}),
    await run(owner, widgetPath("Dashboards", MISSING_ID, "total"), {}),
    "the other way",
  );
});

test("live documents, insights and reports: their widgets, ids across blocks and sections", async () => {
  const doc = await createObject(owner, "LiveDocs", "LiveDoc", "Widget doc", {
    Definition: {
      Version: 1,
      Blocks: [
        { Type: "Text", Html: "<p>Intro</p>" },
        { Type: "Widget", Widget: widget("total", "kpi", sumOf(orders)) },
      ],
    },
  });
  const insight = await createObject(owner, "Insights", "Insight", "Widget insight", {
    Definition: { Version: 1, Note: "Monthly", Widget: widget("by-month", "line", byMonth(orders)) },
  });
  const report = await createObject(owner, "Reports", "Report", "Widget report", {
    Definition: {
      Version: 1,
      Sections: [
        { Title: "One", Widgets: [widget("total", "kpi", sumOf(orders))] },
        { Title: "Two", Widgets: [widget("by-month", "bar", byMonth(orders))] },
      ],
    },
  });
  assert.deepEqual((await run(owner, widgetPath("LiveDocs", doc, "total"), {})).body.Rows, [[24]]);
  assert.equal((await run(owner, widgetPath("Insights", insight, "by-month"), {})).body.Rows.length, 3);
  assert.equal((await run(owner, widgetPath("Reports", report, "by-month"), {})).body.Rows.length, 3);
  assert.equal((await run(owner, widgetPath("Dashboards", doc, "total"), {})).status, 404, "not a dashboard");
});

test("binder pages: in order, unavailable ones marked; their widgets only through the binder", async () => {
  const second = await createObject(
    owner,
    "Dashboards",
    "Dashboard",
    "Second page",
    dashboard([widget("total", "kpi", sumOf(orders))]),
  );
  const binder = await createObject(owner, "Binders", "Binder", "Widget binder", {
    Definition: { Version: 1, DashboardRecIds: [board, second] },
  });
  const pages = await owner.get(`/api/Content/Binders/Objects/${binder}/Pages`);
  assert.equal(pages.status, 200);
  assert.deepEqual(
    pages.body.items.map((page: Json) => [
      page.RecId,
      page.Name,
      page.Available,
      page.Definition?.Widgets.length,
    ]),
    [
      [board, "Widget board", true, 6],
      [second, "Second page", true, 1],
    ],
  );
  const pageWidget = (dashboardRecId: number, widgetId: string) =>
    `/api/Content/Binders/Objects/${binder}/Pages/${dashboardRecId}/Widgets/${widgetId}/Query`;
  assert.deepEqual((await run(owner, pageWidget(second, "total"), {})).body.Rows, [[24]]);
  assert.equal(
    (await run(owner, pageWidget(MISSING_ID, "total"), {})).status,
    404,
    "not a page of the binder",
  );
  assert.equal((await run(owner, pageWidget(board, "ghost"), {})).status, 404);
  // The viewer has no Binders permission; the analyst neither.
  assert.equal((await viewer.get(`/api/Content/Binders/Objects/${binder}/Pages`)).status, 403);
  assert.equal((await run(analyst, pageWidget(second, "total"), {})).status, 403);
  // A page trashed: unavailable, no name, no definition; its widgets gone.
  assert.equal((await owner.delete(`/api/Content/Dashboards/Objects/${second}`)).status, 204);
  const after = await owner.get(`/api/Content/Binders/Objects/${binder}/Pages`);
  assert.deepEqual(after.body.items[1], { RecId: second, Name: null, Definition: null, Available: false });
  assert.equal((await run(owner, pageWidget(second, "total"), {})).status, 404);
  assertIndistinguishable(
    await contoso.get(`/api/Content/Binders/Objects/${binder}/Pages`),
    await contoso.get(`/api/Content/Binders/Objects/${MISSING_ID}/Pages`),
    "another account's binder",
  );
});

test("definitions are checked on every write: 400 with a code, nothing stored", async () => {
  const personal = await tableFromCsv(owner, "Owner's private orders", ORDERS_CSV, "Personal");
  const contosoTable = (await contoso.get("/api/Data/Sources")).body.items[0].RecId as number;
  const clash = await tableFromCsv(owner, "Amounts as words", "Amount\nmany\n");
  const refusals: [string, string, string, Json, number][] = [
    ["no Version", "Dashboards", "Dashboard", { Widgets: [] }, ErrorCode.DataDefinitionInvalid],
    [
      "duplicate widget ids",
      "Dashboards",
      "Dashboard",
      dashboard([widget("a", "kpi", sumOf(orders)), widget("a", "kpi", sumOf(orders))]).Definition,
      ErrorCode.DataDefinitionInvalid,
    ],
    [
      "past the grid",
      "Dashboards",
      "Dashboard",
      dashboard([widget("a", "kpi", sumOf(orders), undefined, 10)]).Definition,
      ErrorCode.DataDefinitionInvalid,
    ],
    [
      "an unknown column",
      "Dashboards",
      "Dashboard",
      dashboard([widget("a", "kpi", { Source: { RecId: orders }, Select: ["Nope"] })]).Definition,
      ErrorCode.DataColumnUnknown,
    ],
    [
      "a sum of text",
      "Dashboards",
      "Dashboard",
      dashboard([
        widget("a", "kpi", {
          Source: { RecId: orders },
          Aggregates: [{ Function: "sum", Column: "Region", As: "S" }],
        }),
      ]).Definition,
      ErrorCode.DataAggregateNeedsNumber,
    ],
    [
      "another account's source",
      "Dashboards",
      "Dashboard",
      dashboard([widget("a", "kpi", sumOf(contosoTable))]).Definition,
      ErrorCode.DataDefinitionInvalid,
    ],
    [
      "a missing source",
      "Dashboards",
      "Dashboard",
      dashboard([widget("a", "kpi", sumOf(MISSING_ID))]).Definition,
      ErrorCode.DataDefinitionInvalid,
    ],
    [
      "a filter widget on a column its targets lack",
      "Dashboards",
      "Dashboard",
      dashboard([widget("f", "select", sumOf(orders), { Column: "Nope" })]).Definition,
      ErrorCode.DataDefinitionInvalid,
    ],
    [
      "a filter widget without a column",
      "Dashboards",
      "Dashboard",
      dashboard([widget("f", "select", sumOf(orders), {})]).Definition,
      ErrorCode.DataDefinitionInvalid,
    ],
    [
      "ids repeated across live document blocks",
      "LiveDocs",
      "LiveDoc",
      {
        Version: 1,
        Blocks: [
          { Type: "Widget", Widget: widget("a", "kpi") },
          { Type: "Widget", Widget: widget("a", "text") },
        ],
      },
      ErrorCode.DataDefinitionInvalid,
    ],
    [
      "ids repeated across report sections",
      "Reports",
      "Report",
      {
        Version: 1,
        Sections: [
          { Title: "A", Widgets: [widget("a", "text")] },
          { Title: "B", Widgets: [widget("a", "text")] },
        ],
      },
      ErrorCode.DataDefinitionInvalid,
    ],
    [
      "a binder page nobody may see",
      "Binders",
      "Binder",
      { Version: 1, DashboardRecIds: [foreignBoard] },
      ErrorCode.DataDefinitionInvalid,
    ],
    [
      "a view of a missing source",
      "TableAndViews",
      "DataView",
      { Version: 1, Source: { RecId: MISSING_ID } },
      ErrorCode.DataDefinitionInvalid,
    ],
    [
      "a view of a column its source lacks",
      "TableAndViews",
      "DataView",
      { Version: 1, Source: { RecId: orders }, Columns: ["Nope"] },
      ErrorCode.DataDefinitionInvalid,
    ],
    [
      "a fusion of one source",
      "TableAndViews",
      "DataFusion",
      { Version: 1, Sources: [{ RecId: orders }] },
      ErrorCode.DataDefinitionInvalid,
    ],
    [
      "a fusion whose column types clash",
      "TableAndViews",
      "DataFusion",
      { Version: 1, Sources: [{ RecId: orders }, { RecId: clash }] },
      ErrorCode.DataDefinitionInvalid,
    ],
    [
      "a merge on columns of two types",
      "TableAndViews",
      "DataMerge",
      {
        Version: 1,
        Left: { RecId: orders },
        Right: { RecId: tickets },
        On: [{ Left: "Amount", Right: "Priority" }],
        Join: "Inner",
      },
      ErrorCode.DataDefinitionInvalid,
    ],
  ];
  const before = storeChecksums(upstream);
  for (const [name, area, type, definition, code] of refusals) {
    const reply = await owner.post(`/api/Content/${area}/Objects`, {
      Type: type,
      Name: name,
      Properties: { Definition: definition },
    });
    assert.equal(reply.status, 400, `${name}: ${JSON.stringify(reply.body)}`);
    assert.equal(reply.body.ErrorCode, code, `${name}: ${JSON.stringify(reply.body)}`);
  }
  // The analyst cannot build on a source in the owner's personal tree: answered like a missing one.
  const hidden = await analyst.post("/api/Content/Dashboards/Objects", {
    Type: "Dashboard",
    Name: "Peek",
    Properties: dashboard([widget("a", "kpi", sumOf(personal))]),
  });
  const missing = await analyst.post("/api/Content/Dashboards/Objects", {
    Type: "Dashboard",
    Name: "Peek",
    Properties: dashboard([widget("a", "kpi", sumOf(MISSING_ID))]),
  });
  assert.equal(hidden.status, 400);
  assert.equal(hidden.body.ErrorCode, ErrorCode.DataDefinitionInvalid);
  assert.equal(
    hidden.body.Message.replace(String(personal), "N"),
    missing.body.Message.replace(String(MISSING_ID), "N"),
  );
  // A change of a stored definition is checked the same way, and leaves the stored one as it was.
  const put = await owner.put(`/api/Content/Dashboards/Objects/${board}`, {
    Properties: dashboard([widget("a", "kpi", { Source: { RecId: orders }, Select: ["Nope"] })]),
  });
  assert.equal(put.status, 400);
  assert.deepEqual(storeChecksums(upstream), before, "nothing stored");
  assert.equal(
    (await owner.get(`/api/Content/Dashboards/Objects/${board}`)).body.Properties.Definition.Widgets.length,
    6,
  );
});

test("a derived source cannot be composed of itself", async () => {
  const view = await createObject(owner, "TableAndViews", "DataView", "Loop view", {
    Definition: { Version: 1, Source: { RecId: orders } },
  });
  const fusion = await createObject(owner, "TableAndViews", "DataFusion", "Loop fusion", {
    Definition: { Version: 1, Sources: [{ RecId: orders }, { RecId: view }] },
  });
  const loop = await owner.put(`/api/Content/TableAndViews/Objects/${view}`, {
    Properties: { Definition: { Version: 1, Source: { RecId: fusion } } },
  });
  assert.equal(loop.status, 400);
  assert.equal(loop.body.ErrorCode, ErrorCode.DataDefinitionInvalid);
  assert.match(loop.body.Message, /composed of itself/);
  const rows = await owner.post("/api/Data/Query", {
    Source: { RecId: fusion },
    Aggregates: [{ Function: "count", As: "N" }],
  });
  assert.deepEqual(rows.body.Rows, [[8]]);
});

test("rearranging a dashboard needs no data right; a new query needs the saver to read its source", async () => {
  // The viewer's role may now change dashboards, still without TableAndViews.
  const viewerRole = ((await owner.get("/api/Roles")).body as Json[]).find(
    (role) => role.Name === "Viewer",
  ) as Json;
  const changed = await owner.put(`/api/Roles/${viewerRole.RecId}`, {
    Permissions: "Dashboards_rw;UserProfileAndPreferences_r",
  });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  const stored = (await viewer.get(`/api/Content/Dashboards/Objects/${board}`)).body.Properties as Json;
  const moved = structuredClone(stored);
  moved.Definition.Widgets.reverse();
  moved.Definition.Widgets[0].Position.Y = 6;
  const rearranged = await viewer.put(`/api/Content/Dashboards/Objects/${board}`, { Properties: moved });
  assert.equal(rearranged.status, 200, JSON.stringify(rearranged.body));
  const widened = structuredClone(moved);
  widened.Definition.Widgets.find((item: Json) => item.Id === "total").Query.Aggregates[0].Function = "max";
  const refused = await viewer.put(`/api/Content/Dashboards/Objects/${board}`, { Properties: widened });
  assert.equal(refused.status, 400);
  assert.equal(refused.body.ErrorCode, ErrorCode.DataDefinitionInvalid);
  assert.match(refused.body.Message, /total/);
});
