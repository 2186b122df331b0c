/**
 * Folder reads in SQLite (§3 Folder): the roots, the visible trees, single folders and their paths
 * from the root. Visible folders are the Team tree, the viewer's Personal tree and the viewer's own
 * roots; everything is filtered on the account first.
 */
import { isUniqueViolation, type SqliteDatabase } from "../database.ts";
import {
  type ContentScope,
  type FolderKind,
  type FolderRecord,
  type FolderRoots,
  ROOT_KINDS,
} from "../types/library.ts";
import { FOLDER_VISIBLE } from "./content-common.ts";

/** A folder row as a record. */
export function folderFromRow(row: Record<string, unknown>): FolderRecord {
  return {
    recId: row.id as number,
    accountId: row.account_id as number,
    area: row.area as string,
    parentId: (row.parent_id as number | null) ?? null,
    kind: row.kind as FolderKind,
    personalUserId: (row.personal_user_id as number | null) ?? null,
    name: row.name as string,
    createdAt: row.created_at as number,
    modifiedAt: row.modified_at as number,
    deletedAt: (row.deleted_at as number | null) ?? null,
  };
}

/** The named parameters every folder statement binds (@account, @area, @user) plus `extra`. */
export const params = (scope: ContentScope, extra: Record<string, unknown> = {}) => ({
  account: scope.accountId,
  area: scope.area,
  user: scope.userId,
  ...extra,
});

/** A CTE `subtree(id)`: the folder @id and every folder below it, in @account. */
export const SUBTREE = `WITH RECURSIVE subtree(id) AS (SELECT @id UNION ALL
  SELECT c.id FROM folders c JOIN subtree ON c.parent_id = subtree.id WHERE c.account_id = @account)`;

/** Runs `work`, turning a sibling-name clash into "nameTaken". */
export function unlessNameTaken<T>(work: () => T): T | "nameTaken" {
  try {
    return work();
  } catch (error) {
    if (isUniqueViolation(error)) return "nameTaken";
    throw error;
  }
}

/** The read side of the folder store. */
export class SqliteFolderQueries {
  constructor(protected readonly db: SqliteDatabase) {}

  async ensureRoots(scope: ContentScope, now: number) {
    return this.db.transaction(() => {
      const insert = this.db.prepare(
        `INSERT INTO folders (account_id, area, kind, personal_user_id, name, created_at, modified_at)
         VALUES (@account, @area, @kind, @owner, @kind, @now, @now) ON CONFLICT DO NOTHING`,
      );
      const roots = {} as FolderRoots;
      for (const kind of ROOT_KINDS) {
        const owner = kind === "Team" ? null : scope.userId;
        insert.run(params(scope, { kind, owner, now }));
        roots[kind] = this.rootOf(scope, kind, owner);
      }
      return roots;
    })();
  }

  protected rootOf(scope: ContentScope, kind: FolderKind, owner: number | null): FolderRecord {
    const row = this.db
      .prepare(
        `SELECT * FROM folders WHERE account_id = @account AND area = @area AND kind = @kind
         AND IFNULL(personal_user_id, 0) = @owner`,
      )
      .get(params(scope, { kind, owner: owner ?? 0 }));
    if (!row) throw new Error(`missing ${kind} root`);
    return folderFromRow(row as Record<string, unknown>);
  }

  async listLive(scope: ContentScope) {
    const rows = this.db
      .prepare(
        `SELECT f.* FROM folders f WHERE ${FOLDER_VISIBLE} AND f.deleted_at IS NULL ORDER BY f.name COLLATE NOCASE, f.id`,
      )
      .all(params(scope));
    return (rows as Record<string, unknown>[]).map(folderFromRow);
  }

  async listDeleted(scope: ContentScope) {
    const rows = this.db
      .prepare(
        `SELECT f.* FROM folders f WHERE ${FOLDER_VISIBLE} AND f.deleted_at IS NOT NULL AND f.deleted_with_id = f.id
         ORDER BY f.deleted_at DESC, f.id`,
      )
      .all(params(scope));
    return (rows as Record<string, unknown>[]).map(folderFromRow);
  }

  async get(scope: ContentScope, recId: number) {
    return this.visible(scope, recId);
  }

  protected visible(scope: ContentScope, recId: number): FolderRecord | undefined {
    const row = this.db
      .prepare(`SELECT f.* FROM folders f WHERE ${FOLDER_VISIBLE} AND f.id = @id`)
      .get(params(scope, { id: recId }));
    return row ? folderFromRow(row as Record<string, unknown>) : undefined;
  }

  /** A live folder objects and folders can be put in: Personal, Team or an ordinary folder. */
  protected container(scope: ContentScope, recId: number): FolderRecord | undefined {
    const folder = this.visible(scope, recId);
    return folder && folder.deletedAt === null && ["Personal", "Team", "Folder"].includes(folder.kind)
      ? folder
      : undefined;
  }

  async path(scope: ContentScope, recId: number) {
    if (!this.visible(scope, recId)) return [];
    const rows = this.db
      .prepare(
        `WITH RECURSIVE chain(id, depth) AS (SELECT @id, 0 UNION ALL
           SELECT c.parent_id, chain.depth + 1 FROM folders c JOIN chain ON c.id = chain.id
           WHERE c.account_id = @account AND c.parent_id IS NOT NULL)
         SELECT f.* FROM chain JOIN folders f ON f.id = chain.id WHERE ${FOLDER_VISIBLE} ORDER BY chain.depth DESC`,
      )
      .all(params(scope, { id: recId }));
    return (rows as Record<string, unknown>[]).map(folderFromRow);
  }
}
