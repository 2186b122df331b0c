/**
 * The definitions of the demo dashboards (§3: a dashboard is widgets declared as data;
 * schemas/payloads/analytics-content.ts): «Sales overview», «Marketing KPIs» and «Support
 * performance», each with a date range filter, a select and charts over the Northwind tables of
 * seed/demo-analytics-data.ts. Pure: the source RecIds and the seed's clock come in, definitions go
 * out; seed/demo-analytics.ts stores them.
 */
import type { DashboardDefinition, WidgetDefinition } from "../../../schemas/payloads/analytics-content.ts";
import type { DataQuery } from "../../../schemas/payloads/data-query.ts";
import { windowStartMs } from "./demo-analytics-data.ts";

/** The RecIds of the demo's queryable sources. */
export interface DemoSources {
  salesOrders: number;
  salesArchive: number;
  customers: number;
  supportTickets: number;
  marketingDaily: number;
  emeaOrders: number;
  ordersWithCustomers: number;
  allOrders: number;
}

/** Row height of the demo dashboards' grid, in pixels. */
export const DEMO_ROW_HEIGHT = 60;

type Query = Omit<DataQuery, "Source">;
type Box = readonly [x: number, y: number, w: number, h: number];

/** A widget over `source` (or none: a text widget). */
export function widget(
  id: string,
  kind: string,
  title: string,
  [X, Y, W, H]: Box,
  source: number | null,
  query: Query | null,
  settings?: Record<string, unknown>,
): WidgetDefinition {
  return {
    Id: id,
    Kind: kind,
    Title: title,
    Position: { X, Y, W, H },
    ...(source !== null && query !== null ? { Query: { Source: { RecId: source }, ...query } } : {}),
    ...(settings ? { Settings: settings } : {}),
  };
}

/** The first day of the month of `now`, as ISO text (UTC). */
export function monthStart(now: number): string {
  const date = new Date(now);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

type Bucket = "week" | "month" | "quarter";
const DAY_MS = 86_400_000;

/** The first day of the `bucket` holding `ms` (UTC; weeks start on Monday), epoch ms. */
function bucketStartMs(ms: number, bucket: Bucket): number {
  const date = new Date(Math.floor(ms / DAY_MS) * DAY_MS);
  if (bucket === "week") return date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS;
  const month = bucket === "month" ? date.getUTCMonth() : date.getUTCMonth() - (date.getUTCMonth() % 3);
  return Date.UTC(date.getUTCFullYear(), month, 1);
}

/** The first day of the bucket after the one holding `ms`. */
function nextBucketMs(ms: number, bucket: Bucket): number {
  const start = new Date(bucketStartMs(ms, bucket));
  if (bucket === "week") return start.getTime() + 7 * DAY_MS;
  return Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + (bucket === "month" ? 1 : 3), 1);
}

/**
 * Filters keeping the whole buckets of data starting at `firstMs`: from the first bucket that starts
 * on or after it to the one running at `now`, which is left out — a trend whose ends are part
 * buckets would seem to rise at the start and crash at the end.
 */
export function wholeBuckets(column: string, bucket: Bucket, firstMs: number, now: number): Query["Filters"] {
  const from = bucketStartMs(firstMs, bucket) === firstMs ? firstMs : nextBucketMs(firstMs, bucket);
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return [
    { Column: column, Operator: "GreaterOrEqual", Value: iso(from) },
    { Column: column, Operator: "Less", Value: iso(bucketStartMs(now, bucket)) },
  ];
}

/**
 * A KPI: `measure` per month, the months before the current one only — the viewer shows the last
 * row against the one before ("vs previous month"), and a month still running would always look
 * like a drop.
 */
export function monthlyKpi(
  dateColumn: string,
  measure: NonNullable<Query["Aggregates"]>[number],
  now: number,
): Query {
  return {
    Filters: [{ Column: dateColumn, Operator: "Less", Value: monthStart(now) }],
    GroupBy: [{ Column: dateColumn, Bucket: "month", As: "Month" }],
    Aggregates: [measure],
    Sort: [{ By: "Month" }],
  };
}

/** A date range filter's query: the earliest and latest value of its column (the picker's bounds). */
export function dateBounds(column: string): Query {
  return {
    Aggregates: [
      { Function: "min", Column: column, As: "From" },
      { Function: "max", Column: column, As: "To" },
    ],
  };
}

/** A select's query: the column's values with how many rows have each (the options). */
export function valueOptions(column: string, count: string): Query {
  return {
    GroupBy: [{ Column: column }],
    Aggregates: [{ Function: "count", As: count }],
    Sort: [{ By: column }],
  };
}

/** A filter widget's settings: the column, and the widgets it narrows. */
function filterOf(column: string, targets: readonly WidgetDefinition[]) {
  return { Column: column, Targets: targets.filter((target) => target.Query).map((target) => target.Id) };
}

/** Money on the demo dashboards: euros without cents. */
export const EUR = { Format: "currency", Currency: "EUR", Decimals: 0 } as const;
/** A count on the demo dashboards: a whole number. */
export const WHOLE_NUMBER = { Format: "number", Decimals: 0 } as const;

/** What the dashboards over «Sales orders» sum and count. */
export const SALES_MEASURES = {
  revenue: { Function: "sum", Column: "Revenue", As: "Revenue" },
  margin: { Function: "sum", Column: "Margin", As: "Margin" },
  orders: { Function: "countDistinct", Column: "OrderId", As: "Orders" },
} as const;

/**
 * The queries «Sales overview» asks of «Sales orders» alone, by widget: the trends over the whole
 * buckets from `firstMs` (the first day of the data) to the one running at `now`, the KPIs over the
 * months before the current one. The dashboards benchmark asks the same of the same table
 * (scripts/bench/dashboards/dashboard-definition.ts), so it measures the demo's own queries.
 */
export function salesOrderQueries(firstMs: number, now: number) {
  const { revenue, margin, orders } = SALES_MEASURES;
  return {
    revenue: monthlyKpi("OrderDate", revenue, now),
    orders: monthlyKpi("OrderDate", orders, now),
    margin: monthlyKpi("OrderDate", margin, now),
    revenueByMonth: {
      Filters: wholeBuckets("OrderDate", "month", firstMs, now),
      GroupBy: [{ Column: "OrderDate", Bucket: "month", As: "Month" }],
      Aggregates: [revenue, margin],
      Sort: [{ By: "Month" }],
    },
    topProducts: {
      GroupBy: [{ Column: "Product" }],
      Aggregates: [revenue],
      TopN: { By: "Revenue", N: 8, Other: true },
      Sort: [{ By: "Revenue", Descending: true }],
    },
    revenueByQuarterAndRegion: {
      Filters: wholeBuckets("OrderDate", "quarter", firstMs, now),
      GroupBy: [{ Column: "OrderDate", Bucket: "quarter", As: "Quarter" }, { Column: "Region" }],
      Aggregates: [revenue],
      Sort: [{ By: "Quarter" }, { By: "Region" }],
    },
    revenueByMonthAndChannel: {
      Filters: wholeBuckets("OrderDate", "month", firstMs, now),
      GroupBy: [{ Column: "OrderDate", Bucket: "month", As: "Month" }, { Column: "Channel" }],
      Aggregates: [revenue],
      Sort: [{ By: "Month" }, { By: "Channel" }],
    },
    revenueByRegionAndCategory: {
      GroupBy: [{ Column: "Region" }, { Column: "Category" }],
      Aggregates: [revenue],
      Sort: [{ By: "Region" }, { By: "Category" }],
    },
  } satisfies Record<string, Query>;
}

/** «Sales overview»: revenue, orders and margin over «Sales orders» (top customers from the merge). */
export function salesOverviewDefinition(sources: DemoSources, now: number): DashboardDefinition {
  const orders = sources.salesOrders;
  const queries = salesOrderQueries(windowStartMs(now), now);
  const { revenue, margin } = SALES_MEASURES;
  const data = [
    widget("revenue", "kpi", "Revenue", [6, 0, 2, 2], orders, queries.revenue, EUR),
    widget("orders", "kpi", "Orders", [8, 0, 2, 2], orders, queries.orders, WHOLE_NUMBER),
    widget("margin", "kpi", "Gross margin", [10, 0, 2, 2], orders, queries.margin, EUR),
    widget(
      "revenue-by-month",
      "line",
      "Revenue and margin by month",
      [0, 2, 8, 5],
      orders,
      queries.revenueByMonth,
      { Smooth: false, Stacked: false, ShowLegend: true },
    ),
    widget("top-products", "donut", "Top products by revenue", [8, 2, 4, 5], orders, queries.topProducts, {
      Donut: true,
      ShowLegend: true,
    }),
    widget(
      "revenue-by-region",
      "bar",
      "Revenue by region and quarter",
      [0, 7, 6, 5],
      orders,
      queries.revenueByQuarterAndRegion,
      { Stacked: true, Horizontal: false, ShowLegend: true },
    ),
    widget(
      "revenue-by-channel",
      "area",
      "Revenue by channel",
      [6, 7, 6, 5],
      orders,
      queries.revenueByMonthAndChannel,
      { Smooth: true, Stacked: true, ShowLegend: true },
    ),
    widget(
      "top-customers",
      "table",
      "Top customers",
      [0, 12, 6, 6],
      sources.ordersWithCustomers,
      {
        GroupBy: [{ Column: "CustomerId" }, { Column: "CustomerName" }],
        Aggregates: [SALES_MEASURES.orders, revenue, margin],
        Sort: [{ By: "Revenue", Descending: true }],
        Limit: 25,
      },
      { ShowTotals: true },
    ),
    widget(
      "region-category",
      "pivot",
      "Revenue by region and category",
      [6, 12, 6, 6],
      orders,
      queries.revenueByRegionAndCategory,
      { ShowTotals: true },
    ),
  ];
  return {
    Version: 1,
    RowHeight: DEMO_ROW_HEIGHT,
    Widgets: [
      widget("order-date", "dateRange", "Order date", [0, 0, 3, 2], orders, dateBounds("OrderDate"), {
        ...filterOf("OrderDate", data),
      }),
      widget("region", "select", "Region", [3, 0, 3, 2], orders, valueOptions("Region", "Order lines"), {
        ...filterOf("Region", data),
      }),
      ...data,
    ],
  };
}

/** «Marketing KPIs»: spend, visits and signups per channel over «Marketing daily». */
export function marketingDefinition(sources: DemoSources, now: number): DashboardDefinition {
  const marketing = sources.marketingDaily;
  const first = windowStartMs(now);
  const spend = { Function: "sum", Column: "Spend", As: "Spend" } as const;
  const signups = { Function: "sum", Column: "Signups", As: "Signups" } as const;
  const visits = { Function: "sum", Column: "Visits", As: "Visits" } as const;
  return {
    Version: 1,
    RowHeight: DEMO_ROW_HEIGHT,
    Widgets: [
      widget("date", "dateRange", "Date", [0, 0, 3, 2], marketing, dateBounds("Date"), { Column: "Date" }),
      widget("channel", "select", "Channel", [3, 0, 3, 2], marketing, valueOptions("Channel", "Days"), {
        Column: "Channel",
      }),
      widget("spend", "kpi", "Spend", [6, 0, 3, 2], marketing, monthlyKpi("Date", spend, now), EUR),
      widget(
        "signups",
        "kpi",
        "Signups",
        [9, 0, 3, 2],
        marketing,
        monthlyKpi("Date", signups, now),
        WHOLE_NUMBER,
      ),
      widget(
        "spend-by-channel",
        "area",
        "Spend by channel",
        [0, 2, 6, 5],
        marketing,
        {
          Filters: wholeBuckets("Date", "month", first, now),
          GroupBy: [{ Column: "Date", Bucket: "month", As: "Month" }, { Column: "Channel" }],
          Aggregates: [spend],
          Sort: [{ By: "Month" }, { By: "Channel" }],
        },
        { Smooth: true, Stacked: true, ShowLegend: true },
      ),
      widget(
        "signups-by-channel",
        "bar",
        "Signups by channel",
        [6, 2, 6, 5],
        marketing,
        {
          GroupBy: [{ Column: "Channel" }],
          Aggregates: [signups],
          Sort: [{ By: "Signups", Descending: true }],
        },
        { Stacked: false, Horizontal: true, ShowLegend: false },
      ),
      widget(
        "spend-vs-signups",
        "scatter",
        "Daily spend and signups",
        [0, 7, 6, 5],
        marketing,
        { Select: ["Spend", "Signups", "Channel"], Limit: 5_000 },
        { ShowLegend: true },
      ),
      widget(
        "channel-totals",
        "table",
        "Channels",
        [6, 7, 6, 5],
        marketing,
        {
          GroupBy: [{ Column: "Channel" }],
          Aggregates: [spend, visits, signups],
          Sort: [{ By: "Spend", Descending: true }],
        },
        { ShowTotals: true },
      ),
    ],
  };
}

/** «Support performance»: volume, response and resolution times, satisfaction over «Support tickets». */
export function supportDefinition(sources: DemoSources, now: number): DashboardDefinition {
  const tickets = sources.supportTickets;
  const first = windowStartMs(now);
  const count = { Function: "count", As: "Tickets" } as const;
  const firstResponse = {
    Function: "avg",
    Column: "FirstResponseHours",
    As: "Avg first response (h)",
  } as const;
  const resolution = { Function: "avg", Column: "ResolutionHours", As: "Avg resolution (h)" } as const;
  const satisfaction = { Function: "avg", Column: "Satisfaction", As: "Avg satisfaction" } as const;
  return {
    Version: 1,
    RowHeight: DEMO_ROW_HEIGHT,
    Widgets: [
      widget("created", "dateRange", "Created", [0, 0, 4, 2], tickets, dateBounds("CreatedAt"), {
        Column: "CreatedAt",
      }),
      widget("priority", "select", "Priority", [4, 0, 4, 2], tickets, valueOptions("Priority", "Tickets"), {
        Column: "Priority",
      }),
      widget("channel", "multiSelect", "Channel", [8, 0, 4, 2], tickets, valueOptions("Channel", "Tickets"), {
        Column: "Channel",
      }),
      widget(
        "tickets",
        "kpi",
        "Tickets",
        [0, 2, 4, 2],
        tickets,
        monthlyKpi("CreatedAt", count, now),
        WHOLE_NUMBER,
      ),
      widget(
        "first-response",
        "kpi",
        "First response (hours)",
        [4, 2, 4, 2],
        tickets,
        monthlyKpi("CreatedAt", firstResponse, now),
        { Format: "number", Decimals: 1 },
      ),
      widget(
        "satisfaction",
        "kpi",
        "Satisfaction (1–5)",
        [8, 2, 4, 2],
        tickets,
        monthlyKpi("CreatedAt", satisfaction, now),
        { Format: "number", Decimals: 2 },
      ),
      widget(
        "tickets-by-week",
        "line",
        "Tickets by week and priority",
        [0, 4, 8, 5],
        tickets,
        {
          Filters: wholeBuckets("CreatedAt", "week", first, now),
          GroupBy: [{ Column: "CreatedAt", Bucket: "week", As: "Week" }, { Column: "Priority" }],
          Aggregates: [count],
          Sort: [{ By: "Week" }, { By: "Priority" }],
        },
        { Smooth: false, Stacked: false, ShowLegend: true },
      ),
      widget(
        "tickets-by-category",
        "pie",
        "Tickets by category",
        [8, 4, 4, 5],
        tickets,
        {
          GroupBy: [{ Column: "Category" }],
          Aggregates: [count],
          Sort: [{ By: "Tickets", Descending: true }],
        },
        { Donut: false, ShowLegend: true },
      ),
      widget(
        "resolution-by-category",
        "bar",
        "Resolution time by category (hours)",
        [0, 9, 6, 5],
        tickets,
        {
          GroupBy: [{ Column: "Category" }],
          Aggregates: [resolution],
          Sort: [{ By: "Avg resolution (h)", Descending: true }],
        },
        { Stacked: false, Horizontal: true, ShowLegend: false },
      ),
      widget(
        "agents",
        "table",
        "Agents",
        [6, 9, 6, 5],
        tickets,
        {
          GroupBy: [{ Column: "Agent" }],
          Aggregates: [count, firstResponse, resolution, satisfaction],
          Sort: [{ By: "Avg satisfaction", Descending: true }],
        },
        { ShowTotals: false },
      ),
    ],
  };
}
