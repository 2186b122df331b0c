/**
 * The React side of the auth forms: §5 checks on submit with the focus on the first invalid field,
 * the submission with its failure mapped (auth-errors.ts) and focused (the field it concerns, else
 * the form's alert), and the mail link's token read once and dropped from the URL.
 */
import { type RefObject, useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import type { FieldHandle } from "../../components/fields/use-field-error.ts";
import { type AuthFailure, type AuthField, authFailure } from "./auth-errors.ts";
import { readQueryToken } from "./auth-rules.ts";
import {
  type FormEvent,
  type FormState,
  fieldError,
  firstInvalid,
  formReducer,
  initialForm,
} from "./form-state.ts";

/** What a form component gets to drive its fields, alert and submission. */
export interface FormControls<F extends AuthField> {
  /** The ref callback of `field`'s control. */
  fieldRef(field: F): (handle: FieldHandle | null) => void;
  /** The form's alert, focused after a failure that concerns no field. */
  alertRef: RefObject<HTMLDivElement | null>;
  /**
   * Checks the fields (§5), then runs `run`; a thrown error becomes the form's failure (and clears
   * the fields `clear` names for it). `run` reports success itself (done, next step).
   */
  submit(run: () => Promise<void>, clear?: (failure: AuthFailure | null) => readonly F[]): Promise<void>;
  /** Moves the focus to `field`'s control. */
  focus(field: F): void;
}

/** Options of `useFormControls`. */
export interface FormControlsOptions<F extends AuthField> {
  /** The form's fields in form order (the first invalid one gets the focus). */
  fields: readonly F[];
  dispatch: (event: FormEvent<F>) => void;
  /** The failure on display; each new one moves the focus. */
  failure: AuthFailure | null;
  /** The field to focus after a failure that concerns the form as a whole, instead of the alert. */
  focusOnFailure?: (failure: AuthFailure) => F | null;
}

/** Wires a form's fields, alert and submission. */
export function useFormControls<F extends AuthField>(options: FormControlsOptions<F>): FormControls<F> {
  const { fields, dispatch, failure, focusOnFailure } = options;
  const { i18n } = useTranslation();
  const handles = useRef(new Map<F, FieldHandle | null>());
  const refCallbacks = useRef(new Map<F, (handle: FieldHandle | null) => void>());
  const alertRef = useRef<HTMLDivElement | null>(null);
  const busy = useRef(false);

  const fieldRef = useCallback((field: F) => {
    let callback = refCallbacks.current.get(field);
    if (!callback) {
      callback = (handle) => {
        handles.current.set(field, handle);
      };
      refCallbacks.current.set(field, callback);
    }
    return callback;
  }, []);
  const focus = useCallback((field: F) => handles.current.get(field)?.focus(), []);

  // After a failure: its field, else the form's chosen field, else the alert (announced and focused).
  const focusRule = useRef(focusOnFailure);
  focusRule.current = focusOnFailure;
  useEffect(() => {
    if (!failure) return;
    const target = failure.field ?? focusRule.current?.(failure) ?? null;
    const handle = target ? handles.current.get(target as F) : null;
    if (handle) handle.focus();
    else alertRef.current?.focus();
  }, [failure]);

  const submit = useCallback(
    async (run: () => Promise<void>, clear?: (failure: AuthFailure | null) => readonly F[]) => {
      if (busy.current) return;
      const invalid = firstInvalid(fields.map((field) => handles.current.get(field)));
      if (invalid) {
        invalid.focus();
        return;
      }
      busy.current = true;
      dispatch({ type: "submit" });
      try {
        await run();
      } catch (error) {
        const mapped = authFailure(error, fields, (key) => i18n.exists(key));
        dispatch({ type: "failed", failure: mapped, clear: clear?.(mapped) });
      } finally {
        busy.current = false;
      }
    },
    [fields, dispatch, i18n],
  );

  return { fieldRef, alertRef, submit, focus };
}

/** The props that bind a kit field to a form: value, change, imposed error and handle. */
export interface BoundField {
  value: string;
  onChange: (value: string) => void;
  error: readonly string[] | undefined;
  ref: (handle: FieldHandle | null) => void;
}

/** A one-step auth form: its state, controls, and `bind(field)` for each kit field. */
export function useAuthForm<F extends AuthField>(fields: readonly F[], initial: Record<F, string>) {
  const [state, dispatch] = useReducer(formReducer<F>, initial, initialForm<F>);
  const controls = useFormControls<F>({ fields, dispatch, failure: state.failure });
  const bind = (field: F): BoundField => ({
    value: state.values[field],
    onChange: (value) => dispatch({ type: "edit", field, value }),
    error: fieldError(state as FormState<F>, field),
    ref: controls.fieldRef(field),
  });
  return { state, dispatch, controls, bind };
}

/** A mail link's token as the screen read it. */
export interface MailLinkToken {
  /** The token, when the link carried one of the accepted shape. */
  token: string | null;
  /** The link carried a `token` parameter (a malformed one counts as an invalid link). */
  present: boolean;
}

/**
 * The `token` of a mail link, read once when the screen opens; the parameter is then removed from
 * the address (history replaced) so it does not linger in the history or the address bar.
 */
export function useQueryToken(): MailLinkToken {
  const location = useLocation();
  const navigate = useNavigate();
  const [read] = useState(() => readQueryToken(location));
  const removed = useRef(false);
  useEffect(() => {
    if (!read.present || removed.current) return;
    removed.current = true;
    navigate(read.cleanUrl, { replace: true });
  }, [read, navigate]);
  return { token: read.value, present: read.present };
}
