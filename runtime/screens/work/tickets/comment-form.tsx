/**
 * Adding a comment to a ticket: the text (required, §5) and attachments picked with the kit's
 * FileUpload; sent as JSON, or as multipart with file[] when files are attached (§7).
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/fields/text-field.tsx";
import type { FieldHandle } from "../../../components/fields/use-field-error.ts";
import { FileUpload } from "../../../components/file-upload/file-upload.tsx";
import { reportSuccess } from "../../../http/report-error.ts";
import { runChange } from "../../../http/use-api.ts";
import { validateFields } from "../common/validate-fields.ts";
import type { Comment } from "./comment-model.ts";
import {
  addTicketComment,
  attachmentProblem,
  COMMENT_ATTACHMENT_MAX_BYTES,
  COMMENT_MAX_ATTACHMENTS,
  COMMENT_TEXT_MAX_LENGTH,
} from "./ticket-model.ts";

/** The add-comment form of an open ticket. */
export function CommentForm({
  ticketRecId,
  onAdded,
}: {
  ticketRecId: number;
  onAdded: (comment: Comment) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new FileUpload after each sent comment clears its list of chosen files.
  const [round, setRound] = useState(0);
  const textField = useRef<FieldHandle>(null);

  return (
    <form
      className="work-form"
      noValidate
      aria-busy={busy}
      aria-label={t("Action_AddComment")}
      onSubmit={async (event) => {
        event.preventDefault();
        if (busy || !validateFields([textField])) return;
        const issue = attachmentProblem(files);
        if (issue) {
          setProblem(t(issue.key, issue.params));
          return;
        }
        setBusy(true);
        const comment = await runChange(() => addTicketComment(ticketRecId, { text, files }));
        setBusy(false);
        if (!comment) return;
        setText("");
        setFiles([]);
        setRound((n) => n + 1);
        reportSuccess("Success_CommentAdded");
        onAdded(comment);
      }}
    >
      <TextField
        ref={textField}
        uid={`ticket-${ticketRecId}-comment`}
        label={t("Tickets_Comment")}
        value={text}
        onChange={setText}
        required
        multiline
        rows={4}
        maxLength={COMMENT_TEXT_MAX_LENGTH}
      />
      <FileUpload
        key={round}
        uid={`ticket-${ticketRecId}-attachments`}
        label={t("Tickets_Attachments")}
        help={t("Tickets_AttachmentsHelp", {
          max: COMMENT_MAX_ATTACHMENTS,
          size: COMMENT_ATTACHMENT_MAX_BYTES / (1024 * 1024),
        })}
        rules={{ multiple: true, maxBytes: COMMENT_MAX_ATTACHMENTS * COMMENT_ATTACHMENT_MAX_BYTES }}
        onFiles={(chosen) => {
          setProblem(null);
          setFiles(chosen);
        }}
        error={problem}
      />
      <div className="work-actions">
        <button type="submit" className="kit-button kit-button--primary" disabled={busy}>
          {t("Action_AddComment")}
        </button>
      </div>
    </form>
  );
}
