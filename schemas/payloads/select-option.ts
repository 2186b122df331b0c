import type { FromSchema, JSONSchema } from "json-schema-to-ts";

/**
 * One option of a select control (§3 Select option). A separator is a bare dividing line; a header
 * is a label that cannot be chosen; any other option needs a label and a value.
 */
export const selectOptionSchema = {
  $id: "selectOption",
  type: "object",
  description: "An option of a select control: a choice, a group header or a separator (§3).",
  properties: {
    label: { type: "string", description: "Text shown for the option or header." },
    value: {
      anyOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }],
      description: "Value selected by the option; a scalar, as single selects need (§5).",
    },
    description: { type: "string", description: "Secondary text shown under the label." },
    icon: {
      type: "string",
      pattern: "^[A-Za-z0-9][A-Za-z0-9 _:-]{0,99}$",
      description: "Icon name shown before the label, from the icon set of §9.",
    },
    disabled: { type: "boolean", description: "Shown but cannot be chosen." },
    header: { type: "boolean", description: "A group header: shows the label, cannot be chosen." },
    indent: {
      type: "integer",
      minimum: 0,
      maximum: 8,
      description: "Indentation level under a header or parent option; 0 when absent.",
    },
    separator: { type: "boolean", description: "A dividing line; label and value are ignored." },
    tooltip: { type: "string", description: "Tooltip shown when hovering the option." },
    removeable: {
      type: "boolean",
      description: "Shows a button that removes the option, e.g. a custom value.",
    },
  },
  allOf: [
    {
      // Every entry but a separator shows a label.
      if: {
        properties: { separator: { const: true, description: "A separator." } },
        required: ["separator"],
      },
      else: { required: ["label"] },
    },
    {
      // Only choosable entries need a value: not headers, not separators.
      if: {
        anyOf: [
          {
            properties: { separator: { const: true, description: "A separator." } },
            required: ["separator"],
          },
          { properties: { header: { const: true, description: "A header." } }, required: ["header"] },
        ],
      },
      else: { required: ["value"] },
    },
  ],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type SelectOption = FromSchema<typeof selectOptionSchema>;
