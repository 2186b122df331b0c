/**
 * Whether a widget's query fits its source, checked from the column catalogues of the demo's
 * sources (the tables' columns, and the view, fusion and merge composed by the rules of
 * schemas/payloads/data-sources.ts) and the per-renderer query shapes of the widget kinds: every
 * named column exists, aggregates and buckets meet fitting types, filter values fit their column,
 * sort and TopN keys are outputs. Returns the problems in words (none: the query fits).
 */
import type { WidgetDefinition } from "../../../../schemas/payloads/analytics-content.ts";
import type { ColumnType, DataQuery } from "../../../../schemas/payloads/data-query.ts";
import type {
  DataFusionDefinition,
  DataMergeDefinition,
  DataViewDefinition,
} from "../../../../schemas/payloads/data-sources.ts";
import type { DataColumn } from "../../../../server/upstream/store/types/data-tables.ts";

/** A source's columns by name. */
export type Catalogue = Map<string, ColumnType>;

/** A table's catalogue. */
export function tableCatalogue(columns: readonly DataColumn[]): Catalogue {
  return new Map(columns.map((column) => [column.name, column.type]));
}

/** A view's catalogue: its source's columns, or the ones it keeps. */
export function viewCatalogue(definition: DataViewDefinition, source: Catalogue): Catalogue {
  if (!definition.Columns) return new Map(source);
  return new Map(definition.Columns.map((name) => [name, source.get(name) as ColumnType]));
}

/** A fusion's catalogue: the union by name; a name with two types is a problem (thrown). */
export function fusionCatalogue(
  definition: DataFusionDefinition,
  sourceOf: (recId: number) => Catalogue,
): Catalogue {
  const union: Catalogue = new Map();
  for (const { RecId } of definition.Sources) {
    for (const [name, type] of sourceOf(RecId)) {
      const known = union.get(name);
      if (known !== undefined && known !== type)
        throw new Error(`fusion column ${name}: ${known} and ${type}`);
      union.set(name, type);
    }
  }
  return union;
}

/** A merge's catalogue: Left's columns, then Right's but its On columns, a repeated name suffixed « (right)». */
export function mergeCatalogue(
  definition: DataMergeDefinition,
  left: Catalogue,
  right: Catalogue,
): Catalogue {
  const merged: Catalogue = new Map(left);
  const keys = new Set(definition.On.map((pair) => pair.Right));
  for (const [name, type] of right) {
    if (keys.has(name)) continue;
    merged.set(merged.has(name) ? `${name} (right)` : name, type);
  }
  return merged;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function fits(value: unknown, type: ColumnType): boolean {
  if (value === null) return true;
  if (type === "Number") return typeof value === "number" && Number.isFinite(value);
  if (type === "Boolean") return typeof value === "boolean";
  if (type === "Date")
    return typeof value === "string" && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
  return typeof value === "string";
}

/** The problems of a query over a source with `catalogue` (schemas/payloads/data-query.ts rules). */
export function queryProblems(query: DataQuery, catalogue: Catalogue): string[] {
  const problems: string[] = [];
  const column = (name: string, where: string): ColumnType | undefined => {
    const type = catalogue.get(name);
    if (type === undefined) problems.push(`${where}: unknown column ${name}`);
    return type;
  };
  const outputs: string[] = [];
  if (query.Select && (query.GroupBy || query.Aggregates))
    problems.push("Select mixed with GroupBy or Aggregates");
  for (const name of query.Select ?? []) {
    column(name, "Select");
    outputs.push(name);
  }
  for (const filter of query.Filters ?? []) {
    const type = column(filter.Column, "Filter");
    if (type === undefined) continue;
    const values = filter.Values ?? (filter.Value !== undefined ? [filter.Value] : []);
    for (const value of values)
      if (!fits(value, type))
        problems.push(`Filter ${filter.Column}: ${JSON.stringify(value)} is no ${type}`);
    if (filter.Operator === "Between" && values.length !== 2)
      problems.push(`Filter ${filter.Column}: Between needs two values`);
    if ((filter.Operator === "Contains" || filter.Operator === "StartsWith") && type !== "Text")
      problems.push(`Filter ${filter.Column}: ${filter.Operator} needs a Text column`);
  }
  for (const group of query.GroupBy ?? []) {
    const type = column(group.Column, "GroupBy");
    if (group.Bucket && type !== undefined && type !== "Date")
      problems.push(`GroupBy ${group.Column}: bucket on ${type}`);
    outputs.push(group.As ?? group.Column);
  }
  const measures: string[] = [];
  for (const aggregate of query.Aggregates ?? []) {
    if (aggregate.Column === undefined) {
      if (aggregate.Function !== "count")
        problems.push(`${aggregate.As}: ${aggregate.Function} needs a column`);
    } else {
      const type = column(aggregate.Column, aggregate.As);
      if (
        (aggregate.Function === "sum" || aggregate.Function === "avg") &&
        type !== undefined &&
        type !== "Number"
      )
        problems.push(`${aggregate.As}: ${aggregate.Function} of a ${type} column`);
    }
    outputs.push(aggregate.As);
    measures.push(aggregate.As);
  }
  if (new Set(outputs).size !== outputs.length)
    problems.push(`duplicate output names: ${outputs.join(", ")}`);
  for (const key of query.Sort ?? [])
    if (!outputs.includes(key.By)) problems.push(`Sort ${key.By}: not an output`);
  if (query.TopN) {
    if ((query.GroupBy ?? []).length !== 1) problems.push("TopN needs exactly one GroupBy");
    if (!measures.includes(query.TopN.By)) problems.push(`TopN ${query.TopN.By}: not a measure`);
  }
  return problems;
}

/**
 * The problems of a widget's query shape for its renderer (the query shapes of the widget kinds):
 * how many dimensions and measures it draws, and what a filter widget needs of its column.
 */
export function shapeProblems(
  widget: WidgetDefinition,
  renderer: string,
  catalogue: Catalogue | undefined,
): string[] {
  const query = widget.Query;
  if (renderer === "text" || renderer === "image") return query ? [`${renderer} widgets have no query`] : [];
  if (!query || !catalogue) return ["a data widget without a query"];
  const dimensions = query.GroupBy ?? [];
  const measures = query.Aggregates ?? [];
  const problems: string[] = [];
  const expect = (condition: boolean, message: string) => {
    if (!condition) problems.push(message);
  };
  const settings = (widget.Settings ?? {}) as Record<string, unknown>;
  switch (renderer) {
    case "kpi":
      expect(measures.length === 1, "a KPI has one measure");
      expect(
        dimensions.length === 0 || (dimensions.length === 1 && dimensions[0]?.Bucket !== undefined),
        "a KPI groups by at most one date bucket",
      );
      expect(
        dimensions.length === 0 || query.Sort?.[0]?.Descending !== true,
        "a KPI's buckets are sorted ascending",
      );
      break;
    case "line":
    case "area":
    case "bar":
      expect(dimensions.length >= 1 && dimensions.length <= 2, "one or two dimensions");
      expect(measures.length >= 1, "at least one measure");
      break;
    case "pie":
      expect(dimensions.length === 1 && measures.length === 1, "one dimension and one measure");
      break;
    case "pivot":
      expect(dimensions.length === 2 && measures.length === 1, "two dimensions and one measure");
      break;
    case "scatter": {
      const numbers = (query.Select ?? []).filter((name) => catalogue.get(name) === "Number");
      expect(
        (query.Select !== undefined && numbers.length === 2) || measures.length === 2,
        "two Number columns or two measures",
      );
      break;
    }
    case "table":
      expect(query.Select !== undefined || measures.length > 0 || dimensions.length > 0, "rows or groups");
      break;
    case "dateRange":
    case "select":
    case "multiSelect": {
      const filtered = settings.Column;
      const type = typeof filtered === "string" ? catalogue.get(filtered) : undefined;
      expect(type !== undefined, `the filter column ${String(filtered)} is a column of its source`);
      if (renderer === "dateRange") {
        expect(type === "Date", "a date range filters a Date column");
        expect(
          measures.some((m) => m.Function === "min" && m.Column === filtered) &&
            measures.some((m) => m.Function === "max" && m.Column === filtered),
          "a date range's query gives the column's min and max",
        );
      } else {
        expect(
          dimensions.length === 1 && dimensions[0]?.Column === filtered,
          "a select's query groups by its column",
        );
      }
      break;
    }
    default:
      problems.push(`unknown renderer ${renderer}`);
  }
  return problems;
}
