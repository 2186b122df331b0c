/**
 * The widget data of public share links (§2.1 /v, /b, /ld; README.md "Shared links"), anonymous,
 * under the webservices base: `POST Share/Dashboard/{code}/Widgets/{widgetId}/Query`,
 * `POST Share/LiveDoc/{code}/Widgets/{widgetId}/Query` and
 * `POST Share/Binder/{code}/Pages/{dashboardRecId}/Widgets/{widgetId}/Query`. A code opens only the
 * stored queries of its object's own widgets (a binder's: of its pages'), narrowed by the viewer
 * filters their definition offers — no other widget, no other source, no query of the visitor's.
 * Every link refusal (unknown, revoked, trashed, disabled account, another type) is the same 404.
 *
 * `sharedDefinitions` shapes what `GET Share/{Type}/{code}` shows of a stored definition: the definition
 * as validated, each widget query's Source.RecId replaced by an alias (1, 2, … per definition; the
 * viewer tells sources apart for the cross-filter rule without learning record ids), Settings
 * filtered like the rest of the shared properties (null when it is not valid); and for a binder its
 * `Pages`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WidgetQueryRequest } from "../../../schemas/payloads/analytics-content.ts";
import { widgetQueryRequestSchema } from "../../../schemas/payloads/analytics-content.ts";
import type { UpstreamContext } from "../context.ts";
import { CONTENT_AREAS } from "../folders/areas.ts";
import { notFound } from "../http/errors.ts";
import { recIdSchema } from "../http/schemas.ts";
import { publicProperties } from "../sharing/shared-bodies.ts";
import type { SharedObject } from "../store/types/analytics.ts";
import { binderPages, definitionOf, validDefinition, widgetsOf } from "./definitions.ts";
import { noBodyIsNoFilters, runWidgetQuery, widgetIdSchema } from "./widget-query.ts";

const { $id: _requestId, ...requestBody } = widgetQueryRequestSchema;

/** A code as links carry it (sharing/share-routes.ts reads the same). */
const CODE = /^[A-Za-z0-9_-]{1,128}$/;

const codeSchema = { type: "string", minLength: 1, maxLength: 256, description: "The link's code." } as const;
const widgetParams = {
  type: "object",
  properties: { code: codeSchema, widgetId: widgetIdSchema },
  required: ["code", "widgetId"],
  additionalProperties: false,
} as const;
const pageWidgetParams = {
  type: "object",
  properties: { code: codeSchema, dashboardRecId: recIdSchema, widgetId: widgetIdSchema },
  required: ["code", "dashboardRecId", "widgetId"],
  additionalProperties: false,
} as const;

async function sharedObject(context: UpstreamContext, type: SharedObject["type"], code: string) {
  const shared = CODE.test(code) ? await context.store.analytics.sharedObject(type, code) : undefined;
  if (!shared) throw notFound("Shared item");
  return shared;
}

/**
 * The live dashboards of a shared binder, in page order: those its owner sees (a dashboard in
 * someone else's personal tree never shows through a link).
 */
async function sharedPages(context: UpstreamContext, binder: SharedObject) {
  const scope = {
    accountId: binder.accountId,
    userId: binder.ownerUserId ?? 0,
    area: "Dashboards",
    types: CONTENT_AREAS.Dashboards,
  };
  const pages = [];
  for (const recId of binderPages(definitionOf(binder.properties))) {
    const dashboard = await context.store.content.library.get(scope, recId);
    if (dashboard && dashboard.deletedAt === null) pages.push(dashboard);
  }
  return pages;
}

/** A definition as visitors see it: validated, source ids aliased, settings filtered; null if invalid. */
export function publicDefinition(type: "Dashboard" | "LiveDoc", definition: unknown): unknown {
  const valid = validDefinition(type, definition);
  if (valid === null) return null;
  const copy = structuredClone(valid);
  const aliases = new Map<number, number>();
  for (const widget of widgetsOf(type, copy)) {
    if (widget.Query) {
      const recId = widget.Query.Source.RecId;
      if (!aliases.has(recId)) aliases.set(recId, aliases.size + 1);
      widget.Query.Source = { RecId: aliases.get(recId) as number };
    }
    if (widget.Settings) widget.Settings = publicProperties(widget.Settings);
  }
  return copy;
}

/**
 * The shared body's definition for analytical links (GET Share/{Type}/{code}): `Properties.Definition`
 * as visitors see it and, for a binder, its `Pages: [{ RecId, Name, Definition }]`.
 */
export async function sharedDefinitions(
  context: UpstreamContext,
  type: string,
  code: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (type !== "Dashboard" && type !== "LiveDoc" && type !== "Binder") return body;
  const shared = CODE.test(code) ? await context.store.analytics.sharedObject(type, code) : undefined;
  // An object without a definition (not made with the editors) is shown as the other properties are.
  if (!shared || definitionOf(shared.properties) === undefined) return body;
  const properties = { ...(body.Properties as Record<string, unknown>) };
  if (type === "Binder") {
    const pages = await sharedPages(context, shared);
    properties.Definition = { Version: 1, DashboardRecIds: pages.map((page) => page.recId) };
    return {
      ...body,
      Properties: properties,
      Pages: pages.map((page) => ({
        RecId: page.recId,
        Name: page.name,
        Definition: publicDefinition("Dashboard", definitionOf(page.properties)),
      })),
    };
  }
  properties.Definition = publicDefinition(type, definitionOf(shared.properties));
  return { ...body, Properties: properties };
}

/** Registers the shared widget calls under the webservices base. */
export function registerSharedAnalyticsRoutes(ws: FastifyInstance, context: UpstreamContext): void {
  const visitorHeaders = (reply: { header(name: string, value: string): unknown }) => {
    reply.header("X-Robots-Tag", "noindex, nofollow");
    reply.header("Referrer-Policy", "no-referrer");
  };

  for (const type of ["Dashboard", "LiveDoc"] as const) {
    ws.post(
      `/Share/${type}/:code/Widgets/:widgetId/Query`,
      { preValidation: noBodyIsNoFilters, schema: { params: widgetParams, body: requestBody } },
      async (request: FastifyRequest, reply) => {
        const { code, widgetId } = request.params as { code: string; widgetId: string };
        const shared = await sharedObject(context, type, code);
        visitorHeaders(reply);
        const widgets = widgetsOf(type, definitionOf(shared.properties));
        return runWidgetQuery(
          context,
          shared.accountId,
          widgets,
          widgetId,
          request.body as WidgetQueryRequest,
        );
      },
    );
  }

  ws.post(
    "/Share/Binder/:code/Pages/:dashboardRecId/Widgets/:widgetId/Query",
    { preValidation: noBodyIsNoFilters, schema: { params: pageWidgetParams, body: requestBody } },
    async (request, reply) => {
      const { code, dashboardRecId, widgetId } = request.params as {
        code: string;
        dashboardRecId: number;
        widgetId: string;
      };
      const binder = await sharedObject(context, "Binder", code);
      const page = (await sharedPages(context, binder)).find(
        (dashboard) => dashboard.recId === dashboardRecId,
      );
      if (!page) throw notFound("Page");
      visitorHeaders(reply);
      const widgets = widgetsOf("Dashboard", definitionOf(page.properties));
      return runWidgetQuery(context, binder.accountId, widgets, widgetId, request.body as WidgetQueryRequest);
    },
  );
}
