/**
 * Library changes in PostgreSQL (../sqlite/content-library-changes.ts): create, update, duplicate,
 * move, favourite, share, delete to Deleted, restore and purge. Each is one transaction that first
 * re-reads the object through the viewer's scope, so another account's or another user's private
 * object is "notFound", and an object only shared with the viewer is "readOnly".
 */
import { generateUid } from "../../identity/secrets.ts";
import type { MediaDisk } from "../sqlite/content-media-disk.ts";
import type { ContentScope, LibraryObject, LibraryStoreFamily } from "../types/library.ts";
import { PostgresLibrarySharing } from "./content-library-sharing.ts";
import { type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";

/** Inserts an object of the library into `folder` (its space too), owned by the viewer; its id. */
export async function insertLibraryObject(
  on: Queryable,
  scope: ContentScope,
  input: { type: string; name: string; properties: Record<string, unknown> },
  folder: { id: number; owner: number | null },
  now: number,
): Promise<number> {
  const inserted = await row<{ id: number }>(
    on,
    `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at,
       folder_id, personal_user_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9) RETURNING id`,
    [
      generateUid(),
      scope.accountId,
      input.type,
      input.name,
      scope.userId,
      JSON.stringify(input.properties),
      now,
      folder.id,
      folder.owner,
    ],
  );
  return (inserted as { id: number }).id;
}

/** Library objects in PostgreSQL. */
export class PostgresLibraryStore extends PostgresLibrarySharing implements LibraryStoreFamily {
  constructor(
    db: UpstreamDatabase,
    private readonly disk: MediaDisk,
  ) {
    super(db);
  }

  async create(
    scope: ContentScope,
    input: { type: string; name: string; folderId: number; properties: Record<string, unknown> },
    now: number,
  ) {
    return this.db.transaction(async (tx): Promise<LibraryObject | "folderNotFound"> => {
      const folder = await this.container(tx, scope, input.folderId);
      if (!folder) return "folderNotFound";
      const recId = await insertLibraryObject(tx, scope, input, folder, now);
      return (await this.visible(tx, scope, recId)) as LibraryObject;
    });
  }

  async update(
    scope: ContentScope,
    recId: number,
    change: { name?: string; properties?: Record<string, unknown> },
    now: number,
  ) {
    return this.db.transaction(async (tx): Promise<LibraryObject | "notFound" | "readOnly"> => {
      const object = await this.changeable(tx, scope, recId);
      if (typeof object === "string") return object;
      await run(
        tx,
        `UPDATE objects SET name = COALESCE($1, name), properties = COALESCE($2, properties), modified_at = $3
         WHERE account_id = $4 AND id = $5`,
        [
          change.name ?? null,
          change.properties ? JSON.stringify(change.properties) : null,
          now,
          scope.accountId,
          recId,
        ],
      );
      return (await this.visible(tx, scope, recId)) as LibraryObject;
    });
  }

  async duplicate(
    scope: ContentScope,
    recId: number,
    input: { name: string; folderId: number },
    now: number,
  ) {
    // One uid for the copied file whichever attempt of the transaction commits: copying it again to
    // the same place is harmless, so the copy is made inside the transaction, as SQLite makes it.
    const copiedUid = generateUid();
    let copied = false;
    try {
      const outcome = await this.db.transaction(
        async (tx): Promise<LibraryObject | "notFound" | "folderNotFound"> => {
          copied = false;
          const source = await this.visible(tx, scope, recId);
          if (!source || source.deletedAt !== null) return "notFound";
          const folder = await this.container(tx, scope, input.folderId);
          if (!folder) return "folderNotFound";
          const copyId = await insertLibraryObject(
            tx,
            scope,
            { type: source.type, name: input.name, properties: source.properties },
            folder,
            now,
          );
          const media = await row<Record<string, unknown>>(
            tx,
            "SELECT * FROM media_files WHERE account_id = $1 AND object_id = $2",
            [scope.accountId, recId],
          );
          if (media) {
            await run(
              tx,
              `INSERT INTO media_files (object_id, account_id, uid, file_name, content_type, size, sha256, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
              [
                copyId,
                scope.accountId,
                copiedUid,
                media.file_name as string,
                media.content_type as string,
                media.size as number,
                media.sha256 as string,
                now,
              ],
            );
            this.disk.copy(scope.accountId, media.uid as string, copiedUid);
            copied = true;
          }
          return (await this.visible(tx, scope, copyId)) as LibraryObject;
        },
      );
      // A last attempt that found nothing to copy leaves no file of an earlier one behind.
      if (!copied) this.disk.remove(scope.accountId, [copiedUid]);
      return outcome;
    } catch (error) {
      this.disk.remove(scope.accountId, [copiedUid]);
      throw error;
    }
  }

  async move(scope: ContentScope, recId: number, folderId: number, now: number) {
    return this.db.transaction(
      async (tx): Promise<LibraryObject | "notFound" | "readOnly" | "folderNotFound"> => {
        const object = await this.changeable(tx, scope, recId);
        if (typeof object === "string") return object;
        const folder = await this.container(tx, scope, folderId);
        if (!folder) return "folderNotFound";
        await run(
          tx,
          "UPDATE objects SET folder_id = $1, personal_user_id = $2, modified_at = $3 WHERE account_id = $4 AND id = $5",
          [folder.id, folder.owner, now, scope.accountId, recId],
        );
        return (await this.visible(tx, scope, recId)) as LibraryObject;
      },
    );
  }

  async trash(scope: ContentScope, recId: number, now: number) {
    return this.db.transaction(async (tx): Promise<"done" | "notFound" | "readOnly"> => {
      const object = await this.changeable(tx, scope, recId);
      if (typeof object === "string") return object;
      await run(
        tx,
        "UPDATE objects SET deleted_at = $1, deleted_with_folder_id = NULL WHERE account_id = $2 AND id = $3",
        [now, scope.accountId, recId],
      );
      return "done";
    });
  }

  async restore(scope: ContentScope, recId: number, now: number) {
    return this.db.transaction(async (tx): Promise<LibraryObject | "notFound" | "notDeleted"> => {
      const object = await this.visible(tx, scope, recId);
      if (!object) return "notFound";
      if (object.deletedAt === null) return "notDeleted";
      // Back to its folder when that is still there, else to the root of its space.
      const folder = object.folderId === null ? undefined : await this.container(tx, scope, object.folderId);
      const folderId =
        folder && folder.owner === object.personalUserId
          ? folder.id
          : ((await this.spaceRoot(tx, scope, object.personalUserId)) ?? null);
      await run(
        tx,
        `UPDATE objects SET deleted_at = NULL, deleted_with_folder_id = NULL, folder_id = $1, modified_at = $2
         WHERE account_id = $3 AND id = $4`,
        [folderId, now, scope.accountId, recId],
      );
      return (await this.visible(tx, scope, recId)) as LibraryObject;
    });
  }

  async purge(scope: ContentScope, recId: number) {
    const outcome = await this.db.transaction(
      async (tx): Promise<{ result: "done" | "notFound" | "notDeleted"; media: string[] }> => {
        const object = await this.visible(tx, scope, recId);
        if (!object) return { result: "notFound", media: [] };
        if (object.deletedAt === null) return { result: "notDeleted", media: [] };
        const media = await rows<{ uid: string }>(
          tx,
          "SELECT uid FROM media_files WHERE account_id = $1 AND object_id = $2",
          [scope.accountId, recId],
        );
        await run(tx, "DELETE FROM objects WHERE account_id = $1 AND id = $2", [scope.accountId, recId]);
        return { result: "done", media: media.map((entry) => entry.uid) };
      },
    );
    this.disk.remove(scope.accountId, outcome.media);
    return outcome.result;
  }
}
