/**
 * Public share links in SQLite (migration 11). `resolve` answers every refusal — unknown code,
 * revoked link, trashed object, disabled account, wrong type — from one indexed query with the
 * conditions in its WHERE clause, so a revoked code costs the same as an unknown one.
 */
import { parseJson, type SqliteDatabase } from "../database.ts";
import type {
  NewPublicLink,
  PublicLinkRecord,
  PublicLinkStoreFamily,
  PublicLinkType,
  SharedContent,
} from "../types/public-links.ts";

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
  WHERE l.code = ? AND l.target_type = ? AND l.revoked_at IS NULL
    AND o.deleted_at IS NULL AND a.disabled = 0`;

/** Maps a row of SELECT_LINK to a record (shared with ../postgres/public-links.ts). */
export function linkFromRow(row: Record<string, unknown>): PublicLinkRecord {
  return {
    recId: row.id as number,
    accountId: row.account_id as number,
    objectId: row.object_id as number,
    type: row.target_type as PublicLinkType,
    code: row.code as string,
    title: (row.title as string | null) ?? null,
    snapshotId: (row.snapshot_id as number | null) ?? null,
    createdByFullName: (row.created_by_full_name as string | null) ?? null,
    createdAt: row.created_at as number,
    revokedAt: (row.revoked_at as number | null) ?? null,
  };
}

/** Maps a row of RESOLVE to what the visitor is shown (shared with ../postgres/public-links.ts). */
export function sharedContentFromRow(row: Record<string, unknown>): SharedContent {
  const isSnapshot = row.target_type === "ChartSnapshot";
  return {
    type: row.target_type as PublicLinkType,
    name: (isSnapshot ? row.title : row.name) as string,
    ownerFullName: (row.owner_full_name as string | null) ?? null,
    modifiedAt: (isSnapshot ? row.snapshot_created_at : row.modified_at) as number,
    properties: isSnapshot ? {} : parseJson<Record<string, unknown>>(row.properties, {}),
    image: isSnapshot ? (row.image as Buffer) : null,
    accountId: row.account_id as number,
  };
}

/** Public links and chart snapshots in SQLite. */
export class SqlitePublicLinkStore implements PublicLinkStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private byId(accountId: number, linkId: number): PublicLinkRecord | undefined {
    const row = this.db
      .prepare(`${SELECT_LINK} WHERE l.account_id = ? AND l.id = ?`)
      .get(accountId, linkId) as Record<string, unknown> | undefined;
    return row ? linkFromRow(row) : undefined;
  }

  async listActive(accountId: number, objectId: number): Promise<PublicLinkRecord[]> {
    const rows = this.db
      .prepare(
        `${SELECT_LINK} WHERE l.account_id = ? AND l.object_id = ? AND l.revoked_at IS NULL
         ORDER BY l.created_at DESC, l.id DESC`,
      )
      .all(accountId, objectId) as Record<string, unknown>[];
    return rows.map(linkFromRow);
  }

  async countActive(accountId: number, objectId: number): Promise<number> {
    const row = this.db
      .prepare(
        "SELECT COUNT(*) AS n FROM public_links WHERE account_id = ? AND object_id = ? AND revoked_at IS NULL",
      )
      .get(accountId, objectId) as { n: number };
    return row.n;
  }

  async create(
    accountId: number,
    objectId: number,
    userId: number,
    link: NewPublicLink,
    now: number,
  ): Promise<PublicLinkRecord> {
    return this.db.transaction((): PublicLinkRecord => {
      let snapshotId: number | null = null;
      if (link.type === "ChartSnapshot") {
        snapshotId = Number(
          this.db
            .prepare(
              `INSERT INTO chart_snapshots (account_id, object_id, title, image, created_by_user_id, created_at)
               VALUES (?, ?, ?, ?, ?, ?)`,
            )
            .run(accountId, objectId, link.title, link.image, userId, now).lastInsertRowid,
        );
      }
      const id = Number(
        this.db
          .prepare(
            `INSERT INTO public_links
               (account_id, object_id, snapshot_id, target_type, code, created_by_user_id, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(accountId, objectId, snapshotId, link.type, link.code, userId, now).lastInsertRowid,
      );
      return this.byId(accountId, id) as PublicLinkRecord;
    })();
  }

  async revoke(
    accountId: number,
    objectId: number,
    linkId: number,
    userId: number,
    now: number,
  ): Promise<PublicLinkRecord | "notFound"> {
    return this.db.transaction((): PublicLinkRecord | "notFound" => {
      const changed = this.db
        .prepare(
          `UPDATE public_links SET revoked_at = ?, revoked_by_user_id = ?
           WHERE account_id = ? AND object_id = ? AND id = ? AND revoked_at IS NULL`,
        )
        .run(now, userId, accountId, objectId, linkId).changes;
      return changed === 0 ? "notFound" : (this.byId(accountId, linkId) as PublicLinkRecord);
    })();
  }

  async resolve(type: PublicLinkType, code: string): Promise<SharedContent | undefined> {
    const row = this.db.prepare(RESOLVE).get(code, type) as Record<string, unknown> | undefined;
    return row ? sharedContentFromRow(row) : undefined;
  }
}
