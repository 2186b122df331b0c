/**
 * One support ticket (/supporttickets?id=): its fields and description, the comment thread
 * (internal comments are never shown to members, §3), adding a comment with attachments while the
 * ticket is open, and closing it (SupportTickets rw).
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { reportSuccess } from "../../../http/report-error.ts";
import { runChange, useApi } from "../../../http/use-api.ts";
import { ConfirmDialog } from "../common/confirm-dialog.tsx";
import { formatDateTime } from "../common/format.ts";
import { LoadState, StatusBadge } from "../common/list-parts.tsx";
import { useCanWrite } from "../common/use-access.ts";
import { CommentForm } from "./comment-form.tsx";
import { visibleComments } from "./comment-model.ts";
import { CommentView } from "./comment-view.tsx";
import { categoryKey, closeTicket, priorityKey, type TicketDetail, ticketTone } from "./ticket-model.ts";
import "./tickets.css";

/** The detail of ticket `recId`; `onChanged` tells the list to refresh. */
export function TicketDetailView({ recId, onChanged }: { recId: number; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const ticket = useApi<TicketDetail>(`SupportTickets/${recId}`);
  const canWrite = useCanWrite("SupportTickets");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const data = ticket.data?.RecId === recId ? ticket.data : null;
  const comments = data ? visibleComments(data.Comments) : [];

  const close = async () => {
    setBusy(true);
    const closed = await runChange(() => closeTicket(recId));
    setBusy(false);
    setConfirming(false);
    if (!closed) return;
    reportSuccess("Tickets_Closed");
    ticket.reload();
    onChanged();
  };

  return (
    <LoadState loading={ticket.loading} error={ticket.error} hasData={data !== null} onRetry={ticket.reload}>
      {data ? (
        <article className="ticket-detail" aria-labelledby={headingId}>
          <header className="work-header">
            <h2 id={headingId} className="work-header__title" tabIndex={-1}>
              {data.Title}
            </h2>
            {canWrite && data.Status === "Open" ? (
              <button type="button" className="kit-button" onClick={() => setConfirming(true)}>
                {t("Action_CloseTicket")}
              </button>
            ) : null}
          </header>
          <dl className="work-fields">
            <dt>{t("Work_Status")}</dt>
            <dd>
              <StatusBadge label={t(`Status_${data.Status}`)} tone={ticketTone(data)} />
            </dd>
            <dt>{t("Tickets_Priority")}</dt>
            <dd>{t(priorityKey(data.Priority))}</dd>
            <dt>{t("Tickets_Category")}</dt>
            <dd>{t(categoryKey(data.Category))}</dd>
            <dt>{t("Tickets_CreatedBy")}</dt>
            <dd>
              {data.CreatedByFullName ?? "—"} · {formatDateTime(data.CreatedAt, i18n.language)}
            </dd>
            {data.ClosedAt ? (
              <>
                <dt>{t("Tickets_ClosedBy")}</dt>
                <dd>
                  {data.ClosedByFullName ?? "—"} · {formatDateTime(data.ClosedAt, i18n.language)}
                </dd>
              </>
            ) : null}
          </dl>
          <p className="ticket-description">{data.Description}</p>
          <section aria-labelledby={`${headingId}-comments`}>
            <h3 id={`${headingId}-comments`} className="work-section-title">
              {t("Tickets_CommentsCount", { number: comments.length })}
            </h3>
            {comments.length === 0 ? <p className="work-muted">{t("Tickets_NoComments")}</p> : null}
            <ol className="ticket-thread">
              {comments.map((comment) => (
                <li key={comment.RecId}>
                  <CommentView comment={comment} />
                </li>
              ))}
            </ol>
          </section>
          {canWrite && data.Status === "Open" ? (
            <CommentForm
              ticketRecId={recId}
              onAdded={() => {
                ticket.reload();
                onChanged();
              }}
            />
          ) : data.Status === "Closed" ? (
            <p className="work-muted">{t("Tickets_ClosedNoComments")}</p>
          ) : null}
          {confirming ? (
            <ConfirmDialog
              title={t("Action_CloseTicket")}
              message={t("Confirm_CloseTicket", { name: data.Title })}
              confirmLabel={t("Action_CloseTicket")}
              busy={busy}
              onConfirm={close}
              onCancel={() => setConfirming(false)}
            />
          ) : null}
        </article>
      ) : null}
    </LoadState>
  );
}
