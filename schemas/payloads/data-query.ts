/**
 * The analytical query API (upstream `POST Data/Query`, the shared-link variants in
 * server/upstream/analytics/README.md): a query is a validated JSON description, never a string.
 * The engine maps every column name to the source's column catalogue before anything runs, so a
 * name is only ever compared with names, never spliced into a statement.
 */
import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { SINGLE_LINE_TEXT_PATTERN } from "../text-rules.ts";
import { recId } from "./fields.ts";

/** A column of the source, or an alias the description gives an output column. */
const columnName = {
  type: "string",
  minLength: 1,
  maxLength: 128,
  pattern: SINGLE_LINE_TEXT_PATTERN,
  description: "Column name exactly as the source's column catalogue spells it, or an output alias.",
} as const;

/** A literal a filter compares with: text, number, boolean or null. Dates are ISO 8601 text. */
const literal = {
  anyOf: [{ type: "string", maxLength: 1000 }, { type: "number" }, { type: "boolean" }, { type: "null" }],
  description: "A value to compare with; dates as ISO 8601 text (2025-03-31 or 2025-03-31T12:00:00Z).",
} as const;

/** One condition on a source column; the conditions of a query all hold (AND). */
const filter = {
  type: "object",
  description: "A condition on one column.",
  properties: {
    Column: columnName,
    Operator: {
      enum: [
        "Equals",
        "NotEquals",
        "Less",
        "LessOrEqual",
        "Greater",
        "GreaterOrEqual",
        "Between",
        "In",
        "NotIn",
        "Contains",
        "StartsWith",
        "IsEmpty",
        "IsNotEmpty",
      ],
      description:
        "Comparison. Between takes Values [low, high] (inclusive); In and NotIn take Values; IsEmpty and " +
        "IsNotEmpty take nothing; Contains and StartsWith are case-insensitive and take text; the rest take Value.",
    },
    Value: literal,
    Values: { type: "array", items: literal, maxItems: 500, description: "Values of Between, In and NotIn." },
  },
  required: ["Column", "Operator"],
  additionalProperties: false,
} as const;

/** The date buckets a Date column can be grouped by (UTC; weeks start on Monday, ISO 8601). */
export const DATE_BUCKETS = ["day", "week", "month", "quarter", "year"] as const;

const groupBy = {
  type: "object",
  description: "A dimension: a column, a Date column by bucket.",
  properties: {
    Column: columnName,
    Bucket: {
      enum: DATE_BUCKETS,
      description: "Date bucket (Date columns only); the value is the bucket's first day as YYYY-MM-DD.",
    },
    As: { ...columnName, description: "Name of the output column; default the column's name." },
  },
  required: ["Column"],
  additionalProperties: false,
} as const;

/** The aggregate functions; all but count need a column, sum and avg a Number column. */
export const AGGREGATE_FUNCTIONS = ["count", "countDistinct", "sum", "avg", "min", "max"] as const;

const aggregate = {
  type: "object",
  description: "A measure computed per group (or over every row without GroupBy).",
  properties: {
    Function: {
      enum: AGGREGATE_FUNCTIONS,
      description: "count counts rows; countDistinct distinct non-empty values.",
    },
    Column: { ...columnName, description: "Column aggregated; count without it counts rows." },
    As: { ...columnName, description: "Name of the output column, unique among the outputs." },
  },
  required: ["Function", "As"],
  additionalProperties: false,
} as const;

const sort = {
  type: "object",
  description: "An ordering key: an output column (selected column, dimension or measure).",
  properties: {
    By: columnName,
    Descending: { type: "boolean", description: "Largest first; default false." },
  },
  required: ["By"],
  additionalProperties: false,
} as const;

/** Most rows a query may return (its Limit's maximum and default). */
export const QUERY_MAX_LIMIT = 10_000;
export const QUERY_DEFAULT_LIMIT = 1_000;

/** The body of `POST Data/Query`. */
export const dataQuerySchema = {
  $id: "dataQuery",
  type: "object",
  description:
    "An analytical query over one data table, view, fusion or merge: either plain rows (Select) or " +
    "groups (GroupBy and/or Aggregates), filtered, sorted, limited, optionally the top N with the rest as Other.",
  properties: {
    Source: {
      type: "object",
      description: "The object queried: a DataTable, DataView, DataFusion or DataMerge the caller may read.",
      properties: { RecId: recId },
      required: ["RecId"],
      additionalProperties: false,
    },
    Select: {
      type: "array",
      items: columnName,
      minItems: 1,
      maxItems: 50,
      description: "Columns of plain rows; not with GroupBy or Aggregates.",
    },
    Filters: { type: "array", items: filter, maxItems: 20, description: "Conditions that all hold." },
    GroupBy: { type: "array", items: groupBy, maxItems: 3, description: "Dimensions, outermost first." },
    Aggregates: { type: "array", items: aggregate, minItems: 1, maxItems: 10, description: "Measures." },
    Sort: { type: "array", items: sort, maxItems: 3, description: "Ordering of the result." },
    Limit: {
      type: "integer",
      minimum: 1,
      maximum: QUERY_MAX_LIMIT,
      description: `Most rows returned; default ${QUERY_DEFAULT_LIMIT}. A longer result is cut and marked Truncated.`,
    },
    TopN: {
      type: "object",
      description:
        "Keep the N groups largest by a measure; with Other, the remaining groups are summed into one row " +
        "whose dimension is null and which the result marks (OtherRow). Needs exactly one GroupBy.",
      properties: {
        By: columnName,
        N: { type: "integer", minimum: 1, maximum: 50 },
        Other: { type: "boolean" },
      },
      required: ["By", "N"],
      additionalProperties: false,
    },
  },
  required: ["Source"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** The column types of data tables (imports infer them, README-jobs.md). */
export const COLUMN_TYPES = ["Number", "Text", "Date", "Boolean"] as const;

const cell = {
  anyOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }, { type: "null" }],
  description: "A value; dates and date buckets as ISO 8601 text.",
} as const;

/** The answer of `POST Data/Query`. */
export const dataQueryResultSchema = {
  $id: "dataQueryResult",
  type: "object",
  description: "The rows of a query, with the columns that describe them.",
  properties: {
    Columns: {
      type: "array",
      description: "The output columns, in row order.",
      items: {
        type: "object",
        properties: {
          Name: { type: "string" },
          Type: { enum: COLUMN_TYPES },
          Role: {
            enum: ["Column", "Dimension", "Measure"],
            description: "Column: a selected column; Dimension: a GroupBy; Measure: an aggregate.",
          },
        },
        required: ["Name", "Type", "Role"],
        additionalProperties: false,
      },
    },
    Rows: {
      type: "array",
      items: { type: "array", items: cell },
      description: "The rows, one cell per column.",
    },
    OtherRow: {
      type: ["integer", "null"],
      minimum: 0,
      description: "Index in Rows of the TopN Other row; null without one.",
    },
    Truncated: { type: "boolean", description: "More rows matched than the Limit returned." },
    RowsScanned: { type: "integer", minimum: 0, description: "Source rows the query read." },
    SourceVersion: {
      type: "string",
      description: "Version of the source's data the result was computed from; changes with every import.",
    },
    Cached: { type: "boolean", description: "Served from the result cache of (source version, query)." },
    ElapsedMs: { type: "number", minimum: 0, description: "Time the engine took (0 when cached)." },
  },
  required: [
    "Columns",
    "Rows",
    "OtherRow",
    "Truncated",
    "RowsScanned",
    "SourceVersion",
    "Cached",
    "ElapsedMs",
  ],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** The columns a query may name, as `GET Data/Sources/{recId}/Columns` lists them (the data picker). */
export const dataSourceColumnsSchema = {
  $id: "dataSourceColumns",
  type: "object",
  description: "A queryable source and its column catalogue.",
  properties: {
    RecId: recId,
    Type: { enum: ["DataTable", "DataView", "DataFusion", "DataMerge"] },
    Name: { type: "string" },
    Columns: {
      type: "array",
      items: {
        type: "object",
        properties: { Name: { type: "string" }, Type: { enum: COLUMN_TYPES } },
        required: ["Name", "Type"],
        additionalProperties: false,
      },
    },
    RowCount: { type: "integer", minimum: 0 },
    SourceVersion: { type: "string" },
  },
  required: ["RecId", "Type", "Name", "Columns", "RowCount", "SourceVersion"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type DataQuery = FromSchema<typeof dataQuerySchema>;
export type DataQueryFilter = NonNullable<DataQuery["Filters"]>[number];
export type DataQueryResult = FromSchema<typeof dataQueryResultSchema>;
export type DataSourceColumns = FromSchema<typeof dataSourceColumnsSchema>;
export type ColumnType = (typeof COLUMN_TYPES)[number];
