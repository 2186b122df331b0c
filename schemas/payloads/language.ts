import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { languageCode } from "./fields.ts";

/** A UI language (§3 Language). */
export const languageSchema = {
  $id: "language",
  type: "object",
  description: "A UI language: its code and its name (§3).",
  properties: {
    Code: { ...languageCode, description: "Language code (§9)." },
    Name: { type: "string", minLength: 1, description: "Name of the language, e.g. Deutsch." },
  },
  required: ["Code", "Name"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** An entry of a language list, as offered by a language picker (§3 Language). */
export const languageListEntrySchema = {
  $id: "languageListEntry",
  type: "object",
  description: "An entry of a language list: the label shown and the language code chosen (§3).",
  properties: {
    Label: { type: "string", minLength: 1, description: "Text shown for the language." },
    Value: { ...languageCode, description: "Language code selected by the entry (§9)." },
  },
  required: ["Label", "Value"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type Language = FromSchema<typeof languageSchema>;
export type LanguageListEntry = FromSchema<typeof languageListEntrySchema>;
