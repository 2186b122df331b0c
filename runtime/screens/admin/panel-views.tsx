/**
 * The views of the detail panels, by kind (schemas/screens.ts): comments (§3 Comment, internal notes
 * marked, attachments downloadable through the gateway), chat transcripts (§3 chat messages, system
 * events as text), task logs (severity 1–3, §9) and e-mail bodies (HTML sanitised with DOMPurify,
 * DESIGN.md §6). Dates in the UI language.
 */
import DOMPurify from "dompurify";
import { type ComponentType, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "./cell-format.ts";
import {
  commentImage,
  commentsFrom,
  emailFrom,
  logLinesFrom,
  type Severity,
  transcriptFrom,
} from "./panel-model.ts";

/** The formatter of dates in the current UI language. */
function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => (iso: string) => formatDateTime(iso, locale), [locale]);
}

/** DOMPurify settings of e-mail bodies: no styles (the CSP allows no inline style), no forms. */
const EMAIL_SANITIZE = {
  FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"],
  FORBID_ATTR: ["style"],
};

/** Transcript message types shown as a system line, by their text key. */
const SYSTEM_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  SessionArchived: "AdminTranscript_SessionArchived",
  StaffBusy: "Chat_StaffBusy",
  Open: "AdminTranscript_Open",
  Close: "AdminTranscript_Close",
  InternalUserStartTalking: "AdminTranscript_NowTalking",
  PleaseWait: "AdminTranscript_PleaseWait",
  PrivacyDisclaimer: "AdminTranscript_PrivacyDisclaimer",
  MessageDeleted: "AdminTranscript_MessageDeleted",
};

function CommentsView({ data }: { data: unknown }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const comments = commentsFrom(data);
  if (comments.length === 0) return <p className="admin-muted">{t("AdminPanel_Empty")}</p>;
  return (
    <ol className="admin-comments">
      {comments.map((comment) => {
        const image = commentImage(comment.imageUrl);
        return (
          <li
            key={comment.id}
            className={comment.internal ? "admin-comment admin-comment--internal" : "admin-comment"}
          >
            <p className="admin-comment__meta">
              <span className="admin-comment__author">{comment.author}</span>
              {comment.date ? <time dateTime={comment.date}>{when(comment.date)}</time> : null}
              {comment.internal ? (
                <span className="admin-badge admin-badge--warning">{t("AdminComment_Internal")}</span>
              ) : null}
            </p>
            {comment.title ? <p className="admin-comment__title">{comment.title}</p> : null}
            <p className="admin-comment__text">{comment.text}</p>
            {image?.kind === "image" ? <img className="admin-comment__image" src={image.url} alt="" /> : null}
            {image?.kind === "link" ? (
              <a href={image.url} target="_blank" rel="noopener noreferrer">
                {t("AdminComment_OpenImage")}
              </a>
            ) : null}
            {comment.attachments.length > 0 ? (
              <ul className="admin-comment__files" aria-label={t("AdminComment_Attachments")}>
                {comment.attachments.map((file) => (
                  <li key={file.name}>
                    {file.href ? (
                      <a href={file.href} download={file.name}>
                        {file.name}
                      </a>
                    ) : (
                      file.name
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

function TranscriptView({ data }: { data: unknown }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const messages = transcriptFrom(data);
  if (messages.length === 0) return <p className="admin-muted">{t("AdminPanel_Empty")}</p>;
  return (
    <ol className="admin-transcript">
      {messages.map((message) => {
        const systemKey =
          message.type === "Message" || message.type === "File" ? null : SYSTEM_MESSAGE_KEYS[message.type];
        const text =
          message.type === "File"
            ? t("AdminTranscript_File", { fileName: message.fileName ?? "" })
            : message.text || (systemKey ? t(systemKey, { name: message.author }) : "");
        return (
          <li
            key={message.id}
            className={
              systemKey
                ? "admin-transcript__system"
                : message.internal
                  ? "admin-transcript__staff"
                  : "admin-transcript__user"
            }
          >
            {systemKey ? null : <span className="admin-transcript__author">{message.author}</span>}
            {message.date ? <time dateTime={message.date}>{when(message.date)}</time> : null}
            <span className="admin-transcript__text">
              {text}
              {message.type === "MessageEdited" ? ` ${t("AdminTranscript_Edited")}` : ""}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Badge tones of the §9 log severities. */
const SEVERITY_TONES: Readonly<Record<Severity, string>> = {
  info: "info",
  warning: "warning",
  error: "danger",
};

function TaskLogView({ data }: { data: unknown }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const lines = logLinesFrom(data);
  if (lines.length === 0) return <p className="admin-muted">{t("AdminPanel_Empty")}</p>;
  return (
    <ol className="admin-log">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: log lines have no id and never reorder
        <li key={index} className={`admin-log__line admin-log__line--${line.severity}`}>
          {line.date ? <time dateTime={line.date}>{when(line.date)}</time> : null}
          <span className={`admin-badge admin-badge--${SEVERITY_TONES[line.severity]}`}>
            {t(`AdminLog_${line.severity}`)}
          </span>
          <span className="admin-log__message">{line.message}</span>
        </li>
      ))}
    </ol>
  );
}

function EmailBodyView({ data }: { data: unknown }) {
  const { t } = useTranslation();
  const email = emailFrom(data);
  return (
    <div className="admin-email">
      {email.subject ? (
        <p className="admin-email__subject">{t("AdminEmail_Subject", { subject: email.subject })}</p>
      ) : null}
      {email.html ? (
        <div
          className="admin-email__html"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify (no scripts, handlers, styles, forms)
          dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(email.html, EMAIL_SANITIZE) }}
        />
      ) : (
        <pre className="admin-email__text">{email.text}</pre>
      )}
    </div>
  );
}

/** The renderers by panel kind. */
export const PANEL_VIEWS: Readonly<Record<string, ComponentType<{ data: unknown }>>> = {
  comments: CommentsView,
  chatTranscript: TranscriptView,
  taskLog: TaskLogView,
  emailBody: EmailBodyView,
};
