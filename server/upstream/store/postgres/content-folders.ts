/**
 * Folders in PostgreSQL (../sqlite/content-folders.ts, §3 Folder): each change is one transaction
 * that re-reads the folder through the viewer's scope; deleting one marks its live subtree and
 * objects as deleted with it, so a restore brings back exactly that — and purging removes exactly that.
 */
import type { MediaDisk } from "../sqlite/content-media-disk.ts";
import type { AffectedObject, ContentScope, FolderRecord, FolderStoreFamily } from "../types/library.ts";
import { namedRow, namedRun } from "./content-common.ts";
import { PostgresFolderQueries, SUBTREE, scopeValues, unlessNameTaken } from "./content-folder-queries.ts";
import { type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";

export class PostgresFolderStore extends PostgresFolderQueries implements FolderStoreFamily {
  constructor(
    db: UpstreamDatabase,
    private readonly disk: MediaDisk,
  ) {
    super(db);
  }

  async create(scope: ContentScope, input: { parentId: number; name: string }, now: number) {
    return unlessNameTaken(() =>
      this.db.transaction(async (tx): Promise<FolderRecord | "parentNotFound"> => {
        const parent = await this.container(tx, scope, input.parentId);
        if (!parent) return "parentNotFound";
        const inserted = await namedRow<{ id: number }>(
          tx,
          `INSERT INTO folders (account_id, area, parent_id, kind, personal_user_id, name, created_by_user_id, created_at, modified_at)
           VALUES (@account, @area, @parent, 'Folder', @owner::bigint, @name, @user, @now, @now) RETURNING id`,
          {
            ...scopeValues(scope),
            parent: parent.recId,
            owner: parent.personalUserId,
            name: input.name,
            now,
          },
        );
        return (await this.visible(tx, scope, (inserted as { id: number }).id)) as FolderRecord;
      }),
    );
  }

  async rename(scope: ContentScope, recId: number, name: string, now: number) {
    return unlessNameTaken(() =>
      this.db.transaction(async (tx): Promise<FolderRecord | "notFound" | "root"> => {
        const folder = await this.visible(tx, scope, recId);
        if (!folder || folder.deletedAt !== null) return "notFound";
        if (folder.kind !== "Folder") return "root";
        await run(tx, "UPDATE folders SET name = $1, modified_at = $2 WHERE account_id = $3 AND id = $4", [
          name,
          now,
          scope.accountId,
          recId,
        ]);
        return (await this.visible(tx, scope, recId)) as FolderRecord;
      }),
    );
  }

  async move(scope: ContentScope, recId: number, parentId: number, now: number) {
    return unlessNameTaken(() =>
      this.db.transaction(
        async (tx): Promise<FolderRecord | "notFound" | "parentNotFound" | "root" | "cycle"> => {
          const folder = await this.visible(tx, scope, recId);
          if (!folder || folder.deletedAt !== null) return "notFound";
          if (folder.kind !== "Folder") return "root";
          const parent = await this.container(tx, scope, parentId);
          if (!parent) return "parentNotFound";
          const inSubtree = await namedRow(tx, `${SUBTREE} SELECT 1 FROM subtree WHERE id = @parent`, {
            ...scopeValues(scope),
            id: recId,
            parent: parentId,
          });
          if (inSubtree) return "cycle";
          await run(
            tx,
            "UPDATE folders SET parent_id = $1, modified_at = $2 WHERE account_id = $3 AND id = $4",
            [parentId, now, scope.accountId, recId],
          );
          if (parent.personalUserId !== folder.personalUserId) {
            // Moving between the Team and a Personal tree moves the whole subtree with its objects.
            const change = { account: scope.accountId, id: recId, owner: parent.personalUserId };
            await namedRun(
              tx,
              `${SUBTREE} UPDATE folders SET personal_user_id = @owner::bigint
             WHERE account_id = @account AND id IN (SELECT id FROM subtree)`,
              change,
            );
            await namedRun(
              tx,
              `${SUBTREE} UPDATE objects SET personal_user_id = @owner::bigint
             WHERE account_id = @account AND folder_id IN (SELECT id FROM subtree)`,
              change,
            );
          }
          return (await this.visible(tx, scope, recId)) as FolderRecord;
        },
      ),
    );
  }

  /** The objects deleted with folder `recId`. */
  private async deletedWith(on: Queryable, scope: ContentScope, recId: number): Promise<AffectedObject[]> {
    const found = await rows<{ id: number; type: string }>(
      on,
      "SELECT id, type FROM objects WHERE account_id = $1 AND deleted_with_folder_id = $2 ORDER BY id",
      [scope.accountId, recId],
    );
    return found.map((entry) => ({ recId: entry.id, type: entry.type }));
  }

  /** Whether `folder` is the top of a deleted subtree (deleted itself, not with a folder above it). */
  private async isDeletedTop(on: Queryable, scope: ContentScope, folder: FolderRecord): Promise<boolean> {
    const found = await row<{ deleted_with_id: number | null }>(
      on,
      "SELECT deleted_with_id FROM folders WHERE account_id = $1 AND id = $2",
      [scope.accountId, folder.recId],
    );
    return folder.kind === "Folder" && folder.deletedAt !== null && found?.deleted_with_id === folder.recId;
  }

  async trash(scope: ContentScope, recId: number, now: number) {
    return this.db.transaction(async (tx): Promise<AffectedObject[] | "notFound" | "root"> => {
      const folder = await this.visible(tx, scope, recId);
      if (!folder || folder.deletedAt !== null) return "notFound";
      if (folder.kind !== "Folder") return "root";
      const change = { account: scope.accountId, id: recId, now };
      await namedRun(
        tx,
        `${SUBTREE} UPDATE objects SET deleted_at = @now, deleted_with_folder_id = @id
         WHERE account_id = @account AND folder_id IN (SELECT id FROM subtree) AND deleted_at IS NULL`,
        change,
      );
      await namedRun(
        tx,
        `${SUBTREE} UPDATE folders SET deleted_at = @now, deleted_with_id = @id
         WHERE account_id = @account AND id IN (SELECT id FROM subtree) AND deleted_at IS NULL`,
        change,
      );
      return this.deletedWith(tx, scope, recId);
    });
  }

  async restore(scope: ContentScope, recId: number, now: number) {
    type Outcome = { folder: FolderRecord; objects: AffectedObject[] } | "notFound" | "notDeleted";
    return unlessNameTaken(() =>
      this.db.transaction(async (tx): Promise<Outcome> => {
        const folder = await this.visible(tx, scope, recId);
        if (!folder) return "notFound";
        // A folder deleted with a folder above it comes back with that one.
        if (!(await this.isDeletedTop(tx, scope, folder))) return "notDeleted";
        const parent =
          folder.parentId === null ? undefined : await this.container(tx, scope, folder.parentId);
        const target =
          parent && parent.personalUserId === folder.personalUserId
            ? parent
            : await this.rootOf(
                tx,
                scope,
                folder.personalUserId === null ? "Team" : "Personal",
                folder.personalUserId,
              );
        const objects = await this.deletedWith(tx, scope, recId);
        const change = { account: scope.accountId, id: recId, parent: target.recId, now };
        await namedRun(
          tx,
          `UPDATE folders SET deleted_at = NULL, deleted_with_id = NULL, modified_at = @now,
             parent_id = CASE WHEN id = @id THEN @parent::bigint ELSE parent_id END
           WHERE account_id = @account AND deleted_with_id = @id`,
          change,
        );
        await namedRun(
          tx,
          `UPDATE objects SET deleted_at = NULL, deleted_with_folder_id = NULL
           WHERE account_id = @account AND deleted_with_folder_id = @id`,
          change,
        );
        return { folder: (await this.visible(tx, scope, recId)) as FolderRecord, objects };
      }),
    );
  }

  async purge(scope: ContentScope, recId: number) {
    type Outcome = { result: AffectedObject[] | "notFound" | "notDeleted"; media: string[] };
    const outcome = await this.db.transaction(async (tx): Promise<Outcome> => {
      const folder = await this.visible(tx, scope, recId);
      if (!folder) return { result: "notFound", media: [] };
      if (!(await this.isDeletedTop(tx, scope, folder))) return { result: "notDeleted", media: [] };
      const objects = await this.deletedWith(tx, scope, recId);
      const media = await rows<{ uid: string }>(
        tx,
        `SELECT m.uid FROM media_files m JOIN objects o ON o.id = m.object_id AND o.account_id = m.account_id
         WHERE o.account_id = $1 AND o.deleted_with_folder_id = $2`,
        [scope.accountId, recId],
      );
      await run(tx, "DELETE FROM objects WHERE account_id = $1 AND deleted_with_folder_id = $2", [
        scope.accountId,
        recId,
      ]);
      await run(tx, "DELETE FROM folders WHERE account_id = $1 AND id = $2", [scope.accountId, recId]);
      return { result: objects, media: media.map((entry) => entry.uid) };
    });
    // After the commit: a transaction run again must not find files already gone.
    this.disk.remove(scope.accountId, outcome.media);
    return outcome.result;
  }
}
