/**
 * Comments as sent and as returned (§3 Comment: title, date, text, optional image url, attachments
 * with FileName and file or previewUrl, internal flag). A comment arrives as JSON, or — with files —
 * as multipart/form-data with the fields Title, Text, ImageUrl and the files as the repeated field
 * file[] (§7 uploads). Both are validated by the same strict schema; file names that try to leave
 * their folder are refused (400 InvalidFileName), oversized files get 413 AttachmentTooLarge.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { multiLineText, singleLineText } from "../../../schemas/text-rules.ts";
import { assertValidFileName } from "../files/file-names.ts";
import { sendStoredFile } from "../files/send-stored-file.ts";
import { badRequest, UpstreamError } from "../http/errors.ts";
import { formatValidationErrors } from "../http/validation.ts";
import type { AttachmentMeta, CommentRecord, NewComment } from "../store/types/comments.ts";

/** Largest comment attachment. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** Most attachments on one comment. */
export const MAX_ATTACHMENTS = 5;
/** Longest comment text. */
export const MAX_COMMENT_LENGTH = 4000;

const commentSchema = {
  type: "object",
  properties: {
    Title: { ...singleLineText, maxLength: 200, description: "Optional title." },
    Text: { ...multiLineText, minLength: 1, maxLength: MAX_COMMENT_LENGTH, description: "The comment." },
    ImageUrl: {
      type: "string",
      maxLength: 2000,
      pattern: "^(https://[^\\s]+|/[^/\\s][^\\s]*)$",
      description: "Optional image: an https URL or a same-origin path.",
    },
  },
  required: ["Text"],
  additionalProperties: false,
} as const;

/** The comment fields and attachments of a request, validated. */
export async function readCommentInput(
  request: FastifyRequest,
  authorUserId: number,
): Promise<Omit<NewComment, "isInternal">> {
  let fields: unknown = request.body ?? {};
  const attachments: NewComment["attachments"] = [];
  if (request.isMultipart()) {
    const values: Record<string, string> = {};
    try {
      const parts = request.parts({
        preservePath: true,
        limits: { fileSize: MAX_ATTACHMENT_BYTES, files: MAX_ATTACHMENTS, fields: 3, fieldSize: 8 * 1024 },
      });
      for await (const part of parts) {
        if (part.type === "field") {
          values[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== "file[]")
          throw badRequest("InvalidRequest", "Send files in the field file[].");
        const fileName = assertValidFileName(part.filename);
        const data = await part.toBuffer();
        attachments.push({ fileName, contentType: part.mimetype || "application/octet-stream", data });
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "FST_REQ_FILE_TOO_LARGE") {
        throw new UpstreamError(
          413,
          "AttachmentTooLarge",
          `Attachments are limited to ${MAX_ATTACHMENT_BYTES} bytes.`,
        );
      }
      if (code === "FST_FILES_LIMIT") {
        throw badRequest("TooManyFiles", `A comment has at most ${MAX_ATTACHMENTS} attachments.`);
      }
      if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") {
        throw badRequest("InvalidRequest", "Send only the fields Title, Text and ImageUrl.");
      }
      throw error;
    }
    fields = values;
  }
  const validate = request.compileValidationSchema(commentSchema, "body");
  if (!validate(fields))
    throw badRequest("InvalidRequest", formatValidationErrors(validate.errors ?? [], "body").message);
  const { Title, Text, ImageUrl } = fields as { Title?: string; Text: string; ImageUrl?: string };
  const text = Text.trim();
  if (text === "") throw badRequest("InvalidRequest", "The comment cannot be blank.");
  return { authorUserId, title: (Title ?? "").trim(), text, imageUrl: ImageUrl ?? null, attachments };
}

/** A comment as the API returns it; `previewUrl` makes each attachment's download path. */
export function commentBody(comment: CommentRecord, previewUrl: (attachment: AttachmentMeta) => string) {
  return {
    RecId: comment.recId,
    Title: comment.title,
    Date: new Date(comment.createdAt).toISOString(),
    Text: comment.text,
    ImageUrl: comment.imageUrl,
    IsInternal: comment.isInternal,
    AuthorFullName: comment.authorFullName,
    AuthorUserUID: comment.authorUid,
    Attachments: comment.attachments.map((attachment) => ({
      FileName: attachment.fileName,
      ContentType: attachment.contentType,
      Size: attachment.size,
      PreviewUrl: previewUrl(attachment),
    })),
  };
}

/**
 * Sends an attachment; it never runs as a page of the product: typed by its bytes, never by the
 * uploader's claim, sandboxed, nosniff (send-stored-file.ts).
 */
export function sendAttachment(reply: FastifyReply, attachment: { meta: AttachmentMeta; data: Buffer }) {
  reply.header("Cache-Control", "private, no-store");
  return sendStoredFile(reply, attachment.data, attachment.meta.fileName);
}
