/**
 * Reads an upload of exactly one file: multipart/form-data with the file in the field `file[]`
 * (§7: files go as a repeated field file[]; `file` is accepted too) and a few named text fields.
 * The size limit is enforced while streaming; the name is kept as sent (preservePath) so that a
 * path traversal attempt can be refused instead of silently cut.
 */
import type { FastifyRequest } from "fastify";
import type { ErrorCodeName } from "../http/error-codes.ts";
import { badRequest, UpstreamError } from "../http/errors.ts";

/** The uploaded file and the accepted text fields. */
export interface SingleUpload {
  fileName: string;
  contentType: string;
  data: Buffer;
  fields: Record<string, string>;
}

/** Limits of one upload route. */
export interface SingleUploadOptions {
  maxBytes: number;
  /** Text fields the route reads; others are ignored. */
  fieldNames: readonly string[];
  /** The 413 answer when the file is larger than maxBytes. */
  tooLarge: { code: ErrorCodeName; message: string };
}

/** Reads the upload, or throws 415 (not multipart), 400 (no file, wrong field) or 413 (too large). */
export async function readSingleUpload(
  request: FastifyRequest,
  options: SingleUploadOptions,
): Promise<SingleUpload> {
  if (!request.isMultipart()) {
    throw new UpstreamError(415, "UnsupportedMediaType", "Send the file as multipart/form-data.");
  }
  const fields: Record<string, string> = {};
  let file: Omit<SingleUpload, "fields"> | undefined;
  try {
    const parts = request.parts({
      preservePath: true,
      limits: {
        fileSize: options.maxBytes,
        files: 1,
        fields: options.fieldNames.length + 2,
        fieldSize: 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        if (options.fieldNames.includes(part.fieldname)) fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== "file[]" && part.fieldname !== "file") {
        throw badRequest("FileMissing", "Send the file in the field file[].");
      }
      const data = await part.toBuffer();
      file = { fileName: part.filename, contentType: part.mimetype || "application/octet-stream", data };
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new UpstreamError(413, options.tooLarge.code, options.tooLarge.message);
    }
    throw error;
  }
  if (!file) throw badRequest("FileMissing", "No file was sent.");
  return { ...file, fields };
}
