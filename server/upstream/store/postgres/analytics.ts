/**
 * The query engine's reads in PostgreSQL (../sqlite/analytics.ts): data table state from migration
 * 13's versions (kept by its triggers, ./migrations/0013-data-table-versions.ts), stored rows by id,
 * live data source objects, and share codes with their object.
 */
import { parseJson } from "../database.ts";
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
import { row, rows, type UpstreamDatabase } from "./database.ts";

export class PostgresAnalyticsStore implements AnalyticsStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async tableState(accountId: number, objectId: number): Promise<DataTableState | undefined> {
    const found = await row<{
      columns: string | null;
      version: number;
      generation: number;
      max_id: number | null;
    }>(
      this.db.pool,
      `SELECT t.columns, COALESCE(v.version, 0) AS version, COALESCE(v.generation, 0) AS generation,
         (SELECT MAX(r.id) FROM data_table_rows r WHERE r.account_id = o.account_id AND r.object_id = o.id) AS max_id
       FROM objects o
       LEFT JOIN data_tables t ON t.object_id = o.id AND t.account_id = o.account_id
       LEFT JOIN data_table_versions v ON v.object_id = o.id AND v.account_id = o.account_id
       WHERE o.account_id = $1 AND o.id = $2 AND o.type = 'DataTable' AND o.deleted_at IS NULL`,
      [accountId, objectId],
    );
    if (!found) return undefined;
    return {
      columns: parseJson<DataColumn[]>(found.columns, []),
      version: found.version,
      generation: found.generation,
      maxRowId: found.max_id ?? 0,
    };
  }

  async rowsAfter(accountId: number, objectId: number, afterId: number, limit: number): Promise<StoredRow[]> {
    return rows<StoredRow>(
      this.db.pool,
      `SELECT id, data FROM data_table_rows WHERE account_id = $1 AND object_id = $2 AND id > $3
       ORDER BY id LIMIT $4`,
      [accountId, objectId, afterId, limit],
    );
  }

  async rowCount(accountId: number, objectId: number): Promise<number> {
    const found = await row<{ n: number }>(
      this.db.pool,
      "SELECT COUNT(*) AS n FROM data_table_rows WHERE account_id = $1 AND object_id = $2",
      [accountId, objectId],
    );
    return (found as { n: number }).n;
  }

  async sourceObject(accountId: number, objectId: number): Promise<DataSourceObject | undefined> {
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      `SELECT id, type, name, properties, modified_at FROM objects
       WHERE account_id = $1 AND id = $2 AND deleted_at IS NULL AND type = ANY($3::text[])`,
      [accountId, objectId, DATA_SOURCE_TYPES],
    );
    if (!found) return undefined;
    return {
      recId: found.id as number,
      type: found.type as DataSourceType,
      name: found.name as string,
      properties: parseJson<Record<string, unknown>>(found.properties, {}),
      modifiedAt: found.modified_at as number,
    };
  }

  async sharedObject(type: SharedObject["type"], code: string): Promise<SharedObject | undefined> {
    // The conditions of the public link lookup (./public-links.ts), in one indexed query.
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      `SELECT o.account_id, o.id, o.owner_user_id, o.properties
       FROM public_links l
       JOIN objects o ON o.id = l.object_id AND o.account_id = l.account_id
       JOIN accounts a ON a.id = l.account_id
       WHERE l.code = $1 AND l.target_type = $2 AND o.type = $2 AND l.revoked_at IS NULL
         AND o.deleted_at IS NULL AND NOT a.disabled`,
      [code, type],
    );
    if (!found) return undefined;
    return {
      accountId: found.account_id as number,
      recId: found.id as number,
      type,
      ownerUserId: (found.owner_user_id as number | null) ?? null,
      properties: parseJson<Record<string, unknown>>(found.properties, {}),
    };
  }
}
