/**
 * /supporttickets (§2.2 Support): the account's tickets — search, state filter, sort, paging —,
 * the New Support Ticket form (SupportTickets rw) and, with `?id=` (also reached through the
 * /support/{recId} redirect), one ticket with its comment thread.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { SortHeader } from "../../../components/list/sort-header.tsx";
import { sortDirection } from "../../../components/list/sort-order.ts";
import { ModalDialog } from "../../../components/modal-dialog/modal-dialog.tsx";
import { reportSuccess } from "../../../http/report-error.ts";
import { useApi } from "../../../http/use-api.ts";
import type { ScreenProps } from "../../../renderers/screen-props.ts";
import { formatDateTime } from "../common/format.ts";
import { ScreenHeader, StatusBadge } from "../common/list-parts.tsx";
import { initialQuery, listPath, type Page, toggleSort, withFilter } from "../common/list-query.ts";
import { parseRecId } from "../common/record-id.ts";
import { StatusList } from "../common/status-list.tsx";
import { useCanWrite } from "../common/use-access.ts";
import { NewTicketForm } from "./new-ticket-form.tsx";
import { TicketDetailView } from "./ticket-detail.tsx";
import { priorityKey, TICKET_STATUSES, type Ticket, ticketTone } from "./ticket-model.ts";
import "../common/work.css";

export default function SupportTicketsScreen({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const openId = parseRecId(searchParams.get("id"));
  const canWrite = useCanWrite("SupportTickets");
  const [creating, setCreating] = useState(false);
  const [query, setQuery] = useState(() => initialQuery({ status: "" }, "-ModifiedAt"));
  const tickets = useApi<Page<Ticket>>(openId === null ? listPath("SupportTickets", query) : null);
  const items = tickets.data?.items ?? [];
  const sort = (value: string) => setQuery((q) => withFilter(q, { sort: value }));

  const title = t(route.titleKey ?? "PageTitle_SupportTickets");
  const newButton = canWrite ? (
    <button type="button" className="kit-button kit-button--primary" onClick={() => setCreating(true)}>
      {t("Tickets_New")}
    </button>
  ) : null;
  const dialog = creating ? (
    <ModalDialog title={t("DialogTitle_NewSupportTicket")} onClose={() => setCreating(false)} size="wide">
      <NewTicketForm
        onCancel={() => setCreating(false)}
        onCreated={(ticket) => {
          setCreating(false);
          reportSuccess("Tickets_Created");
          navigate(`/supporttickets?id=${ticket.RecId}`);
        }}
      />
    </ModalDialog>
  ) : null;

  if (openId !== null) {
    return (
      <section className="work-screen" aria-labelledby={headingId}>
        <Link className="work-link" to="/supporttickets">
          {t("Tickets_BackToList")}
        </Link>
        <ScreenHeader id={headingId} title={title} actions={newButton} />
        <TicketDetailView recId={openId} onChanged={tickets.reload} />
        {dialog}
      </section>
    );
  }
  return (
    <section className="work-screen" aria-labelledby={headingId}>
      <ScreenHeader id={headingId} title={title} actions={newButton} />
      <StatusList
        uid="tickets"
        searchLabel={t("Tickets_SearchLabel")}
        statuses={TICKET_STATUSES}
        query={query}
        setQuery={setQuery}
        resource={tickets}
        emptyText={t("Tickets_Empty")}
        pagesLabel={t("Tickets_Pages")}
        headingId={headingId}
      >
        <thead>
          <tr>
            <SortHeader
              label={t("Tickets_Title")}
              direction={sortDirection(query.sort, "Title")}
              onSort={() => sort(toggleSort(query.sort, "Title"))}
            />
            <SortHeader
              label={t("Work_Status")}
              direction={sortDirection(query.sort, "Status")}
              onSort={() => sort(toggleSort(query.sort, "Status"))}
            />
            <SortHeader
              label={t("Tickets_Priority")}
              direction={sortDirection(query.sort, "Priority")}
              onSort={() => sort(toggleSort(query.sort, "Priority"))}
            />
            <th scope="col">{t("Tickets_CreatedBy")}</th>
            <th scope="col" className="work-num">
              {t("Tickets_Comments")}
            </th>
            <SortHeader
              label={t("Work_Modified")}
              direction={sortDirection(query.sort, "ModifiedAt")}
              onSort={() => sort(toggleSort(query.sort, "ModifiedAt"))}
            />
          </tr>
        </thead>
        <tbody>
          {items.map((ticket) => (
            <tr key={ticket.RecId}>
              <th scope="row">
                <Link className="work-link" to={`/supporttickets?id=${ticket.RecId}`}>
                  {ticket.Title}
                </Link>
              </th>
              <td>
                <StatusBadge label={t(`Status_${ticket.Status}`)} tone={ticketTone(ticket)} />
              </td>
              <td>{t(priorityKey(ticket.Priority))}</td>
              <td>{ticket.CreatedByFullName ?? "—"}</td>
              <td className="work-num">{ticket.CommentCount}</td>
              <td>{formatDateTime(ticket.ModifiedAt, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </StatusList>
      {dialog}
    </section>
  );
}
