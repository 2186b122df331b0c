/**
 * What a screen's detail form starts with and what it sends (schemas/screens.ts field rules): read-only
 * fields are never sent, create-only fields only when creating, a secret (writeOnly) starts empty and is
 * sent only when the user typed one — leaving it empty keeps the stored secret.
 */
import type { ScreenDetail, ScreenFormField } from "../../schemas/screens.ts";
import { type FormMode, isFieldReadOnly, isFieldShown } from "./screen-form.ts";

/** Every field of a detail form, in order. */
export function detailFields(detail: ScreenDetail): ScreenFormField[] {
  return detail.groups.flatMap((group) => group.fields);
}

/** The form data a record opens with: its shown fields, secrets left empty (the upstream never sends them). */
export function formInitialValues(
  detail: ScreenDetail,
  mode: FormMode,
  record: Readonly<Record<string, unknown>> | null,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (!record) return values;
  for (const field of detailFields(detail)) {
    if (!isFieldShown(field, mode) || field.writeOnly) continue;
    const value = record[field.name];
    if (value !== undefined && value !== null) values[field.name] = value;
  }
  return values;
}

/** The body sent for the form's data: editable fields only; an emptied field is sent as null when editing
 * (so the upstream clears it) and left out when creating; an empty secret is never sent. */
export function formValuesToSend(
  detail: ScreenDetail,
  mode: FormMode,
  data: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of detailFields(detail)) {
    if (!isFieldShown(field, mode) || isFieldReadOnly(field, mode)) continue;
    const value = data[field.name];
    const empty = value === undefined || value === null || value === "";
    if (field.writeOnly && empty) continue;
    if (empty) {
      if (mode === "edit") body[field.name] = field.type === "multiselect" ? [] : null;
      continue;
    }
    body[field.name] = value;
  }
  return body;
}
