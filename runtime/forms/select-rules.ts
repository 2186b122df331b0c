/**
 * The select rules of SPEC §5 and §9 as pure functions: value shape checks (an array for a multi-select,
 * a scalar for a single select), custom values, and the option counts from which the search box and the
 * select-all row appear.
 */
import { SELECT_ALL_FROM_OPTIONS, SELECT_SEARCHABLE_FROM_OPTIONS } from "../state/constants.ts";

/** A value a select option may hold. */
export type SelectValue = string | number | boolean;

/**
 * Why `value` does not fit the select, or null when it does (§5: a multi-select needs an array, a single
 * select a scalar). No value yet (null or undefined) fits both; the control logs the problem.
 */
export function selectValueProblem(multiple: boolean, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (multiple) return Array.isArray(value) ? null : "a multi-select needs an array value";
  if (Array.isArray(value)) return "a single select needs a scalar value, not an array";
  if (typeof value === "object") return "a single select needs a scalar value, not an object";
  return null;
}

/** Custom check of a typed value; returning false refuses it (§5), anything else accepts it. */
export type CustomValueValidation = (value: string) => unknown;

/**
 * The custom value to add for typed `text`, or null when it is refused: it must be non-empty after
 * trimming and the optional custom validation must not return false (§5).
 */
export function acceptCustomValue(text: string, validate?: CustomValueValidation): string | null {
  const value = text.trim();
  if (value === "") return null;
  if (validate && validate(value) === false) return null;
  return value;
}

/** Whether a select with `optionCount` selectable options shows a search box (§9: from 10 options). */
export function isSearchable(optionCount: number): boolean {
  return optionCount >= SELECT_SEARCHABLE_FROM_OPTIONS;
}

/** Whether a multi-select with `optionCount` selectable options offers select-all (§9: from 5 options). */
export function hasSelectAll(optionCount: number): boolean {
  return optionCount >= SELECT_ALL_FROM_OPTIONS;
}

/** Normalises a select's value to the list of selected values, whatever its shape. */
export function selectedValues(value: unknown): SelectValue[] {
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter(
    (item): item is SelectValue =>
      typeof item === "string" || typeof item === "number" || typeof item === "boolean",
  );
}
