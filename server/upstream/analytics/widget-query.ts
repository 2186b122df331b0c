/**
 * A widget's data, for its viewers (member and shared calls alike): the widget's own stored query,
 * with the viewer filters its definition's filter widgets allow appended (core/analytics/
 * cross-filter.ts) — never another query, never another source. The query runs over the data of the
 * account owning the object.
 */

import type { FastifyRequest } from "fastify";
import { checkViewerFilters, queryWithFilters } from "../../../core/analytics/cross-filter.ts";
import type { WidgetDefinition, WidgetQueryRequest } from "../../../schemas/payloads/analytics-content.ts";
import type { DataQuery, DataQueryFilter, DataQueryResult } from "../../../schemas/payloads/data-query.ts";
import type { UpstreamContext } from "../context.ts";
import { badRequest, notFound, UpstreamError } from "../http/errors.ts";
import { kindRenderer } from "./definitions.ts";
import { analyticsOf } from "./service.ts";

/** The `widgetId` path parameter (schemas/payloads/analytics-content.ts widgetId). */
export const widgetIdSchema = {
  type: "string",
  pattern: "^[a-z0-9][a-z0-9-]{0,39}$",
  description: "Id of the widget in its definition.",
} as const;

/** A preValidation hook: a widget query sent without a body asks without viewer filters. */
export async function noBodyIsNoFilters(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

/**
 * Runs widget `widgetId` of `widgets` (one definition's) for a viewer: 404 for an unknown widget or
 * one without a query; 400 DataViewerFilterNotAllowed for a viewer filter no filter widget targeting
 * it declares; the query service's answers otherwise (a data source that is gone is a 400
 * DataSourceNotQueryable: the widget, not the call, is broken).
 */
export async function runWidgetQuery(
  context: UpstreamContext,
  accountId: number,
  widgets: readonly WidgetDefinition[],
  widgetId: string,
  request: WidgetQueryRequest | undefined,
): Promise<DataQueryResult> {
  const widget = widgets.find((candidate) => candidate.Id === widgetId);
  if (!widget?.Query) throw notFound("Widget");
  const filters: DataQueryFilter[] = request?.Filters ?? [];
  const allowed = checkViewerFilters(widgetId, widgets, filters, kindRenderer);
  if (!allowed.ok)
    throw badRequest(
      "DataViewerFilterNotAllowed",
      `Widget «${widgetId}» offers no filter on «${allowed.column}» like this.`,
    );
  const query = queryWithFilters({ Query: widget.Query as DataQuery }, filters);
  try {
    return await analyticsOf(context).query(accountId, query);
  } catch (error) {
    if (error instanceof UpstreamError && error.statusCode === 404)
      throw badRequest(
        "DataSourceNotQueryable",
        `The data source of widget «${widgetId}» is missing or deleted.`,
      );
    throw error;
  }
}
