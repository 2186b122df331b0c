/**
 * New Support Ticket (§2.5 help menu; §6: needs SupportTickets): creates the
 * ticket through POST SupportTickets and says so; the ticket list is at
 * /supporttickets.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldHandle } from "../../components/fields/use-field-error.ts";
import { apiRequest } from "../../http/api-client.ts";
import { useSubmit } from "../../http/use-api.ts";
import { showBanner } from "../../state/banner-store.ts";
import { DialogButton, DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { TicketFields, type TicketValues } from "./ticket-fields.tsx";

/** The created ticket (the parts this dialog reads). */
interface CreatedTicket {
  RecId: number;
  Title: string;
}

export function NewSupportTicketDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [values, setValues] = useState<TicketValues>({
    Title: "",
    Description: "",
    Priority: "Normal",
    Category: "Question",
  });
  const title = useRef<FieldHandle>(null);
  const description = useRef<FieldHandle>(null);
  const { busy, submit } = useSubmit();

  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const titleOk = title.current?.validate() ?? false;
    const descriptionOk = description.current?.validate() ?? false;
    if (!titleOk) title.current?.focus();
    else if (!descriptionOk) description.current?.focus();
    if (!titleOk || !descriptionOk) return;
    const created = await submit(() =>
      apiRequest<CreatedTicket>("SupportTickets", {
        method: "POST",
        body: { ...values, Title: values.Title.trim(), Description: values.Description.trim() },
      }),
    );
    if (!created) return;
    showBanner({ kind: "success", textKey: "NewTicket_Created", params: { title: created.Title } });
    close(created);
  };

  return (
    <DialogFrame
      busy={busy}
      footer={
        <>
          <DialogCloseButton />
          <DialogButton variant="primary" form={formId} busy={busy}>
            {t("NewTicket_Submit")}
          </DialogButton>
        </>
      }
    >
      <form id={formId} className="dialog-form" onSubmit={onSubmit} noValidate>
        <TicketFields values={values} onChange={setValues} titleRef={title} descriptionRef={description} />
      </form>
    </DialogFrame>
  );
}
