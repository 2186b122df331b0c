/**
 * Store family of media files (Media objects of the MediaManager area, contents next to the database). Same
 * rules as ./identity.ts: async, atomic per method, every account-data method takes the caller's account id.
 */
import type { Readable } from "node:stream";
import type { ContentScope, LibraryObject } from "./library.ts";

/** A stored media file's metadata. */
export interface MediaRecord {
  objectId: number;
  uid: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: number;
}

/** An uploaded file written to staging, not yet part of the library. */
export interface StagedFile {
  stagingId: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** Media files: contents live outside the database and are streamed in and out. */
export interface MediaStoreFamily {
  /** Streams `source` into staging; rejects (and leaves nothing) when it fails or exceeds `maxBytes`. */
  stage(source: Readable, fileName: string, contentType: string, maxBytes: number): Promise<StagedFile>;
  /** Turns staged files into Media objects of one folder in one step; staging is consumed either way. */
  commit(
    scope: ContentScope,
    folderId: number,
    files: StagedFile[],
    now: number,
  ): Promise<LibraryObject[] | "folderNotFound">;
  /** Removes staged files that will not be committed. */
  discard(files: StagedFile[]): Promise<void>;
  get(accountId: number, objectId: number): Promise<MediaRecord | undefined>;
  /** The content as a stream. */
  open(accountId: number, objectId: number): Promise<Readable | undefined>;
}
