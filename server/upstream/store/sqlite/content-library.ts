/**
 * Library reads in SQLite: objects of an area listed by folder (a root lists its virtual content:
 * Personal and Team their own objects, Shared what teams of the viewer received, Favourites the
 * viewer's picks, Deleted the viewer's trash), with search, sort and paging; and single objects.
 * A deleted object is seen only by those who may change it, never through a share.
 */
import { bool, parseJson, type SqliteDatabase } from "../database.ts";
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
  type CountRow,
  LIBRARY_COLUMNS,
  LIBRARY_FROM,
  OBJECT_CHANGEABLE,
  OBJECT_OF_TYPES,
  OBJECT_VISIBLE,
  orderBy,
  searchCondition,
} from "./content-common.ts";

/** A library row as the viewer sees it. */
export function libraryObjectFromRow(row: Record<string, unknown>): LibraryObject {
  return {
    recId: row.id as number,
    uid: row.uid as string,
    type: row.type as string,
    name: row.name as string,
    ownerUserId: (row.owner_user_id as number | null) ?? null,
    ownerFullName: (row.owner_full_name as string | null) ?? null,
    ownerUid: (row.owner_uid as string | null) ?? null,
    properties: parseJson<Record<string, unknown>>(row.properties, {}),
    folderId: (row.folder_id as number | null) ?? null,
    personalUserId: (row.personal_user_id as number | null) ?? null,
    createdAt: row.created_at as number,
    modifiedAt: row.modified_at as number,
    deletedAt: (row.deleted_at as number | null) ?? null,
    isFavourite: bool(row.is_favourite),
    isShared: bool(row.is_shared),
    canChange: bool(row.can_change),
  };
}

/** The named parameters of library statements. */
export const scopeParams = (scope: ContentScope, extra: Record<string, unknown> = {}) => ({
  account: scope.accountId,
  user: scope.userId,
  area: scope.area,
  types: JSON.stringify(scope.types),
  ...extra,
});

/** What the viewer sees of the scope's objects: live ones they can see, deleted ones they can change. */
export const LIBRARY_SCOPE = `o.account_id = @account AND ${OBJECT_OF_TYPES} AND ${OBJECT_VISIBLE}
  AND (o.deleted_at IS NULL OR ${OBJECT_CHANGEABLE})`;

const SORT_COLUMNS: Record<string, string> = {
  Name: "o.name COLLATE NOCASE",
  Type: "o.type",
  CreatedAt: "o.created_at",
  ModifiedAt: "o.modified_at",
  Owner: "u.full_name COLLATE NOCASE",
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
      return `o.deleted_at IS NULL AND o.owner_user_id IS NOT @user AND ${SHARED_WITH_VIEWER}`;
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
export class SqliteLibraryQueries {
  constructor(protected readonly db: SqliteDatabase) {}

  async list(scope: ContentScope, query: ObjectListQuery) {
    const search = searchCondition("o.name", query.search);
    const narrow = query.types ? "o.type IN (SELECT value FROM json_each(@narrow))" : "1";
    const where = `WHERE ${LIBRARY_SCOPE} AND ${folderCondition(query.folder)} AND ${search.sql} AND ${narrow}`;
    const values = scopeParams(scope, {
      folder: query.folder?.recId ?? null,
      search: search.value,
      narrow: JSON.stringify(query.types ?? []),
      limit: query.limit,
      offset: query.offset,
    });
    const { n } = this.db.prepare(`SELECT COUNT(*) AS n ${LIBRARY_FROM} ${where}`).get(values) as CountRow;
    const rows = this.db
      .prepare(
        `SELECT ${LIBRARY_COLUMNS} ${LIBRARY_FROM} ${where} ${orderBy(query, SORT_COLUMNS, "o.id")}
         LIMIT @limit OFFSET @offset`,
      )
      .all(values) as Record<string, unknown>[];
    return { items: rows.map(libraryObjectFromRow), total: n };
  }

  async feed(scope: FeedScope, kind: FeedKind, limit: number) {
    // The same visibility as an area's list without a folder (live objects the viewer sees), over the
    // types of every area at once, through the existing indexes: objects by (account, type) for
    // Recent; for Favourites the viewer's own picks first (their key starts with the user) — CROSS
    // JOIN fixes that order, else SQLite walks the account's objects to find the few picks.
    const from =
      kind === "Favourites"
        ? `FROM object_favourites fv CROSS JOIN objects o ON o.id = fv.object_id AND o.account_id = fv.account_id
           LEFT JOIN users u ON u.id = o.owner_user_id AND u.account_id = o.account_id`
        : LIBRARY_FROM;
    const picked = kind === "Favourites" ? "fv.user_id = @user AND fv.account_id = @account AND " : "";
    const where = `WHERE ${picked}${LIBRARY_SCOPE} AND o.deleted_at IS NULL`;
    const values = {
      account: scope.accountId,
      user: scope.userId,
      types: JSON.stringify(scope.types),
      limit,
    };
    const { n } = this.db.prepare(`SELECT COUNT(*) AS n ${from} ${where}`).get(values) as CountRow;
    const rows = this.db
      .prepare(
        `SELECT ${LIBRARY_COLUMNS} ${from} ${where} ORDER BY o.modified_at DESC, o.id DESC LIMIT @limit`,
      )
      .all(values) as Record<string, unknown>[];
    return { items: rows.map(libraryObjectFromRow), total: n };
  }

  async get(scope: ContentScope, recId: number) {
    return this.visible(scope, recId);
  }

  /** A visible object of the scope (live, or deleted and changeable); synchronous, for transactions. */
  visible(scope: ContentScope, recId: number): LibraryObject | undefined {
    const row = this.db
      .prepare(`SELECT ${LIBRARY_COLUMNS} ${LIBRARY_FROM} WHERE ${LIBRARY_SCOPE} AND o.id = @id`)
      .get(scopeParams(scope, { id: recId }));
    return row ? libraryObjectFromRow(row as Record<string, unknown>) : undefined;
  }

  async shares(scope: ContentScope, recId: number): Promise<ObjectShare[]> {
    if (!this.visible(scope, recId)) return [];
    const rows = this.db
      .prepare(
        `SELECT t.id, t.name, s.created_at FROM object_shares s JOIN teams t ON t.id = s.team_id AND t.account_id = s.account_id
         WHERE s.account_id = ? AND s.object_id = ? ORDER BY t.name`,
      )
      .all(scope.accountId, recId) as { id: number; name: string; created_at: number }[];
    return rows.map((row) => ({ teamId: row.id, teamName: row.name, sharedAt: row.created_at }));
  }

  /** A live folder the viewer may put objects in (Personal, Team or ordinary); synchronous, for transactions. */
  container(scope: ContentScope, folderId: number): { id: number; owner: number | null } | undefined {
    const row = this.db
      .prepare(
        `SELECT id, personal_user_id FROM folders f WHERE f.account_id = @account AND f.area = @area
           AND (f.personal_user_id IS NULL OR f.personal_user_id = @user) AND f.id = @id
           AND f.deleted_at IS NULL AND f.kind IN ('Personal', 'Team', 'Folder')`,
      )
      .get(scopeParams(scope, { id: folderId })) as
      | { id: number; personal_user_id: number | null }
      | undefined;
    return row ? { id: row.id, owner: row.personal_user_id } : undefined;
  }

  /** The root of a space: the Team root, or the Personal root of `owner`; undefined before first use. */
  protected spaceRoot(scope: ContentScope, owner: number | null): number | undefined {
    const row = this.db
      .prepare(
        `SELECT id FROM folders WHERE account_id = @account AND area = @area AND kind = @kind
           AND IFNULL(personal_user_id, 0) = @owner`,
      )
      .get(scopeParams(scope, { kind: owner === null ? "Team" : "Personal", owner: owner ?? 0 })) as
      | { id: number }
      | undefined;
    return row?.id;
  }
}
