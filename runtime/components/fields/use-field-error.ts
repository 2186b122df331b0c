/**
 * A field's §5 error in React: validated on blur once edited and on demand (form submit), never while
 * disabled, hidden as soon as the value changes; an error imposed by a form (rjsf, server) follows the
 * same rule. The decisions are validation.ts; this hook only keeps the state.
 */
import { useCallback, useReducer, useRef, useState } from "react";
import {
  type FieldErrorState,
  type FieldRules,
  fieldErrorReducer,
  NO_FIELD_ERROR,
  validateValue,
  visibleError,
} from "../../forms/validation.ts";

/** What a kit control exposes through its ref. */
export interface FieldHandle {
  /** Moves focus to the control. */
  focus(): void;
  /** Runs the §5 rules now; returns whether the value passes. */
  validate(): boolean;
}

/** The shown error (an i18n key or a message) and the handlers that drive it. */
export interface FieldError {
  error: string | null;
  validate(): boolean;
  /** Call on every edit: marks the field edited. */
  onEdit(): void;
  /** Call on blur: validates an edited field. */
  onBlur(): void;
}

/**
 * An error imposed by a form: a message, or rjsf's list of messages. A new list (a new validation) re-imposes
 * its message on the current value, so pass a stable list (rjsf's rawErrors) rather than a fresh literal.
 */
export type ImposedError = string | readonly string[] | null | undefined;

/** Keeps the error of a field holding `value` under `rules`, plus an optional imposed `external` error. */
export function useFieldError<V>(value: V, rules: FieldRules<V>, external?: ImposedError): FieldError {
  const [state, dispatch] = useReducer(fieldErrorReducer<V>, NO_FIELD_ERROR as FieldErrorState<V>);
  // An imposed error belongs to the value the field held when it arrived (adjusted during render, no flash).
  const [imposed, setImposed] = useState<{ source: ImposedError; value: V }>({ source: external, value });
  if (imposed.source !== external && !sameImposed(imposed, external, value))
    setImposed({ source: external, value });

  const edited = useRef(false);
  const latest = useRef({ value, rules });
  latest.current = { value, rules };

  const validate = useCallback(() => {
    const { value: v, rules: r } = latest.current;
    dispatch({ type: "validate", value: v, rules: r });
    return validateValue(v, r) === null;
  }, []);
  const onEdit = useCallback(() => {
    edited.current = true;
  }, []);
  const onBlur = useCallback(() => {
    if (edited.current) validate();
  }, [validate]);

  const own = visibleError(state.error, state.errorValue, value);
  const fromForm = visibleError(imposedMessage(imposed.source), imposed.value, value);
  return { error: rules.disabled ? null : (own ?? fromForm), validate, onEdit, onBlur };
}

function imposedMessage(source: ImposedError): string | null {
  if (typeof source === "string") return source || null;
  return source?.find((message) => message !== "") ?? null;
}

/** Whether a new source says the same about the same value (nothing to re-impose; no render loop). */
function sameImposed<V>(
  imposed: { source: ImposedError; value: V },
  source: ImposedError,
  value: V,
): boolean {
  return (
    imposedMessage(imposed.source) === imposedMessage(source) && visibleError("", imposed.value, value) === ""
  );
}
