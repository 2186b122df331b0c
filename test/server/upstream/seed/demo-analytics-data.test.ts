/**
 * The Northwind demo data (server/upstream/seed/demo-analytics-data.ts): the promised row counts,
 * every cell of its column's type, the two-year window ending at the seed's clock, the same rows
 * for the same clock, and figures that hang together (revenue after discount, margin, customers
 * who exist and had joined, resolution after the first response).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  CUSTOMER_ROWS,
  DEMO_WINDOW_DAYS,
  type DemoTable,
  mulberry32,
  northwindData,
  SALES,
  SALES_ORDER_COLUMNS,
  SALES_ORDER_ROWS,
  SUPPORT_TICKET_ROWS,
  windowStartMs,
} from "../../../../server/upstream/seed/demo-analytics-data.ts";

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2025, 0, 15, 9, 30, 0);
const data = northwindData(NOW);
/** The import's rule for Date cells (server/upstream/jobs/import-rows.ts): ISO 8601 text. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** The cells that do not fit their column's type, as "row/column: value". */
function misfits(table: DemoTable, nullable: readonly string[]): string[] {
  const problems: string[] = [];
  table.rows.forEach((row, index) => {
    if (row.length !== table.columns.length) problems.push(`${index}: ${row.length} cells`);
    table.columns.forEach((column, at) => {
      const value = row[at];
      const ok =
        value === null
          ? nullable.includes(column.name)
          : column.type === "Number"
            ? typeof value === "number" && Number.isFinite(value)
            : column.type === "Boolean"
              ? typeof value === "boolean"
              : column.type === "Date"
                ? typeof value === "string" && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))
                : typeof value === "string" && value !== "";
      if (!ok && problems.length < 5) problems.push(`${index}/${column.name}: ${JSON.stringify(value)}`);
    });
  });
  return problems;
}

const column = (table: DemoTable, name: string) => {
  const index = table.columns.findIndex((c) => c.name === name);
  assert.ok(index >= 0, `no column ${name}`);
  return index;
};

describe("row counts", () => {
  test("Sales orders holds exactly 100,000 order lines", () => {
    assert.equal(SALES_ORDER_ROWS, 100_000);
    assert.equal(data.salesOrders.rows.length, SALES_ORDER_ROWS);
  });
  test("Customers ~2,000, Support tickets ~8,000, Marketing daily one row per day and channel", () => {
    assert.equal(data.customers.rows.length, CUSTOMER_ROWS);
    assert.equal(CUSTOMER_ROWS, 2_000);
    assert.equal(data.supportTickets.rows.length, SUPPORT_TICKET_ROWS);
    assert.equal(SUPPORT_TICKET_ROWS, 8_000);
    const channels = new Set(data.marketingDaily.rows.map((row) => row[1]));
    assert.equal(data.marketingDaily.rows.length, DEMO_WINDOW_DAYS * channels.size);
    const pairs = new Set(data.marketingDaily.rows.map((row) => `${row[0]}|${row[1]}`));
    assert.equal(pairs.size, data.marketingDaily.rows.length);
  });
  test("the archive holds the year before the window", () => {
    const dates = data.salesArchive.rows.map((row) => row[0] as string).sort();
    assert.ok(data.salesArchive.rows.length > 10_000);
    assert.equal(dates[0], new Date(windowStartMs(NOW) - 365 * DAY_MS).toISOString().slice(0, 10));
    assert.ok((dates.at(-1) as string) < new Date(windowStartMs(NOW)).toISOString().slice(0, 10));
  });
});

describe("typed columns", () => {
  test("Sales orders: the contract's columns with their types, SALES indexing them", () => {
    assert.deepEqual(
      SALES_ORDER_COLUMNS.map((c) => `${c.name}:${c.type}`),
      [
        "OrderDate:Date",
        "OrderId:Text",
        "Region:Text",
        "Country:Text",
        "Channel:Text",
        "Category:Text",
        "Product:Text",
        "CustomerId:Text",
        "Segment:Text",
        "Quantity:Number",
        "UnitPrice:Number",
        "Revenue:Number",
        "Cost:Number",
        "Margin:Number",
        "Discount:Number",
        "Returned:Boolean",
      ],
    );
    for (const [name, index] of Object.entries(SALES)) assert.equal(SALES_ORDER_COLUMNS[index]?.name, name);
  });
  test("Support tickets: the contract's columns", () => {
    assert.deepEqual(
      data.supportTickets.columns.map((c) => `${c.name}:${c.type}`),
      [
        "TicketId:Text",
        "CreatedAt:Date",
        "Priority:Text",
        "Category:Text",
        "Channel:Text",
        "Status:Text",
        "FirstResponseHours:Number",
        "ResolutionHours:Number",
        "Satisfaction:Number",
        "Agent:Text",
      ],
    );
  });
  test("Marketing daily: Date, Channel, Spend, Visits, Signups", () => {
    assert.deepEqual(
      data.marketingDaily.columns.map((c) => `${c.name}:${c.type}`),
      ["Date:Date", "Channel:Text", "Spend:Number", "Visits:Number", "Signups:Number"],
    );
  });
  const tables: [string, DemoTable, string[]][] = [
    ["Sales orders", data.salesOrders, []],
    ["Sales orders archive", data.salesArchive, []],
    ["Customers", data.customers, []],
    ["Support tickets", data.supportTickets, ["FirstResponseHours", "ResolutionHours", "Satisfaction"]],
    ["Marketing daily", data.marketingDaily, []],
  ];
  for (const [name, table, nullable] of tables) {
    test(`${name}: every cell fits its column's type (empty only where a value may be missing)`, () => {
      assert.deepEqual(misfits(table, nullable), []);
    });
  }
  test("the type check itself refuses a text in a Number column and an empty Date", () => {
    const table: DemoTable = {
      columns: [
        { name: "D", type: "Date" },
        { name: "N", type: "Number" },
      ],
      rows: [
        ["2025-01-01", 1],
        [null, "2"],
      ],
    };
    assert.deepEqual(misfits(table, []), ["1/D: null", '1/N: "2"']);
  });
});

describe("the window: two years ending at the seed's clock", () => {
  const first = new Date(windowStartMs(NOW)).toISOString().slice(0, 10);
  const today = new Date(NOW).toISOString().slice(0, 10);
  const range = (table: DemoTable, name: string) => {
    const at = column(table, name);
    const values = table.rows.map((row) => row[at] as string).sort();
    return [values[0], values.at(-1)] as const;
  };
  test("the first day is 729 days before today", () => {
    assert.equal(first, "2023-01-17");
    assert.equal((Date.parse(today) - Date.parse(first)) / DAY_MS, DEMO_WINDOW_DAYS - 1);
  });
  test("order dates and marketing days run from the first day to today", () => {
    assert.deepEqual(range(data.salesOrders, "OrderDate"), [first, today]);
    assert.deepEqual(range(data.marketingDaily, "Date"), [first, today]);
  });
  test("no ticket is created after now", () => {
    const [earliest, latest] = range(data.supportTickets, "CreatedAt");
    assert.ok((earliest as string) >= first);
    assert.ok(Date.parse(latest as string) <= NOW, latest);
  });
});

describe("determinism", () => {
  test("mulberry32 gives the same sequence for the same seed, another for another", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const first = Array.from({ length: 5 }, () => a());
    assert.deepEqual(
      first,
      Array.from({ length: 5 }, () => b()),
    );
    assert.notDeepEqual(
      first,
      Array.from({ length: 5 }, () => c()),
    );
    assert.ok(first.every((value) => value >= 0 && value < 1));
  });
  test("the same now gives the same rows, a later day other dates", () => {
    assert.deepEqual(northwindData(NOW), data);
    const later = northwindData(NOW + DAY_MS);
    assert.notEqual(
      later.salesOrders.rows[0]?.[SALES.OrderDate],
      data.salesOrders.rows[0]?.[SALES.OrderDate],
    );
  });
});

describe("the figures hang together", () => {
  const customerIds = new Map(data.customers.rows.map((row) => [row[0] as string, row[5] as string]));
  test("revenue is quantity × unit price after discount, margin revenue − cost, in cents", () => {
    for (const row of data.salesOrders.rows) {
      const quantity = row[SALES.Quantity] as number;
      const revenue = row[SALES.Revenue] as number;
      const expected =
        Math.round(
          quantity * (row[SALES.UnitPrice] as number) * (1 - (row[SALES.Discount] as number)) * 100,
        ) / 100;
      assert.ok(Number.isInteger(quantity) && quantity >= 1, String(quantity));
      assert.equal(revenue, expected);
      assert.equal(row[SALES.Margin], Math.round((revenue - (row[SALES.Cost] as number)) * 100) / 100);
      const discount = row[SALES.Discount] as number;
      assert.ok(discount >= 0 && discount <= 0.3);
    }
  });
  test("every order line's customer exists and had joined by the order date", () => {
    for (const row of data.salesOrders.rows) {
      const since = customerIds.get(row[SALES.CustomerId] as string);
      assert.ok(
        since !== undefined && since <= (row[SALES.OrderDate] as string),
        String(row[SALES.CustomerId]),
      );
    }
  });
  test("an order's lines share its date, customer and channel", () => {
    const orders = new Map<string, string>();
    for (const row of data.salesOrders.rows) {
      const key = `${row[SALES.OrderDate]}|${row[SALES.CustomerId]}|${row[SALES.Channel]}`;
      const seen = orders.get(row[SALES.OrderId] as string);
      assert.ok(seen === undefined || seen === key);
      orders.set(row[SALES.OrderId] as string, key);
    }
    assert.ok(orders.size > SALES_ORDER_ROWS / 4 && orders.size < SALES_ORDER_ROWS);
  });
  test("revenue grows: the last twelve months sell more than the first twelve", () => {
    const cut = new Date(windowStartMs(NOW) + 365 * DAY_MS).toISOString().slice(0, 10);
    let before = 0;
    let after = 0;
    for (const row of data.salesOrders.rows) {
      if ((row[SALES.OrderDate] as string) < cut) before += row[SALES.Revenue] as number;
      else after += row[SALES.Revenue] as number;
    }
    assert.ok(after > before * 1.1, `${before} → ${after}`);
  });
  test("every region, channel and category sells; the categories' margins differ", () => {
    const margins = new Map<string, [number, number]>();
    for (const row of data.salesOrders.rows) {
      const sums = margins.get(row[SALES.Category] as string) ?? [0, 0];
      sums[0] += row[SALES.Margin] as number;
      sums[1] += row[SALES.Revenue] as number;
      margins.set(row[SALES.Category] as string, sums);
    }
    const rates = [...margins.values()].map(([margin, revenue]) => margin / revenue);
    assert.equal(margins.size, 8);
    assert.ok(Math.max(...rates) - Math.min(...rates) > 0.2, rates.join(", "));
    assert.deepEqual(
      new Set(data.salesOrders.rows.map((row) => row[SALES.Region])),
      new Set(["EMEA", "Americas", "APAC"]),
    );
    assert.equal(new Set(data.salesOrders.rows.map((row) => row[SALES.Channel])).size, 4);
  });
  test("tickets: a resolution only once resolved, after the first response; satisfaction 1–5", () => {
    const t = data.supportTickets;
    const [status, first, resolution, satisfaction] = [
      "Status",
      "FirstResponseHours",
      "ResolutionHours",
      "Satisfaction",
    ].map((name) => column(t, name)) as [number, number, number, number];
    for (const row of t.rows) {
      const done = row[status] === "Resolved" || row[status] === "Closed";
      assert.equal(row[resolution] !== null, done);
      if (done && row[first] !== null) assert.ok((row[resolution] as number) >= (row[first] as number));
      const score = row[satisfaction];
      assert.ok(
        score === null ||
          (done && Number.isInteger(score) && (score as number) >= 1 && (score as number) <= 5),
      );
    }
    const scores = new Set(t.rows.map((row) => row[satisfaction]).filter((score) => score !== null));
    assert.ok(scores.size >= 4, [...scores].join(", "));
  });
  test("customers: unique ids and names", () => {
    assert.equal(customerIds.size, CUSTOMER_ROWS);
    assert.equal(new Set(data.customers.rows.map((row) => row[1])).size, CUSTOMER_ROWS);
  });
});
