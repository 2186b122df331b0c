/**
 * The data calls of the query API (README.md): `GET Data/Sources`, `GET Data/Sources/{recId}/Columns`
 * and `POST Data/Query` — the editor's data picker and preview. Each needs the TablesAndView feature
 * and TableAndViews r (401 → 403 first), and the source visible to the caller by the library's rules
 * (404 otherwise, the same for another account's source as for a missing one). Registers the widget
 * and binder calls (widget-routes.ts) too, and closes the query service with the upstream.
 */
import type { FastifyInstance } from "fastify";
import { type DataQuery, dataQuerySchema } from "../../../schemas/payloads/data-query.ts";
import type { UpstreamContext } from "../context.ts";
import { contentScope } from "../folders/areas.ts";
import { notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams } from "../http/schemas.ts";
import { DATA_SOURCE_TYPES } from "../store/types/analytics.ts";
import { visibleSource } from "./definitions.ts";
import { analyticsOf } from "./service.ts";
import { registerWidgetRoutes } from "./widget-routes.ts";

const { $id: _queryId, ...queryBody } = dataQuerySchema;

/** Most sources `GET Data/Sources` lists (by name). */
export const MAX_LISTED_SOURCES = 1000;

/** Registers the data, widget and binder query calls under the application base. */
export function registerAnalyticsRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const analytics = analyticsOf(context);
  api.addHook("onClose", async () => analytics.close());
  const dataRights = [
    guards.session,
    guards.feature("TablesAndView"),
    guards.permission("TableAndViews", "r"),
  ];

  api.get("/Data/Sources", { onRequest: dataRights }, async (request) => {
    const caller = callerOf(request);
    const accountId = caller.account.recId;
    const page = await context.store.content.library.list(contentScope(caller, "TableAndViews"), {
      sort: { field: "Name", descending: false },
      offset: 0,
      limit: MAX_LISTED_SOURCES,
      types: DATA_SOURCE_TYPES,
    });
    const items = [];
    for (const object of page.items) {
      let rowCount: number | null = null;
      try {
        const plan = await analytics.source(accountId, object.recId);
        if (plan) rowCount = await analytics.rowCount(accountId, plan);
      } catch {
        // A source that does not compose (or meets a limit) is listed without a count.
      }
      items.push({ RecId: object.recId, Type: object.type, Name: object.name, RowCount: rowCount });
    }
    return { items };
  });

  api.get(
    "/Data/Sources/:recId/Columns",
    { onRequest: dataRights, schema: { params: recIdParams } },
    async (request) => {
      const caller = callerOf(request);
      const { recId } = request.params as { recId: number };
      const object = await visibleSource(context, caller, recId);
      const plan = object ? await analytics.source(caller.account.recId, recId) : undefined;
      if (!object || !plan) throw notFound("Data source");
      return {
        RecId: plan.recId,
        Type: plan.type,
        Name: plan.name,
        Columns: plan.columns.map((column) => ({ Name: column.name, Type: column.type })),
        RowCount: await analytics.rowCount(caller.account.recId, plan),
        SourceVersion: plan.version,
      };
    },
  );

  api.post("/Data/Query", { onRequest: dataRights, schema: { body: queryBody } }, async (request) => {
    const caller = callerOf(request);
    const query = request.body as DataQuery;
    if (!(await visibleSource(context, caller, query.Source.RecId))) throw notFound("Data source");
    return analytics.query(caller.account.recId, query);
  });

  registerWidgetRoutes(api, context, guards);
}
