/**
 * Folder reads in PostgreSQL (../sqlite/content-folder-queries.ts, §3 Folder): the roots, the visible
 * trees, single folders and their paths from the root. Every read takes the connection it runs on,
 * so the folder changes (./content-folders.ts) read inside their transaction.
 */
import { folderFromRow } from "../sqlite/content-folder-queries.ts";
import {
  type ContentScope,
  type FolderKind,
  type FolderRecord,
  type FolderRoots,
  ROOT_KINDS,
} from "../types/library.ts";
import { FOLDER_VISIBLE, namedRow, namedRows, namedRun, nocase } from "./content-common.ts";
import { isUniqueViolation, type Queryable, type UpstreamDatabase } from "./database.ts";

/**
 * A CTE `subtree(id)`: the folder @id and every folder below it, in @account. PostgreSQL has no
 * `IN subtree`: statements write `IN (SELECT id FROM subtree)`.
 */
export const SUBTREE = `WITH RECURSIVE subtree(id) AS (SELECT @id::bigint UNION ALL
  SELECT c.id FROM folders c JOIN subtree ON c.parent_id = subtree.id WHERE c.account_id = @account)`;

/**
 * Runs `work` (a transaction), turning a sibling-name clash into "nameTaken". PostgreSQL aborts the
 * whole transaction at the clash; in every folder change the clashing write is the first write, so
 * nothing is lost that SQLite (which undoes the one statement) would have kept.
 */
export async function unlessNameTaken<T>(work: () => Promise<T>): Promise<T | "nameTaken"> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) return "nameTaken";
    throw error;
  }
}

/** The read side of the folder store. */
export class PostgresFolderQueries {
  constructor(protected readonly db: UpstreamDatabase) {}

  async ensureRoots(scope: ContentScope, now: number) {
    return this.db.transaction(async (tx) => {
      const roots = {} as FolderRoots;
      for (const kind of ROOT_KINDS) {
        const owner = kind === "Team" ? null : scope.userId;
        await namedRun(
          tx,
          `INSERT INTO folders (account_id, area, kind, personal_user_id, name, created_at, modified_at)
           VALUES (@account, @area, @kind, @owner::bigint, @kind, @now, @now) ON CONFLICT DO NOTHING`,
          { ...scopeValues(scope), kind, owner, now },
        );
        roots[kind] = await this.rootOf(tx, scope, kind, owner);
      }
      return roots;
    });
  }

  protected async rootOf(
    on: Queryable,
    scope: ContentScope,
    kind: FolderKind,
    owner: number | null,
  ): Promise<FolderRecord> {
    const found = await namedRow(
      on,
      `SELECT * FROM folders WHERE account_id = @account AND area = @area AND kind = @kind
       AND COALESCE(personal_user_id, 0) = @owner`,
      { ...scopeValues(scope), kind, owner: owner ?? 0 },
    );
    if (!found) throw new Error(`missing ${kind} root`);
    return folderFromRow(found);
  }

  async listLive(scope: ContentScope) {
    const found = await namedRows(
      this.db.pool,
      `SELECT f.* FROM folders f WHERE ${FOLDER_VISIBLE} AND f.deleted_at IS NULL ORDER BY ${nocase("f.name")}, f.id`,
      scopeValues(scope),
    );
    return found.map(folderFromRow);
  }

  async listDeleted(scope: ContentScope) {
    const found = await namedRows(
      this.db.pool,
      `SELECT f.* FROM folders f WHERE ${FOLDER_VISIBLE} AND f.deleted_at IS NOT NULL AND f.deleted_with_id = f.id
       ORDER BY f.deleted_at DESC, f.id`,
      scopeValues(scope),
    );
    return found.map(folderFromRow);
  }

  async get(scope: ContentScope, recId: number) {
    return this.visible(this.db.pool, scope, recId);
  }

  protected async visible(
    on: Queryable,
    scope: ContentScope,
    recId: number,
  ): Promise<FolderRecord | undefined> {
    const found = await namedRow(on, `SELECT f.* FROM folders f WHERE ${FOLDER_VISIBLE} AND f.id = @id`, {
      ...scopeValues(scope),
      id: recId,
    });
    return found ? folderFromRow(found) : undefined;
  }

  /** A live folder objects and folders can be put in: Personal, Team or an ordinary folder. */
  protected async container(
    on: Queryable,
    scope: ContentScope,
    recId: number,
  ): Promise<FolderRecord | undefined> {
    const folder = await this.visible(on, scope, recId);
    return folder && folder.deletedAt === null && ["Personal", "Team", "Folder"].includes(folder.kind)
      ? folder
      : undefined;
  }

  async path(scope: ContentScope, recId: number) {
    if (!(await this.visible(this.db.pool, scope, recId))) return [];
    const found = await namedRows(
      this.db.pool,
      `WITH RECURSIVE chain(id, depth) AS (SELECT @id::bigint, 0 UNION ALL
         SELECT c.parent_id, chain.depth + 1 FROM folders c JOIN chain ON c.id = chain.id
         WHERE c.account_id = @account AND c.parent_id IS NOT NULL)
       SELECT f.* FROM chain JOIN folders f ON f.id = chain.id WHERE ${FOLDER_VISIBLE} ORDER BY chain.depth DESC`,
      { ...scopeValues(scope), id: recId },
    );
    return found.map(folderFromRow);
  }
}

/** The named parameters every folder statement binds: @account, @area, @user. */
export function scopeValues(scope: ContentScope): { account: number; area: string; user: number } {
  return { account: scope.accountId, area: scope.area, user: scope.userId };
}
