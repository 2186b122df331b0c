/**
 * §3 Comment (title, date, text, optional image url, attachments with FileName and file or
 * previewUrl, internal flag) as the ticket screens read it, and its rules as pure functions:
 * internal comments are never shown to members, and a comment image with a missing source throws
 * 'Can't get the image url' (§8) — the comment view catches it and shows its error state.
 */
import { apiUrl } from "../../../http/api-client.ts";

/** An attachment of a comment: a stored file (previewUrl, relative to the application base) or a local file. */
export interface CommentAttachment {
  FileName: string;
  ContentType?: string;
  Size?: number;
  PreviewUrl?: string | null;
  /** A file picked in this browser and not sent yet. */
  file?: Blob | null;
}

/** A comment as the upstream returns it. */
export interface Comment {
  RecId: number;
  Title: string;
  Date: string;
  /** HTML from the server: sanitised before it is rendered. */
  Text: string;
  ImageUrl: string | null;
  IsInternal: boolean;
  AuthorFullName: string | null;
  AuthorUserUID?: string | null;
  Attachments: CommentAttachment[];
}

/** The §8 text of the image error, and its translation key. */
export const IMAGE_URL_MISSING_MESSAGE = "Can't get the image url";
export const IMAGE_URL_MISSING_KEY = "Comment_ImageUrlMissing";

/** Thrown when a comment image or attachment has no usable source (§8). */
export class CommentImageError extends Error {
  constructor() {
    super(IMAGE_URL_MISSING_MESSAGE);
    this.name = "CommentImageError";
  }
}

/** §3: internal comments (staff notes) are never shown to members. */
export function visibleComments(comments: readonly Comment[], viewerIsStaff = false): Comment[] {
  return viewerIsStaff ? [...comments] : comments.filter((comment) => comment.IsInternal !== true);
}

/** Whether the comment carries an image at all (ImageUrl null or absent: no image). */
export function hasCommentImage(comment: Pick<Comment, "ImageUrl">): boolean {
  return comment.ImageUrl !== null && comment.ImageUrl !== undefined;
}

/**
 * The source of a comment's image: an https URL or a same-origin path. A blank source — or one
 * that is neither (javascript:, data:, protocol-relative…) — is missing: throws CommentImageError.
 */
export function commentImageSource(imageUrl: string | null | undefined): string {
  const source = typeof imageUrl === "string" ? imageUrl.trim() : "";
  if (source === "") throw new CommentImageError();
  if (/^https:\/\/[^\s/]/i.test(source)) return source;
  if (/^\/(?![/\\])\S*$/.test(source)) return source;
  throw new CommentImageError();
}

/**
 * Where an attachment opens: a local file as an object URL made by `objectUrl`, a stored one at
 * its previewUrl under the application base. Neither: throws CommentImageError.
 */
export function attachmentSource(
  attachment: CommentAttachment,
  objectUrl: (file: Blob) => string = (file) => URL.createObjectURL(file),
): string {
  if (attachment.file) return objectUrl(attachment.file);
  const preview = typeof attachment.PreviewUrl === "string" ? attachment.PreviewUrl.trim() : "";
  if (preview === "") throw new CommentImageError();
  return apiUrl("app", preview);
}

/** Image attachments are shown as pictures (§5 image extensions for the chat apply here too). */
export function isImageAttachment(
  attachment: CommentAttachment,
  imageExtensions: readonly string[],
): boolean {
  if (attachment.ContentType?.startsWith("image/")) return true;
  const dot = attachment.FileName.lastIndexOf(".");
  return dot > 0 && imageExtensions.includes(attachment.FileName.slice(dot + 1).toLowerCase());
}

/** Either the value or the §8 error it throws, for rendering both outcomes. */
export type Resolved = { ok: true; source: string } | { ok: false; errorKey: string };

/** Runs a source rule and catches the §8 error into the state the view shows. */
export function resolveSource(rule: () => string): Resolved {
  try {
    return { ok: true, source: rule() };
  } catch (error) {
    if (error instanceof CommentImageError) return { ok: false, errorKey: IMAGE_URL_MISSING_KEY };
    throw error;
  }
}
