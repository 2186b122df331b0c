/**
 * The data picker of the widget settings as data: what the user chose (a source, then dimensions
 * with a date bucket, measures, filters, a sort, a row limit, the top N with Other — or plain
 * columns), the shape each renderer draws (schemas/payloads/data-query.ts and the viewers' reading
 * of results: dimensions then measures), the query that choice becomes, the choice read back from a
 * stored query, and what is wrong with it against the source's columns — the upstream's own rules
 * (sum and average need a Number column, a bucket a Date column, an operator its column's type), so
 * a refusal is seen while choosing, not when saving.
 */
import type { FilterRenderer } from "../../../../core/analytics/cross-filter.ts";
import {
  type AGGREGATE_FUNCTIONS,
  type ColumnType,
  type DATE_BUCKETS,
  type DataQuery,
  type DataQueryFilter,
  QUERY_MAX_LIMIT,
} from "../../../../schemas/payloads/data-query.ts";
import type { WidgetRenderer } from "../../../../schemas/widgets.ts";

export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];
export type DateBucket = (typeof DATE_BUCKETS)[number];
export type FilterOperator = DataQueryFilter["Operator"];

/** A column of the chosen source (GET Data/Sources/{recId}/Columns). */
export interface SourceColumn {
  Name: string;
  Type: ColumnType;
}

/** Plain rows (Select) or groups (GroupBy and Aggregates). */
export type PickMode = "groups" | "rows";

export interface DimensionPick {
  column: string;
  bucket: DateBucket | null;
  /** The output column's name when the stored query gave one (GroupBy As); null: the column's name. */
  as: string | null;
}

export interface MeasurePick {
  fn: AggregateFunction;
  /** null: count of rows. */
  column: string | null;
  /** The output column's name (the query's As): legends and table headers show it. */
  label: string;
}

/** A condition as typed: values are the inputs' texts until the query is built. */
export interface FilterPick {
  column: string;
  operator: FilterOperator;
  value: string;
  values: string[];
}

export interface SortPick {
  by: string;
  descending: boolean;
}

/** Everything the data picker holds. */
export interface DataPick {
  source: number | null;
  mode: PickMode;
  dimensions: DimensionPick[];
  measures: MeasurePick[];
  columns: string[];
  filters: FilterPick[];
  /** "auto": the renderer's natural order (sortFor); a list: these keys ([]: unsorted). */
  sort: "auto" | SortPick[];
  limit: number | null;
  /** `by`: the measure ranked by (null: the first). */
  topN: { n: number; other: boolean; by: string | null } | null;
  /** The column a filter widget filters (its Settings.Column). */
  filterColumn: string | null;
  /** The name of a selection filter's count (its options' counts), when the stored query gave one. */
  countLabel: string | null;
}

/** How many of something a renderer takes. */
export interface Range {
  min: number;
  max: number;
}

/** What a renderer draws from its query (the shapes the viewers read). */
export interface PickShape {
  modes: PickMode[];
  dimensions: Range;
  measures: Range;
  columns: Range;
  /** The top N with Other is offered (one dimension). */
  topN: boolean;
  /** The widget is a filter: a source and a column, the query follows from them. */
  filter: FilterRenderer | null;
}

const none: Range = { min: 0, max: 0 };

/** The data shape of each renderer; null for renderers without data (text, image). */
export function pickShape(renderer: WidgetRenderer): PickShape | null {
  const groups = (dimensions: Range, measures: Range, topN = false): PickShape => ({
    modes: ["groups"],
    dimensions,
    measures,
    columns: none,
    topN,
    filter: null,
  });
  switch (renderer) {
    case "kpi":
      return groups({ min: 0, max: 1 }, { min: 1, max: 1 });
    case "line":
    case "area":
      return groups({ min: 1, max: 2 }, { min: 1, max: 5 });
    case "bar":
      return groups({ min: 1, max: 2 }, { min: 1, max: 5 }, true);
    case "pie":
      return groups({ min: 1, max: 1 }, { min: 1, max: 1 }, true);
    case "pivot":
      return groups({ min: 2, max: 2 }, { min: 1, max: 1 });
    case "scatter":
      return {
        modes: ["rows", "groups"],
        dimensions: { min: 1, max: 1 },
        measures: { min: 2, max: 2 },
        columns: { min: 2, max: 3 },
        topN: false,
        filter: null,
      };
    case "table":
      return {
        modes: ["rows", "groups"],
        dimensions: { min: 0, max: 3 },
        measures: { min: 0, max: 10 },
        columns: { min: 1, max: 50 },
        topN: true,
        filter: null,
      };
    case "dateRange":
    case "select":
    case "multiSelect":
      return {
        modes: ["groups"],
        dimensions: none,
        measures: none,
        columns: none,
        topN: false,
        filter: renderer,
      };
    case "text":
    case "image":
      return null;
  }
}

/** An empty choice for a renderer. */
export function emptyPick(renderer: WidgetRenderer): DataPick {
  const shape = pickShape(renderer);
  return {
    source: null,
    mode: shape?.modes[0] ?? "groups",
    dimensions: [],
    measures: [],
    columns: [],
    filters: [],
    sort: "auto",
    limit: null,
    topN: renderer === "pie" ? { n: 8, other: true, by: null } : null,
    filterColumn: null,
    countLabel: null,
  };
}

/** The operators a condition on a column of `type` may use (the upstream's query check). */
export function operatorsFor(type: ColumnType): FilterOperator[] {
  const common: FilterOperator[] = ["Equals", "NotEquals", "In", "NotIn", "IsEmpty", "IsNotEmpty"];
  const ordered: FilterOperator[] = ["Less", "LessOrEqual", "Greater", "GreaterOrEqual", "Between"];
  switch (type) {
    case "Text":
      return [...common, "Contains", "StartsWith", ...ordered];
    case "Number":
    case "Date":
      return [...common, ...ordered];
    case "Boolean":
      return ["Equals", "NotEquals", "IsEmpty", "IsNotEmpty"];
  }
}

/** How many values an operator takes: one, two (a range), a list, or none. */
export function operatorArity(operator: FilterOperator): "one" | "range" | "list" | "none" {
  if (operator === "Between") return "range";
  if (operator === "In" || operator === "NotIn") return "list";
  if (operator === "IsEmpty" || operator === "IsNotEmpty") return "none";
  return "one";
}

/** The aggregates a measure over a column of `type` may use (count needs no column). */
export function functionsFor(type: ColumnType | null): AggregateFunction[] {
  if (type === null) return ["count"];
  if (type === "Number") return ["sum", "avg", "min", "max", "countDistinct"];
  if (type === "Date" || type === "Text") return ["min", "max", "countDistinct"];
  return ["countDistinct"];
}

/** The output name of a dimension (GroupBy As, default the column's name). */
export const dimensionName = (dimension: DimensionPick) => dimension.as ?? dimension.column;

/** The output columns of a choice, in result order (what Sort and TopN may name). */
export function outputNames(pick: DataPick): string[] {
  if (pick.mode === "rows") return [...pick.columns];
  return [...pick.dimensions.map(dimensionName), ...pick.measures.map((measure) => measure.label)];
}

/** The order of a choice's result: the keys chosen, or the renderer's natural order ("auto"). */
export function sortFor(pick: DataPick, renderer: WidgetRenderer): SortPick[] {
  if (pick.sort !== "auto") return pick.sort;
  if (pick.mode === "rows") return [];
  const first = pick.dimensions[0];
  const measure = pick.measures[0];
  if (!first) return [];
  // A time axis reads left to right; KPIs compare the last bucket with the one before.
  if (first.bucket !== null || renderer === "kpi" || renderer === "line" || renderer === "area")
    return [{ by: dimensionName(first), descending: false }];
  // Bars and slices read largest first.
  if ((renderer === "bar" || renderer === "pie") && measure) return [{ by: measure.label, descending: true }];
  return [{ by: dimensionName(first), descending: false }];
}

/**
 * The choice after a change: the order keeps the keys that are still outputs (all gone: the natural
 * order again), and the top N ranks by a measure that still exists.
 */
export function withChoice(pick: DataPick, change: Partial<DataPick>): DataPick {
  const next = { ...pick, ...change };
  const outputs = outputNames(next);
  if (next.sort !== "auto" && change.sort === undefined) {
    const kept = next.sort.filter((key) => outputs.includes(key.by));
    next.sort = kept.length === next.sort.length ? next.sort : kept.length > 0 ? kept : "auto";
  }
  if (next.topN?.by && !next.measures.some((measure) => measure.label === next.topN?.by))
    next.topN = { ...next.topN, by: null };
  return next;
}

/** A typed literal of an input's text for a column, or undefined when it is not one. */
export function literalOf(text: string, type: ColumnType): string | number | boolean | undefined {
  const value = text.trim();
  switch (type) {
    case "Number": {
      if (value === "") return undefined;
      const number = Number(value);
      return Number.isFinite(number) ? number : undefined;
    }
    case "Boolean":
      return value === "true" ? true : value === "false" ? false : undefined;
    case "Date":
      return /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(value)
        ? value
        : undefined;
    case "Text":
      return text;
  }
}

/** The query filter of a condition, or undefined while a value is missing or not of the column's type. */
export function filterOf(filter: FilterPick, type: ColumnType): DataQueryFilter | undefined {
  const base = { Column: filter.column, Operator: filter.operator };
  switch (operatorArity(filter.operator)) {
    case "none":
      return base;
    case "one": {
      const value = literalOf(filter.value, type);
      // An empty text is not a value: "is empty" says that.
      if (value === undefined || value === "") return undefined;
      return { ...base, Value: value };
    }
    case "range": {
      const [low, high] = [filter.values[0] ?? "", filter.values[1] ?? ""].map((text) =>
        literalOf(text, type),
      );
      return low === undefined || high === undefined || low === "" || high === ""
        ? undefined
        : { ...base, Values: [low, high] };
    }
    case "list": {
      const values = filter.values.map((text) => literalOf(text, type));
      return values.length === 0 || values.some((value) => value === undefined)
        ? undefined
        : { ...base, Values: values as (string | number | boolean)[] };
    }
  }
}

/** A column's type, if the source has it. */
function typeOf(columns: readonly SourceColumn[], name: string | null): ColumnType | undefined {
  return name === null ? undefined : columns.find((column) => column.Name === name)?.Type;
}

/**
 * The query of a choice for a renderer; null without a source. A filter widget's query follows from
 * its column: the earliest and latest value for a date range (its bounds), each value with its count
 * for a select (its options, in value order).
 */
export function queryOf(
  pick: DataPick,
  renderer: WidgetRenderer,
  columns: readonly SourceColumn[],
  countLabel: string,
): DataQuery | null {
  if (pick.source === null) return null;
  const shape = pickShape(renderer);
  if (!shape) return null;
  const Source = { RecId: pick.source };
  const filters = pick.filters.flatMap((filter) => {
    const type = typeOf(columns, filter.column);
    const made = type ? filterOf(filter, type) : undefined;
    return made ? [made] : [];
  });
  const Filters = filters.length > 0 ? { Filters: filters } : {};
  if (shape.filter) {
    const column = pick.filterColumn;
    if (column === null) return null;
    if (shape.filter === "dateRange")
      return {
        Source,
        ...Filters,
        Aggregates: [
          { Function: "min", Column: column, As: "From" },
          { Function: "max", Column: column, As: "To" },
        ],
      };
    return {
      Source,
      ...Filters,
      GroupBy: [{ Column: column }],
      Aggregates: [{ Function: "count", As: uniqueLabel(pick.countLabel ?? countLabel, [column]) }],
      Sort: [{ By: column }],
    };
  }
  const keys = sortFor(pick, renderer);
  const Sort =
    keys.length > 0
      ? { Sort: keys.map((key) => ({ By: key.by, ...(key.descending ? { Descending: true } : {}) })) }
      : {};
  const Limit = pick.limit !== null ? { Limit: pick.limit } : {};
  if (pick.mode === "rows") {
    if (pick.columns.length === 0) return { Source, ...Filters, ...Sort, ...Limit };
    return { Source, Select: [...pick.columns], ...Filters, ...Sort, ...Limit };
  }
  const GroupBy = pick.dimensions.map((dimension) => ({
    Column: dimension.column,
    ...(dimension.bucket !== null ? { Bucket: dimension.bucket } : {}),
    ...(dimension.as !== null ? { As: dimension.as } : {}),
  }));
  const Aggregates = pick.measures.map((measure) => ({
    Function: measure.fn,
    ...(measure.column !== null ? { Column: measure.column } : {}),
    As: measure.label,
  }));
  const ranked = pick.measures.find((measure) => measure.label === pick.topN?.by) ?? pick.measures[0];
  const TopN =
    shape.topN && pick.topN && pick.dimensions.length === 1 && ranked
      ? { TopN: { By: ranked.label, N: pick.topN.n, Other: pick.topN.other } }
      : {};
  return {
    Source,
    ...(GroupBy.length > 0 ? { GroupBy } : {}),
    ...(Aggregates.length > 0 ? { Aggregates } : {}),
    ...Filters,
    ...Sort,
    ...Limit,
    ...TopN,
  };
}

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** The choice a stored query stands for (the picker opened on an existing widget). */
export function pickOf(
  query: DataQuery | undefined,
  renderer: WidgetRenderer,
  settings: Readonly<Record<string, unknown>>,
): DataPick {
  const pick = emptyPick(renderer);
  if (!query) return pick;
  const shape = pickShape(renderer);
  const filters: FilterPick[] = (query.Filters ?? []).map((filter) => ({
    column: filter.Column,
    operator: filter.Operator,
    value: text(filter.Value),
    values: (filter.Values ?? []).map(text),
  }));
  if (shape?.filter) {
    const column =
      typeof settings.Column === "string"
        ? settings.Column
        : (query.GroupBy?.[0]?.Column ?? query.Aggregates?.[0]?.Column ?? null);
    const count =
      shape.filter !== "dateRange" ? query.Aggregates?.find((a) => a.Function === "count")?.As : undefined;
    return { ...pick, source: query.Source.RecId, filters, filterColumn: column, countLabel: count ?? null };
  }
  const common = {
    ...pick,
    source: query.Source.RecId,
    filters,
    sort: (query.Sort ?? []).map((key) => ({ by: key.By, descending: key.Descending === true })),
    limit: query.Limit ?? null,
  };
  if (query.GroupBy === undefined && query.Aggregates === undefined)
    return { ...common, mode: "rows", columns: [...(query.Select ?? [])], topN: null };
  return {
    ...common,
    mode: "groups",
    dimensions: (query.GroupBy ?? []).map((group) => ({
      column: group.Column,
      bucket: group.Bucket ?? null,
      as: group.As ?? null,
    })),
    measures: (query.Aggregates ?? []).map((aggregate) => ({
      fn: aggregate.Function,
      column: aggregate.Column ?? null,
      label: aggregate.As,
    })),
    topN: query.TopN ? { n: query.TopN.N, other: query.TopN.Other === true, by: query.TopN.By } : null,
  };
}

/** One thing wrong with a choice: a text key with its values, and which part of the picker it is in. */
export interface PickProblem {
  key: string;
  values?: Record<string, string | number>;
  part: "source" | "dimensions" | "measures" | "columns" | "filters" | "sort" | "limit" | "topN";
}

/** What is wrong with a choice for a renderer against the source's columns (empty: it may be applied). */
export function pickProblems(
  pick: DataPick,
  renderer: WidgetRenderer,
  columns: readonly SourceColumn[],
): PickProblem[] {
  const shape = pickShape(renderer);
  if (!shape || pick.source === null) return [];
  const problems: PickProblem[] = [];
  const known = (name: string | null, part: PickProblem["part"]) => {
    if (name !== null && typeOf(columns, name) === undefined)
      problems.push({ key: "DashboardEditor_PickUnknownColumn", values: { column: name }, part });
  };
  if (shape.filter) {
    if (pick.filterColumn === null)
      problems.push({ key: "DashboardEditor_PickFilterColumn", part: "columns" });
    else {
      known(pick.filterColumn, "columns");
      const type = typeOf(columns, pick.filterColumn);
      if (shape.filter === "dateRange" && type !== undefined && type !== "Date")
        problems.push({
          key: "DashboardEditor_PickDateColumn",
          values: { column: pick.filterColumn },
          part: "columns",
        });
    }
  } else if (pick.mode === "rows") {
    for (const column of pick.columns) known(column, "columns");
    count(problems, pick.columns.length, shape.columns, "columns");
    if (renderer === "scatter") {
      const numbers = pick.columns.filter((column) => typeOf(columns, column) === "Number").length;
      if (numbers < 2) problems.push({ key: "DashboardEditor_PickScatterNumbers", part: "columns" });
    }
    if (new Set(pick.columns).size !== pick.columns.length)
      problems.push({ key: "DashboardEditor_PickDuplicateOutput", part: "columns" });
  } else {
    count(problems, pick.dimensions.length, shape.dimensions, "dimensions");
    count(problems, pick.measures.length, shape.measures, "measures");
    if (renderer === "table" && pick.dimensions.length + pick.measures.length === 0)
      problems.push({ key: "DashboardEditor_PickNothing", part: "dimensions" });
    for (const dimension of pick.dimensions) {
      known(dimension.column, "dimensions");
      const type = typeOf(columns, dimension.column);
      if (dimension.bucket !== null && type !== undefined && type !== "Date")
        problems.push({
          key: "DashboardEditor_PickBucketNeedsDate",
          values: { column: dimension.column },
          part: "dimensions",
        });
    }
    for (const measure of pick.measures) {
      known(measure.column, "measures");
      const type = typeOf(columns, measure.column);
      if (measure.column === null && measure.fn !== "count")
        problems.push({
          key: "DashboardEditor_PickMeasureColumn",
          values: { label: measure.label },
          part: "measures",
        });
      if ((measure.fn === "sum" || measure.fn === "avg") && type !== undefined && type !== "Number")
        problems.push({
          key: "DashboardEditor_PickNeedsNumber",
          values: { column: measure.column ?? "" },
          part: "measures",
        });
      if (measure.label.trim() === "" || measure.label.length > 128)
        problems.push({ key: "DashboardEditor_PickMeasureLabel", part: "measures" });
    }
    const names = outputNames(pick);
    if (new Set(names).size !== names.length)
      problems.push({ key: "DashboardEditor_PickDuplicateOutput", part: "measures" });
    if (pick.topN && shape.topN && pick.dimensions.length !== 1 && pick.dimensions.length > 0)
      problems.push({ key: "DashboardEditor_PickTopNOneDimension", part: "topN" });
  }
  for (const filter of pick.filters) {
    const type = typeOf(columns, filter.column);
    if (type === undefined) {
      known(filter.column, "filters");
      continue;
    }
    if (!operatorsFor(type).includes(filter.operator) || filterOf(filter, type) === undefined)
      problems.push({
        key: "DashboardEditor_PickFilterValue",
        values: { column: filter.column },
        part: "filters",
      });
  }
  if (!shape.filter && pick.sort !== "auto") {
    for (const key of pick.sort.filter((key) => !outputNames(pick).includes(key.by)))
      problems.push({ key: "DashboardEditor_PickSortOutput", values: { column: key.by }, part: "sort" });
  }
  if (
    pick.limit !== null &&
    (!Number.isInteger(pick.limit) || pick.limit < 1 || pick.limit > QUERY_MAX_LIMIT)
  )
    problems.push({ key: "DashboardEditor_PickLimit", values: { max: QUERY_MAX_LIMIT }, part: "limit" });
  return problems;
}

function count(problems: PickProblem[], actual: number, range: Range, part: PickProblem["part"]) {
  if (actual < range.min)
    problems.push({ key: `DashboardEditor_PickTooFew_${part}`, values: { min: range.min }, part });
  if (actual > range.max)
    problems.push({ key: `DashboardEditor_PickTooMany_${part}`, values: { max: range.max }, part });
}

/** A measure's name no other output has: `label`, else `label (2)`, `label (3)`… */
export function uniqueLabel(label: string, taken: readonly string[]): string {
  if (!taken.includes(label)) return label;
  let number = 2;
  while (taken.includes(`${label} (${number})`)) number += 1;
  return `${label} (${number})`;
}

/** Names a measure by its function and column (the output's default name, in the UI language). */
export type MeasureLabeler = (fn: AggregateFunction, column: string | null) => string;

/**
 * A first choice for a renderer over a source just picked, from its columns (the builder then
 * changes what they want): a count or the sum of the first Number column, by the first Date column
 * per month for time charts and KPIs, by the first Text column for bars, slices and pivots, a few
 * plain columns for a table, two Number columns for a scatter, the first fitting column of a filter.
 */
export function suggestedPick(
  renderer: WidgetRenderer,
  source: number,
  columns: readonly SourceColumn[],
  labelOf: MeasureLabeler,
): DataPick {
  const pick = { ...emptyPick(renderer), source };
  const shape = pickShape(renderer);
  if (!shape) return pick;
  const ofType = (type: ColumnType) => columns.filter((column) => column.Type === type).map((c) => c.Name);
  const [date] = ofType("Date");
  const texts = ofType("Text");
  const numbers = ofType("Number");
  if (shape.filter) {
    const column = shape.filter === "dateRange" ? date : (texts[0] ?? columns[0]?.Name);
    return { ...pick, filterColumn: column ?? null };
  }
  const number = numbers[0] ?? null;
  const measure: MeasurePick = number
    ? { fn: "sum", column: number, label: labelOf("sum", number) }
    : { fn: "count", column: null, label: labelOf("count", null) };
  const byMonth = (column: string): DimensionPick => ({ column, bucket: "month", as: null });
  const byValue = (column: string): DimensionPick => ({ column, bucket: null, as: null });
  switch (renderer) {
    case "kpi":
      return { ...pick, dimensions: date ? [byMonth(date)] : [], measures: [measure] };
    case "line":
    case "area": {
      const dimension = date ? byMonth(date) : texts[0] ? byValue(texts[0]) : null;
      return { ...pick, dimensions: dimension ? [dimension] : [], measures: [measure] };
    }
    case "bar":
    case "pie": {
      const dimension = texts[0] ? byValue(texts[0]) : date ? byMonth(date) : null;
      return { ...pick, dimensions: dimension ? [dimension] : [], measures: [measure] };
    }
    case "pivot": {
      const dimensions = texts.slice(0, 2).map(byValue);
      if (dimensions.length < 2 && date) dimensions.push({ column: date, bucket: "quarter", as: null });
      return { ...pick, dimensions, measures: [measure] };
    }
    case "scatter":
      return { ...pick, mode: "rows", columns: numbers.slice(0, 2), limit: 1000 };
    case "table":
      return { ...pick, mode: "rows", columns: columns.slice(0, 6).map((c) => c.Name), limit: 100 };
    default:
      return pick;
  }
}

/** The choice after a measure's function or column changed: its name follows unless the user named it. */
export function withMeasure(
  measures: readonly MeasurePick[],
  index: number,
  change: Partial<Pick<MeasurePick, "fn" | "column" | "label">>,
  labelOf: MeasureLabeler,
): MeasurePick[] {
  return measures.map((measure, at) => {
    if (at !== index) return measure;
    const next = { ...measure, ...change };
    // count counts rows: it names no column.
    if (next.fn === "count") next.column = null;
    const named = measure.label !== labelOf(measure.fn, measure.column);
    if (change.label === undefined && !named) next.label = labelOf(next.fn, next.column);
    return next;
  });
}
