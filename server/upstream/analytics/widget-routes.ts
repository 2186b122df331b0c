/**
 * The members' widget calls (README.md): `POST Content/{area}/Objects/{recId}/Widgets/{widgetId}/Query`
 * for Dashboards, LiveDocs, Insights and Reports, and a binder's pages — `GET Content/Binders/Objects/
 * {recId}/Pages` and `POST Content/Binders/Objects/{recId}/Pages/{dashboardRecId}/Widgets/{widgetId}/
 * Query`. The right is the object's area (feature Included, then {area} r), not the data permission:
 * whoever may see a dashboard sees the data its widgets show, as stored, narrowed by the viewer
 * filters its definition offers. The object must be visible and live (404 otherwise, as for another
 * account's object).
 */
import type { FastifyInstance } from "fastify";
import {
  type WidgetQueryRequest,
  widgetQueryRequestSchema,
} from "../../../schemas/payloads/analytics-content.ts";
import type { Caller } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import { areaGuard, type ContentArea, contentScope } from "../folders/areas.ts";
import { notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema } from "../http/schemas.ts";
import { binderPages, definitionOf, validDefinition, widgetsOf } from "./definitions.ts";
import { noBodyIsNoFilters, runWidgetQuery, widgetIdSchema } from "./widget-query.ts";

const { $id: _requestId, ...requestBody } = widgetQueryRequestSchema;

/** The areas whose objects hold widgets, with their object type. */
const WIDGET_AREAS = {
  Dashboards: "Dashboard",
  LiveDocs: "LiveDoc",
  Insights: "Insight",
  Reports: "Report",
} as const;

const widgetParams = {
  type: "object",
  properties: {
    area: { enum: Object.keys(WIDGET_AREAS), description: "Dashboards, LiveDocs, Insights or Reports." },
    recId: recIdSchema,
    widgetId: widgetIdSchema,
  },
  required: ["area", "recId", "widgetId"],
  additionalProperties: false,
} as const;
const binderParams = {
  type: "object",
  properties: { recId: recIdSchema },
  required: ["recId"],
  additionalProperties: false,
} as const;
const pageWidgetParams = {
  type: "object",
  properties: { recId: recIdSchema, dashboardRecId: recIdSchema, widgetId: widgetIdSchema },
  required: ["recId", "dashboardRecId", "widgetId"],
  additionalProperties: false,
} as const;

/** A live object of the area the caller sees, or 404. */
async function liveObject(context: UpstreamContext, caller: Caller, area: ContentArea, recId: number) {
  const object = await context.store.content.library.get(contentScope(caller, area), recId);
  if (!object || object.deletedAt !== null) throw notFound("Object");
  return object;
}

/**
 * A binder page's dashboard as the caller may see it: visible by the library's rules (a personal
 * dashboard stays its owner's) and live. The binder's right opens its pages, not the Dashboards area.
 */
async function pageDashboard(context: UpstreamContext, caller: Caller, recId: number) {
  const dashboard = await context.store.content.library.get(contentScope(caller, "Dashboards"), recId);
  return dashboard && dashboard.deletedAt === null ? dashboard : undefined;
}

/** Registers the widget and binder page calls under the application base. */
export function registerWidgetRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const binderRights = [guards.session, guards.feature("Binder"), guards.permission("Binders", "r")];

  api.post(
    "/Content/:area/Objects/:recId/Widgets/:widgetId/Query",
    {
      onRequest: [guards.session, areaGuard("r")],
      preValidation: noBodyIsNoFilters,
      schema: { params: widgetParams, body: requestBody },
    },
    async (request) => {
      const caller = callerOf(request);
      const { area, recId, widgetId } = request.params as {
        area: keyof typeof WIDGET_AREAS;
        recId: number;
        widgetId: string;
      };
      const object = await liveObject(context, caller, area, recId);
      const widgets = widgetsOf(WIDGET_AREAS[area], definitionOf(object.properties));
      return runWidgetQuery(
        context,
        caller.account.recId,
        widgets,
        widgetId,
        request.body as WidgetQueryRequest,
      );
    },
  );

  api.get(
    "/Content/Binders/Objects/:recId/Pages",
    { onRequest: binderRights, schema: { params: binderParams } },
    async (request) => {
      const caller = callerOf(request);
      const binder = await liveObject(
        context,
        caller,
        "Binders",
        (request.params as { recId: number }).recId,
      );
      const items = [];
      for (const recId of binderPages(definitionOf(binder.properties))) {
        const dashboard = await pageDashboard(context, caller, recId);
        if (!dashboard) {
          items.push({ RecId: recId, Name: null, Definition: null, Available: false });
          continue;
        }
        items.push({
          RecId: recId,
          Name: dashboard.name,
          Definition: validDefinition("Dashboard", definitionOf(dashboard.properties)),
          Available: true,
        });
      }
      return { items };
    },
  );

  api.post(
    "/Content/Binders/Objects/:recId/Pages/:dashboardRecId/Widgets/:widgetId/Query",
    {
      onRequest: binderRights,
      preValidation: noBodyIsNoFilters,
      schema: { params: pageWidgetParams, body: requestBody },
    },
    async (request) => {
      const caller = callerOf(request);
      const { recId, dashboardRecId, widgetId } = request.params as {
        recId: number;
        dashboardRecId: number;
        widgetId: string;
      };
      const binder = await liveObject(context, caller, "Binders", recId);
      const dashboard = binderPages(definitionOf(binder.properties)).includes(dashboardRecId)
        ? await pageDashboard(context, caller, dashboardRecId)
        : undefined;
      if (!dashboard) throw notFound("Page");
      const widgets = widgetsOf("Dashboard", definitionOf(dashboard.properties));
      return runWidgetQuery(
        context,
        caller.account.recId,
        widgets,
        widgetId,
        request.body as WidgetQueryRequest,
      );
    },
  );
}
