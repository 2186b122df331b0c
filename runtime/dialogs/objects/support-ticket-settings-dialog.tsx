/**
 * Support ticket settings (§2.5, recId; the member side of SupportTicketUpdated,
 * §4.3): the ticket's fields edited through PUT SupportTickets/{recId}, and
 * closing it; a closed ticket is shown read-only. Comments are on the support
 * tickets screen.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { FieldHandle } from "../../components/fields/use-field-error.ts";
import { apiRequest } from "../../http/api-client.ts";
import { useApi, useSubmit } from "../../http/use-api.ts";
import { showBanner } from "../../state/banner-store.ts";
import { DialogButton, DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { LoadState } from "../dialog-status.tsx";
import { TicketFields, type TicketValues } from "../menu/ticket-fields.tsx";

/** A ticket (the parts this dialog reads). */
interface Ticket extends TicketValues {
  RecId: number;
  Status: "Open" | "Closed";
  CreatedByFullName: string;
  CommentCount: number;
}

function TicketForm({ ticket, close }: { ticket: Ticket; close: DialogProps["close"] }) {
  const { t } = useTranslation();
  const formId = useId();
  const [values, setValues] = useState<TicketValues>({
    Title: ticket.Title,
    Description: ticket.Description,
    Priority: ticket.Priority,
    Category: ticket.Category,
  });
  const title = useRef<FieldHandle>(null);
  const description = useRef<FieldHandle>(null);
  const { busy, submit } = useSubmit();
  const closed = ticket.Status === "Closed";
  const path = `SupportTickets/${ticket.RecId}`;

  const save = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!(title.current?.validate() ?? false) || !(description.current?.validate() ?? false)) return;
    const saved = await submit(() => apiRequest<Ticket>(path, { method: "PUT", body: values }));
    if (!saved) return;
    showBanner({ kind: "success", textKey: "Ticket_Saved" });
    close(saved);
  };
  const closeTicket = async () => {
    const saved = await submit(() => apiRequest<Ticket>(`${path}/Close`, { method: "POST" }));
    if (!saved) return;
    showBanner({ kind: "success", textKey: "Ticket_Closed" });
    close(saved);
  };

  return (
    <DialogFrame
      busy={busy}
      footer={
        <>
          <DialogCloseButton />
          {closed ? null : (
            <>
              <DialogButton variant="danger" onClick={closeTicket} busy={busy}>
                {t("Action_CloseTicket")}
              </DialogButton>
              <DialogButton variant="primary" form={formId} busy={busy}>
                {t("Dialog_Save")}
              </DialogButton>
            </>
          )}
        </>
      }
    >
      <form id={formId} className="dialog-form" onSubmit={save} noValidate>
        <p className="dialog-note">
          {t(closed ? "Ticket_StatusClosed" : "Ticket_StatusOpen", { name: ticket.CreatedByFullName })}
        </p>
        <TicketFields
          values={values}
          onChange={setValues}
          titleRef={title}
          descriptionRef={description}
          readOnly={closed}
        />
        <Link to={`/supporttickets?id=${ticket.RecId}`}>
          {t("Ticket_Comments", { count: ticket.CommentCount })}
        </Link>
      </form>
    </DialogFrame>
  );
}

export function SupportTicketSettingsDialog({ entry, close }: DialogProps) {
  const { state } = useApi<Ticket>(`SupportTickets/${entry.params.recId as number}`, { quietNotFound: true });
  if (state.status !== "ready") {
    return (
      <DialogFrame footer={<DialogCloseButton labelKey="Dialog_Close" />}>
        <LoadState state={state} />
      </DialogFrame>
    );
  }
  return <TicketForm ticket={state.data} close={close} />;
}
