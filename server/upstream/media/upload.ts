/**
 * Reads a media upload: multipart/form-data with the files as the repeated field file[] (§7
 * uploads). Each file streams into the media store's staging area as it arrives — never whole into
 * memory — with its size limit enforced while streaming. A file name is a single path segment:
 * traversal attempts, separators and control characters are refused (400 InvalidFileName), not
 * rewritten. On any failure every file staged so far is discarded.
 */
import type { FastifyRequest } from "fastify";
import { assertValidFileName } from "../files/file-names.ts";
import { badRequest, UpstreamError } from "../http/errors.ts";
import { MediaTooLargeError } from "../store/sqlite/content-media-disk.ts";
import type { MediaStoreFamily, StagedFile } from "../store/types/media.ts";

/** Largest media file. */
export const MAX_MEDIA_FILE_BYTES = 25 * 1024 * 1024;
/** Most files in one upload. */
export const MAX_MEDIA_FILES = 10;

/** A plain media type (no parameters); anything else is stored as application/octet-stream. */
const MEDIA_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,63}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,63}$/;

function tooLarge(): UpstreamError {
  return new UpstreamError(
    413,
    "MediaFileTooLarge",
    `Media files are limited to ${MAX_MEDIA_FILE_BYTES} bytes.`,
  );
}

/** Stages every file of the upload; throws 415, 400 or 413 (with nothing left behind) on bad input. */
export async function stageUpload(request: FastifyRequest, media: MediaStoreFamily): Promise<StagedFile[]> {
  if (!request.isMultipart()) {
    throw new UpstreamError(415, "UnsupportedMediaType", "Send the files as multipart/form-data.");
  }
  const staged: StagedFile[] = [];
  try {
    const parts = request.parts({
      preservePath: true,
      limits: { fileSize: MAX_MEDIA_FILE_BYTES, files: MAX_MEDIA_FILES, fields: 0, parts: MAX_MEDIA_FILES },
    });
    for await (const part of parts) {
      if (part.type === "field") throw badRequest("InvalidRequest", "Send only files, in the field file[].");
      if (part.fieldname !== "file[]")
        throw badRequest("InvalidRequest", "Send the files in the field file[].");
      const name = assertValidFileName(part.filename);
      const contentType = MEDIA_TYPE.test(part.mimetype)
        ? part.mimetype.toLowerCase()
        : "application/octet-stream";
      const file = await media.stage(part.file, name, contentType, MAX_MEDIA_FILE_BYTES);
      staged.push(file);
      if (part.file.truncated) throw tooLarge();
    }
  } catch (error) {
    await media.discard(staged);
    const code = (error as { code?: string }).code;
    if (error instanceof MediaTooLargeError || code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT") {
      throw badRequest("TooManyFiles", `An upload has at most ${MAX_MEDIA_FILES} files.`);
    }
    if (code === "FST_FIELDS_LIMIT")
      throw badRequest("InvalidRequest", "Send only files, in the field file[].");
    throw error;
  }
  if (staged.length === 0) throw badRequest("FileMissing", "No file was sent.");
  return staged;
}
