import { type ReactNode, type Ref, useEffect, useImperativeHandle, useRef } from "react";
import type { Validator } from "../../forms/validation.ts";
import { describedBy, FieldFrame, fieldIds } from "./field-frame.tsx";
import { useControlId } from "./uid.ts";
import { type FieldHandle, type ImposedError, useFieldError } from "./use-field-error.ts";

export interface CheckboxProps {
  /** Required stable identifier (§8), also the input's DOM id. */
  uid: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Shows the mixed state (e.g. some rows selected). */
  indeterminate?: boolean;
  /** §5: a boolean always counts as filled, so required only marks the label. */
  required?: boolean;
  validators?: ReadonlyArray<Validator<boolean>>;
  error?: ImposedError;
  disabled?: boolean;
  readOnly?: boolean;
  help?: ReactNode;
  hideLabel?: boolean;
  className?: string;
  ref?: Ref<FieldHandle>;
}

/** A labelled checkbox with the §5 rules. */
export function Checkbox(props: CheckboxProps) {
  const id = useControlId("Checkbox", props.uid);
  const ids = fieldIds(id);
  const input = useRef<HTMLInputElement>(null);
  const field = useFieldError(
    props.checked,
    { required: props.required, validators: props.validators, disabled: props.disabled },
    props.error,
  );
  useImperativeHandle(props.ref, () => ({ focus: () => input.current?.focus(), validate: field.validate }), [
    field.validate,
  ]);
  useEffect(() => {
    if (input.current) input.current.indeterminate = Boolean(props.indeterminate);
  }, [props.indeterminate]);
  return (
    <FieldFrame
      ids={ids}
      label={props.label}
      hideLabel={props.hideLabel}
      required={props.required}
      help={props.help}
      error={field.error}
      disabled={props.disabled}
      layout="inline"
      className={props.className}
    >
      <input
        ref={input}
        id={id}
        name={id}
        type="checkbox"
        className="kit-checkbox"
        checked={props.checked}
        disabled={props.disabled}
        aria-readonly={props.readOnly || undefined}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(ids, props.help, field.error)}
        onChange={(event) => {
          // A read-only checkbox stays focusable and announced but does not change.
          if (props.readOnly) return;
          field.onEdit();
          props.onChange(event.target.checked);
        }}
        onBlur={field.onBlur}
      />
    </FieldFrame>
  );
}
