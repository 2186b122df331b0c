/** PostgreSQL implementation of the blocked IPs and IP database family (../sqlite/admin-network.ts). */
import type { AdminNetworkStoreFamily, IpRangeInput } from "../types/admin-network.ts";
import { row, rows, run, type SqlValue, type UpstreamDatabase } from "./database.ts";

/** Ranges inserted by one statement. */
const IMPORT_BATCH = 5000;

/** Blocked IPs and the IP database in PostgreSQL. */
export class PostgresAdminNetworkStore implements AdminNetworkStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async activeBlocks(now: number) {
    const found = await rows<{ ip_address: string; blocked_until: number | null }>(
      this.db.pool,
      `SELECT ip_address, blocked_until FROM blocked_ips WHERE blocked_until IS NULL OR blocked_until > $1
       ORDER BY ip_version, start_key`,
      [now],
    );
    return found.map((entry) => ({ ipAddress: entry.ip_address, blockedUntil: entry.blocked_until }));
  }

  async countryOf(version: 4 | 6, key: string) {
    const found = await row<{ country_code: string }>(
      this.db.pool,
      `SELECT country_code FROM ip_ranges WHERE ip_version = $1 AND start_key <= $2 AND end_key >= $2
       ORDER BY start_key DESC, end_key ASC LIMIT 1`,
      [version, key],
    );
    return found?.country_code;
  }

  async importRanges(
    ranges: readonly IpRangeInput[],
    update: { fileName: string; startedBy: number; startedAt: number },
    now: number,
  ) {
    return this.db.transaction(async (tx) => {
      await run(tx, "DELETE FROM ip_ranges WHERE NOT is_manual");
      // One statement per batch of columns (unnest of arrays): an IP database has many ranges.
      for (let start = 0; start < ranges.length; start += IMPORT_BATCH) {
        const batch = ranges.slice(start, start + IMPORT_BATCH);
        const column = (pick: (range: IpRangeInput) => string | number | null) =>
          batch.map(pick) as unknown as SqlValue;
        await run(
          tx,
          `INSERT INTO ip_ranges (ip_version, start_ip, end_ip, start_key, end_key, country_code, region, city,
             organization, is_manual, modified_at)
           SELECT v, s, e, sk, ek, cc, rg, ci, org, FALSE, $10
           FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
             $8::text[], $9::text[]) AS r (v, s, e, sk, ek, cc, rg, ci, org)`,
          [
            column((r) => r.version),
            column((r) => r.startIp),
            column((r) => r.endIp),
            column((r) => r.startKey),
            column((r) => r.endKey),
            column((r) => r.countryCode),
            column((r) => r.region),
            column((r) => r.city),
            column((r) => r.organization),
            now,
          ],
        );
      }
      const inserted = await row<{ id: number }>(
        tx,
        `INSERT INTO ip_database_updates (source, file_name, status, range_count, started_at, ended_at, started_by_user_id)
         VALUES ('Upload', $1, 'Succeeded', $2, $3, $4, $5) RETURNING id`,
        [update.fileName, ranges.length, update.startedAt, now, update.startedBy],
      );
      return (inserted as { id: number }).id;
    });
  }
}
