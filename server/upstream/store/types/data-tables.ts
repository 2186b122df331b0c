/** Column types of a data table. */
export const DATA_COLUMN_TYPES = ["Text", "Number", "Boolean", "Date"] as const;
export type DataColumnType = (typeof DATA_COLUMN_TYPES)[number];
/** A column of a data table. */
export interface DataColumn {
  name: string;
  type: DataColumnType;
}
/** One cell; dates are ISO 8601 text. */
export type DataValue = string | number | boolean | null;
/** Aggregates an alert can watch. */
export const AGGREGATES = ["Count", "Sum", "Avg", "Min", "Max"] as const;
export type Aggregate = (typeof AGGREGATES)[number];

/** The rows of DataTable objects. */
export interface DataTableStoreFamily {
  /** Columns and row count; undefined when the object is not a data table of the account. */
  describe(
    accountId: number,
    objectId: number,
  ): Promise<{ columns: DataColumn[]; rowCount: number } | undefined>;
  /** Rows in insertion order. */
  rows(accountId: number, objectId: number, offset: number, limit: number): Promise<DataValue[][]>;
  /** The aggregate of one column (null over no values). */
  aggregate(
    accountId: number,
    objectId: number,
    column: number,
    aggregate: Aggregate,
  ): Promise<number | null>;
  /** Replaces the columns and rows of a data table (the demo seed). */
  define(
    accountId: number,
    objectId: number,
    columns: DataColumn[],
    rows: DataValue[][],
    now: number,
  ): Promise<void>;
}
