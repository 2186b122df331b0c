/** SQLite implementation of the blocked IPs and IP database family. */
import type { SqliteDatabase } from "../database.ts";
import type { AdminNetworkStoreFamily, IpRangeInput } from "../types/admin-network.ts";

/** Blocked IPs and the IP database in SQLite. */
export class SqliteAdminNetworkStore implements AdminNetworkStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async activeBlocks(now: number) {
    const rows = this.db
      .prepare(
        `SELECT ip_address, blocked_until FROM blocked_ips WHERE blocked_until IS NULL OR blocked_until > ?
         ORDER BY ip_version, start_key`,
      )
      .all(now) as { ip_address: string; blocked_until: number | null }[];
    return rows.map((row) => ({ ipAddress: row.ip_address, blockedUntil: row.blocked_until }));
  }

  async countryOf(version: 4 | 6, key: string) {
    const row = this.db
      .prepare(
        `SELECT country_code FROM ip_ranges WHERE ip_version = ? AND start_key <= ? AND end_key >= ?
         ORDER BY start_key DESC, end_key ASC LIMIT 1`,
      )
      .get(version, key, key) as { country_code: string } | undefined;
    return row?.country_code;
  }

  async importRanges(
    ranges: readonly IpRangeInput[],
    update: { fileName: string; startedBy: number; startedAt: number },
    now: number,
  ) {
    return this.db.transaction(() => {
      this.db.prepare("DELETE FROM ip_ranges WHERE is_manual = 0").run();
      const insert = this.db.prepare(
        `INSERT INTO ip_ranges (ip_version, start_ip, end_ip, start_key, end_key, country_code, region, city,
           organization, is_manual, modified_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
      );
      for (const r of ranges) {
        insert.run(
          r.version,
          r.startIp,
          r.endIp,
          r.startKey,
          r.endKey,
          r.countryCode,
          r.region,
          r.city,
          r.organization,
          now,
        );
      }
      const { lastInsertRowid } = this.db
        .prepare(
          `INSERT INTO ip_database_updates (source, file_name, status, range_count, started_at, ended_at, started_by_user_id)
           VALUES ('Upload', ?, 'Succeeded', ?, ?, ?, ?)`,
        )
        .run(update.fileName, ranges.length, update.startedAt, now, update.startedBy);
      return Number(lastInsertRowid);
    })();
  }
}
