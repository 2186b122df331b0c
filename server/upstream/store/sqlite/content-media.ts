/**
 * Media files in SQLite plus the media folder (/files, "documents and media"): each upload becomes a
 * Media object (in a folder of the MediaManager area, so it can be renamed, moved, shared, deleted
 * and restored like any object) with its file's metadata; the content streams to and from disk.
 * All files of one upload are committed together or not at all. `openContentResourceStores` builds
 * every member-side family at once, because the folder, library and media stores share the media
 * folder on disk (next to the database file).
 */
import { existsSync } from "node:fs";
import type { Readable } from "node:stream";
import { generateUid } from "../../identity/secrets.ts";
import type { SqliteDatabase } from "../database.ts";
import type { ContentScope, LibraryObject } from "../types/library.ts";
import type { MediaRecord, MediaStoreFamily, StagedFile } from "../types/media.ts";
import type { ContentResourceStores } from "../types/member-resources.ts";
import { SqliteApiKeyStore, SqliteManagedAccountStore, SqliteUsageStore } from "./content-account.ts";
import { SqliteCommentStore } from "./content-comments.ts";
import { SqliteFolderStore } from "./content-folders.ts";
import { SqliteHistoryStore } from "./content-history.ts";
import { SqliteLibraryQueries } from "./content-library.ts";
import { SqliteLibraryStore } from "./content-library-changes.ts";
import { MediaDisk } from "./content-media-disk.ts";
import { SqliteProjectStore } from "./content-projects.ts";
import { SqliteTaskStore } from "./content-tasks.ts";
import { SqliteTicketStore } from "./content-tickets.ts";

export function mediaFromRow(row: Record<string, unknown>): MediaRecord {
  return {
    objectId: row.object_id as number,
    uid: row.uid as string,
    fileName: row.file_name as string,
    contentType: row.content_type as string,
    size: row.size as number,
    sha256: row.sha256 as string,
    createdAt: row.created_at as number,
  };
}

/** Media in SQLite and on disk. */
export class SqliteMediaStore implements MediaStoreFamily {
  private readonly library: SqliteLibraryQueries;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly disk: MediaDisk,
  ) {
    this.library = new SqliteLibraryQueries(db);
  }

  async stage(source: Readable, fileName: string, contentType: string, maxBytes: number) {
    const staged = await this.disk.stage(source, maxBytes);
    return { ...staged, fileName, contentType };
  }

  async discard(files: StagedFile[]) {
    this.disk.discard(files.map((file) => file.stagingId));
  }

  async commit(scope: ContentScope, folderId: number, files: StagedFile[], now: number) {
    const placed: string[] = [];
    try {
      return this.db.transaction((): LibraryObject[] | "folderNotFound" => {
        const folder = this.library.container(scope, folderId);
        if (!folder) return "folderNotFound";
        const insertObject = this.db.prepare(
          `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at,
             folder_id, personal_user_id) VALUES (?, ?, 'Media', ?, ?, ?, ?, ?, ?, ?)`,
        );
        const insertFile = this.db.prepare(
          `INSERT INTO media_files (object_id, account_id, uid, file_name, content_type, size, sha256, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        );
        const ids: number[] = [];
        for (const file of files) {
          const properties = JSON.stringify({ ContentType: file.contentType, Size: file.size });
          const { lastInsertRowid } = insertObject.run(
            generateUid(),
            scope.accountId,
            file.fileName,
            scope.userId,
            properties,
            now,
            now,
            folder.id,
            folder.owner,
          );
          const objectId = Number(lastInsertRowid);
          const uid = generateUid();
          insertFile.run(
            objectId,
            scope.accountId,
            uid,
            file.fileName,
            file.contentType,
            file.size,
            file.sha256,
            now,
          );
          this.disk.place(file.stagingId, scope.accountId, uid);
          placed.push(uid);
          ids.push(objectId);
        }
        return ids.map((id) => this.library.visible(scope, id) as LibraryObject);
      })();
    } catch (error) {
      this.disk.remove(scope.accountId, placed);
      throw error;
    } finally {
      // Whatever was not placed is of no further use.
      this.disk.discard(files.map((file) => file.stagingId));
    }
  }

  async get(accountId: number, objectId: number) {
    const row = this.db
      .prepare("SELECT * FROM media_files WHERE account_id = ? AND object_id = ?")
      .get(accountId, objectId);
    return row ? mediaFromRow(row as Record<string, unknown>) : undefined;
  }

  async open(accountId: number, objectId: number) {
    const media = await this.get(accountId, objectId);
    if (!media || !existsSync(this.disk.path(accountId, media.uid))) return undefined;
    return this.disk.open(accountId, media.uid);
  }
}

/** Opens every member-side resource family on `db`; media contents live beside `databaseFile`. */
export function openContentResourceStores(db: SqliteDatabase, databaseFile: string): ContentResourceStores {
  const disk = MediaDisk.besideDatabase(databaseFile);
  return {
    folders: new SqliteFolderStore(db, disk),
    library: new SqliteLibraryStore(db, disk),
    history: new SqliteHistoryStore(db),
    comments: new SqliteCommentStore(db),
    tickets: new SqliteTicketStore(db),
    tasks: new SqliteTaskStore(db),
    media: new SqliteMediaStore(db, disk),
    apiKeys: new SqliteApiKeyStore(db),
    usage: new SqliteUsageStore(db),
    managedAccounts: new SqliteManagedAccountStore(db),
    projects: new SqliteProjectStore(db),
  };
}
