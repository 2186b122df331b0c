/**
 * An independent computation of query results in plain JavaScript over the same rows, written from
 * the rules of server/upstream/analytics/README.md (not from the engine's code): the suites compare
 * the engine's answers with it for every aggregate, bucket, filter, sort and TopN. It reads only
 * well-formed cells: dates as `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS(.sss)Z`.
 */
import type { DataQuery, DataQueryFilter } from "../../../../schemas/payloads/data-query.ts";
import type { DataColumn, DataValue } from "../../../../server/upstream/store/types/data-tables.ts";

type Cell = number | string | boolean | null;
const DAY_MS = 86_400_000;

/** A stored cell as a value to compute with: "" is empty, a date is its epoch ms. */
function storedValue(cell: DataValue | undefined, type: DataColumn["type"]): Cell {
  if (cell === undefined || cell === null || cell === "") return null;
  if (type === "Date") return Date.parse(cell as string);
  return cell;
}

/** Nulls first, then numbers / texts by code point / false before true. */
export function compareCells(a: Cell, b: Cell): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return a ? 1 : -1;
  const x = [...String(a)].map((c) => c.codePointAt(0) as number);
  const y = [...String(b)].map((c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1)
    if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return x.length - y.length;
}

function bucketStart(ms: number, bucket: string): number {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const day = Date.UTC(y, m, d.getUTCDate());
  switch (bucket) {
    case "day":
      return day;
    case "week":
      return day - ((d.getUTCDay() + 6) % 7) * DAY_MS;
    case "month":
      return Date.UTC(y, m, 1);
    case "quarter":
      return Date.UTC(y, Math.floor(m / 3) * 3, 1);
    default:
      return Date.UTC(y, 0, 1);
  }
}

/** [start, end, endIncluded] of a date literal: a day is the whole day, a time is the instant. */
function dateRange(literal: string): [number, number, boolean] {
  const start = Date.parse(literal);
  return literal.length === 10 ? [start, start + DAY_MS, false] : [start, start, true];
}

function matches(filter: DataQueryFilter, value: Cell, type: DataColumn["type"]): boolean {
  const eq = (literal: Cell): boolean => {
    if (literal === null) return value === null;
    if (value === null) return false;
    if (type === "Date") {
      const [start, end, included] = dateRange(literal as string);
      return (value as number) >= start && (included ? (value as number) <= end : (value as number) < end);
    }
    return value === literal;
  };
  const lit = filter.Value as Cell;
  const below = (literal: Cell, inclusive: boolean): boolean => {
    if (value === null) return false;
    if (type === "Date") {
      const [start, end, included] = dateRange(literal as string);
      return inclusive
        ? included
          ? (value as number) <= end
          : (value as number) < end
        : (value as number) < start;
    }
    const order = compareCells(value, literal);
    return inclusive ? order <= 0 : order < 0;
  };
  switch (filter.Operator) {
    case "Equals":
      return eq(lit);
    case "NotEquals":
      return !eq(lit);
    case "Less":
      return below(lit, false);
    case "LessOrEqual":
      return below(lit, true);
    case "Greater":
      return value !== null && !below(lit, true);
    case "GreaterOrEqual":
      return value !== null && !below(lit, false);
    case "Between": {
      const [low, high] = filter.Values as [Cell, Cell];
      return value !== null && !below(low, false) && below(high, true);
    }
    case "In":
      return (filter.Values as Cell[]).some(eq);
    case "NotIn":
      return !(filter.Values as Cell[]).some(eq);
    case "Contains":
      return typeof value === "string" && value.toLowerCase().includes(String(lit).toLowerCase());
    case "StartsWith":
      return typeof value === "string" && value.toLowerCase().startsWith(String(lit).toLowerCase());
    case "IsEmpty":
      return value === null;
    case "IsNotEmpty":
      return value !== null;
  }
}

function aggregate(fn: string, values: Cell[], rowCount: number, hasColumn: boolean): Cell {
  const present = values.filter((value) => value !== null);
  switch (fn) {
    case "count":
      return hasColumn ? present.length : rowCount;
    case "countDistinct":
      return new Set(present).size;
    case "sum":
      return present.length === 0 ? null : (present as number[]).reduce((a, b) => a + b, 0);
    case "avg":
      return present.length === 0 ? null : (present as number[]).reduce((a, b) => a + b, 0) / present.length;
    case "min":
      return present.length === 0 ? null : present.reduce((a, b) => (compareCells(a, b) <= 0 ? a : b));
    default:
      return present.length === 0 ? null : present.reduce((a, b) => (compareCells(a, b) >= 0 ? a : b));
  }
}

/** The expected Rows and OtherRow of a (valid) query over rows of `columns`, dates as ISO text. */
export function referenceResult(
  columns: readonly DataColumn[],
  rows: readonly DataValue[][],
  query: DataQuery,
): { Rows: Cell[][]; OtherRow: number | null; Truncated: boolean } {
  const index = (name: string) => columns.findIndex((column) => column.name === name);
  const typeOf = (name: string) => (columns[index(name)] as DataColumn).type;
  const records = rows.map((row) => columns.map((column, i) => storedValue(row[i], column.type)));
  const kept = records.filter((record) =>
    (query.Filters ?? []).every((filter) =>
      matches(filter, record[index(filter.Column)] as Cell, typeOf(filter.Column)),
    ),
  );
  const limit = query.Limit ?? 1000;
  const iso = (ms: Cell, bucketed: boolean) =>
    ms === null
      ? null
      : bucketed
        ? new Date(ms as number).toISOString().slice(0, 10)
        : new Date(ms as number).toISOString();
  if (!query.GroupBy && !query.Aggregates) {
    const names = query.Select ?? columns.map((column) => column.name);
    let out = kept.map((record, position) => ({ record, position }));
    const keys = (query.Sort ?? []).map((key) => ({
      at: index(key.By),
      descending: key.Descending ?? false,
    }));
    out.sort((a, b) => {
      for (const key of keys) {
        const order = compareCells(a.record[key.at] as Cell, b.record[key.at] as Cell);
        if (order !== 0) return key.descending ? -order : order;
      }
      return a.position - b.position;
    });
    const truncated = out.length > limit;
    out = out.slice(0, limit);
    return {
      Rows: out.map(({ record }) =>
        names.map((name) => {
          const cell = record[index(name)] as Cell;
          return typeOf(name) === "Date" ? iso(cell, false) : cell;
        }),
      ),
      OtherRow: null,
      Truncated: truncated,
    };
  }
  const dims = query.GroupBy ?? [];
  const measures = query.Aggregates ?? [];
  const dimValue = (record: Cell[], dim: (typeof dims)[number]) => {
    const cell = record[index(dim.Column)] as Cell;
    return dim.Bucket && cell !== null ? bucketStart(cell as number, dim.Bucket) : cell;
  };
  const groups = new Map<string, { key: Cell[]; records: Cell[][] }>();
  for (const record of kept) {
    const key = dims.map((dim) => dimValue(record, dim));
    const id = JSON.stringify(key);
    const group = groups.get(id) ?? { key, records: [] };
    group.records.push(record);
    groups.set(id, group);
  }
  if (dims.length === 0 && groups.size === 0) groups.set("[]", { key: [], records: [] });
  const measureOf = (records: Cell[][]) =>
    measures.map((measure) =>
      aggregate(
        measure.Function,
        measure.Column === undefined
          ? []
          : records.map((record) => record[index(measure.Column as string)] as Cell),
        records.length,
        measure.Column !== undefined,
      ),
    );
  const names = [...dims.map((dim) => dim.As ?? dim.Column), ...measures.map((measure) => measure.As)];
  type Out = { cells: Cell[]; other: boolean };
  const byDims = (a: Out, b: Out) => {
    for (let i = 0; i < dims.length; i += 1) {
      const order = compareCells(a.cells[i] as Cell, b.cells[i] as Cell);
      if (order !== 0) return order;
    }
    return 0;
  };
  const sortBy = (keys: { By: string; Descending?: boolean }[]) => (a: Out, b: Out) => {
    for (const key of keys) {
      const at = names.indexOf(key.By);
      const order = compareCells(a.cells[at] as Cell, b.cells[at] as Cell);
      if (order !== 0) return key.Descending ? -order : order;
    }
    return byDims(a, b);
  };
  let out: Out[] = [...groups.values()].map((group) => ({
    cells: [...group.key, ...measureOf(group.records)],
    other: false,
  }));
  if (query.TopN) {
    const by = names.indexOf(query.TopN.By);
    const rank = (a: Out, b: Out) => {
      const x = a.cells[by] as Cell;
      const y = b.cells[by] as Cell;
      if (x === null && y !== null) return 1;
      if (y === null && x !== null) return -1;
      const order = -compareCells(x, y);
      return order !== 0 ? order : byDims(a, b);
    };
    const ranked = [...out].sort(rank);
    const top = ranked.slice(0, query.TopN.N);
    const rest = ranked.slice(query.TopN.N);
    top.sort(query.Sort ? sortBy(query.Sort) : rank);
    out = top;
    if (query.TopN.Other && rest.length > 0) {
      const restKeys = new Set(rest.map((group) => JSON.stringify(group.cells.slice(0, 1))));
      const restRecords = [...groups.values()]
        .filter((group) => restKeys.has(JSON.stringify(group.key)))
        .flatMap((group) => group.records);
      out.push({ cells: [null, ...measureOf(restRecords)], other: true });
    }
  } else {
    out.sort(sortBy(query.Sort ?? []));
  }
  const truncated = out.length > limit;
  out = out.slice(0, limit);
  const types = [
    ...dims.map((dim) => (dim.Bucket ? "Bucket" : typeOf(dim.Column))),
    ...measures.map((measure) =>
      (measure.Function === "min" || measure.Function === "max") &&
      typeOf(measure.Column as string) === "Date"
        ? "Date"
        : "Number",
    ),
  ];
  return {
    Rows: out.map((row) =>
      row.cells.map((cell, i) =>
        types[i] === "Bucket" ? iso(cell, true) : types[i] === "Date" ? iso(cell, false) : cell,
      ),
    ),
    OtherRow: out.findIndex((row) => row.other) >= 0 ? out.findIndex((row) => row.other) : null,
    Truncated: truncated,
  };
}
