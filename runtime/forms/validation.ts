/**
 * The generic field rules of SPEC §5 as pure functions: required, e-mail, custom validators, skipped
 * while disabled, and the error that clears as soon as the value changes. Messages are i18n keys
 * (ValidationErrorMessage_Required, ValidationErrorMessage_InvalidEmail) or whatever a custom
 * validator returns; components translate them.
 */

/** §5 message key of an empty required field. */
export const REQUIRED_MESSAGE = "ValidationErrorMessage_Required";
/** §5 message key of a value that is not an e-mail address. */
export const INVALID_EMAIL_MESSAGE = "ValidationErrorMessage_InvalidEmail";

/** The longest address accepted (RFC 5321 path limit); longer input is never an address. */
export const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_MAX_LENGTH = 64;

/**
 * The product's e-mail pattern. Linear time by construction: the local part cannot contain `@`, each
 * domain label cannot contain `.`, so every character can be consumed by exactly one quantifier and a
 * failed match never re-partitions the input (no catastrophic backtracking).
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

/** §5 required: a string must be non-blank after trimming, a number or boolean always counts as filled,
 * an array needs at least one item, any other value must be truthy. */
export function isFilled(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  if (typeof value === "number" || typeof value === "boolean") return true;
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}

/** §5 e-mail: the pattern plus the structural limits a pattern alone cannot express in linear time. */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(value)) return false;
  const at = value.indexOf("@");
  const local = value.slice(0, at);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH) return false;
  if (local.startsWith(".") || local.endsWith(".") || local.includes("..")) return false;
  const labels = value.slice(at + 1).split(".");
  if (labels.some((label) => label.startsWith("-") || label.endsWith("-") || label.length > 63)) return false;
  // The top-level domain is alphabetic and at least two letters long.
  return /^[A-Za-z]{2,}$/.test(labels[labels.length - 1] ?? "");
}

/** A custom rule: returns a message (translated text or an i18n key) when the value is wrong. */
export type Validator<V = unknown> = (value: V) => string | null | undefined;

/** What a field asks of its value. */
export interface FieldRules<V = unknown> {
  required?: boolean;
  /** Check the value with the e-mail pattern (an empty value is left to `required`). */
  email?: boolean;
  validators?: ReadonlyArray<Validator<V>>;
  /** §5: a disabled control is never validated. */
  disabled?: boolean;
}

/** The first §5 message for `value`, or null when it passes. Rules run in order: required, e-mail, custom. */
export function validateValue<V>(value: V, rules: FieldRules<V>): string | null {
  if (rules.disabled) return null;
  const filled = isFilled(value);
  if (rules.required && !filled) return REQUIRED_MESSAGE;
  if (rules.email && filled && typeof value === "string" && !isValidEmail(value.trim())) {
    return INVALID_EMAIL_MESSAGE;
  }
  for (const validator of rules.validators ?? []) {
    const message = validator(value);
    if (message) return message;
  }
  return null;
}

/** The error state of one field: the message shown and the value it was found for. */
export interface FieldErrorState<V = unknown> {
  error: string | null;
  /** The value the error belongs to; any other value hides it (§5 the error clears on change). */
  errorValue: V | undefined;
}

/** Events of a field's error state. */
export type FieldErrorEvent<V = unknown> =
  | { type: "validate"; value: V; rules: FieldRules<V> }
  | { type: "change"; value: V }
  | { type: "external"; error: string | null; value: V };

/** The initial, error-free state. */
export const NO_FIELD_ERROR: FieldErrorState<never> = { error: null, errorValue: undefined };

/** Reducer of a field's error: validation sets it, a changed value clears it (§5), a form may impose one. */
export function fieldErrorReducer<V>(
  state: FieldErrorState<V>,
  event: FieldErrorEvent<V>,
): FieldErrorState<V> {
  switch (event.type) {
    case "validate": {
      const error = validateValue(event.value, event.rules);
      return error === state.error && Object.is(event.value, state.errorValue)
        ? state
        : { error, errorValue: event.value };
    }
    case "change":
      return state.error !== null && !Object.is(event.value, state.errorValue) ? NO_FIELD_ERROR : state;
    case "external":
      return { error: event.error, errorValue: event.value };
  }
}

/**
 * The error to show for an error found for `errorValue` while the field now holds `value`: hidden as soon
 * as the value differs (§5), compared structurally so arrays of the same items count as unchanged.
 */
export function visibleError<V>(error: string | null, errorValue: V | undefined, value: V): string | null {
  if (error === null) return null;
  return sameValue(errorValue, value) ? error : null;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => Object.is(item, b[index]));
  }
  return false;
}
