/**
 * Public links and their widgets' data over real HTTP, signed out (§2.1 /v, /b, /ld): a code opens
 * only its object's own widgets' stored queries (a binder's: its pages'), narrowed by the viewer
 * filters their definition offers; another widget id, another dashboard, an ad-hoc query or an
 * undeclared filter is refused; revoked, unknown and foreign-type codes all answer one 404; the shared
 * body shows definitions with source ids aliased and a binder's Pages.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../../server/upstream/http/error-codes.ts";
import { type Client, type Json, type RunningUpstream, signIn, startUpstream } from "../upstream-fixture.ts";
import { createObject, dashboard, tableFromCsv, widget } from "./analytics-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let visitor: Client;
let orders: number;
let board: number;
let otherBoard: number;
let boardCode: string;
let docCode: string;
let binderCode: string;

const sumOf = (recId: number) => ({
  Source: { RecId: recId },
  Aggregates: [{ Function: "sum", Column: "Amount", As: "Amount" }],
});
const share = async (area: string, recId: number): Promise<string> => {
  const reply = await owner.post(`/api/Content/${area}/Objects/${recId}/PublicLinks`);
  assert.equal(reply.status, 201, JSON.stringify(reply.body));
  return (reply.body.Path as string).split("/").pop() as string;
};

before(async () => {
  upstream = await startUpstream();
  owner = await signIn(upstream, "owner");
  visitor = owner.as(undefined);
  orders = await tableFromCsv(
    owner,
    "Shared orders",
    "Day,Region,Amount\n2025-01-05,EMEA,10\n2025-01-20,APAC,5\n2025-02-03,EMEA,2\n",
  );
  const secret = await tableFromCsv(owner, "Unshared salaries", "Name,Amount\nAnn,100\n");
  board = await createObject(
    owner,
    "Dashboards",
    "Dashboard",
    "Shared board",
    dashboard([
      widget(
        "region",
        "select",
        { Source: { RecId: orders }, GroupBy: [{ Column: "Region" }] },
        { Column: "Region" },
      ),
      widget("total", "kpi", sumOf(orders), undefined, 4),
    ]),
  );
  otherBoard = await createObject(
    owner,
    "Dashboards",
    "Dashboard",
    "Not shared",
    dashboard([widget("salaries", "kpi", sumOf(secret))]),
  );
  const doc = await createObject(owner, "LiveDocs", "LiveDoc", "Shared doc", {
    Definition: {
      Version: 1,
      Blocks: [
        { Type: "Text", Html: "<p>Hi</p>" },
        { Type: "Widget", Widget: widget("total", "kpi", sumOf(orders)) },
      ],
    },
  });
  const binder = await createObject(owner, "Binders", "Binder", "Shared binder", {
    Definition: { Version: 1, DashboardRecIds: [board] },
  });
  [boardCode, docCode, binderCode] = [
    await share("Dashboards", board),
    await share("LiveDocs", doc),
    await share("Binders", binder),
  ];
});
after(async () => upstream.close());

const shared = (type: string, code: string, widgetId: string) =>
  `/ws/Share/${type}/${code}/Widgets/${widgetId}/Query`;

test("a visitor gets the shared widgets' data, narrowed by the offered filters", async () => {
  const total = await visitor.post(shared("Dashboard", boardCode, "total"), {});
  assert.equal(total.status, 200, JSON.stringify(total.body));
  assert.deepEqual(total.body.Rows, [[17]]);
  assert.equal(total.headers.get("x-robots-tag"), "noindex, nofollow");
  const emea = await visitor.post(shared("Dashboard", boardCode, "total"), {
    Filters: [{ Column: "Region", Operator: "Equals", Value: "EMEA" }],
  });
  assert.deepEqual(emea.body.Rows, [[12]]);
  assert.deepEqual((await visitor.post(shared("LiveDoc", docCode, "total"))).body.Rows, [[17]]);
  const page = await visitor.post(`/ws/Share/Binder/${binderCode}/Pages/${board}/Widgets/total/Query`, {});
  assert.deepEqual(page.body.Rows, [[17]]);
});

test("a code opens nothing else: other widgets, other dashboards, undeclared filters, ad-hoc queries", async () => {
  assert.equal(
    (await visitor.post(shared("Dashboard", boardCode, "salaries"), {})).status,
    404,
    "another dashboard's widget",
  );
  assert.equal(
    (await visitor.post(`/ws/Share/Binder/${binderCode}/Pages/${otherBoard}/Widgets/salaries/Query`, {}))
      .status,
    404,
    "a dashboard not in the binder",
  );
  const undeclared = await visitor.post(shared("Dashboard", boardCode, "total"), {
    Filters: [{ Column: "Amount", Operator: "Greater", Value: 0 }],
  });
  assert.equal(undeclared.status, 400);
  assert.equal(undeclared.body.ErrorCode, ErrorCode.DataViewerFilterNotAllowed);
  const adHoc = await visitor.post(shared("Dashboard", boardCode, "total"), {
    ...sumOf(orders),
    Filters: [],
  });
  assert.equal(adHoc.status, 400, "a query in the body is not accepted");
  assert.equal(adHoc.body.ErrorCode, ErrorCode.InvalidRequest);
  assert.equal((await visitor.post("/api/Data/Query", sumOf(orders))).status, 401);
});

test("revoked, unknown, malformed and foreign-type codes all answer the same 404", async () => {
  const fresh = await share("Dashboards", board);
  const links = await owner.get(`/api/Content/Dashboards/Objects/${board}/PublicLinks`);
  const link = (links.body as Json[]).find((item) => item.Code === fresh) as Json;
  assert.equal(
    (await owner.delete(`/api/Content/Dashboards/Objects/${board}/PublicLinks/${link.RecId}`)).status,
    204,
  );
  const answers = await Promise.all([
    visitor.post(shared("Dashboard", fresh, "total"), {}),
    visitor.post(shared("Dashboard", "A".repeat(43), "total"), {}),
    visitor.post(shared("Dashboard", "bad%20code", "total"), {}),
    visitor.post(shared("LiveDoc", boardCode, "total"), {}),
    visitor.post(`/ws/Share/Binder/${boardCode}/Pages/${board}/Widgets/total/Query`, {}),
  ]);
  for (const answer of answers) {
    assert.equal(answer.status, 404);
    assert.deepEqual(answer.body, answers[0]?.body);
  }
});

test("the shared body: definitions with aliased source ids, a binder's pages", async () => {
  const view = await visitor.get(`/ws/Share/Dashboard/${boardCode}`);
  assert.equal(view.status, 200);
  const widgets = view.body.Properties.Definition.Widgets as Json[];
  assert.deepEqual(
    widgets.map((item) => item.Id),
    ["region", "total"],
  );
  assert.deepEqual(
    widgets.map((item) => item.Query.Source),
    [{ RecId: 1 }, { RecId: 1 }],
    "one source, one alias",
  );
  assert.doesNotMatch(JSON.stringify(view.body), new RegExp(`"RecId":${orders}\\b`), "no real source id");
  const binder = await visitor.get(`/ws/Share/Binder/${binderCode}`);
  assert.deepEqual(
    binder.body.Pages.map((page: Json) => [page.RecId, page.Name, page.Definition.Widgets.length]),
    [[board, "Shared board", 2]],
  );
});
