/**
 * The option model of the Select (SPEC §3 Select option) and the pure list logic: filtering by the
 * search text, the rows the dropdown shows (select-all, options, add-custom), keyboard movement over
 * them and the selection changes. No React here; select.tsx only carries these out.
 */
import { hasSelectAll, type SelectValue } from "../../forms/select-rules.ts";

/** §3 Select option: label, value, description, icon, disabled, header, indent, separator, tooltip, removeable. */
export interface SelectOption {
  /** Text shown (already translated, or data such as a name). */
  label: string;
  /** Value stored when chosen; headers and separators have none. */
  value?: SelectValue;
  /** Secondary text shown after the label. */
  description?: string;
  /** Icon name shown before the label. */
  icon?: string;
  /** Shown but not selectable. */
  disabled?: boolean;
  /** A group title: not selectable, shown while one of its options matches the search. */
  header?: boolean;
  /** Nesting level (0 = none) shown as an indentation. */
  indent?: number;
  /** A divider line between groups. */
  separator?: boolean;
  /** Longer help shown on hover and exposed as the option's description. */
  tooltip?: string;
  /** The option can be removed from the list (Delete key or its remove button). */
  removeable?: boolean;
}

/** One row of the dropdown. */
export type SelectRow =
  | { kind: "selectAll" }
  | { kind: "option"; option: SelectOption }
  | { kind: "addCustom" };

/** Whether an option can be chosen. */
export function isSelectable(option: SelectOption): boolean {
  return !option.header && !option.separator && !option.disabled && option.value !== undefined;
}

/** Lower-cased text without diacritics, so "e" finds "é" in every UI language. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
}

/** The options matching `query` (label or description, case- and accent-insensitive). Headers stay while one
 * of their options matches; separators stay only between two shown options. */
export function filterOptions(options: readonly SelectOption[], query: string): SelectOption[] {
  const needle = foldText(query.trim());
  if (needle === "") return [...options];
  const matches = (o: SelectOption) =>
    !o.header && !o.separator && foldText(`${o.label} ${o.description ?? ""}`).includes(needle);
  const shown: SelectOption[] = [];
  let pendingHeader: SelectOption | null = null;
  let pendingSeparator = false;
  for (const option of options) {
    if (option.header) pendingHeader = option;
    else if (option.separator) pendingSeparator = shown.length > 0;
    else if (matches(option)) {
      if (pendingSeparator) shown.push({ label: "", separator: true });
      if (pendingHeader) shown.push(pendingHeader);
      pendingHeader = null;
      pendingSeparator = false;
      shown.push(option);
    }
  }
  return shown;
}

/** The rows of the open dropdown for the shown options. */
export function buildRows(
  shown: readonly SelectOption[],
  config: { multiple: boolean; allowCustom: boolean; totalSelectable: number },
): SelectRow[] {
  const rows: SelectRow[] = [];
  // §9: select-all depends on how many options the select has, not on how many the search left.
  if (config.multiple && hasSelectAll(config.totalSelectable) && shown.some(isSelectable)) {
    rows.push({ kind: "selectAll" });
  }
  for (const option of shown) rows.push({ kind: "option", option });
  if (config.allowCustom) rows.push({ kind: "addCustom" });
  return rows;
}

/** Whether a row can hold the keyboard's active position. */
export function isActivatable(row: SelectRow): boolean {
  return row.kind !== "option" || isSelectable(row.option);
}

/** The active row after a key: next/previous activatable row (no wrap, as in the APG), first or last. */
export function moveActive(
  rows: readonly SelectRow[],
  current: number,
  move: "next" | "previous" | "first" | "last",
): number {
  const step = move === "next" || move === "first" ? 1 : -1;
  let index = move === "first" ? 0 : move === "last" ? rows.length - 1 : current + step;
  if (move === "next" && current < 0) index = 0;
  for (; index >= 0 && index < rows.length; index += step) {
    const row = rows[index];
    if (row && isActivatable(row)) return index;
  }
  return move === "first" || move === "last" ? -1 : current;
}

/** The first activatable row whose label starts with the typed characters, searching after `current`. */
export function typeahead(rows: readonly SelectRow[], current: number, typed: string): number {
  const needle = foldText(typed);
  for (let offset = 1; offset <= rows.length; offset += 1) {
    const index = (current + offset + rows.length) % rows.length;
    const row = rows[index];
    if (row?.kind === "option" && isSelectable(row.option) && foldText(row.option.label).startsWith(needle)) {
      return index;
    }
  }
  return current;
}

/** The selection after choosing `value`: replaces it in a single select, toggles it in a multi-select. */
export function toggleValue(
  selected: readonly SelectValue[],
  value: SelectValue,
  multiple: boolean,
): SelectValue[] {
  if (!multiple) return [value];
  return selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
}

/** How many of the shown selectable options are selected: none, some or all. */
export function selectAllState(
  shown: readonly SelectOption[],
  selected: readonly SelectValue[],
): "none" | "some" | "all" {
  const values = shown.filter(isSelectable).map((o) => o.value as SelectValue);
  const count = values.filter((v) => selected.includes(v)).length;
  return count === 0 ? "none" : count === values.length ? "all" : "some";
}

/** Select-all: selects every shown selectable option, or deselects them when all already are. */
export function toggleAll(shown: readonly SelectOption[], selected: readonly SelectValue[]): SelectValue[] {
  const values = shown.filter(isSelectable).map((o) => o.value as SelectValue);
  if (selectAllState(shown, selected) === "all") return selected.filter((v) => !values.includes(v));
  return [...selected, ...values.filter((v) => !selected.includes(v))];
}
