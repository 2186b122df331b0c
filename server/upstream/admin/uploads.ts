/**
 * File uploads of the admin screens (screens.ts `upload` actions): multipart/form-data with the
 * files in the repeated field `file[]` (§7), the screen's extensions (compared case-insensitively on
 * the last part of the name, §5 WrongFileType) and its size limit over all files together (§5
 * MaxSizeExceeded). Names must be single path segments (no traversal).
 */
import { extname } from "node:path";
import type { FastifyRequest } from "fastify";
import { assertValidFileName } from "../files/file-names.ts";
import { badRequest, UpstreamError } from "../http/errors.ts";

/** One uploaded file. */
export interface UploadedFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** Limits of an upload route. */
export interface UploadRules {
  /** Allowed extensions, lower case without the dot. */
  accept: readonly string[];
  /** Limit over all files together. */
  maxBytes: number;
  maxFiles: number;
}

/** The extension a name ends with, lower case ("csv.gz" counts as "gz"). */
export const extensionOf = (name: string) => extname(name).slice(1).toLowerCase();

/** Reads every file of the request, or throws 415, 400 (no file, wrong type or name) or 413. */
export async function readUploads(request: FastifyRequest, rules: UploadRules): Promise<UploadedFile[]> {
  if (!request.isMultipart()) {
    throw new UpstreamError(415, "UnsupportedMediaType", "Send the files as multipart/form-data.");
  }
  const files: UploadedFile[] = [];
  let total = 0;
  const tooLarge = () =>
    new UpstreamError(
      413,
      "BodyTooLarge",
      `The files are larger than ${Math.floor(rules.maxBytes / 1048576)} MB.`,
    );
  try {
    const parts = request.parts({
      preservePath: true,
      limits: { fileSize: rules.maxBytes, files: rules.maxFiles, fields: 2, fieldSize: 1024 },
    });
    for await (const part of parts) {
      if (part.type === "field") continue;
      if (part.fieldname !== "file[]" && part.fieldname !== "file") {
        throw badRequest("FileMissing", "Send the files in the field file[].");
      }
      const fileName = assertValidFileName(part.filename);
      if (!rules.accept.includes(extensionOf(fileName))) {
        part.file.resume();
        throw badRequest("UnsupportedFileType", `Upload only ${rules.accept.join(", ")} files.`);
      }
      const data = await part.toBuffer();
      total += data.length;
      if (total > rules.maxBytes) throw tooLarge();
      files.push({ fileName, contentType: part.mimetype || "application/octet-stream", data });
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if ((error as { code?: string }).code === "FST_FILES_LIMIT") {
      throw badRequest("FileMissing", `Send at most ${rules.maxFiles} file(s).`);
    }
    throw error;
  }
  if (files.length === 0) throw badRequest("FileMissing", "No file was sent.");
  return files;
}
