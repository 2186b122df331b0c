/**
 * Library changes in SQLite: create, update (rename, properties), duplicate, move, favourite, share
 * with a team, delete to Deleted, restore and purge. Each is one transaction that first re-reads the
 * object through the viewer's scope, so another account's or another user's private object is
 * "notFound", and an object only shared with the viewer is "readOnly".
 */
import { generateUid } from "../../identity/secrets.ts";
import type { SqliteDatabase } from "../database.ts";
import type { ContentScope, LibraryObject, LibraryStoreFamily } from "../types/library.ts";
import { SqliteLibrarySharing } from "./content-library-sharing.ts";
import type { MediaDisk } from "./content-media-disk.ts";

/** Library objects in SQLite. */
export class SqliteLibraryStore extends SqliteLibrarySharing implements LibraryStoreFamily {
  constructor(
    db: SqliteDatabase,
    private readonly disk: MediaDisk,
  ) {
    super(db);
  }

  private insert(
    scope: ContentScope,
    input: { type: string; name: string; properties: Record<string, unknown> },
    folder: { id: number; owner: number | null },
    now: number,
  ): number {
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at,
           folder_id, personal_user_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        generateUid(),
        scope.accountId,
        input.type,
        input.name,
        scope.userId,
        JSON.stringify(input.properties),
        now,
        now,
        folder.id,
        folder.owner,
      );
    return Number(lastInsertRowid);
  }

  async create(
    scope: ContentScope,
    input: { type: string; name: string; folderId: number; properties: Record<string, unknown> },
    now: number,
  ) {
    return this.db.transaction((): LibraryObject | "folderNotFound" => {
      const folder = this.container(scope, input.folderId);
      if (!folder) return "folderNotFound";
      return this.visible(scope, this.insert(scope, input, folder, now)) as LibraryObject;
    })();
  }

  async update(
    scope: ContentScope,
    recId: number,
    change: { name?: string; properties?: Record<string, unknown> },
    now: number,
  ) {
    return this.db.transaction((): LibraryObject | "notFound" | "readOnly" => {
      const object = this.changeable(scope, recId);
      if (typeof object === "string") return object;
      this.db
        .prepare(
          `UPDATE objects SET name = COALESCE(?, name), properties = COALESCE(?, properties), modified_at = ?
           WHERE account_id = ? AND id = ?`,
        )
        .run(
          change.name ?? null,
          change.properties ? JSON.stringify(change.properties) : null,
          now,
          scope.accountId,
          recId,
        );
      return this.visible(scope, recId) as LibraryObject;
    })();
  }

  async duplicate(
    scope: ContentScope,
    recId: number,
    input: { name: string; folderId: number },
    now: number,
  ) {
    let copiedUid: string | undefined;
    try {
      return this.db.transaction((): LibraryObject | "notFound" | "folderNotFound" => {
        const source = this.visible(scope, recId);
        if (!source || source.deletedAt !== null) return "notFound";
        const folder = this.container(scope, input.folderId);
        if (!folder) return "folderNotFound";
        const copyId = this.insert(
          scope,
          { type: source.type, name: input.name, properties: source.properties },
          folder,
          now,
        );
        const media = this.db
          .prepare("SELECT * FROM media_files WHERE account_id = ? AND object_id = ?")
          .get(scope.accountId, recId) as Record<string, unknown> | undefined;
        if (media) {
          copiedUid = generateUid();
          this.db
            .prepare(
              `INSERT INTO media_files (object_id, account_id, uid, file_name, content_type, size, sha256, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(
              copyId,
              scope.accountId,
              copiedUid,
              media.file_name,
              media.content_type,
              media.size,
              media.sha256,
              now,
            );
          this.disk.copy(scope.accountId, media.uid as string, copiedUid);
        }
        return this.visible(scope, copyId) as LibraryObject;
      })();
    } catch (error) {
      if (copiedUid) this.disk.remove(scope.accountId, [copiedUid]);
      throw error;
    }
  }

  async move(scope: ContentScope, recId: number, folderId: number, now: number) {
    return this.db.transaction((): LibraryObject | "notFound" | "readOnly" | "folderNotFound" => {
      const object = this.changeable(scope, recId);
      if (typeof object === "string") return object;
      const folder = this.container(scope, folderId);
      if (!folder) return "folderNotFound";
      this.db
        .prepare(
          "UPDATE objects SET folder_id = ?, personal_user_id = ?, modified_at = ? WHERE account_id = ? AND id = ?",
        )
        .run(folder.id, folder.owner, now, scope.accountId, recId);
      return this.visible(scope, recId) as LibraryObject;
    })();
  }

  async trash(scope: ContentScope, recId: number, now: number) {
    return this.db.transaction((): "done" | "notFound" | "readOnly" => {
      const object = this.changeable(scope, recId);
      if (typeof object === "string") return object;
      this.db
        .prepare(
          "UPDATE objects SET deleted_at = ?, deleted_with_folder_id = NULL WHERE account_id = ? AND id = ?",
        )
        .run(now, scope.accountId, recId);
      return "done";
    })();
  }

  async restore(scope: ContentScope, recId: number, now: number) {
    return this.db.transaction((): LibraryObject | "notFound" | "notDeleted" => {
      const object = this.visible(scope, recId);
      if (!object) return "notFound";
      if (object.deletedAt === null) return "notDeleted";
      // Back to its folder when that is still there, else to the root of its space.
      const folder = object.folderId === null ? undefined : this.container(scope, object.folderId);
      const folderId =
        folder && folder.owner === object.personalUserId
          ? folder.id
          : (this.spaceRoot(scope, object.personalUserId) ?? null);
      this.db
        .prepare(
          `UPDATE objects SET deleted_at = NULL, deleted_with_folder_id = NULL, folder_id = ?, modified_at = ?
           WHERE account_id = ? AND id = ?`,
        )
        .run(folderId, now, scope.accountId, recId);
      return this.visible(scope, recId) as LibraryObject;
    })();
  }

  async purge(scope: ContentScope, recId: number) {
    const outcome = this.db.transaction(
      (): { result: "done" | "notFound" | "notDeleted"; media: string[] } => {
        const object = this.visible(scope, recId);
        if (!object) return { result: "notFound", media: [] };
        if (object.deletedAt === null) return { result: "notDeleted", media: [] };
        const media = this.db
          .prepare("SELECT uid FROM media_files WHERE account_id = ? AND object_id = ?")
          .all(scope.accountId, recId) as { uid: string }[];
        this.db.prepare("DELETE FROM objects WHERE account_id = ? AND id = ?").run(scope.accountId, recId);
        return { result: "done", media: media.map((row) => row.uid) };
      },
    )();
    this.disk.remove(scope.accountId, outcome.media);
    return outcome.result;
  }
}
