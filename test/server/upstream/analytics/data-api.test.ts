/**
 * The data calls over real HTTP (`GET Data/Sources`, `GET Data/Sources/{recId}/Columns`,
 * `POST Data/Query`): refusals in the order 401 → 403 (feature before permission) → 400/404; another
 * account's source and a colleague's personal one answer exactly like a missing one; descriptions
 * with hostile text in every string field are refused with a code (names) or matched literally
 * (values), and the store is unchanged either way.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import Database from "better-sqlite3";
import { ErrorCode } from "../../../../server/upstream/http/error-codes.ts";
import { assertIndistinguishable, MISSING_ID } from "../content-fixture.ts";
import { type Client, type RunningUpstream, signIn, startUpstream } from "../upstream-fixture.ts";
import { storeChecksums, tableFromCsv } from "./analytics-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let viewer: Client;
let contoso: Client;
let starter: Client;
let orders: number;
let personal: number;
let foreign: number;

const ORDERS_CSV = [
  "Day,Region,Amount,Paid,Customer",
  "2025-01-05,EMEA,10,true,Ann",
  "2025-01-20,APAC,5.5,false,O'Brien; --",
  "2025-02-03,EMEA,,true,Bob",
  "2025-02-28,Americas,7,true,Ann",
].join("\n");

before(async () => {
  upstream = await startUpstream();
  [owner, analyst, viewer, contoso, starter] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "analyst"),
    signIn(upstream, "viewer"),
    signIn(upstream, "contoso"),
    signIn(upstream, "starter"),
  ]);
  orders = await tableFromCsv(owner, "Query orders", ORDERS_CSV);
  personal = await tableFromCsv(owner, "Owner's own orders", ORDERS_CSV, "Personal");
  foreign = await tableFromCsv(contoso, "Contoso orders", ORDERS_CSV);
  // The starter account's subscription loses TablesAndView (a downgrade): its calls meet the feature gate.
  const db = new Database(join(upstream.dataDir, "upstream.sqlite"));
  db.prepare(
    "UPDATE account_features SET availability = 'Optional' WHERE feature = 'TablesAndView' AND account_id = (SELECT id FROM accounts WHERE domain = 'northwind-starter')",
  ).run();
  db.close();
});
after(async () => upstream.close());

const query = (recId: number, extra: Record<string, unknown> = {}) => ({
  Source: { RecId: recId },
  GroupBy: [{ Column: "Region" }],
  Aggregates: [{ Function: "sum", Column: "Amount", As: "Amount" }],
  ...extra,
});
const CALLS: [string, (recId: number) => string, (recId: number) => unknown][] = [
  ["GET", () => "/api/Data/Sources", () => undefined],
  ["GET", (recId) => `/api/Data/Sources/${recId}/Columns`, () => undefined],
  ["POST", () => "/api/Data/Query", (recId) => query(recId)],
];

test("401 without a session, 403 FeatureNotIncluded, then 403 PermissionDenied — before any validation", async () => {
  const anonymous = owner.as(undefined);
  for (const [method, path, body] of CALLS) {
    const refused = await anonymous.request(method, path(orders), body(orders));
    assert.equal(refused.status, 401, `${method} ${path(orders)}`);
    assert.equal(refused.body.ErrorCode, ErrorCode.AuthenticationRequired);
    // The viewer's role has no TableAndViews; a broken body changes nothing about that.
    const denied = await viewer.request(
      method,
      path(orders),
      method === "POST" ? { Nonsense: true } : undefined,
    );
    assert.equal(denied.status, 403);
    assert.equal(denied.body.ErrorCode, ErrorCode.PermissionDenied);
    const upgrade = await starter.request(method, path(orders), body(orders));
    assert.equal(upgrade.status, 403);
    assert.equal(upgrade.body.ErrorCode, ErrorCode.FeatureNotIncluded);
  }
  const invalid = await owner.post("/api/Data/Query", { Source: { RecId: orders }, Extra: 1 });
  assert.equal(invalid.status, 400);
  assert.equal(invalid.body.ErrorCode, ErrorCode.InvalidRequest);
  const answered = await analyst.post("/api/Data/Query", query(orders));
  assert.equal(answered.status, 200, JSON.stringify(answered.body));
});

test("another account's source, a colleague's personal one and a missing one answer alike", async () => {
  for (const [method, path, body] of CALLS.slice(1)) {
    assertIndistinguishable(
      await contoso.request(method, path(orders), body(orders)),
      await contoso.request(method, path(MISSING_ID), body(MISSING_ID)),
      `${method} ${path(orders)} across accounts`,
    );
    assertIndistinguishable(
      await owner.request(method, path(foreign), body(foreign)),
      await owner.request(method, path(MISSING_ID), body(MISSING_ID)),
      `${method} ${path(foreign)} the other way`,
    );
    assertIndistinguishable(
      await analyst.request(method, path(personal), body(personal)),
      await analyst.request(method, path(MISSING_ID), body(MISSING_ID)),
      `${method} ${path(personal)} someone's personal tree`,
    );
  }
  const listed = (client: Client) =>
    client
      .get("/api/Data/Sources")
      .then((reply) => reply.body.items.map((item: { RecId: number }) => item.RecId));
  assert.ok(!(await listed(contoso)).includes(orders));
  assert.ok((await listed(contoso)).includes(foreign));
  assert.ok(!(await listed(analyst)).includes(personal));
  assert.ok((await listed(owner)).includes(personal));
});

test("Sources and Columns: the catalogue with types, row counts and the version", async () => {
  const sources = await owner.get("/api/Data/Sources");
  assert.equal(sources.status, 200);
  assert.deepEqual(
    sources.body.items.find((item: { RecId: number }) => item.RecId === orders),
    { RecId: orders, Type: "DataTable", Name: "Query orders", RowCount: 4 },
  );
  const columns = await owner.get(`/api/Data/Sources/${orders}/Columns`);
  assert.equal(columns.status, 200);
  assert.deepEqual(columns.body.Columns, [
    { Name: "Day", Type: "Date" },
    { Name: "Region", Type: "Text" },
    { Name: "Amount", Type: "Number" },
    { Name: "Paid", Type: "Boolean" },
    { Name: "Customer", Type: "Text" },
  ]);
  assert.equal(columns.body.RowCount, 4);
  assert.equal(typeof columns.body.SourceVersion, "string");
  const result = await owner.post(
    "/api/Data/Query",
    query(orders, { Sort: [{ By: "Amount", Descending: true }] }),
  );
  assert.deepEqual(result.body.Rows, [
    ["EMEA", 10],
    ["Americas", 7],
    ["APAC", 5.5],
  ]);
  assert.equal(result.body.SourceVersion, columns.body.SourceVersion);
});

/** Hostile texts: quotes, semicolons, comments, escapes, dollar quoting. */
const HOSTILE = [
  `Region'; DROP TABLE objects; --`,
  `" OR 1=1 --`,
  "Amount /* */",
  "x); DELETE FROM data_table_rows; (",
  "\\' OR ''='",
  "$q$ DROP $q$",
];
/** Texts with control characters (no NUL: JSON carries it, the text rule refuses it like the others). */
const CONTROL = ["Region\u0007", "Amount\u001b[2J", "Day\r\nX", "Paid\u0085", "Region\u202e"];

test("hostile text in every name of a description: 400 with a code, the store unchanged", async () => {
  const before = storeChecksums(upstream);
  const names: ((text: string) => Record<string, unknown>)[] = [
    (text) => ({ Select: [text] }),
    (text) => ({ Select: ["Region"], Sort: [{ By: text }] }),
    (text) => ({ Filters: [{ Column: text, Operator: "IsEmpty" }] }),
    (text) => ({ GroupBy: [{ Column: text }] }),
    (text) => ({ Aggregates: [{ Function: "count", Column: text, As: "N" }] }),
    (text) => ({
      GroupBy: [{ Column: "Region" }],
      Aggregates: [{ Function: "count", As: "N" }],
      TopN: { By: text, N: 2 },
    }),
    (text) => ({ GroupBy: [{ Column: "Region", As: text }], Aggregates: [{ Function: "count", As: text }] }),
  ];
  for (const text of [...HOSTILE, ...CONTROL]) {
    for (const make of names) {
      const reply = await owner.post("/api/Data/Query", { Source: { RecId: orders }, ...make(text) });
      assert.equal(reply.status, 400, `${JSON.stringify(make(text))}: ${JSON.stringify(reply.body)}`);
      const expected = CONTROL.includes(text)
        ? [ErrorCode.InvalidRequest]
        : [
            ErrorCode.DataColumnUnknown,
            ErrorCode.DataSortKeyUnknown,
            ErrorCode.DataTopNInvalid,
            ErrorCode.DataOutputDuplicate,
          ];
      assert.ok(
        (expected as number[]).includes(reply.body.ErrorCode),
        `${JSON.stringify(make(text))} → ${reply.body.ErrorCode}`,
      );
    }
  }
  assert.deepEqual(storeChecksums(upstream), before);
});

test("hostile text as a value is a value: compared literally, bound, the store unchanged", async () => {
  const before = storeChecksums(upstream);
  const count = async (filter: Record<string, unknown>) => {
    const reply = await owner.post("/api/Data/Query", {
      Source: { RecId: orders },
      Filters: [filter],
      Aggregates: [{ Function: "count", As: "N" }],
    });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return reply.body.Rows[0][0];
  };
  for (const text of [...HOSTILE, ...CONTROL]) {
    assert.equal(await count({ Column: "Customer", Operator: "Equals", Value: text }), 0, text);
    assert.equal(await count({ Column: "Customer", Operator: "In", Values: [text, "Bob"] }), 1, text);
    assert.equal(await count({ Column: "Customer", Operator: "Contains", Value: text }), 0, text);
    assert.equal(await count({ Column: "Customer", Operator: "NotEquals", Value: text }), 4, text);
  }
  // The stored value with a quote, a semicolon and a comment matches itself, and only itself.
  assert.equal(await count({ Column: "Customer", Operator: "Equals", Value: "O'Brien; --" }), 1);
  assert.equal(await count({ Column: "Customer", Operator: "StartsWith", Value: "o'b" }), 1);
  // A hostile output name is only a name: it is answered as given.
  const aliased = await owner.post("/api/Data/Query", {
    Source: { RecId: orders },
    GroupBy: [{ Column: "Region", As: HOSTILE[0] }],
    Aggregates: [{ Function: "count", As: HOSTILE[1] }],
    Sort: [{ By: HOSTILE[1], Descending: true }],
  });
  assert.equal(aliased.status, 200);
  assert.deepEqual(
    aliased.body.Columns.map((column: { Name: string }) => column.Name),
    [HOSTILE[0], HOSTILE[1]],
  );
  assert.deepEqual(aliased.body.Rows[0], ["EMEA", 2]);
  assert.deepEqual(storeChecksums(upstream), before);
});

test("a wrong value type, a bucket on text, an aggregate on text: 400 with their codes", async () => {
  const cases: [Record<string, unknown>, number][] = [
    [
      {
        Filters: [{ Column: "Amount", Operator: "Equals", Value: "10" }],
        Aggregates: [{ Function: "count", As: "N" }],
      },
      ErrorCode.DataFilterInvalid,
    ],
    [{ GroupBy: [{ Column: "Region", Bucket: "month" }] }, ErrorCode.DataBucketNeedsDate],
    [{ Aggregates: [{ Function: "avg", Column: "Customer", As: "A" }] }, ErrorCode.DataAggregateNeedsNumber],
    [{ Select: ["Region"], GroupBy: [{ Column: "Region" }] }, ErrorCode.DataSelectMixed],
  ];
  for (const [body, code] of cases) {
    const reply = await owner.post("/api/Data/Query", { Source: { RecId: orders }, ...body });
    assert.equal(reply.status, 400);
    assert.equal(reply.body.ErrorCode, code, JSON.stringify(reply.body));
  }
});
