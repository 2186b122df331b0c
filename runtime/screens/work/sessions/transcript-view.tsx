/**
 * One past support chat: its messages (text sanitised, §5 chat; files downloadable through §7
 * supportchat/file), the rating given, or the rating form while the session can still be rated
 * (`POST SupportSessions/SaveRating`, §3 Rating).
 */
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/fields/text-field.tsx";
import { apiRequest, apiUrl } from "../../../http/api-client.ts";
import { reportSuccess } from "../../../http/report-error.ts";
import { runChange, useApi } from "../../../http/use-api.ts";
import { formatDateTime } from "../common/format.ts";
import { LoadState } from "../common/list-parts.tsx";
import { sanitizeHtml } from "../tickets/sanitize-html.ts";
import {
  chatFilePath,
  isValidRating,
  messageView,
  RATINGS,
  shownMessages,
  type Transcript,
  type TranscriptMessage,
} from "./session-model.ts";
import "./sessions.css";

/** The transcript of session `recId`; `onRated` tells the list to refresh. */
export function TranscriptView({ recId, onRated }: { recId: number; onRated: () => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const transcript = useApi<Transcript>(`SupportSessions/${recId}/Transcript`);
  const data = transcript.data?.RecId === recId ? transcript.data : null;
  return (
    <LoadState
      loading={transcript.loading}
      error={transcript.error}
      hasData={data !== null}
      onRetry={transcript.reload}
    >
      {data ? (
        <section className="work-panel session-transcript" aria-labelledby={headingId}>
          <h2 id={headingId} className="work-section-title">
            {t("Sessions_TranscriptOf", { date: formatDateTime(data.StartedAt, i18n.language) })}
          </h2>
          <ol className="session-messages" aria-label={t("Sessions_Messages")}>
            {shownMessages(data.Messages).map((message) => (
              <MessageItem key={message.UID} message={message} />
            ))}
          </ol>
          {data.Rating !== null ? (
            <p>
              {t("Sessions_RatedAs", { rating: data.Rating, max: RATINGS.length })}
              {data.Feedback ? ` — ${data.Feedback}` : ""}
            </p>
          ) : data.CanRate ? (
            <RatingForm
              recId={recId}
              onSaved={() => {
                transcript.reload();
                onRated();
              }}
            />
          ) : null}
        </section>
      ) : null}
    </LoadState>
  );
}

function MessageItem({ message }: { message: TranscriptMessage }) {
  const { t, i18n } = useTranslation();
  const view = messageView(message);
  const html = useMemo(() => sanitizeHtml(message.Text ?? ""), [message.Text]);
  if (view.kind === "system") {
    return (
      <li className="session-message session-message--system">
        {t(view.textKey, { name: message.UserName ?? "" })}
      </li>
    );
  }
  const who = message.UserName ?? (view.fromStaff ? t("Sessions_Staff") : t("Sessions_You"));
  return (
    <li className={view.fromStaff ? "session-message session-message--staff" : "session-message"}>
      <p className="session-message__meta">
        <span className="session-message__author">{who}</span>{" "}
        {message.Date ? (
          <time dateTime={message.Date}>{formatDateTime(message.Date, i18n.language)}</time>
        ) : null}
        {view.kind === "said" && view.edited ? ` · ${t("Sessions_Edited")}` : ""}
      </p>
      {view.kind === "file" && message.FileID ? (
        <a
          className="work-link"
          href={apiUrl("app", chatFilePath(message.FileID))}
          download={message.FileName ?? ""}
        >
          {message.FileName ?? t("Sessions_File")}
        </a>
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify (§5 chat HTML)
        <div className="session-message__text" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </li>
  );
}

function RatingForm({ recId, onSaved }: { recId: number; onSaved: () => void }) {
  const { t } = useTranslation();
  const legendId = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [feedback, setFeedback] = useState("");
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="work-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!isValidRating(rating)) {
          setMissing(true);
          return;
        }
        setBusy(true);
        const body = {
          Rating: rating,
          SupportSessionRecId: recId,
          ...(feedback.trim() ? { Feedback: feedback.trim() } : {}),
        };
        const saved = await runChange(() =>
          apiRequest("SupportSessions/SaveRating", { method: "POST", body }),
        );
        setBusy(false);
        if (saved === null) return;
        reportSuccess("Sessions_RatingSaved");
        onSaved();
      }}
    >
      <fieldset className="session-rating" aria-describedby={missing ? `${legendId}-error` : undefined}>
        <legend id={legendId}>{t("Sessions_RateLegend")}</legend>
        {RATINGS.map((value) => (
          <label key={value} className="session-rating__option">
            <input
              type="radio"
              name={`rating-${recId}`}
              value={value}
              checked={rating === value}
              onChange={() => {
                setRating(value);
                setMissing(false);
              }}
            />
            {t(`Sessions_Rating${value}`)}
          </label>
        ))}
        <p id={`${legendId}-error`} className="work-error-text" aria-live="polite">
          {missing ? t("Sessions_RatingRequired") : null}
        </p>
      </fieldset>
      <TextField
        uid={`rating-${recId}-feedback`}
        label={t("Sessions_Feedback")}
        value={feedback}
        onChange={setFeedback}
        multiline
        rows={3}
        maxLength={2000}
      />
      <div className="work-actions">
        <button type="submit" className="kit-button kit-button--primary" disabled={busy}>
          {t("Sessions_SubmitRating")}
        </button>
      </div>
    </form>
  );
}
