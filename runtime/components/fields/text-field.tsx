import { type ReactNode, type Ref, useImperativeHandle, useRef } from "react";
import type { Validator } from "../../forms/validation.ts";
import { describedBy, FieldFrame, fieldIds } from "./field-frame.tsx";
import { useControlId } from "./uid.ts";
import { type FieldHandle, type ImposedError, useFieldError } from "./use-field-error.ts";

/** Props of a TextField. */
export interface TextFieldProps {
  /** Required stable identifier (§8), also the input's DOM id. */
  uid: string;
  label: ReactNode;
  value: string;
  /** What the input shows when it differs from the value the rules check (the §5 password mask). */
  displayValue?: string;
  onChange: (value: string) => void;
  type?:
    | "text"
    | "number"
    | "date"
    | "datetime-local"
    | "time"
    | "search"
    | "tel"
    | "url"
    | "email"
    | "password";
  /** A multi-line text area instead of an input. */
  multiline?: boolean;
  rows?: number;
  /** Fixed-width font (JSON, code). */
  monospace?: boolean;
  required?: boolean;
  /** §5: checked with the e-mail pattern (EmailField sets it). */
  email?: boolean;
  validators?: ReadonlyArray<Validator<string>>;
  /** An error imposed by a form or the server; hidden once the value changes (§5). */
  error?: ImposedError;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  help?: ReactNode;
  hideLabel?: boolean;
  maxLength?: number;
  min?: number | string;
  max?: number | string;
  step?: number | "any";
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: "text" | "numeric" | "decimal" | "email" | "tel" | "url" | "search" | "none";
  onBlur?: () => void;
  onFocus?: () => void;
  /** Content after the input inside its box (e.g. the password reveal button). */
  endAdornment?: ReactNode;
  className?: string;
  ref?: Ref<FieldHandle>;
}

/** A labelled text input or text area with the §5 rules (required, e-mail, custom, disabled, clear on change). */
export function TextField(props: TextFieldProps) {
  const id = useControlId("TextField", props.uid);
  const ids = fieldIds(id);
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const field = useFieldError(
    props.value,
    { required: props.required, email: props.email, validators: props.validators, disabled: props.disabled },
    props.error,
  );
  useImperativeHandle(props.ref, () => ({ focus: () => input.current?.focus(), validate: field.validate }), [
    field.validate,
  ]);

  const common = {
    id,
    ref: input,
    name: id,
    value: props.displayValue ?? props.value,
    disabled: props.disabled,
    readOnly: props.readOnly,
    required: props.required,
    placeholder: props.placeholder,
    maxLength: props.maxLength,
    autoFocus: props.autoFocus,
    "aria-invalid": field.error ? true : undefined,
    "aria-describedby": describedBy(ids, props.help, field.error),
    className: props.monospace ? "kit-input kit-input--mono" : "kit-input",
    onChange: (event: { target: { value: string } }) => {
      field.onEdit();
      props.onChange(event.target.value);
    },
    onBlur: () => {
      field.onBlur();
      props.onBlur?.();
    },
    onFocus: props.onFocus,
  };
  return (
    <FieldFrame
      ids={ids}
      label={props.label}
      hideLabel={props.hideLabel}
      required={props.required}
      help={props.help}
      error={field.error}
      disabled={props.disabled}
      className={props.className}
    >
      <div className="kit-input-box">
        {props.multiline ? (
          <textarea {...common} rows={props.rows ?? 4} spellCheck={props.monospace ? false : undefined} />
        ) : (
          <input
            {...common}
            type={props.type ?? "text"}
            min={props.min}
            max={props.max}
            step={props.step}
            autoComplete={props.autoComplete}
            inputMode={props.inputMode}
          />
        )}
        {props.endAdornment}
      </div>
    </FieldFrame>
  );
}
