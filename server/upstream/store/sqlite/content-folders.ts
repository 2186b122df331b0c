/**
 * Folders in SQLite (§3 Folder). Each user has a Personal, Shared, Favourites and Deleted root per
 * area; the Team root is shared by the account. Folders nest under Personal, Team or other folders;
 * deleting one marks its live subtree and objects as deleted with it, so a restore brings back
 * exactly that — and purging removes exactly that.
 */

import type { SqliteDatabase } from "../database.ts";
import type { AffectedObject, ContentScope, FolderRecord, FolderStoreFamily } from "../types/library.ts";
import { params, SqliteFolderQueries, SUBTREE, unlessNameTaken } from "./content-folder-queries.ts";
import type { MediaDisk } from "./content-media-disk.ts";

export class SqliteFolderStore extends SqliteFolderQueries implements FolderStoreFamily {
  constructor(
    db: SqliteDatabase,
    private readonly disk: MediaDisk,
  ) {
    super(db);
  }

  async create(scope: ContentScope, input: { parentId: number; name: string }, now: number) {
    return this.db.transaction((): FolderRecord | "parentNotFound" | "nameTaken" => {
      const parent = this.container(scope, input.parentId);
      if (!parent) return "parentNotFound";
      return unlessNameTaken(() => {
        const { lastInsertRowid } = this.db
          .prepare(
            `INSERT INTO folders (account_id, area, parent_id, kind, personal_user_id, name, created_by_user_id, created_at, modified_at)
             VALUES (@account, @area, @parent, 'Folder', @owner, @name, @user, @now, @now)`,
          )
          .run(params(scope, { parent: parent.recId, owner: parent.personalUserId, name: input.name, now }));
        return this.visible(scope, Number(lastInsertRowid)) as FolderRecord;
      });
    })();
  }

  async rename(scope: ContentScope, recId: number, name: string, now: number) {
    return this.db.transaction((): FolderRecord | "notFound" | "root" | "nameTaken" => {
      const folder = this.visible(scope, recId);
      if (!folder || folder.deletedAt !== null) return "notFound";
      if (folder.kind !== "Folder") return "root";
      return unlessNameTaken(() => {
        this.db
          .prepare("UPDATE folders SET name = ?, modified_at = ? WHERE account_id = ? AND id = ?")
          .run(name, now, scope.accountId, recId);
        return this.visible(scope, recId) as FolderRecord;
      });
    })();
  }

  async move(scope: ContentScope, recId: number, parentId: number, now: number) {
    return this.db.transaction(
      (): FolderRecord | "notFound" | "parentNotFound" | "root" | "cycle" | "nameTaken" => {
        const folder = this.visible(scope, recId);
        if (!folder || folder.deletedAt !== null) return "notFound";
        if (folder.kind !== "Folder") return "root";
        const parent = this.container(scope, parentId);
        if (!parent) return "parentNotFound";
        const inSubtree = this.db
          .prepare(`${SUBTREE} SELECT 1 FROM subtree WHERE id = @parent`)
          .get(params(scope, { id: recId, parent: parentId }));
        if (inSubtree) return "cycle";
        return unlessNameTaken(() => {
          this.db
            .prepare("UPDATE folders SET parent_id = ?, modified_at = ? WHERE account_id = ? AND id = ?")
            .run(parentId, now, scope.accountId, recId);
          if (parent.personalUserId !== folder.personalUserId) {
            // Moving between the Team and a Personal tree moves the whole subtree with its objects.
            const change = params(scope, { id: recId, owner: parent.personalUserId });
            this.db
              .prepare(
                `${SUBTREE} UPDATE folders SET personal_user_id = @owner WHERE account_id = @account AND id IN subtree`,
              )
              .run(change);
            this.db
              .prepare(
                `${SUBTREE} UPDATE objects SET personal_user_id = @owner WHERE account_id = @account AND folder_id IN subtree`,
              )
              .run(change);
          }
          return this.visible(scope, recId) as FolderRecord;
        });
      },
    )();
  }

  /** The objects deleted with folder `recId` (synchronous, inside a transaction). */
  private deletedWith(scope: ContentScope, recId: number): AffectedObject[] {
    return this.db
      .prepare(
        "SELECT id AS recId, type FROM objects WHERE account_id = ? AND deleted_with_folder_id = ? ORDER BY id",
      )
      .all(scope.accountId, recId) as AffectedObject[];
  }

  /** Whether `folder` is the top of a deleted subtree (deleted itself, not with a folder above it). */
  private isDeletedTop(scope: ContentScope, folder: FolderRecord): boolean {
    const row = this.db
      .prepare("SELECT deleted_with_id FROM folders WHERE account_id = ? AND id = ?")
      .get(scope.accountId, folder.recId) as { deleted_with_id: number | null };
    return folder.kind === "Folder" && folder.deletedAt !== null && row.deleted_with_id === folder.recId;
  }

  async trash(scope: ContentScope, recId: number, now: number) {
    return this.db.transaction((): AffectedObject[] | "notFound" | "root" => {
      const folder = this.visible(scope, recId);
      if (!folder || folder.deletedAt !== null) return "notFound";
      if (folder.kind !== "Folder") return "root";
      const change = params(scope, { id: recId, now });
      this.db
        .prepare(
          `${SUBTREE} UPDATE objects SET deleted_at = @now, deleted_with_folder_id = @id
           WHERE account_id = @account AND folder_id IN subtree AND deleted_at IS NULL`,
        )
        .run(change);
      this.db
        .prepare(
          `${SUBTREE} UPDATE folders SET deleted_at = @now, deleted_with_id = @id
           WHERE account_id = @account AND id IN subtree AND deleted_at IS NULL`,
        )
        .run(change);
      return this.deletedWith(scope, recId);
    })();
  }

  async restore(scope: ContentScope, recId: number, now: number) {
    type Outcome =
      | { folder: FolderRecord; objects: AffectedObject[] }
      | "notFound"
      | "notDeleted"
      | "nameTaken";
    return this.db.transaction((): Outcome => {
      const folder = this.visible(scope, recId);
      if (!folder) return "notFound";
      // A folder deleted with a folder above it comes back with that one.
      if (!this.isDeletedTop(scope, folder)) return "notDeleted";
      const parent = folder.parentId === null ? undefined : this.container(scope, folder.parentId);
      const target =
        parent && parent.personalUserId === folder.personalUserId
          ? parent
          : this.rootOf(scope, folder.personalUserId === null ? "Team" : "Personal", folder.personalUserId);
      const objects = this.deletedWith(scope, recId);
      return unlessNameTaken(() => {
        const change = params(scope, { id: recId, parent: target.recId, now });
        this.db
          .prepare(
            `UPDATE folders SET deleted_at = NULL, deleted_with_id = NULL, modified_at = @now,
               parent_id = CASE WHEN id = @id THEN @parent ELSE parent_id END
             WHERE account_id = @account AND deleted_with_id = @id`,
          )
          .run(change);
        this.db
          .prepare(
            `UPDATE objects SET deleted_at = NULL, deleted_with_folder_id = NULL
             WHERE account_id = @account AND deleted_with_folder_id = @id`,
          )
          .run(change);
        return { folder: this.visible(scope, recId) as FolderRecord, objects };
      });
    })();
  }

  async purge(scope: ContentScope, recId: number) {
    type Outcome = { result: AffectedObject[] | "notFound" | "notDeleted"; media: string[] };
    const outcome = this.db.transaction((): Outcome => {
      const folder = this.visible(scope, recId);
      if (!folder) return { result: "notFound", media: [] };
      if (!this.isDeletedTop(scope, folder)) return { result: "notDeleted", media: [] };
      const objects = this.deletedWith(scope, recId);
      const media = this.db
        .prepare(
          `SELECT m.uid FROM media_files m JOIN objects o ON o.id = m.object_id AND o.account_id = m.account_id
           WHERE o.account_id = ? AND o.deleted_with_folder_id = ?`,
        )
        .all(scope.accountId, recId) as { uid: string }[];
      this.db
        .prepare("DELETE FROM objects WHERE account_id = ? AND deleted_with_folder_id = ?")
        .run(scope.accountId, recId);
      this.db.prepare("DELETE FROM folders WHERE account_id = ? AND id = ?").run(scope.accountId, recId);
      return { result: objects, media: media.map((row) => row.uid) };
    })();
    this.disk.remove(scope.accountId, outcome.media);
    return outcome.result;
  }
}
