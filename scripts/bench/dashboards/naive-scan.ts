/**
 * The benchmark's reference: a widget's aggregates computed the plain way, in JavaScript over the
 * table's rows as the store keeps them (data_table_rows: one JSON array per row), with no engine —
 * read every row and parse it, then per widget one pass that groups in a Map, sums, counts distinct
 * values in Sets and buckets dates by month or quarter, then TopN with Other, the sort and the limit
 * (the rules of server/upstream/analytics/README.md). It covers the grouped queries the benchmark's
 * dashboard asks (dashboard-definition.ts) and refuses anything else rather than guess. Its answers
 * are compared with the engine's, so the ratio compares equal work.
 */
import { type DataQuery, QUERY_DEFAULT_LIMIT } from "../../../schemas/payloads/data-query.ts";
import type { DataColumn } from "../../../server/upstream/store/types/data-tables.ts";

/** A cell to compute with: a date as epoch ms, "" as empty (null). */
export type Cell = number | string | boolean | null;
/** The rows of a table, parsed. */
export interface ScanTable {
  columns: readonly DataColumn[];
  rows: Cell[][];
}
/** What a query returns, as the engine returns it (dates as ISO text, buckets as YYYY-MM-DD). */
export interface ScanResult {
  Rows: Cell[][];
  OtherRow: number | null;
}

const DAY_MS = 86_400_000;

/** Parses the stored JSON rows of `columns` (dates to epoch ms, "" to null). */
export function parseRows(columns: readonly DataColumn[], stored: readonly string[]): Cell[][] {
  const dates = columns.flatMap((column, index) => (column.type === "Date" ? [index] : []));
  return stored.map((text) => {
    const row = JSON.parse(text) as Cell[];
    for (let index = 0; index < row.length; index += 1) if (row[index] === "") row[index] = null;
    for (const index of dates) {
      const cell = row[index];
      row[index] =
        typeof cell === "string" ? Date.parse(cell.length === 10 ? `${cell}T00:00:00Z` : cell) : null;
      if (Number.isNaN(row[index])) row[index] = null;
    }
    return row;
  });
}

/** Nulls first, then numbers, texts by code unit, false before true. */
function compare(a: Cell, b: Cell): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return a ? 1 : -1;
  return String(a) < String(b) ? -1 : 1;
}

function bucketStart(ms: number, bucket: string): number {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  switch (bucket) {
    case "day":
      return Math.floor(ms / DAY_MS) * DAY_MS;
    case "week":
      return Math.floor(ms / DAY_MS) * DAY_MS - ((date.getUTCDay() + 6) % 7) * DAY_MS;
    case "month":
      return Date.UTC(year, month, 1);
    case "quarter":
      return Date.UTC(year, month - (month % 3), 1);
    default:
      return Date.UTC(year, 0, 1);
  }
}

/** The test of one filter on a row. */
function predicate(
  filter: NonNullable<DataQuery["Filters"]>[number],
  at: number,
  type: DataColumn["type"],
): (row: Cell[]) => boolean {
  // A date literal that is a day stands for the whole UTC day: [start, start + 1 day).
  const day = (literal: unknown): [number, number] => {
    const text = String(literal);
    const start = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
    return text.length === 10 ? [start, start + DAY_MS] : [start, start];
  };
  const value = filter.Value as Cell;
  const values = (filter.Values ?? []) as Cell[];
  if (type === "Date") {
    switch (filter.Operator) {
      case "Less": {
        const [start] = day(value);
        return (row) => row[at] !== null && (row[at] as number) < start;
      }
      case "GreaterOrEqual": {
        const [start] = day(value);
        return (row) => row[at] !== null && (row[at] as number) >= start;
      }
      case "Between": {
        const [low] = day(values[0]);
        const [, high] = day(values[1]);
        return (row) => row[at] !== null && (row[at] as number) >= low && (row[at] as number) < high;
      }
      default:
        throw new Error(`the naive scan has no ${filter.Operator} on dates`);
    }
  }
  switch (filter.Operator) {
    case "Equals":
      return (row) => row[at] === value;
    case "In": {
      const set = new Set(values);
      return (row) => row[at] !== null && set.has(row[at] as Cell);
    }
    default:
      throw new Error(`the naive scan has no ${filter.Operator}`);
  }
}

/** A group's running aggregate. */
interface Accumulator {
  add(cell: Cell): void;
  merge(other: Accumulator): void;
  value(): Cell;
}

function accumulator(fn: string): Accumulator {
  switch (fn) {
    case "count": {
      let n = 0;
      return {
        add: (cell) => {
          if (cell !== null) n += 1;
        },
        merge: (other) => {
          n += other.value() as number;
        },
        value: () => n,
      };
    }
    case "countDistinct": {
      const seen = new Set<Cell>();
      const self = {
        seen,
        add: (cell: Cell) => {
          if (cell !== null) seen.add(cell);
        },
        merge: (other: Accumulator) => {
          for (const cell of (other as typeof self).seen) seen.add(cell);
        },
        value: () => seen.size,
      };
      return self;
    }
    case "sum":
    case "avg": {
      let sum = 0;
      let n = 0;
      const self = {
        parts: () => [sum, n] as const,
        add: (cell: Cell) => {
          if (cell === null) return;
          sum += cell as number;
          n += 1;
        },
        merge: (other: Accumulator) => {
          const [s, m] = (other as typeof self).parts();
          sum += s;
          n += m;
        },
        value: () => (n === 0 ? null : fn === "sum" ? sum : sum / n),
      };
      return self;
    }
    case "min":
    case "max": {
      let best: Cell = null;
      const sign = fn === "min" ? 1 : -1;
      const add = (cell: Cell) => {
        if (cell !== null && (best === null || sign * compare(cell, best) < 0)) best = cell;
      };
      return { add, merge: (other) => add(other.value()), value: () => best };
    }
    default:
      throw new Error(`the naive scan has no ${fn}`);
  }
}

/** One output group: its dimension values and its aggregates. */
interface Group {
  key: Cell[];
  measures: Accumulator[];
}

/**
 * The answer of a grouped or aggregate-only query over the table's rows, as the engine would give it
 * (Rows in order, the Other row's index).
 */
export function naiveResult(table: ScanTable, query: DataQuery): ScanResult {
  if (query.Select) throw new Error("the naive scan answers grouped queries only");
  const indexOf = (name: string) => {
    const index = table.columns.findIndex((column) => column.name === name);
    if (index < 0) throw new Error(`no column ${name}`);
    return index;
  };
  const tests = (query.Filters ?? []).map((filter) =>
    predicate(filter, indexOf(filter.Column), (table.columns[indexOf(filter.Column)] as DataColumn).type),
  );
  const dims = (query.GroupBy ?? []).map((dim) => ({ at: indexOf(dim.Column), bucket: dim.Bucket }));
  const measures = (query.Aggregates ?? []).map((measure) => ({
    fn: measure.Function,
    at: measure.Column === undefined ? -1 : indexOf(measure.Column),
  }));
  const names = [
    ...(query.GroupBy ?? []).map((dim) => dim.As ?? dim.Column),
    ...(query.Aggregates ?? []).map((measure) => measure.As),
  ];

  const groups = new Map<string, Group>();
  const key: Cell[] = new Array(dims.length);
  rows: for (const row of table.rows) {
    for (const test of tests) if (!test(row)) continue rows;
    let id = "";
    for (let d = 0; d < dims.length; d += 1) {
      const dim = dims[d] as (typeof dims)[number];
      const cell = row[dim.at] as Cell;
      key[d] = dim.bucket && cell !== null ? bucketStart(cell as number, dim.bucket) : cell;
      id += `${key[d] === null ? "\u0002" : String(key[d])}\u0001`;
    }
    let group = groups.get(id);
    if (!group) {
      group = { key: [...key], measures: measures.map((measure) => accumulator(measure.fn)) };
      groups.set(id, group);
    }
    for (let m = 0; m < measures.length; m += 1) {
      const measure = measures[m] as (typeof measures)[number];
      // count without a column counts rows: every row adds a present cell.
      (group.measures[m] as Accumulator).add(measure.at < 0 ? 1 : (row[measure.at] as Cell));
    }
  }
  if (dims.length === 0 && groups.size === 0) {
    groups.set("", { key: [], measures: measures.map((measure) => accumulator(measure.fn)) });
  }

  type Out = { cells: Cell[]; other: boolean; group: Group };
  const outOf = (group: Group, other: boolean): Out => ({
    cells: [...group.key, ...group.measures.map((measure) => measure.value())],
    other,
    group,
  });
  const byDims = (a: Out, b: Out) => {
    for (let d = 0; d < dims.length; d += 1) {
      const order = compare(a.cells[d] as Cell, b.cells[d] as Cell);
      if (order !== 0) return order;
    }
    return 0;
  };
  const sortBy = (keys: readonly { By: string; Descending?: boolean }[]) => (a: Out, b: Out) => {
    for (const sortKey of keys) {
      const at = names.indexOf(sortKey.By);
      const order = compare(a.cells[at] as Cell, b.cells[at] as Cell);
      if (order !== 0) return sortKey.Descending ? -order : order;
    }
    return byDims(a, b);
  };
  let out = [...groups.values()].map((group) => outOf(group, false));
  if (query.TopN) {
    const by = names.indexOf(query.TopN.By);
    // The largest first, empty values last, ties by the dimensions.
    const rank = (a: Out, b: Out) => {
      const x = a.cells[by] as Cell;
      const y = b.cells[by] as Cell;
      if (x === null || y === null) return x === y ? byDims(a, b) : x === null ? 1 : -1;
      return -compare(x, y) || byDims(a, b);
    };
    const ranked = out.sort(rank);
    const rest = ranked.slice(query.TopN.N);
    out = ranked.slice(0, query.TopN.N).sort(query.Sort ? sortBy(query.Sort) : rank);
    if (query.TopN.Other && rest.length > 0) {
      const other: Group = {
        key: dims.map(() => null),
        measures: measures.map((measure) => accumulator(measure.fn)),
      };
      for (const row of rest)
        row.group.measures.forEach((measure, m) => {
          (other.measures[m] as Accumulator).merge(measure);
        });
      out.push(outOf(other, true));
    }
  } else {
    out.sort(sortBy(query.Sort ?? []));
  }
  out = out.slice(0, query.Limit ?? QUERY_DEFAULT_LIMIT);

  const dateMeasure = (query.Aggregates ?? []).map(
    (measure) =>
      (measure.Function === "min" || measure.Function === "max") &&
      measure.Column !== undefined &&
      table.columns[indexOf(measure.Column)]?.type === "Date",
  );
  const dateDim = dims.map((dim) => table.columns[dim.at]?.type === "Date");
  const iso = (ms: Cell, day: boolean) => {
    if (ms === null) return null;
    const text = new Date(ms as number).toISOString();
    return day ? text.slice(0, 10) : text;
  };
  const rowsOut = out.map((row) =>
    row.cells.map((cell, index) => {
      if (index < dims.length) return dateDim[index] ? iso(cell, dims[index]?.bucket !== undefined) : cell;
      return dateMeasure[index - dims.length] ? iso(cell, false) : cell;
    }),
  );
  const otherAt = out.findIndex((row) => row.other);
  return { Rows: rowsOut, OtherRow: otherAt < 0 ? null : otherAt };
}

/**
 * Where two answers differ (numbers within a relative 1e-9: sums of doubles in another order), or
 * null when they agree.
 */
export function differences(expected: ScanResult, actual: ScanResult): string | null {
  if (expected.OtherRow !== actual.OtherRow)
    return `Other row ${String(expected.OtherRow)} ≠ ${String(actual.OtherRow)}`;
  if (expected.Rows.length !== actual.Rows.length)
    return `${expected.Rows.length} rows ≠ ${actual.Rows.length}`;
  for (let r = 0; r < expected.Rows.length; r += 1) {
    const a = expected.Rows[r] as Cell[];
    const b = actual.Rows[r] as Cell[];
    for (let c = 0; c < Math.max(a.length, b.length); c += 1) {
      const x = a[c] ?? null;
      const y = b[c] ?? null;
      const same =
        typeof x === "number" && typeof y === "number"
          ? Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y))
          : x === y;
      if (!same) return `row ${r} column ${c}: ${JSON.stringify(x)} ≠ ${JSON.stringify(y)}`;
    }
  }
  return null;
}
