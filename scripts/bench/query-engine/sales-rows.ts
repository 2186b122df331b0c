/**
 * A sales-like data table for the query engine benchmark: deterministic rows (a seeded PRNG) over two
 * years, with the columns and value spreads a sales dashboard queries — a date, low- and
 * high-cardinality texts, numbers and a boolean.
 */
import type { DataColumn, DataValue } from "../../../server/upstream/store/types/data-tables.ts";

/** The benchmark table's columns, in row order. */
export const SALES_COLUMNS: DataColumn[] = [
  { name: "OrderDate", type: "Date" },
  { name: "OrderId", type: "Text" },
  { name: "Region", type: "Text" },
  { name: "Country", type: "Text" },
  { name: "Channel", type: "Text" },
  { name: "Category", type: "Text" },
  { name: "Product", type: "Text" },
  { name: "CustomerId", type: "Text" },
  { name: "Segment", type: "Text" },
  { name: "Quantity", type: "Number" },
  { name: "UnitPrice", type: "Number" },
  { name: "Revenue", type: "Number" },
  { name: "Cost", type: "Number" },
  { name: "Discount", type: "Number" },
  { name: "Returned", type: "Boolean" },
];

const REGIONS = ["EMEA", "Americas", "APAC", "LATAM", "Nordics"];
const CHANNELS = ["Web", "Store", "Phone", "Partner"];
const CATEGORIES = ["Bikes", "Helmets", "Apparel", "Parts", "Tools", "Lights", "Locks", "Bags"];
const SEGMENTS = ["Consumer", "Corporate", "Small business"];
const DAY_MS = 86_400_000;

/** mulberry32: a small, fast, seeded PRNG (deterministic rows on every run). */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` rows over the two years ending at `endMs` (UTC), numbered from `firstOrder`. */
export function salesRows(count: number, endMs: number, seed = 1, firstOrder = 1): DataValue[][] {
  const random = prng(seed);
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
