/**
 * A sales-like data table for the query engine benchmark: deterministic rows (the demo seed's PRNG,
 * server/upstream/seed/demo-analytics-data.ts) over two years, with the columns and value spreads a
 * sales dashboard queries — a date, low- and high-cardinality texts, numbers and a boolean. The
 * columns are those of the seed's «Sales orders» but Margin; the values are uniform, not the seed's
 * patterns, and any number of rows can be made (--rows, and the refresh's further rows).
 */
import { mulberry32, SALES_ORDER_COLUMNS } from "../../../server/upstream/seed/demo-analytics-data.ts";
import type { DataColumn, DataValue } from "../../../server/upstream/store/types/data-tables.ts";

/** The benchmark table's columns, in row order. */
export const SALES_COLUMNS: DataColumn[] = SALES_ORDER_COLUMNS.filter((column) => column.name !== "Margin");

const REGIONS = ["EMEA", "Americas", "APAC", "LATAM", "Nordics"];
const CHANNELS = ["Web", "Store", "Phone", "Partner"];
const CATEGORIES = ["Bikes", "Helmets", "Apparel", "Parts", "Tools", "Lights", "Locks", "Bags"];
const SEGMENTS = ["Consumer", "Corporate", "Small business"];
const DAY_MS = 86_400_000;

/** `count` rows over the two years ending at `endMs` (UTC), numbered from `firstOrder`. */
export function salesRows(count: number, endMs: number, seed = 1, firstOrder = 1): DataValue[][] {
  const random = mulberry32(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const startMs = endMs - 730 * DAY_MS;
  const rows: DataValue[][] = [];
  for (let index = 0; index < count; index += 1) {
    const date = new Date(startMs + Math.floor(random() * 730) * DAY_MS).toISOString().slice(0, 10);
    const category = pick(CATEGORIES);
    const quantity = 1 + Math.floor(random() * 9);
    const unitPrice = Math.round((5 + random() * 495) * 100) / 100;
    const discount = random() < 0.3 ? Math.round(random() * 20) / 100 : 0;
    const revenue = Math.round(quantity * unitPrice * (1 - discount) * 100) / 100;
    rows.push([
      date,
      `SO-${firstOrder + index}`,
      pick(REGIONS),
      `Country ${1 + Math.floor(random() * 25)}`,
      pick(CHANNELS),
      category,
      `${category} ${1 + Math.floor(random() * 10)}`,
      `C-${1 + Math.floor(random() * 2000)}`,
      pick(SEGMENTS),
      quantity,
      unitPrice,
      revenue,
      Math.round(revenue * (0.55 + random() * 0.2) * 100) / 100,
      discount,
      random() < 0.04,
    ]);
  }
  return rows;
}
