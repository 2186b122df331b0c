/**
 * The demo's other analytical documents (schemas/payloads/analytics-content.ts): the binder
 * «Quarterly review» paging through the three demo dashboards, the live document «Monthly
 * business review» (its text written from the generated figures, so words and charts agree), the
 * insight «Revenue by category» and the report «Weekly sales report». Pure, like
 * seed/demo-analytics-dashboards.ts.
 */
import type {
  BinderDefinition,
  InsightDefinition,
  LiveDocDefinition,
  ReportDefinition,
} from "../../../schemas/payloads/analytics-content.ts";
import type { DataValue } from "../store/types/data-tables.ts";
import {
  type DemoSources,
  monthlyKpi,
  monthStart,
  wholeBuckets,
  widget,
} from "./demo-analytics-dashboards.ts";
import { ARCHIVE_DAYS, SALES, windowStartMs } from "./demo-analytics-data.ts";

const DAY_MS = 86_400_000;
const EUR = { Format: "currency", Currency: "EUR", Decimals: 0 } as const;
const revenue = { Function: "sum", Column: "Revenue", As: "Revenue" } as const;
const margin = { Function: "sum", Column: "Margin", As: "Margin" } as const;

/** The binder's pages: the three demo dashboards, sales first. */
export function quarterlyReviewDefinition(dashboardRecIds: readonly number[]): BinderDefinition {
  return { Version: 1, DashboardRecIds: [...dashboardRecIds] };
}

/** Figures of one month of «Sales orders», as the review's text quotes them. */
export interface MonthFigures {
  /** First day, YYYY-MM-DD. */
  start: string;
  revenue: number;
  margin: number;
  orders: number;
  byRegion: Map<string, number>;
  byCategory: Map<string, { revenue: number; margin: number }>;
}

/** The last two complete months before `now`, from the rows of «Sales orders». */
export function lastTwoMonths(
  rows: readonly DataValue[][],
  now: number,
): [previous: MonthFigures, last: MonthFigures] {
  const current = monthStart(now);
  const lastStart = shiftMonth(current, -1);
  const previousStart = shiftMonth(current, -2);
  const figures = (start: string): MonthFigures => ({
    start,
    revenue: 0,
    margin: 0,
    orders: 0,
    byRegion: new Map(),
    byCategory: new Map(),
  });
  const months = new Map([
    [lastStart.slice(0, 7), figures(lastStart)],
    [previousStart.slice(0, 7), figures(previousStart)],
  ]);
  const orders = new Map<MonthFigures, Set<string>>();
  for (const row of rows) {
    const month = months.get((row[SALES.OrderDate] as string).slice(0, 7));
    if (!month) continue;
    const lineRevenue = row[SALES.Revenue] as number;
    const lineMargin = row[SALES.Margin] as number;
    month.revenue += lineRevenue;
    month.margin += lineMargin;
    const region = row[SALES.Region] as string;
    month.byRegion.set(region, (month.byRegion.get(region) ?? 0) + lineRevenue);
    const category = row[SALES.Category] as string;
    const sums = month.byCategory.get(category) ?? { revenue: 0, margin: 0 };
    sums.revenue += lineRevenue;
    sums.margin += lineMargin;
    month.byCategory.set(category, sums);
    const ids = orders.get(month) ?? new Set<string>();
    ids.add(row[SALES.OrderId] as string);
    orders.set(month, ids);
  }
  for (const [month, ids] of orders) month.orders = ids.size;
  return [
    months.get(previousStart.slice(0, 7)) as MonthFigures,
    months.get(lastStart.slice(0, 7)) as MonthFigures,
  ];
}

function shiftMonth(isoDay: string, months: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1)).toISOString().slice(0, 10);
}

const monthName = (isoDay: string) =>
  new Date(`${isoDay}T00:00:00Z`).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
const euros = (value: number) => `€${Math.round(value).toLocaleString("en-GB")}`;
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const largest = <T>(entries: Iterable<[string, T]>, size: (value: T) => number): [string, T] => {
  let best: [string, T] | undefined;
  for (const entry of entries) if (!best || size(entry[1]) > size(best[1])) best = entry;
  if (!best) throw new Error("demo seed: a month without sales");
  return best;
};

/** «Monthly business review»: the last complete month in words, with three live widgets. */
export function monthlyReviewDefinition(
  sources: DemoSources,
  rows: readonly DataValue[][],
  now: number,
): LiveDocDefinition {
  const [previous, last] = lastTwoMonths(rows, now);
  const change = last.revenue / previous.revenue - 1;
  const [topRegion, topRegionRevenue] = largest(last.byRegion, (value) => value);
  const [topCategory, topCategorySums] = largest(last.byCategory, (value) => value.revenue);
  const [bestMargin, bestMarginSums] = largest(last.byCategory, (value) => value.margin / value.revenue);
  const yearAgo = new Date(Date.parse(`${monthStart(now)}T00:00:00Z`) - 365 * DAY_MS)
    .toISOString()
    .slice(0, 10);
  return {
    Version: 1,
    Blocks: [
      {
        Type: "Text",
        Html:
          `<h2>${monthName(last.start)}</h2>` +
          `<p>Revenue was <strong>${euros(last.revenue)}</strong>, ${change >= 0 ? "up" : "down"} ` +
          `${percent(Math.abs(change))} on ${monthName(previous.start)}, from ${last.orders.toLocaleString("en-GB")} ` +
          `orders at a gross margin of ${percent(last.margin / last.revenue)}.</p>`,
      },
      {
        Type: "Widget",
        Widget: widget(
          "mbr-revenue",
          "kpi",
          "Revenue",
          [0, 0, 4, 2],
          sources.salesOrders,
          monthlyKpi("OrderDate", revenue, now),
          EUR,
        ),
      },
      {
        Type: "Text",
        Html:
          "<h3>Regions</h3>" +
          `<p>${topRegion} brought ${euros(topRegionRevenue)}, ${percent(topRegionRevenue / last.revenue)} of the month. ` +
          "The chart shows the last twelve months by region.</p>",
      },
      {
        Type: "Widget",
        Widget: widget(
          "mbr-regions",
          "bar",
          "Revenue by region, last twelve months",
          [0, 0, 12, 5],
          sources.salesOrders,
          {
            Filters: [
              { Column: "OrderDate", Operator: "GreaterOrEqual", Value: yearAgo },
              { Column: "OrderDate", Operator: "Less", Value: monthStart(now) },
            ],
            GroupBy: [{ Column: "OrderDate", Bucket: "month", As: "Month" }, { Column: "Region" }],
            Aggregates: [revenue],
            Sort: [{ By: "Month" }, { By: "Region" }],
          },
          { Stacked: true, Horizontal: false, ShowLegend: true },
        ),
      },
      {
        Type: "Text",
        Html:
          "<h3>Products</h3>" +
          `<p>${topCategory} was the largest category (${euros(topCategorySums.revenue)}); ` +
          `${bestMargin} earned the best margin (${percent(bestMarginSums.margin / bestMarginSums.revenue)}). ` +
          "Below: the month's top products in EMEA, our largest region.</p>",
      },
      {
        Type: "Widget",
        Widget: widget(
          "mbr-emea-products",
          "table",
          "Top products in EMEA last month",
          [0, 0, 12, 5],
          sources.emeaOrders,
          {
            Filters: [
              { Column: "OrderDate", Operator: "GreaterOrEqual", Value: last.start },
              { Column: "OrderDate", Operator: "Less", Value: monthStart(now) },
            ],
            GroupBy: [{ Column: "Product" }, { Column: "Category" }],
            Aggregates: [{ Function: "sum", Column: "Quantity", As: "Quantity" }, revenue, margin],
            Sort: [{ By: "Revenue", Descending: true }],
            Limit: 10,
          },
          { ShowTotals: true },
        ),
      },
      {
        Type: "Text",
        Html: "<p>The figures update with every import into «Sales orders»; the text above was written at the month's close.</p>",
      },
    ],
  };
}

/** «Revenue by category»: one bar chart over every order line, and what it shows. */
export function revenueByCategoryDefinition(
  sources: DemoSources,
  rows: readonly DataValue[][],
): InsightDefinition {
  const sums = new Map<string, { revenue: number; margin: number }>();
  for (const row of rows) {
    const category = row[SALES.Category] as string;
    const sum = sums.get(category) ?? { revenue: 0, margin: 0 };
    sum.revenue += row[SALES.Revenue] as number;
    sum.margin += row[SALES.Margin] as number;
    sums.set(category, sum);
  }
  const [top] = largest(sums, (value) => value.revenue);
  const [best, bestSums] = largest(sums, (value) => value.margin / value.revenue);
  return {
    Version: 1,
    Note:
      `${top} brings the most revenue over the two years; ${best} keeps the best gross margin ` +
      `(${percent(bestSums.margin / bestSums.revenue)}).`,
    Widget: widget(
      "revenue-by-category",
      "bar",
      "Revenue and margin by category",
      [0, 0, 12, 6],
      sources.salesOrders,
      {
        GroupBy: [{ Column: "Category" }],
        Aggregates: [revenue, margin],
        Sort: [{ By: "Revenue", Descending: true }],
      },
      { Stacked: false, Horizontal: false, ShowLegend: true },
    ),
  };
}

/** The Monday of the ISO week of `now` (UTC), YYYY-MM-DD. */
export function weekStart(now: number): string {
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - weekday * DAY_MS).toISOString().slice(0, 10);
}

/** «Weekly sales report»: the last complete week against the weeks before, daily revenue, top products. */
export function weeklySalesReportDefinition(sources: DemoSources, now: number): ReportDefinition {
  const orders = sources.salesOrders;
  const thisWeek = weekStart(now);
  const lastWeek = new Date(Date.parse(`${thisWeek}T00:00:00Z`) - 7 * DAY_MS).toISOString().slice(0, 10);
  const eightWeeks = new Date(Date.parse(`${thisWeek}T00:00:00Z`) - 56 * DAY_MS).toISOString().slice(0, 10);
  const beforeThisWeek = { Column: "OrderDate", Operator: "Less", Value: thisWeek } as const;
  const weekly = (measure: Parameters<typeof monthlyKpi>[1]) => ({
    Filters: [beforeThisWeek],
    GroupBy: [{ Column: "OrderDate", Bucket: "week" as const, As: "Week" }],
    Aggregates: [measure],
    Sort: [{ By: "Week" }],
  });
  const lastWeekOnly = [
    { Column: "OrderDate", Operator: "GreaterOrEqual", Value: lastWeek } as const,
    beforeThisWeek,
  ];
  return {
    Version: 1,
    Theme: "Classic",
    Sections: [
      {
        Title: "Last week",
        Html: `<p>The week of ${lastWeek}, against the week before.</p>`,
        Widgets: [
          widget("week-revenue", "kpi", "Revenue", [0, 0, 4, 2], orders, weekly(revenue), EUR),
          widget(
            "week-orders",
            "kpi",
            "Orders",
            [4, 0, 4, 2],
            orders,
            weekly({ Function: "countDistinct", Column: "OrderId", As: "Orders" }),
            { Format: "number", Decimals: 0 },
          ),
          widget("week-margin", "kpi", "Gross margin", [8, 0, 4, 2], orders, weekly(margin), EUR),
        ],
      },
      {
        Title: "Daily revenue",
        Html: "<p>The last eight weeks day by day, and last week by channel.</p>",
        Widgets: [
          widget(
            "daily-revenue",
            "line",
            "Revenue by day, last eight weeks",
            [0, 0, 8, 5],
            orders,
            {
              Filters: [
                { Column: "OrderDate", Operator: "GreaterOrEqual", Value: eightWeeks },
                beforeThisWeek,
              ],
              GroupBy: [{ Column: "OrderDate", Bucket: "day", As: "Day" }],
              Aggregates: [revenue],
              Sort: [{ By: "Day" }],
            },
            { Smooth: false, Stacked: false, ShowLegend: false },
          ),
          widget(
            "week-channels",
            "pie",
            "Last week by channel",
            [8, 0, 4, 5],
            orders,
            {
              Filters: lastWeekOnly,
              GroupBy: [{ Column: "Channel" }],
              Aggregates: [revenue],
              Sort: [{ By: "Revenue", Descending: true }],
            },
            { Donut: false, ShowLegend: true },
          ),
        ],
      },
      {
        Title: "Products and years",
        Widgets: [
          widget(
            "week-products",
            "table",
            "Top products last week",
            [0, 0, 7, 6],
            orders,
            {
              Filters: lastWeekOnly,
              GroupBy: [{ Column: "Product" }, { Column: "Category" }],
              Aggregates: [{ Function: "sum", Column: "Quantity", As: "Quantity" }, revenue],
              Sort: [{ By: "Revenue", Descending: true }],
              Limit: 15,
            },
            { ShowTotals: true },
          ),
          widget(
            "quarterly-revenue",
            "bar",
            "Revenue by quarter, archive included",
            [7, 0, 5, 4],
            sources.allOrders,
            {
              Filters: wholeBuckets("OrderDate", "quarter", windowStartMs(now) - ARCHIVE_DAYS * DAY_MS, now),
              GroupBy: [{ Column: "OrderDate", Bucket: "quarter", As: "Quarter" }],
              Aggregates: [revenue],
              Sort: [{ By: "Quarter" }],
            },
            { Stacked: false, Horizontal: false, ShowLegend: false },
          ),
          widget("report-note", "text", "How to read it", [7, 4, 5, 2], null, null, {
            Html: "<p>Weeks start on Monday. Revenue is after discounts; returns are not deducted.</p>",
          }),
        ],
      },
    ],
  };
}
