/**
 * Public share links in PostgreSQL (../sqlite/public-links.ts). `resolve` answers every refusal —
 * unknown code, revoked link, trashed object, disabled account, wrong type — from one indexed query
 * with the conditions in its WHERE clause, so a revoked code costs the same as an unknown one.
 */
import { linkFromRow, sharedContentFromRow } from "../sqlite/public-links.ts";
import type {
  NewPublicLink,
  PublicLinkRecord,
  PublicLinkStoreFamily,
  PublicLinkType,
  SharedContent,
} from "../types/public-links.ts";
import { type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";

const SELECT_LINK = `SELECT l.id, l.account_id, l.object_id, l.target_type, l.code, l.snapshot_id,
  l.created_at, l.revoked_at, s.title, u.full_name AS created_by_full_name
  FROM public_links l
  LEFT JOIN chart_snapshots s ON s.id = l.snapshot_id AND s.account_id = l.account_id
  LEFT JOIN users u ON u.id = l.created_by_user_id AND u.account_id = l.account_id`;

const RESOLVE = `SELECT l.account_id, l.target_type, o.name, o.properties, o.modified_at,
  s.title, s.image, s.created_at AS snapshot_created_at, u.full_name AS owner_full_name
  FROM public_links l
  JOIN objects o ON o.id = l.object_id AND o.account_id = l.account_id
  JOIN accounts a ON a.id = l.account_id
  LEFT JOIN chart_snapshots s ON s.id = l.snapshot_id AND s.account_id = l.account_id
  LEFT JOIN users u ON u.id = o.owner_user_id AND u.account_id = o.account_id
  WHERE l.code = $1 AND l.target_type = $2 AND l.revoked_at IS NULL
    AND o.deleted_at IS NULL AND NOT a.disabled`;

async function linkById(on: Queryable, accountId: number, linkId: number) {
  const found = await row<Record<string, unknown>>(
    on,
    `${SELECT_LINK} WHERE l.account_id = $1 AND l.id = $2`,
    [accountId, linkId],
  );
  return found ? linkFromRow(found) : undefined;
}

/** Public links and chart snapshots in PostgreSQL. */
export class PostgresPublicLinkStore implements PublicLinkStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async listActive(accountId: number, objectId: number): Promise<PublicLinkRecord[]> {
    const found = await rows<Record<string, unknown>>(
      this.db.pool,
      `${SELECT_LINK} WHERE l.account_id = $1 AND l.object_id = $2 AND l.revoked_at IS NULL
       ORDER BY l.created_at DESC, l.id DESC`,
      [accountId, objectId],
    );
    return found.map(linkFromRow);
  }

  async countActive(accountId: number, objectId: number): Promise<number> {
    const found = await row<{ n: number }>(
      this.db.pool,
      "SELECT COUNT(*) AS n FROM public_links WHERE account_id = $1 AND object_id = $2 AND revoked_at IS NULL",
      [accountId, objectId],
    );
    return found?.n ?? 0;
  }

  async create(
    accountId: number,
    objectId: number,
    userId: number,
    link: NewPublicLink,
    now: number,
  ): Promise<PublicLinkRecord> {
    return this.db.transaction(async (tx) => {
      let snapshotId: number | null = null;
      if (link.type === "ChartSnapshot") {
        const snapshot = await row<{ id: number }>(
          tx,
          `INSERT INTO chart_snapshots (account_id, object_id, title, image, created_by_user_id, created_at)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [accountId, objectId, link.title, link.image, userId, now],
        );
        snapshotId = (snapshot as { id: number }).id;
      }
      const inserted = await row<{ id: number }>(
        tx,
        `INSERT INTO public_links
           (account_id, object_id, snapshot_id, target_type, code, created_by_user_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [accountId, objectId, snapshotId, link.type, link.code, userId, now],
      );
      return (await linkById(tx, accountId, (inserted as { id: number }).id)) as PublicLinkRecord;
    });
  }

  async revoke(
    accountId: number,
    objectId: number,
    linkId: number,
    userId: number,
    now: number,
  ): Promise<PublicLinkRecord | "notFound"> {
    return this.db.transaction(async (tx) => {
      const changed = await run(
        tx,
        `UPDATE public_links SET revoked_at = $1, revoked_by_user_id = $2
         WHERE account_id = $3 AND object_id = $4 AND id = $5 AND revoked_at IS NULL`,
        [now, userId, accountId, objectId, linkId],
      );
      return changed === 0 ? "notFound" : ((await linkById(tx, accountId, linkId)) as PublicLinkRecord);
    });
  }

  async resolve(type: PublicLinkType, code: string): Promise<SharedContent | undefined> {
    const found = await row<Record<string, unknown>>(this.db.pool, RESOLVE, [code, type]);
    return found ? sharedContentFromRow(found) : undefined;
  }
}
