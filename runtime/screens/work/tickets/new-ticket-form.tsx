/**
 * The New Support Ticket form (§2.5, §6: creating a ticket needs SupportTickets): title,
 * description, priority and category, sent as `POST SupportTickets`. Used by the tickets screen and
 * by the New Support Ticket dialog of the menu.
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/fields/text-field.tsx";
import type { FieldHandle } from "../../../components/fields/use-field-error.ts";
import { Select } from "../../../components/select/select.tsx";
import { runChange } from "../../../http/use-api.ts";
import { validateFields } from "../common/validate-fields.ts";
import {
  categoryKey,
  createTicket,
  type NewTicket,
  priorityKey,
  TICKET_CATEGORIES,
  TICKET_DESCRIPTION_MAX_LENGTH,
  TICKET_PRIORITIES,
  TICKET_TITLE_MAX_LENGTH,
  type TicketDetail,
} from "./ticket-model.ts";
import "../common/work.css";

export interface NewTicketFormProps {
  /** Called with the created ticket. */
  onCreated: (ticket: TicketDetail) => void;
  onCancel: () => void;
}

/** The New Support Ticket form. */
export function NewTicketForm({ onCreated, onCancel }: NewTicketFormProps) {
  const { t } = useTranslation();
  const [ticket, setTicket] = useState<NewTicket>({
    Title: "",
    Description: "",
    Priority: "Normal",
    Category: "Question",
  });
  const [busy, setBusy] = useState(false);
  const title = useRef<FieldHandle>(null);
  const description = useRef<FieldHandle>(null);
  const change = (patch: Partial<NewTicket>) => setTicket((current) => ({ ...current, ...patch }));

  return (
    <form
      className="work-form"
      noValidate
      aria-busy={busy}
      onSubmit={async (event) => {
        event.preventDefault();
        if (busy || !validateFields([title, description])) return;
        setBusy(true);
        const created = await runChange(() => createTicket(ticket));
        setBusy(false);
        if (created) onCreated(created);
      }}
    >
      <TextField
        ref={title}
        uid="new-ticket-title"
        label={t("Tickets_Title")}
        value={ticket.Title}
        onChange={(Title) => change({ Title })}
        required
        maxLength={TICKET_TITLE_MAX_LENGTH}
        autoFocus
      />
      <TextField
        ref={description}
        uid="new-ticket-description"
        label={t("Tickets_Description")}
        help={t("Tickets_DescriptionHelp")}
        value={ticket.Description}
        onChange={(Description) => change({ Description })}
        required
        multiline
        rows={6}
        maxLength={TICKET_DESCRIPTION_MAX_LENGTH}
      />
      <div className="work-form__row">
        <Select
          uid="new-ticket-priority"
          label={t("Tickets_Priority")}
          value={ticket.Priority}
          options={TICKET_PRIORITIES.map((value) => ({ value, label: t(priorityKey(value)) }))}
          onChange={(value) => change({ Priority: value as NewTicket["Priority"] })}
        />
        <Select
          uid="new-ticket-category"
          label={t("Tickets_Category")}
          value={ticket.Category}
          options={TICKET_CATEGORIES.map((value) => ({ value, label: t(categoryKey(value)) }))}
          onChange={(value) => change({ Category: value as NewTicket["Category"] })}
        />
      </div>
      <div className="work-actions work-actions--end">
        <button type="button" className="kit-button" onClick={onCancel}>
          {t("Work_Cancel")}
        </button>
        <button type="submit" className="kit-button kit-button--primary" disabled={busy}>
          {t("Tickets_Submit")}
        </button>
      </div>
    </form>
  );
}
