import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { jsonObjectText } from "./fields.ts";

/** A widget theme (§3 Widget theme): default dashboard and widget properties applied by a theme. */
const widgetTheme = {
  type: "object",
  description: "A widget theme: a key and the dashboard and widget settings it applies (§3).",
  properties: {
    Key: { type: "string", minLength: 1, maxLength: 100, description: "Unique key of the theme." },
    Value: {
      type: "object",
      description: "What the theme applies.",
      properties: {
        Dashboard: { ...jsonObjectText, description: "Dashboard settings of the theme, as a JSON string." },
        Widgets: {
          type: "array",
          description: "Settings of the theme per widget type.",
          items: {
            type: "object",
            description: "Settings of one widget type.",
            properties: {
              Type: {
                type: "string",
                minLength: 1,
                maxLength: 100,
                description: "Widget type the settings apply to.",
              },
              SerializedProperties: {
                ...jsonObjectText,
                description: "Widget properties of the theme, as a JSON string.",
              },
            },
            required: ["Type", "SerializedProperties"],
            additionalProperties: false,
          },
        },
      },
      required: ["Dashboard", "Widgets"],
      additionalProperties: false,
    },
  },
  required: ["Key", "Value"],
  additionalProperties: false,
} as const;

/** One widget theme (§3). */
export const widgetThemeSchema = {
  $id: "widgetTheme",
  ...widgetTheme,
} as const satisfies JSONSchema;

/** Response of GET Common/WidgetThemes (§7): the list of Key/Value themes. */
export const widgetThemesSchema = {
  $id: "widgetThemes",
  type: "array",
  description: "Response of GET Common/WidgetThemes: every widget theme (§7).",
  items: widgetTheme,
} as const satisfies JSONSchema;

export type WidgetTheme = FromSchema<typeof widgetThemeSchema>;
export type WidgetThemes = FromSchema<typeof widgetThemesSchema>;
