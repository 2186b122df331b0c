/**
 * The benchmark's dashboard: twelve widgets over «Sales orders» (the demo seed's 100,000 order lines,
 * server/upstream/seed/demo-analytics-data.ts) as a person would lay them out — three filters (a date
 * range, a select, a multi-select), three KPIs per month, revenue and margin by month, revenue by
 * quarter and region stacked, the top products with Other, revenue by month and channel, a table of
 * the top customers and a region × category pivot. Every widget reads the one table, so the naive
 * scan (naive-scan.ts) computes every answer from the same rows. The charts «Sales overview» draws from
 * that table ask the seed's own queries (salesOrderQueries: whole buckets, KPIs over the months before
 * the current one); the rest is the benchmark's own — an «Active customers» KPI, a Channel
 * multi-select, and the top customers by Segment, not by the merged CustomerName, so that the one
 * table answers every widget.
 */
import type { DashboardDefinition, WidgetDefinition } from "../../../schemas/payloads/analytics-content.ts";
import {
  dateBounds,
  EUR,
  monthlyKpi,
  SALES_MEASURES,
  salesOrderQueries,
  valueOptions,
  WHOLE_NUMBER,
  widget,
} from "../../../server/upstream/seed/demo-analytics-dashboards.ts";

/** The name of the benchmark's dashboard in the owner's personal folder. */
export const BENCH_DASHBOARD_NAME = "Benchmark: sales, 12 widgets";
/** The seeded table every widget reads. */
export const SALES_TABLE_NAME = "Sales orders";

/**
 * The definition over the table `orders`, whose OrderDate runs from `firstMs` to `lastMs` (epoch ms):
 * the trend widgets keep whole months and quarters, the KPIs the months before the last one.
 */
export function benchDashboardDefinition(
  orders: number,
  firstMs: number,
  lastMs: number,
): DashboardDefinition {
  const queries = salesOrderQueries(firstMs, lastMs);
  const data: WidgetDefinition[] = [
    widget("revenue", "kpi", "Revenue", [6, 0, 2, 2], orders, queries.revenue, EUR),
    widget("orders", "kpi", "Orders", [8, 0, 2, 2], orders, queries.orders, WHOLE_NUMBER),
    widget(
      "customers",
      "kpi",
      "Active customers",
      [10, 0, 2, 2],
      orders,
      monthlyKpi("OrderDate", { Function: "countDistinct", Column: "CustomerId", As: "Customers" }, lastMs),
      WHOLE_NUMBER,
    ),
    widget(
      "revenue-by-month",
      "line",
      "Revenue and margin by month",
      [0, 2, 8, 5],
      orders,
      queries.revenueByMonth,
      { Smooth: false, Stacked: false, ShowLegend: true },
    ),
    widget("top-products", "pie", "Top products by revenue", [8, 2, 4, 5], orders, queries.topProducts, {
      Donut: false,
      ShowLegend: true,
    }),
    widget(
      "revenue-by-region",
      "bar",
      "Revenue by quarter and region",
      [0, 7, 6, 5],
      orders,
      queries.revenueByQuarterAndRegion,
      { Stacked: true, Horizontal: false, ShowLegend: true },
    ),
    widget(
      "revenue-by-channel",
      "area",
      "Revenue by month and channel",
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
      orders,
      {
        GroupBy: [{ Column: "CustomerId" }, { Column: "Segment" }],
        Aggregates: [
          SALES_MEASURES.orders,
          SALES_MEASURES.revenue,
          { Function: "avg", Column: "Discount", As: "Avg discount" },
        ],
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
  const targets = data.map((target) => target.Id);
  return {
    Version: 1,
    RowHeight: 60,
    Widgets: [
      widget("order-date", "dateRange", "Order date", [0, 0, 2, 2], orders, dateBounds("OrderDate"), {
        Column: "OrderDate",
        Targets: targets,
      }),
      widget("region", "select", "Region", [2, 0, 2, 2], orders, valueOptions("Region", "Order lines"), {
        Column: "Region",
        Targets: targets,
      }),
      widget(
        "channel",
        "multiSelect",
        "Channel",
        [4, 0, 2, 2],
        orders,
        valueOptions("Channel", "Order lines"),
        {
          Column: "Channel",
          Targets: targets,
        },
      ),
      ...data,
    ],
  };
}
