/**
 * The semantic checks of a query description against its source's column catalogue, after the schema
 * (dataQuerySchema) has passed: every name must be a column (or, for Sort and TopN, an output), each
 * operator, value, aggregate and bucket must fit the column's type, and the shape must be one of the
 * two modes — plain rows (Select) or groups (GroupBy and/or Aggregates). The result is the checked
 * query the SQL is built from: columns by index, literals by type, defaults applied. Pure.
 */
import type {
  AGGREGATE_FUNCTIONS,
  ColumnType,
  DATE_BUCKETS,
  DataQuery,
  DataQueryFilter,
} from "../../../schemas/payloads/data-query.ts";
import { QUERY_DEFAULT_LIMIT } from "../../../schemas/payloads/data-query.ts";
import type { ErrorCodeName } from "../http/error-codes.ts";
import { type DateSpan, dateSpan } from "./date-literals.ts";

/** A column of a source's catalogue. */
export interface CatalogueColumn {
  name: string;
  type: ColumnType;
}

/** Why a description is refused: a 60xx code and a message naming what is wrong. */
export interface QueryRefusal {
  code: ErrorCodeName;
  message: string;
}

/** A literal of a filter, typed by its column: Date literals as the time span they stand for. */
export type CheckedValue =
  | { type: "Number"; value: number }
  | { type: "Text"; value: string }
  | { type: "Boolean"; value: boolean }
  | { type: "Date"; value: DateSpan };

/** A filter on a column (by index) of the source. */
export type CheckedFilter =
  | { column: number; op: "Equals" | "NotEquals"; value: CheckedValue }
  | { column: number; op: "Less" | "LessOrEqual" | "Greater" | "GreaterOrEqual"; value: CheckedValue }
  | { column: number; op: "Between"; low: CheckedValue; high: CheckedValue }
  | { column: number; op: "In" | "NotIn"; values: CheckedValue[]; withEmpty: boolean }
  | { column: number; op: "Contains" | "StartsWith"; text: string }
  | { column: number; op: "IsEmpty" | "IsNotEmpty" };

/** An output column of the result. */
export interface QueryOutput {
  name: string;
  type: ColumnType;
  role: "Column" | "Dimension" | "Measure";
}

export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];
export type DateBucket = (typeof DATE_BUCKETS)[number];

/** A checked query: what the SQL is built from. Sort keys and TopN's By are output indexes. */
export type CheckedQuery = {
  filters: CheckedFilter[];
  outputs: QueryOutput[];
  sort: { output: number; descending: boolean }[];
  limit: number;
} & (
  | { mode: "rows"; columns: number[] }
  | {
      mode: "groups";
      dimensions: { column: number; bucket?: DateBucket }[];
      measures: { fn: AggregateFunction; column?: number }[];
      topN?: { by: number; n: number; other: boolean };
    }
);

/** The checked query, or the first refusal found. */
export type QueryCheck = { ok: true; query: CheckedQuery } | { ok: false; refusal: QueryRefusal };

class Refused extends Error {
  constructor(readonly refusal: QueryRefusal) {
    super(refusal.message);
  }
}

const refuse = (code: ErrorCodeName, message: string): never => {
  throw new Refused({ code, message });
};

function columnIndex(columns: readonly CatalogueColumn[], name: string): number {
  const index = columns.findIndex((column) => column.name === name);
  if (index < 0) refuse("DataColumnUnknown", `The source has no column «${name}».`);
  return index;
}

type Literal = DataQueryFilter["Value"];

/** A literal checked against the column's type; null is not a value here. */
function typedValue(literal: Literal, column: CatalogueColumn, operator: string): CheckedValue {
  const wrong = () =>
    refuse(
      "DataFilterInvalid",
      `${operator} on «${column.name}» needs ${column.type === "Date" ? "a date (ISO 8601 text)" : `a ${column.type.toLowerCase()}`}.`,
    );
  switch (column.type) {
    case "Number":
      return typeof literal === "number" && Number.isFinite(literal)
        ? { type: "Number", value: literal }
        : wrong();
    case "Text":
      return typeof literal === "string" ? { type: "Text", value: literal } : wrong();
    case "Boolean":
      return typeof literal === "boolean" ? { type: "Boolean", value: literal } : wrong();
    case "Date": {
      const span = typeof literal === "string" ? dateSpan(literal) : undefined;
      return span ? { type: "Date", value: span } : wrong();
    }
  }
}

const ORDERED_TYPES: readonly ColumnType[] = ["Number", "Date", "Text"];

/** Checks one filter against the catalogue. */
function checkFilter(filter: DataQueryFilter, columns: readonly CatalogueColumn[]): CheckedFilter {
  const index = columnIndex(columns, filter.Column);
  const column = columns[index] as CatalogueColumn;
  const op = filter.Operator;
  const hasValue = filter.Value !== undefined;
  const hasValues = filter.Values !== undefined;
  const needs = (what: string): never =>
    refuse("DataFilterInvalid", `${op} on «${column.name}» takes ${what}.`);
  switch (op) {
    case "Equals":
    case "NotEquals": {
      if (!hasValue || hasValues) return needs("a Value");
      // Equals null is IsEmpty: the empty value of a select filter selects the empty rows.
      if (filter.Value === null) return { column: index, op: op === "Equals" ? "IsEmpty" : "IsNotEmpty" };
      return { column: index, op, value: typedValue(filter.Value, column, op) };
    }
    case "Less":
    case "LessOrEqual":
    case "Greater":
    case "GreaterOrEqual": {
      if (!ORDERED_TYPES.includes(column.type))
        refuse("DataFilterInvalid", `${op} does not apply to the ${column.type} column «${column.name}».`);
      if (!hasValue || hasValues || filter.Value === null) return needs("a Value");
      return { column: index, op, value: typedValue(filter.Value, column, op) };
    }
    case "Between": {
      if (!ORDERED_TYPES.includes(column.type))
        refuse("DataFilterInvalid", `${op} does not apply to the ${column.type} column «${column.name}».`);
      const values = filter.Values;
      if (hasValue || !values || values.length !== 2 || values.includes(null))
        return needs("Values [low, high]");
      return {
        column: index,
        op,
        low: typedValue(values[0] as Literal, column, op),
        high: typedValue(values[1] as Literal, column, op),
      };
    }
    case "In":
    case "NotIn": {
      const values = filter.Values;
      if (hasValue || !values || values.length === 0) return needs("Values (at least one)");
      return {
        column: index,
        op,
        values: values.filter((value) => value !== null).map((value) => typedValue(value, column, op)),
        withEmpty: values.includes(null),
      };
    }
    case "Contains":
    case "StartsWith": {
      if (column.type !== "Text")
        refuse("DataFilterInvalid", `${op} applies to Text columns; «${column.name}» is ${column.type}.`);
      if (!hasValue || hasValues || typeof filter.Value !== "string") return needs("a text Value");
      return { column: index, op, text: filter.Value };
    }
    case "IsEmpty":
    case "IsNotEmpty":
      if (hasValue || hasValues) return needs("no Value");
      return { column: index, op };
  }
}

/** Checks filters against a catalogue (a query's, or a data view's own). */
export function checkFilters(
  filters: readonly DataQueryFilter[],
  columns: readonly CatalogueColumn[],
): { ok: true; filters: CheckedFilter[] } | { ok: false; refusal: QueryRefusal } {
  try {
    return { ok: true, filters: filters.map((filter) => checkFilter(filter, columns)) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}

function measureType(fn: AggregateFunction, column: CatalogueColumn | undefined): ColumnType {
  if (fn === "min" || fn === "max") return (column as CatalogueColumn).type;
  return "Number";
}

function checkShape(query: DataQuery, columns: readonly CatalogueColumn[]): CheckedQuery {
  const grouped = query.GroupBy !== undefined || query.Aggregates !== undefined;
  if (query.Select !== undefined && grouped)
    refuse("DataSelectMixed", "Select lists plain rows; it cannot be combined with GroupBy or Aggregates.");
  const filters = (query.Filters ?? []).map((filter) => checkFilter(filter, columns));
  const limit = query.Limit ?? QUERY_DEFAULT_LIMIT;
  const outputs: QueryOutput[] = [];
  let body:
    | { mode: "rows"; columns: number[] }
    | Omit<Extract<CheckedQuery, { mode: "groups" }>, "filters" | "outputs" | "sort" | "limit">;
  if (!grouped) {
    // Without Select nor groups, the rows of every column.
    const selected = query.Select ?? columns.map((column) => column.name);
    const indexes = selected.map((name) => columnIndex(columns, name));
    for (const index of indexes) {
      const column = columns[index] as CatalogueColumn;
      outputs.push({ name: column.name, type: column.type, role: "Column" });
    }
    body = { mode: "rows", columns: indexes };
    if (query.TopN !== undefined) refuse("DataTopNInvalid", "TopN needs exactly one GroupBy and a measure.");
  } else {
    const dimensions = (query.GroupBy ?? []).map((group) => {
      const index = columnIndex(columns, group.Column);
      const column = columns[index] as CatalogueColumn;
      if (group.Bucket !== undefined && column.type !== "Date")
        refuse(
          "DataBucketNeedsDate",
          `A ${group.Bucket} bucket needs a Date column; «${column.name}» is ${column.type}.`,
        );
      outputs.push({
        name: group.As ?? group.Column,
        type: group.Bucket !== undefined ? "Date" : column.type,
        role: "Dimension",
      });
      return group.Bucket === undefined ? { column: index } : { column: index, bucket: group.Bucket };
    });
    const measures = (query.Aggregates ?? []).map((aggregate) => {
      const fn = aggregate.Function;
      if (aggregate.Column === undefined && fn !== "count")
        refuse("DataAggregateNeedsColumn", `${fn} («${aggregate.As}») needs a Column.`);
      const index = aggregate.Column === undefined ? undefined : columnIndex(columns, aggregate.Column);
      const column = index === undefined ? undefined : columns[index];
      if ((fn === "sum" || fn === "avg") && column?.type !== "Number")
        refuse(
          "DataAggregateNeedsNumber",
          `${fn} needs a Number column; «${column?.name}» is ${column?.type}.`,
        );
      outputs.push({ name: aggregate.As, type: measureType(fn, column), role: "Measure" });
      return index === undefined ? { fn } : { fn, column: index };
    });
    let topN: { by: number; n: number; other: boolean } | undefined;
    if (query.TopN !== undefined) {
      const by = outputs.findIndex((output) => output.role === "Measure" && output.name === query.TopN?.By);
      if (dimensions.length !== 1 || by < 0)
        refuse("DataTopNInvalid", "TopN needs exactly one GroupBy, and By must name one of the Aggregates.");
      topN = { by, n: query.TopN.N, other: query.TopN.Other ?? false };
    }
    body = { mode: "groups", dimensions, measures, ...(topN && { topN }) };
  }
  const seen = new Set<string>();
  for (const output of outputs) {
    if (seen.has(output.name))
      refuse("DataOutputDuplicate", `Two output columns are named «${output.name}»; give one another As.`);
    seen.add(output.name);
  }
  const sort = (query.Sort ?? []).map((key) => {
    const output = outputs.findIndex((candidate) => candidate.name === key.By);
    if (output < 0)
      refuse("DataSortKeyUnknown", `Sort by «${key.By}»: it is not an output column of the query.`);
    return { output, descending: key.Descending ?? false };
  });
  return { ...body, filters, outputs, sort, limit } as CheckedQuery;
}

/** Checks a schema-valid description against the source's columns. */
export function checkQuery(query: DataQuery, columns: readonly CatalogueColumn[]): QueryCheck {
  try {
    return { ok: true, query: checkShape(query, columns) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}
