/**
 * Library reads in PostgreSQL (../sqlite/content-library.ts): objects of an area listed by folder
 * (a root lists its virtual content), with search, sort and paging; and single objects. A deleted
 * object is seen only by those who may change it, never through a share. The reads take the
 * connection they run on, so the changes (./content-library-changes.ts) read inside their transaction.
 */
import { libraryObjectFromRow as sqliteLibraryObjectFromRow } from "../sqlite/content-library.ts";
import type {
  ContentScope,
  FeedKind,
  FeedScope,
  FolderRecord,
  LibraryObject,
  ObjectListQuery,
  ObjectShare,
} from "../types/library.ts";
import {
  LIBRARY_COLUMNS,
  LIBRARY_FROM,
  type NamedValues,
  namedRow,
  namedRows,
  nocase,
  OBJECT_CHANGEABLE,
  OBJECT_OF_TYPES,
  OBJECT_VISIBLE,
  orderBy,
  searchCondition,
} from "./content-common.ts";
import { type Queryable, rows, type UpstreamDatabase } from "./database.ts";

/** A library row as the viewer sees it: SQLite's mapping, with the booleans PostgreSQL returns as such. */
export function libraryObjectFromRow(found: Record<string, unknown>): LibraryObject {
  return {
    ...sqliteLibraryObjectFromRow(found),
    isFavourite: found.is_favourite as boolean,
    isShared: found.is_shared as boolean,
    canChange: found.can_change as boolean,
  };
}

/** The named parameters of library statements (@account, @user, @area, @types) plus `extra`. */
export const scopeParams = (scope: ContentScope, extra: NamedValues = {}): NamedValues => ({
  account: scope.accountId,
  user: scope.userId,
  area: scope.area,
  types: scope.types,
  ...extra,
});

/** What the viewer sees of the scope's objects: live ones they can see, deleted ones they can change. */
export const LIBRARY_SCOPE = `o.account_id = @account AND ${OBJECT_OF_TYPES} AND ${OBJECT_VISIBLE}
  AND (o.deleted_at IS NULL OR ${OBJECT_CHANGEABLE})`;

const SORT_COLUMNS: Record<string, string> = {
  Name: nocase("o.name"),
  Type: "o.type",
  CreatedAt: "o.created_at",
  ModifiedAt: "o.modified_at",
  Owner: nocase("u.full_name"),
};

const SHARED_WITH_VIEWER = `EXISTS (SELECT 1 FROM object_shares s2 JOIN team_members m2
  ON m2.team_id = s2.team_id AND m2.account_id = s2.account_id
  WHERE s2.account_id = o.account_id AND s2.object_id = o.id AND m2.user_id = @user)`;

/** The condition selecting a folder's content (a root's virtual content) or every live object. */
function folderCondition(folder: FolderRecord | undefined): string {
  if (!folder) return "o.deleted_at IS NULL";
  switch (folder.kind) {
    case "Personal":
      return "o.deleted_at IS NULL AND (o.folder_id = @folder OR (o.folder_id IS NULL AND o.personal_user_id = @user))";
    case "Team":
      return "o.deleted_at IS NULL AND (o.folder_id = @folder OR (o.folder_id IS NULL AND o.personal_user_id IS NULL))";
    case "Shared":
      return `o.deleted_at IS NULL AND o.owner_user_id IS DISTINCT FROM @user AND ${SHARED_WITH_VIEWER}`;
    case "Favourites":
      return "o.deleted_at IS NULL AND EXISTS (SELECT 1 FROM object_favourites f2 WHERE f2.user_id = @user AND f2.object_id = o.id)";
    case "Deleted":
      return "o.deleted_at IS NOT NULL AND o.deleted_with_folder_id IS NULL";
    case "Folder":
      return folder.deletedAt === null
        ? "o.deleted_at IS NULL AND o.folder_id = @folder"
        : "o.deleted_at IS NOT NULL AND o.folder_id = @folder AND o.deleted_with_folder_id IS NOT NULL";
  }
}

/** The read side of the library store. */
export class PostgresLibraryQueries {
  constructor(protected readonly db: UpstreamDatabase) {}

  async list(scope: ContentScope, query: ObjectListQuery) {
    const search = searchCondition("o.name", query.search);
    const narrow = query.types ? "o.type = ANY(@narrow::text[])" : "TRUE";
    const where = `WHERE ${LIBRARY_SCOPE} AND ${folderCondition(query.folder)} AND ${search.sql} AND ${narrow}`;
    const values = scopeParams(scope, {
      folder: query.folder?.recId ?? null,
      search: search.value,
      narrow: query.types ?? [],
      limit: query.limit,
      offset: query.offset,
    });
    const counted = await namedRow<{ n: number }>(
      this.db.pool,
      `SELECT COUNT(*) AS n ${LIBRARY_FROM} ${where}`,
      values,
    );
    const found = await namedRows(
      this.db.pool,
      `SELECT ${LIBRARY_COLUMNS} ${LIBRARY_FROM} ${where} ${orderBy(query, SORT_COLUMNS, "o.id")}
       LIMIT @limit OFFSET @offset`,
      values,
    );
    return { items: found.map(libraryObjectFromRow), total: counted?.n ?? 0 };
  }

  async feed(scope: FeedScope, kind: FeedKind, limit: number) {
    // The same visibility as an area's list without a folder (live objects the viewer sees), over the
    // types of every area at once; for Favourites starting from the viewer's own picks.
    const from =
      kind === "Favourites"
        ? `FROM object_favourites fv JOIN objects o ON o.id = fv.object_id AND o.account_id = fv.account_id
           LEFT JOIN users u ON u.id = o.owner_user_id AND u.account_id = o.account_id`
        : LIBRARY_FROM;
    const picked = kind === "Favourites" ? "fv.user_id = @user AND fv.account_id = @account AND " : "";
    const where = `WHERE ${picked}${LIBRARY_SCOPE} AND o.deleted_at IS NULL`;
    const values = { account: scope.accountId, user: scope.userId, types: scope.types, limit };
    const counted = await namedRow<{ n: number }>(
      this.db.pool,
      `SELECT COUNT(*) AS n ${from} ${where}`,
      values,
    );
    const found = await namedRows(
      this.db.pool,
      `SELECT ${LIBRARY_COLUMNS} ${from} ${where} ORDER BY o.modified_at DESC, o.id DESC LIMIT @limit`,
      values,
    );
    return { items: found.map(libraryObjectFromRow), total: counted?.n ?? 0 };
  }

  async get(scope: ContentScope, recId: number) {
    return this.visible(this.db.pool, scope, recId);
  }

  /** A visible object of the scope (live, or deleted and changeable). */
  async visible(on: Queryable, scope: ContentScope, recId: number): Promise<LibraryObject | undefined> {
    const found = await namedRow(
      on,
      `SELECT ${LIBRARY_COLUMNS} ${LIBRARY_FROM} WHERE ${LIBRARY_SCOPE} AND o.id = @id`,
      scopeParams(scope, { id: recId }),
    );
    return found ? libraryObjectFromRow(found) : undefined;
  }

  async shares(scope: ContentScope, recId: number): Promise<ObjectShare[]> {
    if (!(await this.visible(this.db.pool, scope, recId))) return [];
    // teams.name is NOCASE in SQLite, which orders by it so.
    const found = await rows<{ id: number; name: string; created_at: number }>(
      this.db.pool,
      `SELECT t.id, t.name, s.created_at FROM object_shares s JOIN teams t ON t.id = s.team_id AND t.account_id = s.account_id
       WHERE s.account_id = $1 AND s.object_id = $2 ORDER BY ${nocase("t.name")}, t.id`,
      [scope.accountId, recId],
    );
    return found.map((entry) => ({ teamId: entry.id, teamName: entry.name, sharedAt: entry.created_at }));
  }

  /** A live folder the viewer may put objects in (Personal, Team or ordinary). */
  async container(
    on: Queryable,
    scope: ContentScope,
    folderId: number,
  ): Promise<{ id: number; owner: number | null } | undefined> {
    const found = await namedRow<{ id: number; personal_user_id: number | null }>(
      on,
      `SELECT id, personal_user_id FROM folders f WHERE f.account_id = @account AND f.area = @area
         AND (f.personal_user_id IS NULL OR f.personal_user_id = @user) AND f.id = @id
         AND f.deleted_at IS NULL AND f.kind IN ('Personal', 'Team', 'Folder')`,
      { account: scope.accountId, area: scope.area, user: scope.userId, id: folderId },
    );
    return found ? { id: found.id, owner: found.personal_user_id } : undefined;
  }

  /** The root of a space: the Team root, or the Personal root of `owner`; undefined before first use. */
  protected async spaceRoot(
    on: Queryable,
    scope: ContentScope,
    owner: number | null,
  ): Promise<number | undefined> {
    const found = await namedRow<{ id: number }>(
      on,
      `SELECT id FROM folders WHERE account_id = @account AND area = @area AND kind = @kind
         AND COALESCE(personal_user_id, 0) = @owner`,
      {
        account: scope.accountId,
        area: scope.area,
        kind: owner === null ? "Team" : "Personal",
        owner: owner ?? 0,
      },
    );
    return found?.id;
  }
}
