/**
 * Where a viewer's widgets get their rows (server/upstream/analytics/README.md): the widget query
 * calls run a widget's stored query with the viewer's filters (widgetQueryRequest `{Filters}`), by
 * the right to see the object — never an ad-hoc query. A member reads through the app base, a
 * shared link's visitor through the anonymous webservices base, and a binder's pages through the
 * binder (its own right, and only dashboards it holds).
 */
import type { DataQueryFilter, DataQueryResult } from "../../../schemas/payloads/data-query.ts";
import { apiRequest } from "../../http/api-client.ts";
import { ApiError } from "../../http/api-error.ts";
import { isDataQueryResult } from "../../widgets/result-shape.ts";

/** The object whose widgets are queried. */
export type WidgetSource =
  | { kind: "member"; area: "Dashboards" | "LiveDocs" | "Insights" | "Reports"; recId: number }
  | { kind: "binder"; binderRecId: number; dashboardRecId: number }
  | { kind: "shared"; type: "Dashboard" | "LiveDoc"; code: string }
  | { kind: "sharedBinder"; code: string; dashboardRecId: number };

/** The areas whose objects have widgets of their own (the member widget query call). */
export const WIDGET_AREAS = ["Dashboards", "LiveDocs", "Insights", "Reports"] as const;

const enc = encodeURIComponent;

/** The call of one widget's query: its base and path. */
export function widgetQueryCall(
  source: WidgetSource,
  widgetId: string,
): { base: "app" | "webservices"; path: string } {
  const widget = `Widgets/${enc(widgetId)}/Query`;
  switch (source.kind) {
    case "member":
      return { base: "app", path: `Content/${enc(source.area)}/Objects/${source.recId}/${widget}` };
    case "binder":
      return {
        base: "app",
        path: `Content/Binders/Objects/${source.binderRecId}/Pages/${source.dashboardRecId}/${widget}`,
      };
    case "shared":
      return { base: "webservices", path: `Share/${enc(source.type)}/${enc(source.code)}/${widget}` };
    case "sharedBinder":
      return {
        base: "webservices",
        path: `Share/Binder/${enc(source.code)}/Pages/${source.dashboardRecId}/${widget}`,
      };
  }
}

/** The body of a widget query call: the viewer filters, when there are any. */
export function widgetQueryBody(filters: readonly DataQueryFilter[]): { Filters?: DataQueryFilter[] } {
  return filters.length > 0 ? { Filters: [...filters] } : {};
}

/** Runs one widget's query; an answer that is not a query result is an error of the widget. */
export async function loadWidgetQuery(
  source: WidgetSource,
  widgetId: string,
  filters: readonly DataQueryFilter[],
  signal: AbortSignal,
): Promise<DataQueryResult> {
  const call = widgetQueryCall(source, widgetId);
  const body = await apiRequest<unknown>(call.path, {
    method: "POST",
    base: call.base,
    body: widgetQueryBody(filters),
    signal,
  });
  if (!isDataQueryResult(body)) throw new ApiError(502, null, "unexpected widget query answer");
  return body;
}

/** A text naming a source, for the load keys of its widgets. */
export function sourceKey(source: WidgetSource): string {
  switch (source.kind) {
    case "member":
      return `${source.area}:${source.recId}`;
    case "binder":
      return `binder:${source.binderRecId}:${source.dashboardRecId}`;
    case "shared":
      return `share:${source.type}:${source.code}`;
    case "sharedBinder":
      return `share:Binder:${source.code}:${source.dashboardRecId}`;
  }
}
