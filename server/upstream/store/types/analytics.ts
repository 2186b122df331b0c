/**
 * What the query engine reads from the store (server/upstream/analytics/README.md): the state and the
 * stored rows of data tables, the data source objects a derived source is composed of, and the
 * object a share code opens. The engine keeps its own copies of the rows; this family is all it needs
 * of the store, so a store on another database feeds it the same way.
 */
import type { DataColumn } from "./data-tables.ts";

/** The data source object types (§3): a table holds rows, the others are composed of sources. */
export const DATA_SOURCE_TYPES = ["DataTable", "DataView", "DataFusion", "DataMerge"] as const;
export type DataSourceType = (typeof DATA_SOURCE_TYPES)[number];

/**
 * A data table's rows as of now. Within one `generation` rows are only appended, with growing ids
 * (migration 13); `version` grows with every write of the table's columns (every import).
 */
export interface DataTableState {
  columns: DataColumn[];
  version: number;
  generation: number;
  /** The largest row id; 0 without rows. */
  maxRowId: number;
}

/** One stored row: its id and its cells as the JSON array text the store holds. */
export interface StoredRow {
  id: number;
  data: string;
}

/** A live data source object of an account, as a derived source's definition names it. */
export interface DataSourceObject {
  recId: number;
  type: DataSourceType;
  name: string;
  properties: Record<string, unknown>;
  modifiedAt: number;
}

/** What a live share code of a Dashboard, Binder or LiveDoc opens, with the ids visitors never see. */
export interface SharedObject {
  accountId: number;
  recId: number;
  type: "Dashboard" | "Binder" | "LiveDoc";
  ownerUserId: number | null;
  properties: Record<string, unknown>;
}

/** The query engine's reads. */
export interface AnalyticsStoreFamily {
  /** The state of a live data table of the account; undefined for anything else. */
  tableState(accountId: number, objectId: number): Promise<DataTableState | undefined>;
  /** Stored rows with ids above `afterId`, in id order, at most `limit`. */
  rowsAfter(accountId: number, objectId: number, afterId: number, limit: number): Promise<StoredRow[]>;
  /** How many rows a data table holds. */
  rowCount(accountId: number, objectId: number): Promise<number>;
  /** A live data source object of the account, whoever may see it (the inputs of derived sources). */
  sourceObject(accountId: number, objectId: number): Promise<DataSourceObject | undefined>;
  /**
   * The object a live share code of `type` opens — the same conditions as the public link lookup
   * (not revoked, object live, account enabled) — with its account and owner.
   */
  sharedObject(type: SharedObject["type"], code: string): Promise<SharedObject | undefined>;
}
