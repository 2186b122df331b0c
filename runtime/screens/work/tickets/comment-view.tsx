/**
 * One comment of a thread (§3 Comment): author, title, date, the server's HTML text sanitised,
 * the image and the attachments. A missing image or attachment source throws the §8 error in the
 * pure rules; it is caught here and shown as the comment's error state.
 */
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CHAT_IMAGE_EXTENSIONS } from "../../../state/constants.ts";
import { formatDateTime, formatSize } from "../common/format.ts";
import {
  attachmentSource,
  type Comment,
  type CommentAttachment,
  commentImageSource,
  hasCommentImage,
  isImageAttachment,
  resolveSource,
} from "./comment-model.ts";
import { sanitizeHtml } from "./sanitize-html.ts";
import "./tickets.css";

/** One comment as an article named by its heading. */
export function CommentView({ comment }: { comment: Comment }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const html = useMemo(() => sanitizeHtml(comment.Text), [comment.Text]);
  const image = hasCommentImage(comment) ? resolveSource(() => commentImageSource(comment.ImageUrl)) : null;
  return (
    <article className="ticket-comment" aria-labelledby={headingId}>
      <header className="ticket-comment__header">
        <h3 id={headingId} className="ticket-comment__author">
          {comment.Title ? `${comment.Title} · ` : ""}
          {comment.AuthorFullName ?? t("Tickets_UnknownAuthor")}
        </h3>
        <time dateTime={comment.Date} className="work-muted">
          {formatDateTime(comment.Date, i18n.language)}
        </time>
      </header>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above (DESIGN.md §6) */}
      <div className="ticket-comment__text" dangerouslySetInnerHTML={{ __html: html }} />
      {image ? (
        image.ok ? (
          <img className="ticket-comment__image" src={image.source} alt={t("Tickets_CommentImage")} />
        ) : (
          <p className="work-error-text" role="alert">
            {t(image.errorKey)}
          </p>
        )
      ) : null}
      {comment.Attachments.length > 0 ? (
        <ul className="ticket-comment__attachments" aria-label={t("Tickets_Attachments")}>
          {comment.Attachments.map((attachment) => (
            <AttachmentItem
              key={`${attachment.FileName}|${attachment.PreviewUrl ?? ""}`}
              attachment={attachment}
            />
          ))}
        </ul>
      ) : null}
    </article>
  );
}

function AttachmentItem({ attachment }: { attachment: CommentAttachment }) {
  const { t, i18n } = useTranslation();
  const source = resolveSource(() => attachmentSource(attachment));
  if (!source.ok) {
    return (
      <li>
        {attachment.FileName}{" "}
        <span className="work-error-text" role="alert">
          {t(source.errorKey)}
        </span>
      </li>
    );
  }
  const image = isImageAttachment(attachment, CHAT_IMAGE_EXTENSIONS);
  return (
    <li className="ticket-attachment">
      {image ? <img className="ticket-attachment__preview" src={source.source} alt="" /> : null}
      <a className="work-link" href={source.source} download={attachment.FileName} rel="noopener">
        {attachment.FileName}
      </a>
      {typeof attachment.Size === "number" ? (
        <span className="work-muted"> ({formatSize(attachment.Size, i18n.language)})</span>
      ) : null}
    </li>
  );
}
