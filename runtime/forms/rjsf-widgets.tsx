/**
 * rjsf widgets that render the kit's controls, so forms look and behave like the rest of the shell:
 * the kit field shows label, help and error (§5 rules included), rjsf keeps the data and validation.
 */
import { asNumber, localToUTC, type RegistryWidgetsType, utcToLocal, type WidgetProps } from "@rjsf/utils";
import { Checkbox } from "../components/fields/checkbox.tsx";
import { EmailField } from "../components/fields/email-field.tsx";
import { PasswordField } from "../components/fields/password-field.tsx";
import { TextField } from "../components/fields/text-field.tsx";
import { Select } from "../components/select/select.tsx";
import type { SelectValue } from "./select-rules.ts";
import { JSON_WIDGET } from "./screen-form.ts";

/** The props every kit field takes from rjsf's widget props. */
export function kitFieldProps(props: WidgetProps) {
  const help = props.uiSchema?.["ui:help"];
  return {
    uid: props.id,
    label: props.label,
    hideLabel: props.hideLabel,
    required: props.required,
    disabled: props.disabled,
    readOnly: props.readonly,
    error: props.hideError ? undefined : props.rawErrors,
    help: typeof help === "string" ? help : undefined,
    autoFocus: props.autofocus,
    placeholder: props.placeholder || undefined,
  };
}

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** Text and numbers (type number/integer give a numeric input and a number value). */
export function TextWidget(props: WidgetProps) {
  const type = props.schema.type;
  const numeric = type === "number" || type === "integer";
  return (
    <TextField
      {...kitFieldProps(props)}
      type={numeric ? "number" : "text"}
      inputMode={type === "integer" ? "numeric" : numeric ? "decimal" : undefined}
      step={type === "integer" ? 1 : numeric ? "any" : undefined}
      min={props.schema.minimum}
      max={props.schema.maximum}
      maxLength={props.schema.maxLength}
      value={text(props.value)}
      onChange={(value) =>
        props.onChange(value === "" ? props.options.emptyValue : numeric ? asNumber(value) : value)
      }
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

/** Multi-line text (type text), and JSON text in a fixed-width font (type json). */
export function TextareaWidget(props: WidgetProps & { monospace?: boolean }) {
  return (
    <TextField
      {...kitFieldProps(props)}
      multiline
      rows={props.monospace ? 8 : 4}
      monospace={props.monospace}
      maxLength={props.schema.maxLength}
      value={text(props.value)}
      onChange={(value) => props.onChange(value === "" ? props.options.emptyValue : value)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

/** JSON text (screens vocabulary type json; rejected by the validator when it does not parse). */
export function JsonWidget(props: WidgetProps) {
  return <TextareaWidget {...props} monospace />;
}

/** E-mail with the product's pattern (§5). */
export function EmailWidget(props: WidgetProps) {
  return (
    <EmailField
      {...kitFieldProps(props)}
      maxLength={props.schema.maxLength}
      value={text(props.value)}
      onChange={(value) => props.onChange(value === "" ? props.options.emptyValue : value)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

/** Password with reveal toggle and the §5 eight-asterisk placeholder for a stored secret. */
export function PasswordWidget(props: WidgetProps) {
  return (
    <PasswordField
      {...kitFieldProps(props)}
      autoComplete="new-password"
      maxLength={props.schema.maxLength}
      value={text(props.value)}
      onChange={(value) => props.onChange(value === "" ? props.options.emptyValue : value)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

/** ISO date (YYYY-MM-DD) with the browser's date input. */
export function DateWidget(props: WidgetProps) {
  return (
    <TextField
      {...kitFieldProps(props)}
      type="date"
      value={text(props.value)}
      onChange={(value) => props.onChange(value === "" ? props.options.emptyValue : value)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

/** Date and time: shown in local time, stored as an ISO UTC date-time. */
export function DateTimeWidget(props: WidgetProps) {
  return (
    <TextField
      {...kitFieldProps(props)}
      type="datetime-local"
      step={1}
      value={utcToLocal(text(props.value))}
      onChange={(value) => props.onChange(localToUTC(value) ?? props.options.emptyValue)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

/** Boolean as a checkbox. */
export function CheckboxWidget(props: WidgetProps) {
  return (
    <Checkbox
      {...kitFieldProps(props)}
      checked={props.value === true}
      onChange={(checked) => props.onChange(checked)}
    />
  );
}

/** Select and multiselect over the schema's options (oneOf const/title). */
export function SelectWidget(props: WidgetProps) {
  const options = (props.options.enumOptions ?? []).map((option) => ({
    label: option.label,
    value: option.value as SelectValue,
    disabled: (props.options.enumDisabled as unknown[] | undefined)?.includes(option.value),
  }));
  return (
    <Select
      {...kitFieldProps(props)}
      multiple={props.multiple}
      options={options}
      value={props.multiple ? ((props.value as SelectValue[] | undefined) ?? []) : (props.value ?? null)}
      onChange={(value) => props.onChange(value ?? props.options.emptyValue)}
    />
  );
}

/** The widgets of the theme, by rjsf widget name. */
export const widgets: RegistryWidgetsType = {
  TextWidget,
  UpDownWidget: TextWidget,
  TextareaWidget,
  PasswordWidget,
  EmailWidget,
  DateWidget,
  DateTimeWidget,
  CheckboxWidget,
  SelectWidget,
  [JSON_WIDGET]: JsonWidget,
};
