/**
 * The definitions of the derived data sources (§1 "Build tables and views (tables, fusions, merges,
 * views)"): what `Properties.Definition` of a DataView, DataFusion or DataMerge holds. The upstream
 * validates a definition on every write (server/upstream/analytics/README.md) and the query engine
 * reads it to compose the source's rows from its inputs; a DataTable holds its own rows.
 */
import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { dataQuerySchema } from "./data-query.ts";
import { recId } from "./fields.ts";

/** Most inputs one fusion appends. */
export const MAX_FUSION_SOURCES = 10;
/** Most column pairs a merge joins on. */
export const MAX_MERGE_KEYS = 5;

const sourceRef = {
  type: "object",
  description: "An input: a DataTable, DataView, DataFusion or DataMerge of the same account.",
  properties: { RecId: recId },
  required: ["RecId"],
  additionalProperties: false,
} as const;

const columnName = dataQuerySchema.properties.Select.items;

/** `Properties.Definition` of a DataView: some columns of one source, filtered. */
export const dataViewDefinitionSchema = {
  $id: "dataViewDefinition",
  type: "object",
  description: "A view: the rows of one source that meet its filters, with the columns it keeps.",
  properties: {
    Version: { const: 1, description: "Version of the definition format." },
    Source: sourceRef,
    Columns: {
      type: "array",
      items: columnName,
      minItems: 1,
      maxItems: 100,
      uniqueItems: true,
      description: "The source's columns the view keeps, in this order; every column when absent.",
    },
    Filters: { ...dataQuerySchema.properties.Filters, description: "Conditions every row meets." },
  },
  required: ["Version", "Source"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** `Properties.Definition` of a DataFusion: the rows of several sources, one after the other. */
export const dataFusionDefinitionSchema = {
  $id: "dataFusionDefinition",
  type: "object",
  description:
    "A fusion: the rows of every source appended; its columns are the union of theirs by name (a " +
    "column one source lacks is empty in its rows; a name must have one type in every source).",
  properties: {
    Version: { const: 1, description: "Version of the definition format." },
    Sources: {
      type: "array",
      items: sourceRef,
      minItems: 2,
      maxItems: MAX_FUSION_SOURCES,
      description: "The inputs, in order.",
    },
  },
  required: ["Version", "Sources"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** `Properties.Definition` of a DataMerge: two sources joined on equal columns. */
export const dataMergeDefinitionSchema = {
  $id: "dataMergeDefinition",
  type: "object",
  description:
    "A merge: the rows of Left joined with the rows of Right whose On columns are equal. Its columns " +
    "are Left's, then Right's other than its On columns; a Right name Left already has gets the " +
    "suffix « (right)».",
  properties: {
    Version: { const: 1, description: "Version of the definition format." },
    Left: sourceRef,
    Right: sourceRef,
    On: {
      type: "array",
      minItems: 1,
      maxItems: MAX_MERGE_KEYS,
      description: "Column pairs that must be equal (of the same type).",
      items: {
        type: "object",
        properties: {
          Left: { ...columnName, description: "A column of Left." },
          Right: { ...columnName, description: "A column of Right." },
        },
        required: ["Left", "Right"],
        additionalProperties: false,
      },
    },
    Join: {
      enum: ["Inner", "Left"],
      description: "Inner keeps matched rows only; Left keeps every Left row (Right's columns empty).",
    },
  },
  required: ["Version", "Left", "Right", "On", "Join"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type DataViewDefinition = FromSchema<typeof dataViewDefinitionSchema>;
export type DataFusionDefinition = FromSchema<typeof dataFusionDefinitionSchema>;
export type DataMergeDefinition = FromSchema<typeof dataMergeDefinitionSchema>;
