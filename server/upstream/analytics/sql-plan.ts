/**
 * A checked query over a source plan, as one SQL statement of the engine (DuckDB's dialect) and its
 * bound parameters. Nothing a caller sent reaches the text: identifiers are the engine's own (tables
 * `t…`, columns `c0…`, order keys `o0…`, outputs `q0…`), quoted; every literal is a parameter; the
 * only other words are this module's constants (date buckets, aggregate functions). Pure.
 *
 * Every source relation yields columns c0…cN (its catalogue, in order) and o0…oK (its source order:
 * a table's row id; a fusion's input index, then that input's order; a merge's left then right
 * order), so plain rows come back in source order and sorts break ties the same way every time.
 */
import type { ColumnType } from "../../../schemas/payloads/data-query.ts";
import type { CheckedFilter, CheckedQuery, CheckedValue, DateBucket } from "./query-check.ts";
import type { SourcePlan } from "./source-plan.ts";

/** A bound parameter, typed as the engine binds it. */
export type SqlParam =
  | { type: "DOUBLE"; value: number }
  | { type: "VARCHAR"; value: string }
  | { type: "BOOLEAN"; value: boolean }
  | { type: "TIMESTAMP"; micros: bigint };

/** The statement of one query. */
export interface SqlStatement {
  sql: string;
  params: SqlParam[];
  /** The last column is the TopN marker (1 on the Other row), not an output. */
  hasOtherMarker: boolean;
}

/** The engine's column type of each catalogue type (dates are UTC timestamps). */
export const ENGINE_TYPES: Record<ColumnType, string> = {
  Number: "DOUBLE",
  Text: "VARCHAR",
  Boolean: "BOOLEAN",
  Date: "TIMESTAMP",
};

const BUCKET_UNITS: Record<DateBucket, string> = {
  day: "'day'",
  week: "'week'", // ISO 8601 weeks: DuckDB's date_trunc('week') starts them on Monday.
  month: "'month'",
  quarter: "'quarter'",
  year: "'year'",
};

const IDENTIFIER = /^[a-z][a-z0-9]*$/;

/** A quoted identifier; only the engine's own names (checked, so a slip cannot splice text). */
export function ident(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not an engine identifier: ${name}`);
  return `"${name}"`;
}

const col = (alias: string, index: number) => `${ident(alias)}.${ident(`c${index}`)}`;
const ord = (alias: string, index: number) => `${ident(alias)}.${ident(`o${index}`)}`;

class Params {
  readonly list: SqlParam[] = [];
  add(param: SqlParam): string {
    this.list.push(param);
    return `$${this.list.length}`;
  }
  value(value: CheckedValue, edge: "start" | "end" = "start"): string {
    switch (value.type) {
      case "Number":
        return this.add({ type: "DOUBLE", value: value.value });
      case "Text":
        return this.add({ type: "VARCHAR", value: value.value });
      case "Boolean":
        return this.add({ type: "BOOLEAN", value: value.value });
      case "Date": {
        const ms = edge === "start" ? value.value.startMs : value.value.endMs;
        return this.add({ type: "TIMESTAMP", micros: BigInt(ms) * 1000n });
      }
    }
  }
}

/** A count of the query's own (a limit, TopN's N), written as a literal: checked to be a plain integer. */
function integer(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a count: ${value}`);
  return String(value);
}

/** The upper edge of a literal: a day ends before the next midnight, an instant at itself. */
function endInclusive(value: CheckedValue): boolean {
  return value.type !== "Date" || value.value.endInclusive;
}

function equalsSql(x: string, value: CheckedValue, params: Params): string {
  if (value.type === "Date" && !value.value.endInclusive) {
    return `(${x} >= ${params.value(value, "start")} AND ${x} < ${params.value(value, "end")})`;
  }
  return `${x} = ${params.value(value)}`;
}

function filterSql(filter: CheckedFilter, alias: string, params: Params): string {
  const x = col(alias, filter.column);
  switch (filter.op) {
    case "Equals":
      return equalsSql(x, filter.value, params);
    case "NotEquals":
      return `(${x} IS NULL OR NOT ${equalsSql(x, filter.value, params)})`;
    case "Less":
      return `${x} < ${params.value(filter.value, "start")}`;
    case "GreaterOrEqual":
      return `${x} >= ${params.value(filter.value, "start")}`;
    case "LessOrEqual":
      return `${x} ${endInclusive(filter.value) ? "<=" : "<"} ${params.value(filter.value, "end")}`;
    case "Greater":
      return `${x} ${endInclusive(filter.value) ? ">" : ">="} ${params.value(filter.value, "end")}`;
    case "Between":
      return `(${x} >= ${params.value(filter.low, "start")} AND ${x} ${endInclusive(filter.high) ? "<=" : "<"} ${params.value(filter.high, "end")})`;
    case "In":
    case "NotIn": {
      const tests = filter.values.map((value) => equalsSql(x, value, params));
      const matched = tests.length === 0 ? "FALSE" : `(${tests.join(" OR ")})`;
      if (filter.op === "In") return filter.withEmpty ? `(${x} IS NULL OR ${matched})` : matched;
      return `(CASE WHEN ${x} IS NULL THEN ${filter.withEmpty ? "FALSE" : "TRUE"} ELSE NOT ${matched} END)`;
    }
    case "Contains":
      return `contains(lower(${x}), lower(${params.add({ type: "VARCHAR", value: filter.text })}))`;
    case "StartsWith":
      return `starts_with(lower(${x}), lower(${params.add({ type: "VARCHAR", value: filter.text })}))`;
    case "IsEmpty":
      return `${x} IS NULL`;
    case "IsNotEmpty":
      return `${x} IS NOT NULL`;
  }
}

function whereSql(filters: readonly CheckedFilter[], alias: string, params: Params): string {
  return filters.length === 0
    ? ""
    : ` WHERE ${filters.map((filter) => filterSql(filter, alias, params)).join(" AND ")}`;
}

/** The engine relation of a data table (a name the engine generated). */
export type RelationOf = (table: Extract<SourcePlan, { kind: "table" }>) => string;

function orderList(alias: string, width: number, offset = 0): string[] {
  return Array.from(
    { length: width },
    (_, index) => `${ord(alias, index)} AS ${ident(`o${index + offset}`)}`,
  );
}

/** The SELECT yielding a source's c… and o… columns. */
export function sourceSql(plan: SourcePlan, relationOf: RelationOf, params: Params): string {
  switch (plan.kind) {
    case "table": {
      const columns = plan.columns.map((_, index) => ident(`c${index}`));
      return `SELECT ${[...columns, ident("o0")].join(", ")} FROM ${relationOf(plan)}`;
    }
    case "view": {
      const inner = sourceSql(plan.input, relationOf, params);
      const columns = plan.keep.map((index, position) => `${col("s", index)} AS ${ident(`c${position}`)}`);
      const where = whereSql(plan.filters, "s", params);
      return `SELECT ${[...columns, ...orderList("s", plan.orderWidth)].join(", ")} FROM (${inner}) AS ${ident("s")}${where}`;
    }
    case "fusion": {
      const parts = plan.inputs.map((input, position) => {
        const inner = sourceSql(input.plan, relationOf, params);
        const columns = input.map.map((index, target) =>
          index === null
            ? `CAST(NULL AS ${ENGINE_TYPES[(plan.columns[target] as { type: ColumnType }).type]}) AS ${ident(`c${target}`)}`
            : `${col("s", index)} AS ${ident(`c${target}`)}`,
        );
        const order = [
          `CAST(${position} AS BIGINT) AS ${ident("o0")}`,
          ...orderList("s", input.plan.orderWidth, 1),
          ...Array.from(
            { length: plan.orderWidth - 1 - input.plan.orderWidth },
            (_, index) => `CAST(NULL AS BIGINT) AS ${ident(`o${1 + input.plan.orderWidth + index}`)}`,
          ),
        ];
        return `SELECT ${[...columns, ...order].join(", ")} FROM (${inner}) AS ${ident("s")}`;
      });
      return parts.map((part) => `(${part})`).join(" UNION ALL ");
    }
    case "merge": {
      const left = sourceSql(plan.left, relationOf, params);
      const right = sourceSql(plan.right, relationOf, params);
      const leftCount = plan.left.columns.length;
      const columns = [
        ...plan.left.columns.map((_, index) => `${col("l", index)} AS ${ident(`c${index}`)}`),
        ...plan.rightKeep.map(
          (index, position) => `${col("r", index)} AS ${ident(`c${leftCount + position}`)}`,
        ),
      ];
      const order = [
        ...orderList("l", plan.left.orderWidth),
        ...orderList("r", plan.right.orderWidth, plan.left.orderWidth),
      ];
      const on = plan.on.map(([l, r]) => `${col("l", l)} = ${col("r", r)}`).join(" AND ");
      const join = plan.join === "Inner" ? "INNER JOIN" : "LEFT JOIN";
      return `SELECT ${[...columns, ...order].join(", ")} FROM (${left}) AS ${ident("l")} ${join} (${right}) AS ${ident("r")} ON ${on}`;
    }
  }
}

const out = (index: number) => ident(`q${index}`);
const ascending = (index: number) => `${out(index)} ASC NULLS FIRST`;
const sortSql = (key: { output: number; descending: boolean }) =>
  key.descending ? `${out(key.output)} DESC NULLS LAST` : ascending(key.output);

type GroupQuery = Extract<CheckedQuery, { mode: "groups" }>;

/** How the measures of groups combine into the measure of their union (the others are not additive). */
const COMBINE = { count: "SUM", sum: "SUM", min: "MIN", max: "MAX" } as const;

function measureSql(measure: GroupQuery["measures"][number], alias: string): string {
  const x = measure.column === undefined ? "" : col(alias, measure.column);
  switch (measure.fn) {
    case "count":
      return measure.column === undefined ? "COUNT(*)" : `COUNT(${x})`;
    case "countDistinct":
      return `COUNT(DISTINCT ${x})`;
    case "sum":
      return `SUM(${x})`;
    case "avg":
      return `AVG(${x})`;
    case "min":
      return `MIN(${x})`;
    case "max":
      return `MAX(${x})`;
  }
}

function dimensionSql(dimension: GroupQuery["dimensions"][number], alias: string): string {
  const x = col(alias, dimension.column);
  return dimension.bucket === undefined ? x : `date_trunc(${BUCKET_UNITS[dimension.bucket]}, ${x})`;
}

/** The statement of a checked query over a source. Fetches Limit + 1 rows (the extra one: Truncated). */
export function querySql(plan: SourcePlan, query: CheckedQuery, relationOf: RelationOf): SqlStatement {
  const params = new Params();
  const source = sourceSql(plan, relationOf, params);
  const where = whereSql(query.filters, "s", params);
  const from = `FROM (${source}) AS ${ident("s")}${where}`;
  if (query.mode === "rows") {
    const columns = query.columns.map((index, position) => `${col("s", index)} AS ${out(position)}`);
    const order = [
      ...query.sort.map(sortSql),
      ...Array.from({ length: plan.orderWidth }, (_, index) => `${ord("s", index)} ASC NULLS FIRST`),
    ];
    const limit = integer(query.limit + 1);
    return {
      sql: `SELECT ${columns.join(", ")} ${from} ORDER BY ${order.join(", ")} LIMIT ${limit}`,
      params: params.list,
      hasOtherMarker: false,
    };
  }
  const dimensionCount = query.dimensions.length;
  const tieBreak = query.dimensions.map((_, index) => ascending(index));
  if (query.topN === undefined) {
    const select = [
      ...query.dimensions.map((dimension, index) => `${dimensionSql(dimension, "s")} AS ${out(index)}`),
      ...query.measures.map(
        (measure, index) => `${measureSql(measure, "s")} AS ${out(dimensionCount + index)}`,
      ),
    ];
    const groupBy =
      dimensionCount === 0 ? "" : ` GROUP BY ${query.dimensions.map((_, index) => index + 1).join(", ")}`;
    const order = [...query.sort.map(sortSql), ...tieBreak];
    const orderBy = order.length === 0 ? "" : ` ORDER BY ${order.join(", ")}`;
    const limit = integer(query.limit + 1);
    return {
      sql: `SELECT ${select.join(", ")} ${from}${groupBy}${orderBy} LIMIT ${limit}`,
      params: params.list,
      hasOtherMarker: false,
    };
  }
  // TopN: rank the groups by the measure (ties by the dimension), keep N, and — with Other — one more
  // row aggregating the rows of every other group (for sum and count, the sum of those groups').
  const { by, n, other } = query.topN;
  const [dimension] = query.dimensions as [GroupQuery["dimensions"][number]];
  const measures = (alias: string) =>
    query.measures.map((measure, index) => `${measureSql(measure, alias)} AS ${out(1 + index)}`);
  const rank = `ROW_NUMBER() OVER (ORDER BY ${out(by)} DESC NULLS LAST, ${ascending(0)}) AS ${ident("rn")}`;
  const kept = integer(n);
  const outputs = query.outputs.map((_, index) => out(index));
  const withs = [
    `${ident("b")} AS (SELECT ${dimensionSql(dimension, "s")} AS ${ident("k")}, ${ident("s")}.* ${from})`,
    `${ident("g")} AS (SELECT ${ident("k")} AS ${out(0)}, ${measures("b").join(", ")} FROM ${ident("b")} GROUP BY 1)`,
    `${ident("n")} AS (SELECT ${out(0)} AS ${ident("nk")}, ${rank} FROM ${ident("g")})`,
    `${ident("t")} AS (SELECT ${outputs.map((name) => `${ident("g")}.${name}`).join(", ")}, 0 AS ${ident("x")} FROM ${ident("g")} JOIN ${ident("n")} ON ${ident("g")}.${out(0)} IS NOT DISTINCT FROM ${ident("n")}.${ident("nk")} WHERE ${ident("n")}.${ident("rn")} <= ${kept})`,
  ];
  let union = `SELECT * FROM ${ident("t")}`;
  if (other) {
    // Counts, sums, minima and maxima of the other groups combine into theirs; averages and
    // distinct counts are computed again over the other groups' rows.
    const combined = query.measures.every((measure) => measure.fn in COMBINE);
    const rest = combined
      ? `SELECT NULL AS ${out(0)}, ${query.measures
          .map(
            (measure, index) =>
              `${COMBINE[measure.fn as keyof typeof COMBINE]}(${ident("g")}.${out(1 + index)}) AS ${out(1 + index)}`,
          )
          .join(
            ", ",
          )}, 1 AS ${ident("x")} FROM ${ident("g")} JOIN ${ident("n")} ON ${ident("g")}.${out(0)} IS NOT DISTINCT FROM ${ident("n")}.${ident("nk")}`
      : `SELECT NULL AS ${out(0)}, ${measures("b").join(", ")}, 1 AS ${ident("x")} FROM ${ident("b")} JOIN ${ident("n")} ON ${ident("b")}.${ident("k")} IS NOT DISTINCT FROM ${ident("n")}.${ident("nk")}`;
    withs.push(`${ident("r")} AS (${rest} WHERE ${ident("n")}.${ident("rn")} > ${kept} HAVING COUNT(*) > 0)`);
    union += ` UNION ALL SELECT * FROM ${ident("r")}`;
  }
  const order = [
    `${ident("x")} ASC`,
    ...(query.sort.length > 0 ? query.sort.map(sortSql) : [`${out(by)} DESC NULLS LAST`]),
    ascending(0),
  ];
  const limit = integer(query.limit + 1);
  return {
    sql: `WITH ${withs.join(", ")} SELECT ${[...outputs, ident("x")].join(", ")} FROM (${union}) AS ${ident("u")} ORDER BY ${order.join(", ")} LIMIT ${limit}`,
    params: params.list,
    hasOtherMarker: true,
  };
}
