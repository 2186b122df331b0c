/**
 * The Select's keyboard as a pure decision (WAI-ARIA APG select-only combobox): which action a key asks
 * for in the current state. select.tsx carries the action out.
 */
import { moveActive, type SelectRow, typeahead } from "./select-options.ts";
import type { SelectState } from "./select-state.ts";

/** What a key press asks the Select to do. */
export type SelectKeyAction =
  | { type: "open" }
  | { type: "openAndSearch"; query: string }
  | { type: "openAndActivate"; index: number }
  | { type: "activate"; index: number }
  | { type: "choose"; index: number }
  | { type: "remove"; index: number }
  | { type: "close"; focusTrigger: boolean }
  | { type: "none" };

/** The key press as the decision needs it. */
export interface SelectKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** The action for `press` in `state` over `rows` (the rows the closed select would open with). */
export function selectKeyAction(
  state: SelectState,
  press: SelectKey,
  context: { rows: readonly SelectRow[]; searchable: boolean; blocked: boolean },
): SelectKeyAction {
  const { key } = press;
  const { rows, searchable } = context;
  const printable = key.length === 1 && !press.ctrlKey && !press.metaKey && !press.altKey;
  if (state.mode === "closed") {
    if (context.blocked) return { type: "none" };
    if (key === "ArrowDown" || key === "ArrowUp" || key === "Enter" || key === " ") return { type: "open" };
    if (!printable) return { type: "none" };
    return searchable
      ? { type: "openAndSearch", query: key }
      : { type: "openAndActivate", index: typeahead(rows, -1, key) };
  }
  if (state.mode !== "open") return { type: "none" };
  switch (key) {
    case "ArrowDown":
      return { type: "activate", index: moveActive(rows, state.active, "next") };
    case "ArrowUp":
      return { type: "activate", index: moveActive(rows, state.active, "previous") };
    case "Enter":
      return { type: "choose", index: state.active };
    case "Escape":
      return { type: "close", focusTrigger: true };
    case "Tab":
      return { type: "close", focusTrigger: false };
  }
  // In the search box these keys edit the text; on the combobox they act on the list.
  if (searchable) return { type: "none" };
  if (key === "Home" || key === "End") {
    return { type: "activate", index: moveActive(rows, state.active, key === "Home" ? "first" : "last") };
  }
  if (key === " ") return { type: "choose", index: state.active };
  if (key === "Delete") return { type: "remove", index: state.active };
  if (printable) return { type: "activate", index: typeahead(rows, state.active, key) };
  return { type: "none" };
}
