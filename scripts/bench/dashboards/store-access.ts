/**
 * The benchmark's own reads and one write in the upstream's store file (`<dataDir>/upstream.sqlite`,
 * the benchmark's data dir, WAL mode, so a second connection reads and writes beside the upstream's):
 * the stored rows of a data table for the naive scan, and the cache invalidation of a cold round.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import type { DataColumn } from "../../../server/upstream/store/types/data-tables.ts";

/** The benchmark's connection to the store file of `dataDir`. */
export class StoreFile {
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    this.db = new Database(join(dataDir, "upstream.sqlite"), { timeout: 10_000 });
  }

  /** A data table's account and columns. */
  table(tableId: number): { accountId: number; columns: DataColumn[] } {
    const row = this.db
      .prepare("SELECT account_id, columns FROM data_tables WHERE object_id = ?")
      .get(tableId) as { account_id: number; columns: string } | undefined;
    if (!row) throw new Error(`no data table ${tableId}`);
    return { accountId: row.account_id, columns: JSON.parse(row.columns) as DataColumn[] };
  }

  /** The table's rows as stored: one JSON array per row, in row order. */
  storedRows(accountId: number, tableId: number): string[] {
    return this.db
      .prepare("SELECT data FROM data_table_rows WHERE account_id = ? AND object_id = ? ORDER BY id")
      .pluck()
      .all(accountId, tableId) as string[];
  }

  /**
   * Bumps the table's version without changing a row: migration 13's trigger counts every write of
   * `data_tables` (an import makes the same write), so every cached result over the table is out of
   * reach at once, while the engine's loaded copy — same generation, same last row id — stays.
   */
  bumpVersion(tableId: number): void {
    const changed = this.db
      .prepare("UPDATE data_tables SET modified_at = modified_at WHERE object_id = ?")
      .run(tableId).changes;
    if (changed !== 1) throw new Error(`no data table ${tableId} to bump`);
  }

  close(): void {
    this.db.close();
  }
}
