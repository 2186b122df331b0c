import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { identifier, manifestHeaderProperties, textKey } from "./common.ts";

/**
 * The renderers the runtime ships (runtime/widgets/widget-registry.ts). A kind of the manifest names
 * one; operators add kinds by giving an existing renderer other defaults and a narrower settings
 * schema, and restrict the product by removing or disabling kinds.
 */
export const WIDGET_RENDERERS = [
  "kpi",
  "line",
  "area",
  "bar",
  "pie",
  "scatter",
  "table",
  "pivot",
  "text",
  "image",
  "dateRange",
  "select",
  "multiSelect",
] as const;

/** One widget kind: the renderer it uses, how it is offered in the editor, its settings. */
const widgetKind = {
  type: "object",
  description: "A widget kind offered by the editor and drawn by the viewers.",
  properties: {
    kind: { ...identifier, description: "Kind id that definitions name in Widget.Kind; unique." },
    renderer: { enum: WIDGET_RENDERERS, description: "The runtime renderer that draws the kind." },
    titleKey: { ...textKey, description: "Name of the kind in the editor's palette." },
    category: {
      enum: ["chart", "table", "content", "filter"],
      description: "Palette group; filter kinds cross-filter the other widgets of the page.",
    },
    data: {
      enum: ["query", "none"],
      description: "query: the widget draws the rows of its Query; none: text and image widgets.",
    },
    enabled: {
      type: "boolean",
      description:
        "false: the editor no longer offers the kind and existing widgets of it show the 'kind not available' state.",
    },
    defaults: {
      type: "object",
      description: "Settings a new widget of the kind starts with (valid against settingsSchema).",
    },
    settingsSchema: {
      type: "object",
      description:
        "JSON Schema (draft 2020-12 subset rjsf renders) of the kind's Settings: the widget settings dialog is " +
        "generated from it; its titles are text keys.",
    },
  },
  required: ["kind", "renderer", "titleKey", "category", "data", "enabled", "settingsSchema"],
  additionalProperties: false,
} as const;

/** The widgets manifest: every widget kind of the product (DESIGN.md §3 registries). */
export const widgetsManifestSchema = {
  $id: "widgets",
  type: "object",
  description: "Widget kinds: renderer, palette entry and settings schema of each.",
  properties: {
    ...manifestHeaderProperties,
    kinds: { type: "array", items: widgetKind, minItems: 1, maxItems: 100 },
  },
  required: ["version", "kinds"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type WidgetsManifest = FromSchema<typeof widgetsManifestSchema>;
export type WidgetKind = WidgetsManifest["kinds"][number];
export type WidgetRenderer = (typeof WIDGET_RENDERERS)[number];
