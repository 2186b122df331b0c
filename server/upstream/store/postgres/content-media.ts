/**
 * Media files in PostgreSQL (../sqlite/content-media.ts): each upload becomes a Media object of a
 * MediaManager folder with its file's metadata; the content streams to and from a media folder on
 * disk (../sqlite/content-media-disk.ts, the same layout as beside a SQLite database). All files of
 * one upload are committed together or not at all. `openPostgresContentStores` builds every
 * member-side family at once, because the folder, library and media stores share that folder.
 */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { generateUid } from "../../identity/secrets.ts";
import { mediaFromRow } from "../sqlite/content-media.ts";
import { MediaDisk } from "../sqlite/content-media-disk.ts";
import type { ContentScope, LibraryObject } from "../types/library.ts";
import type { MediaStoreFamily, StagedFile } from "../types/media.ts";
import type { ContentResourceStores } from "../types/member-resources.ts";
import { PostgresApiKeyStore, PostgresManagedAccountStore, PostgresUsageStore } from "./content-account.ts";
import { PostgresCommentStore } from "./content-comments.ts";
import { PostgresFolderStore } from "./content-folders.ts";
import { PostgresHistoryStore } from "./content-history.ts";
import { PostgresLibraryQueries } from "./content-library.ts";
import { PostgresLibraryStore } from "./content-library-changes.ts";
import { PostgresProjectStore } from "./content-projects.ts";
import { PostgresTaskStore } from "./content-tasks.ts";
import { PostgresTicketStore } from "./content-tickets.ts";
import { row, run, type UpstreamDatabase } from "./database.ts";

/** Media in PostgreSQL and on disk. */
export class PostgresMediaStore implements MediaStoreFamily {
  private readonly library: PostgresLibraryQueries;

  constructor(
    private readonly db: UpstreamDatabase,
    private readonly disk: MediaDisk,
  ) {
    this.library = new PostgresLibraryQueries(db);
  }

  async stage(source: Readable, fileName: string, contentType: string, maxBytes: number) {
    const staged = await this.disk.stage(source, maxBytes);
    return { ...staged, fileName, contentType };
  }

  async discard(files: StagedFile[]) {
    this.disk.discard(files.map((file) => file.stagingId));
  }

  async commit(scope: ContentScope, folderId: number, files: StagedFile[], now: number) {
    // The files go to their places before the transaction (a transaction may run more than once and
    // must do nothing but statements); until it commits no row names them, and when it does not
    // commit they are removed — so the store and the disk never disagree about a committed file.
    const uids = files.map(() => generateUid());
    const placed: string[] = [];
    let committed = false;
    try {
      for (const [index, file] of files.entries()) {
        this.disk.place(file.stagingId, scope.accountId, uids[index] as string);
        placed.push(uids[index] as string);
      }
      const outcome = await this.db.transaction(async (tx): Promise<LibraryObject[] | "folderNotFound"> => {
        const folder = await this.library.container(tx, scope, folderId);
        if (!folder) return "folderNotFound";
        const ids: number[] = [];
        for (const [index, file] of files.entries()) {
          const properties = JSON.stringify({ ContentType: file.contentType, Size: file.size });
          const inserted = (await row<{ id: number }>(
            tx,
            `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at,
               folder_id, personal_user_id) VALUES ($1, $2, 'Media', $3, $4, $5, $6, $6, $7, $8) RETURNING id`,
            [
              generateUid(),
              scope.accountId,
              file.fileName,
              scope.userId,
              properties,
              now,
              folder.id,
              folder.owner,
            ],
          )) as { id: number };
          await run(
            tx,
            `INSERT INTO media_files (object_id, account_id, uid, file_name, content_type, size, sha256, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [
              inserted.id,
              scope.accountId,
              uids[index] as string,
              file.fileName,
              file.contentType,
              file.size,
              file.sha256,
              now,
            ],
          );
          ids.push(inserted.id);
        }
        const objects: LibraryObject[] = [];
        for (const id of ids) objects.push((await this.library.visible(tx, scope, id)) as LibraryObject);
        return objects;
      });
      committed = outcome !== "folderNotFound";
      return outcome;
    } finally {
      if (!committed) this.disk.remove(scope.accountId, placed);
      // Whatever was not placed is of no further use.
      this.disk.discard(files.map((file) => file.stagingId));
    }
  }

  async get(accountId: number, objectId: number) {
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      "SELECT * FROM media_files WHERE account_id = $1 AND object_id = $2",
      [accountId, objectId],
    );
    return found ? mediaFromRow(found) : undefined;
  }

  async open(accountId: number, objectId: number) {
    const media = await this.get(accountId, objectId);
    if (!media || !existsSync(this.disk.path(accountId, media.uid))) return undefined;
    return this.disk.open(accountId, media.uid);
  }
}

/** Options of openPostgresContentStores. */
export interface PostgresContentOptions {
  /**
   * The media folder (created when missing); every instance on one database must be given the same
   * one. Without it, a new temporary folder — as SQLite's `":memory:"` store has — for tools and tests.
   */
  mediaDirectory?: string;
}

/** Opens every member-side resource family on `db`; media contents live in the media folder. */
export function openPostgresContentStores(
  db: UpstreamDatabase,
  options: PostgresContentOptions = {},
): ContentResourceStores {
  const disk = new MediaDisk(options.mediaDirectory ?? mkdtempSync(join(tmpdir(), "tessera-media-")));
  return {
    folders: new PostgresFolderStore(db, disk),
    library: new PostgresLibraryStore(db, disk),
    history: new PostgresHistoryStore(db),
    comments: new PostgresCommentStore(db),
    tickets: new PostgresTicketStore(db),
    tasks: new PostgresTaskStore(db),
    media: new PostgresMediaStore(db, disk),
    apiKeys: new PostgresApiKeyStore(db),
    usage: new PostgresUsageStore(db),
    managedAccounts: new PostgresManagedAccountStore(db),
    projects: new PostgresProjectStore(db),
  };
}
