/**
 * The fields of a support ticket (Title 1–200, Description ≤ 8000, Priority,
 * Category), shared by New Support Ticket and the support ticket settings.
 */
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/fields/text-field.tsx";
import type { FieldHandle } from "../../components/fields/use-field-error.ts";
import { Select } from "../../components/select/select.tsx";
import { useDialogLocked } from "../dialog-context.ts";

/** The upstream's ticket priorities and categories. */
export const TICKET_PRIORITIES = ["Low", "Normal", "High", "Urgent"] as const;
export const TICKET_CATEGORIES = ["Question", "Problem", "FeatureRequest", "Billing"] as const;
/** Upstream limits of the ticket fields. */
export const TICKET_TITLE_MAX = 200;
export const TICKET_DESCRIPTION_MAX = 8000;

/** The editable values of a ticket. */
export interface TicketValues {
  Title: string;
  Description: string;
  Priority: string;
  Category: string;
}

/** Props: the values, their change handler, refs for validation, and whether they are read-only. */
export interface TicketFieldsProps {
  values: TicketValues;
  onChange: (values: TicketValues) => void;
  titleRef?: Ref<FieldHandle>;
  descriptionRef?: Ref<FieldHandle>;
  readOnly?: boolean;
}

/** The four fields. */
export function TicketFields({ values, onChange, titleRef, descriptionRef, readOnly }: TicketFieldsProps) {
  const { t } = useTranslation();
  const locked = useDialogLocked() || readOnly === true;
  const set = (patch: Partial<TicketValues>) => onChange({ ...values, ...patch });
  return (
    <>
      <TextField
        ref={titleRef}
        uid="Ticket_Title"
        label={t("Ticket_Title")}
        value={values.Title}
        onChange={(Title) => set({ Title })}
        required
        maxLength={TICKET_TITLE_MAX}
        disabled={locked}
      />
      <TextField
        ref={descriptionRef}
        uid="Ticket_Description"
        label={t("Ticket_Description")}
        value={values.Description}
        onChange={(Description) => set({ Description })}
        multiline
        rows={6}
        required
        maxLength={TICKET_DESCRIPTION_MAX}
        disabled={locked}
      />
      <Select
        uid="Ticket_Priority"
        label={t("Field_Priority")}
        options={TICKET_PRIORITIES.map((p) => ({ label: t(`Option_Priority_${p}`), value: p }))}
        value={values.Priority}
        onChange={(value) => typeof value === "string" && set({ Priority: value })}
        disabled={locked}
      />
      <Select
        uid="Ticket_Category"
        label={t("Field_Category")}
        options={TICKET_CATEGORIES.map((c) => ({ label: t(`Ticket_Category_${c}`), value: c }))}
        value={values.Category}
        onChange={(value) => typeof value === "string" && set({ Category: value })}
        disabled={locked}
      />
    </>
  );
}
