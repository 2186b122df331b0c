/**
 * The definitions of the analytical objects (§3: a dashboard is a manifest — widgets declared as
 * data): what `Properties.Definition` of a Dashboard, Binder, LiveDoc, Insight or Report holds. The
 * upstream validates a definition on every write; the runtime renders it through the widget
 * registry (manifests/widgets.json names the kinds and their settings schemas).
 */
import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { identifier } from "../common.ts";
import { SINGLE_LINE_TEXT_PATTERN } from "../text-rules.ts";
import { dataQuerySchema } from "./data-query.ts";
import { recId } from "./fields.ts";

/** Columns of the dashboard grid; positions and widths count in them. */
export const GRID_COLUMNS = 12;
/** Most widgets one definition holds. */
export const MAX_WIDGETS = 40;

const { $id: _queryId, ...widgetQuery } = dataQuerySchema;

/** A widget id: unique within its definition, stable across edits (filters and shares name it). */
export const widgetId = {
  type: "string",
  pattern: "^[a-z0-9][a-z0-9-]{0,39}$",
  description: "Id of the widget, unique within the definition.",
} as const;

/** One widget: its kind, where it sits, what it queries and its kind's settings. */
export const widgetDefinition = {
  type: "object",
  description: "A widget: kind (manifests/widgets.json), title, grid position, query and settings.",
  properties: {
    Id: widgetId,
    Kind: { ...identifier, description: "Widget kind of the widgets manifest (kpi, line, bar, table, …)." },
    Title: {
      type: "string",
      maxLength: 120,
      pattern: SINGLE_LINE_TEXT_PATTERN,
      description: "Shown above it.",
    },
    Position: {
      type: "object",
      description: `Place on the ${GRID_COLUMNS}-column grid, in columns and rows; X + W ≤ ${GRID_COLUMNS}.`,
      properties: {
        X: { type: "integer", minimum: 0, maximum: GRID_COLUMNS - 1 },
        Y: { type: "integer", minimum: 0, maximum: 500 },
        W: { type: "integer", minimum: 1, maximum: GRID_COLUMNS },
        H: { type: "integer", minimum: 1, maximum: 24 },
      },
      required: ["X", "Y", "W", "H"],
      additionalProperties: false,
    },
    Query: { ...widgetQuery, description: "The data of the widget; text and image widgets have none." },
    Settings: {
      type: "object",
      description: "Settings of the kind, validated against its settingsSchema by the editor.",
    },
  },
  required: ["Id", "Kind", "Position"],
  additionalProperties: false,
} as const;

const version = { const: 1, description: "Version of the definition format." } as const;
const widgets = { type: "array", items: widgetDefinition, maxItems: MAX_WIDGETS } as const;

/** `Properties.Definition` of a Dashboard. */
export const dashboardDefinitionSchema = {
  $id: "dashboardDefinition",
  type: "object",
  description: "A dashboard: widgets on a grid, a widget theme, the grid's row height.",
  properties: {
    Version: version,
    Theme: { type: "string", maxLength: 100, description: "Key of a widget theme (Common/WidgetThemes)." },
    RowHeight: {
      type: "integer",
      minimum: 40,
      maximum: 200,
      description: "Height of one grid row in pixels.",
    },
    Widgets: widgets,
  },
  required: ["Version", "Widgets"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** `Properties.Definition` of a Binder: its dashboards, in page order. */
export const binderDefinitionSchema = {
  $id: "binderDefinition",
  type: "object",
  description: "A binder: dashboards paged through in order.",
  properties: {
    Version: version,
    DashboardRecIds: { type: "array", items: recId, minItems: 1, maxItems: 50, uniqueItems: true },
  },
  required: ["Version", "DashboardRecIds"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** `Properties.Definition` of a LiveDoc: text blocks (sanitised HTML) and embedded widgets. */
export const liveDocDefinitionSchema = {
  $id: "liveDocDefinition",
  type: "object",
  description: "A live document: blocks of text and embedded widgets, top to bottom.",
  properties: {
    Version: version,
    Theme: { type: "string", maxLength: 100 },
    Blocks: {
      type: "array",
      maxItems: 100,
      items: {
        anyOf: [
          {
            type: "object",
            properties: {
              Type: { const: "Text" },
              Html: {
                type: "string",
                maxLength: 20_000,
                description: "Sanitised with DOMPurify when shown.",
              },
            },
            required: ["Type", "Html"],
            additionalProperties: false,
          },
          {
            type: "object",
            properties: { Type: { const: "Widget" }, Widget: widgetDefinition },
            required: ["Type", "Widget"],
            additionalProperties: false,
          },
        ],
      },
    },
  },
  required: ["Version", "Blocks"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** `Properties.Definition` of an Insight: one widget explored on its own. */
export const insightDefinitionSchema = {
  $id: "insightDefinition",
  type: "object",
  description: "An insight: one widget and a note on what it shows.",
  properties: {
    Version: version,
    Note: { type: "string", maxLength: 2000 },
    Widget: widgetDefinition,
  },
  required: ["Version", "Widget"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** `Properties.Definition` of a Report: titled sections of widgets, printable. */
export const reportDefinitionSchema = {
  $id: "reportDefinition",
  type: "object",
  description: "A report: sections, each a title, an optional text and widgets on the grid.",
  properties: {
    Version: version,
    Theme: { type: "string", maxLength: 100 },
    Sections: {
      type: "array",
      minItems: 1,
      maxItems: 20,
      items: {
        type: "object",
        properties: {
          Title: { type: "string", maxLength: 120, pattern: SINGLE_LINE_TEXT_PATTERN },
          Html: { type: "string", maxLength: 20_000 },
          Widgets: widgets,
        },
        required: ["Title", "Widgets"],
        additionalProperties: false,
      },
    },
  },
  required: ["Version", "Sections"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/**
 * The body of the widget data calls (`POST …/Widgets/{widgetId}/Query`, member and shared): the
 * viewer's filter selections. Only columns a filter widget of the same definition declares may be
 * named (core/analytics/cross-filter.ts).
 */
export const widgetQueryRequestSchema = {
  $id: "widgetQueryRequest",
  type: "object",
  properties: {
    Filters: { ...widgetQuery.properties.Filters, description: "The viewer's filter selections." },
  },
  additionalProperties: false,
} as const satisfies JSONSchema;

export type WidgetDefinition = FromSchema<typeof widgetDefinition>;
export type DashboardDefinition = FromSchema<typeof dashboardDefinitionSchema>;
export type BinderDefinition = FromSchema<typeof binderDefinitionSchema>;
export type LiveDocDefinition = FromSchema<typeof liveDocDefinitionSchema>;
export type InsightDefinition = FromSchema<typeof insightDefinitionSchema>;
export type ReportDefinition = FromSchema<typeof reportDefinitionSchema>;
export type WidgetQueryRequest = FromSchema<typeof widgetQueryRequestSchema>;
