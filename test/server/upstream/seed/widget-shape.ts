/**
 * Whether a widget's query has the shape its renderer draws (the query shapes of the widget kinds:
 * how many dimensions and measures, what a filter widget needs of its column). That the query fits
 * its source's catalogue is the query engine's check (server/upstream/analytics/query-check.ts).
 */
import type { WidgetDefinition } from "../../../../schemas/payloads/analytics-content.ts";
import type { ColumnType } from "../../../../schemas/payloads/data-query.ts";

/** A source's columns by name. */
export type Catalogue = Map<string, ColumnType>;

/** The problems of a widget's query shape for its renderer, in words (none: it fits). */
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
