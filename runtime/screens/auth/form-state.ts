/**
 * The state of an auth form as a pure reducer: the values, idle → submitting → idle (failed) or
 * done, and the failure to show. A second submit while one runs is ignored; a failure may clear
 * fields (a wrong password is not kept); the e-mail and the other values stay.
 */
import type { AuthFailure, AuthField } from "./auth-errors.ts";

/** Where a form's submission stands. */
export type FormStatus = "idle" | "submitting" | "done";

/** One form's state. */
export interface FormState<F extends AuthField = AuthField> {
  values: Record<F, string>;
  status: FormStatus;
  failure: AuthFailure | null;
}

/** What happens to a form. */
export type FormEvent<F extends AuthField = AuthField> =
  | { type: "edit"; field: F; value: string }
  | { type: "submit" }
  | { type: "failed"; failure: AuthFailure | null; clear?: readonly F[] }
  | { type: "done" }
  | { type: "restart" };

/** A form holding `values`, idle and error-free. */
export function initialForm<F extends AuthField>(values: Record<F, string>): FormState<F> {
  return { values, status: "idle", failure: null };
}

/** The next state of a form. */
export function formReducer<F extends AuthField>(state: FormState<F>, event: FormEvent<F>): FormState<F> {
  switch (event.type) {
    case "edit":
      if (state.values[event.field] === event.value) return state;
      return { ...state, values: { ...state.values, [event.field]: event.value } };
    case "submit":
      if (state.status === "submitting") return state;
      return { ...state, status: "submitting", failure: null };
    case "failed": {
      const values = { ...state.values };
      for (const field of event.clear ?? []) values[field] = "";
      // An aborted call (null failure) is silent (§8): the form is simply usable again.
      return { values, status: "idle", failure: event.failure };
    }
    case "done":
      return { ...state, status: "done", failure: null };
    case "restart":
      return { ...state, status: "idle", failure: null };
  }
}

/** The imposed error of `field` (the kit's `error` prop), while the failure concerns it. */
export function fieldError<F extends AuthField>(
  state: FormState<F>,
  field: F,
): readonly string[] | undefined {
  return state.failure?.field === field ? state.failure.messages : undefined;
}

/** The failure the form shows as a whole (role=alert), when it concerns no single field. */
export function formAlert<F extends AuthField>(state: FormState<F>): AuthFailure | null {
  return state.failure && state.failure.field === null ? state.failure : null;
}

/** A control that can check itself (the kit's FieldHandle). */
export interface Checkable {
  validate(): boolean;
  focus(): void;
}

/**
 * §5 on submit: every field is validated (so every error shows), and the first invalid one, in
 * form order, is returned for the focus; null when all pass. Absent (unmounted) fields are skipped.
 */
export function firstInvalid<C extends Checkable>(fields: ReadonlyArray<C | null | undefined>): C | null {
  let first: C | null = null;
  for (const field of fields) {
    if (!field) continue;
    if (!field.validate() && first === null) first = field;
  }
  return first;
}

/** Text key of a confirmation that differs from the new password. */
export const PASSWORDS_DIFFER_KEY = "Auth_PasswordsDoNotMatch";

/** A validator: the text key when `value` differs from `expected` (confirming a new password). */
export function matches(expected: () => string, key: string): (value: string) => string | null {
  return (value) => (value !== "" && value !== expected() ? key : null);
}
