/**
 * The query engine's reads in SQLite (store/types/analytics.ts): data table state from migration 13's
 * versions, stored rows by id, live data source objects, and share codes with their object.
 */
import { parseJson, type SqliteDatabase } from "../database.ts";
import {
  type AnalyticsStoreFamily,
  DATA_SOURCE_TYPES,
  type DataSourceObject,
  type DataSourceType,
  type DataTableState,
  type SharedObject,
  type StoredRow,
} from "../types/analytics.ts";
import type { DataColumn } from "../types/data-tables.ts";

const SOURCE_TYPES_JSON = JSON.stringify(DATA_SOURCE_TYPES);

export class SqliteAnalyticsStore implements AnalyticsStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async tableState(accountId: number, objectId: number): Promise<DataTableState | undefined> {
    const row = this.db
      .prepare(
        `SELECT t.columns, COALESCE(v.version, 0) AS version, COALESCE(v.generation, 0) AS generation,
           (SELECT MAX(r.id) FROM data_table_rows r WHERE r.account_id = o.account_id AND r.object_id = o.id) AS max_id
         FROM objects o
         LEFT JOIN data_tables t ON t.object_id = o.id AND t.account_id = o.account_id
         LEFT JOIN data_table_versions v ON v.object_id = o.id AND v.account_id = o.account_id
         WHERE o.account_id = ? AND o.id = ? AND o.type = 'DataTable' AND o.deleted_at IS NULL`,
      )
      .get(accountId, objectId) as
      | { columns: string | null; version: number; generation: number; max_id: number | null }
      | undefined;
    if (!row) return undefined;
    return {
      columns: parseJson<DataColumn[]>(row.columns, []),
      version: row.version,
      generation: row.generation,
      maxRowId: row.max_id ?? 0,
    };
  }

  async rowsAfter(accountId: number, objectId: number, afterId: number, limit: number): Promise<StoredRow[]> {
    return this.db
      .prepare(
        `SELECT id, data FROM data_table_rows WHERE account_id = ? AND object_id = ? AND id > ?
         ORDER BY id LIMIT ?`,
      )
      .all(accountId, objectId, afterId, limit) as StoredRow[];
  }

  async rowCount(accountId: number, objectId: number): Promise<number> {
    const row = this.db
      .prepare("SELECT COUNT(*) AS n FROM data_table_rows WHERE account_id = ? AND object_id = ?")
      .get(accountId, objectId) as { n: number };
    return row.n;
  }

  async sourceObject(accountId: number, objectId: number): Promise<DataSourceObject | undefined> {
    const row = this.db
      .prepare(
        `SELECT id, type, name, properties, modified_at FROM objects
         WHERE account_id = ? AND id = ? AND deleted_at IS NULL AND type IN (SELECT value FROM json_each(?))`,
      )
      .get(accountId, objectId, SOURCE_TYPES_JSON) as Record<string, unknown> | undefined;
    if (!row) return undefined;
    return {
      recId: row.id as number,
      type: row.type as DataSourceType,
      name: row.name as string,
      properties: parseJson<Record<string, unknown>>(row.properties, {}),
      modifiedAt: row.modified_at as number,
    };
  }

  async sharedObject(type: SharedObject["type"], code: string): Promise<SharedObject | undefined> {
    // The conditions of the public link lookup (sqlite/public-links.ts), in one indexed query.
    const row = this.db
      .prepare(
        `SELECT o.account_id, o.id, o.owner_user_id, o.properties
         FROM public_links l
         JOIN objects o ON o.id = l.object_id AND o.account_id = l.account_id
         JOIN accounts a ON a.id = l.account_id
         WHERE l.code = ? AND l.target_type = ? AND o.type = ? AND l.revoked_at IS NULL
           AND o.deleted_at IS NULL AND a.disabled = 0`,
      )
      .get(code, type, type) as Record<string, unknown> | undefined;
    if (!row) return undefined;
    return {
      accountId: row.account_id as number,
      recId: row.id as number,
      type,
      ownerUserId: (row.owner_user_id as number | null) ?? null,
      properties: parseJson<Record<string, unknown>>(row.properties, {}),
    };
  }
}
