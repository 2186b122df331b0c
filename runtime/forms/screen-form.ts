/**
 * Derives, from a screen's detail form in the constrained vocabulary of schemas/screens.ts, the JSON
 * Schema and uiSchema that @rjsf/core renders (the derivation the screens schema describes per type):
 * labelKey → title, helpKey → ui:help, constraints → the same keywords, selects → oneOf const/title,
 * groups → ui:order plus ui:options.groups for the ObjectFieldTemplate. Pure; texts come through `t`.
 */
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import type { ScreenDetail, ScreenFormField } from "../../schemas/screens.ts";

/** Whether the form creates a record or edits an existing one. */
export type FormMode = "create" | "edit";

/** A laid-out section of the form, for the theme's ObjectFieldTemplate. */
export interface FormGroupLayout {
  id: string;
  title?: string;
  columns: 1 | 2;
  /** Field names in order; `wide` fields span the row (text, json, multiselect). */
  fields: Array<{ name: string; wide: boolean }>;
}

export interface DerivedForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  groups: FormGroupLayout[];
}

/** The ui:options of a field loaded from a list endpoint (the theme's remote select reads them). */
export interface RemoteSelectOptions {
  optionsSource: NonNullable<ScreenFormField["optionsSource"]>;
  multiple: boolean;
}

/** §3: the widget names the theme registers beyond rjsf's defaults. */
export const JSON_WIDGET = "json";
export const REMOTE_SELECT_FIELD = "remoteSelect";

const WIDE_TYPES = new Set(["text", "json", "multiselect"]);

/** Whether the field is shown but not editable in `mode` (readOnly always, createOnly once created). */
export function isFieldReadOnly(field: ScreenFormField, mode: FormMode): boolean {
  return Boolean(field.readOnly || (field.createOnly && mode === "edit"));
}

/** Whether the field appears in `mode`: shown-only fields are left out of the create form. */
export function isFieldShown(field: ScreenFormField, mode: FormMode): boolean {
  return !(field.readOnly && mode === "create");
}

/** Derives the rjsf schema and uiSchema of a screen's detail form. */
export function deriveScreenForm(
  detail: ScreenDetail,
  mode: FormMode,
  t: (key: string) => string,
): DerivedForm {
  const properties: Record<string, RJSFSchema> = {};
  const required: string[] = [];
  const uiSchema: UiSchema = {};
  const groups: FormGroupLayout[] = [];
  for (const group of detail.groups) {
    const fields = group.fields.filter((field) => isFieldShown(field, mode));
    if (fields.length === 0) continue;
    groups.push({
      id: group.id,
      title: group.titleKey ? t(group.titleKey) : undefined,
      columns: group.columns ?? 1,
      fields: fields.map((field) => ({ name: field.name, wide: WIDE_TYPES.has(field.type) })),
    });
    for (const field of fields) {
      const readOnly = isFieldReadOnly(field, mode);
      properties[field.name] = fieldSchema(field, mode, readOnly, t);
      uiSchema[field.name] = fieldUiSchema(field, readOnly, t);
      // A secret left empty while editing keeps the stored one, so it is not demanded then.
      if (field.required && !readOnly && !(field.writeOnly && mode === "edit")) required.push(field.name);
    }
  }
  uiSchema["ui:order"] = groups.flatMap((group) => group.fields.map((field) => field.name));
  uiSchema["ui:options"] = { groups };
  uiSchema["ui:submitButtonOptions"] = { norender: true };
  const schema: RJSFSchema = { type: "object", properties };
  if (required.length > 0) schema.required = required;
  return { schema, uiSchema, groups };
}

function fieldSchema(field: ScreenFormField, mode: FormMode, readOnly: boolean, t: (key: string) => string) {
  const schema: RJSFSchema = { ...typeSchema(field, t), title: t(field.labelKey) };
  if (field.maxLength !== undefined) schema.maxLength = field.maxLength;
  if (field.pattern !== undefined) schema.pattern = field.pattern;
  if (field.minimum !== undefined) schema.minimum = field.minimum;
  if (field.maximum !== undefined) schema.maximum = field.maximum;
  if (field.default !== undefined && mode === "create") schema.default = field.default;
  if (readOnly) schema.readOnly = true;
  if (field.writeOnly) schema.writeOnly = true;
  return schema;
}

function typeSchema(field: ScreenFormField, t: (key: string) => string): RJSFSchema {
  switch (field.type) {
    case "string":
    case "text":
    case "password":
      return { type: "string" };
    case "integer":
    case "number":
      return { type: field.type };
    case "boolean":
      return { type: "boolean" };
    case "date":
      return { type: "string", format: "date" };
    case "datetime":
      return { type: "string", format: "date-time" };
    case "email":
      return { type: "string", format: "email" };
    case "json":
      return { type: "string", contentMediaType: "application/json" };
    case "select":
      return optionSchema(field, t);
    case "multiselect":
      return { type: "array", items: optionSchema(field, t), uniqueItems: true };
  }
}

/** One choice among the options (oneOf const/title), or any scalar for options loaded from an endpoint. */
function optionSchema(field: ScreenFormField, t: (key: string) => string): RJSFSchema {
  if (!field.options) return { type: ["string", "number"] };
  const kinds = new Set(field.options.map((o) => (typeof o.value === "number" ? "integer" : typeof o.value)));
  const type = kinds.size === 1 ? ([...kinds][0] as "string" | "integer" | "boolean") : undefined;
  return {
    ...(type ? { type } : {}),
    oneOf: field.options.map((option) => ({ const: option.value, title: t(option.labelKey) })),
  };
}

function fieldUiSchema(field: ScreenFormField, readOnly: boolean, t: (key: string) => string): UiSchema {
  const ui: UiSchema = {};
  if (field.helpKey) ui["ui:help"] = t(field.helpKey);
  if (readOnly) ui["ui:readonly"] = true;
  if (field.type === "text") ui["ui:widget"] = "textarea";
  if (field.type === "password") ui["ui:widget"] = "password";
  if (field.type === "boolean") ui["ui:widget"] = "checkbox";
  if (field.type === "json") ui["ui:widget"] = JSON_WIDGET;
  if ((field.type === "select" || field.type === "multiselect") && field.optionsSource) {
    ui["ui:field"] = REMOTE_SELECT_FIELD;
    const options: RemoteSelectOptions = {
      optionsSource: field.optionsSource,
      multiple: field.type === "multiselect",
    };
    ui["ui:options"] = { ...options };
  }
  return ui;
}
