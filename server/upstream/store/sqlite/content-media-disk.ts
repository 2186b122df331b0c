/**
 * Where media contents live: files in a media folder (`<folder>/<account id>/<uid>`; beside a SQLite
 * database, `<db name>-media/`), so uploads and downloads stream instead of passing through memory.
 * Uploads land in `staging/` first and are moved into place by a rename inside the transaction that
 * records them; a failed transaction removes what it placed, so the store and the disk never
 * disagree about a committed file.
 */
import { createHash, randomUUID } from "node:crypto";
import {
  copyFileSync,
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, extname, join } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/** Thrown by `stage` when the content exceeds the limit. */
export class MediaTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file exceeds ${maxBytes} bytes`);
  }
}

const STAGING_ID = /^[0-9a-f-]{36}$/;
const STORED_UID = /^[0-9a-fA-F-]{36}$/;

/** The media folder of one store. */
export class MediaDisk {
  readonly root: string;

  /** The media folder `root` (created with its staging folder when missing). */
  constructor(root: string) {
    this.root = root;
    mkdirSync(join(this.root, "staging"), { recursive: true });
  }

  /** The media folder beside a database file (a temporary one for `":memory:"`). */
  static besideDatabase(databaseFile: string): MediaDisk {
    return new MediaDisk(
      databaseFile === ":memory:"
        ? mkdtempSync(join(tmpdir(), "tessera-media-"))
        : join(dirname(databaseFile), `${basename(databaseFile, extname(databaseFile))}-media`),
    );
  }

  /** The path of a stored file; ids are checked so no path can leave the media folder. */
  path(accountId: number, uid: string): string {
    if (!Number.isSafeInteger(accountId) || !STORED_UID.test(uid)) throw new Error("invalid media address");
    return join(this.root, String(accountId), uid);
  }

  private stagingPath(stagingId: string): string {
    if (!STAGING_ID.test(stagingId)) throw new Error("invalid staging id");
    return join(this.root, "staging", stagingId);
  }

  /** Streams into a new staging file, hashing and counting; removes it again on any failure. */
  async stage(
    source: Readable,
    maxBytes: number,
  ): Promise<{ stagingId: string; size: number; sha256: string }> {
    const stagingId = randomUUID();
    const target = this.stagingPath(stagingId);
    const hash = createHash("sha256");
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new MediaTooLargeError(maxBytes));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(target, { flags: "wx" }));
    } catch (error) {
      rmSync(target, { force: true });
      throw error;
    }
    return { stagingId, size, sha256: hash.digest("hex") };
  }

  /** Moves a staged file to its stored place (synchronous: called inside a transaction). */
  place(stagingId: string, accountId: number, uid: string): void {
    const target = this.path(accountId, uid);
    mkdirSync(dirname(target), { recursive: true });
    renameSync(this.stagingPath(stagingId), target);
  }

  /** Copies a stored file (synchronous: called inside a transaction). */
  copy(accountId: number, fromUid: string, toUid: string): void {
    const target = this.path(accountId, toUid);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(this.path(accountId, fromUid), target);
  }

  /** Removes stored files; a missing one is not an error. */
  remove(accountId: number, uids: readonly string[]): void {
    for (const uid of uids) rmSync(this.path(accountId, uid), { force: true });
  }

  /** Removes staged files that will not be placed. */
  discard(stagingIds: readonly string[]): void {
    for (const id of stagingIds) rmSync(this.stagingPath(id), { force: true });
  }

  /** A read stream of a stored file. */
  open(accountId: number, uid: string): Readable {
    return createReadStream(this.path(accountId, uid));
  }
}
