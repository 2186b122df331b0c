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

/** Most settings one kind declares, and most alternatives one setting offers. */
const MAX_SETTINGS = 30;
const MAX_CHOICES = 30;

/** A scalar a setting holds (a choice's value, a default). */
const settingScalar = {
  anyOf: [{ type: "string", maxLength: 20000 }, { type: "number" }, { type: "boolean" }],
} as const;

/** One alternative of a choice setting: its value and the text key of its label. */
const settingChoice = {
  type: "object",
  description: "An allowed value of the setting and the text key of its label.",
  properties: {
    const: { ...settingScalar, description: "The value stored in Settings." },
    title: { ...textKey, description: "Text key of the value's label." },
  },
  required: ["const", "title"],
  additionalProperties: false,
} as const;

/**
 * One setting of a kind, as JSON Schema: the subset the settings dialog renders (rjsf) and the
 * gateway compiles to check the defaults — no $ref, no nesting beyond an array of strings, so an
 * operator's schema is always one the dialog can draw.
 */
const settingSchema = {
  type: "object",
  description: "A setting: its type, label (a text key) and constraints, as JSON Schema.",
  properties: {
    type: {
      enum: ["string", "number", "integer", "boolean", "array"],
      description: "JSON type of the value; an array holds strings (e.g. the widget ids a filter targets).",
    },
    title: { ...textKey, description: "Text key of the setting's label." },
    oneOf: {
      type: "array",
      items: settingChoice,
      minItems: 1,
      maxItems: MAX_CHOICES,
      description: "The allowed values, each with its label: the dialog shows a choice.",
    },
    minimum: { type: "number", description: "Smallest number allowed." },
    maximum: { type: "number", description: "Largest number allowed." },
    minLength: { type: "integer", minimum: 0, maximum: 20000, description: "Fewest characters allowed." },
    maxLength: { type: "integer", minimum: 1, maximum: 20000, description: "Most characters allowed." },
    pattern: {
      type: "string",
      maxLength: 200,
      description: "Regular expression (Unicode) a text must match.",
    },
    items: {
      type: "object",
      description: "What each element of an array setting is: a text.",
      properties: {
        type: { const: "string", description: "Elements are texts." },
        pattern: { type: "string", maxLength: 200, description: "Regular expression each element matches." },
        maxLength: { type: "integer", minimum: 1, maximum: 200, description: "Most characters per element." },
      },
      required: ["type"],
      additionalProperties: false,
    },
    maxItems: { type: "integer", minimum: 1, maximum: 100, description: "Most elements of an array." },
    uniqueItems: { type: "boolean", description: "Whether an array's elements are all different." },
  },
  required: ["type", "title"],
  additionalProperties: false,
} as const;

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
      additionalProperties: {
        anyOf: [
          ...settingScalar.anyOf,
          { type: "array", items: { type: "string", maxLength: 200 }, maxItems: 100 },
        ],
        description: "The setting's value.",
      },
      maxProperties: MAX_SETTINGS,
    },
    settingsSchema: {
      type: "object",
      description:
        "JSON Schema (draft-07, the subset the settings dialog renders) of the kind's Settings: the widget " +
        "settings dialog is generated from it; its titles are text keys.",
      properties: {
        type: { const: "object", description: "Settings are an object." },
        properties: {
          type: "object",
          description: "Each setting by its name in Settings.",
          additionalProperties: settingSchema,
          maxProperties: MAX_SETTINGS,
        },
        required: {
          type: "array",
          items: { ...identifier, description: "A setting every widget of the kind must have." },
          maxItems: MAX_SETTINGS,
          uniqueItems: true,
          description: "The settings a widget of the kind must have.",
        },
        additionalProperties: {
          type: "boolean",
          const: false,
          description: "Settings hold only the settings declared.",
        },
      },
      required: ["type", "properties", "additionalProperties"],
      additionalProperties: false,
    },
    settingsUi: {
      type: "object",
      description:
        "How the settings dialog draws some settings (an rjsf uiSchema): by setting name, its widget.",
      additionalProperties: {
        type: "object",
        description: "The setting's presentation.",
        properties: {
          "ui:widget": {
            enum: ["textarea"],
            description: "textarea: a multi-line text (a text widget's Html).",
          },
        },
        additionalProperties: false,
      },
      maxProperties: MAX_SETTINGS,
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
