/**
 * The Select's states of SPEC §4.5 as a reducer: closed, open, or adding a custom value. Escape cancels
 * the custom value first and closes the dropdown second (§5). The search text and the keyboard's active
 * row live here too; which row becomes active is decided by select-options.ts.
 */

/** §4.5: a select dropdown is open, closed, or adding a custom value. */
export type SelectMode = "closed" | "open" | "adding";

/** The state of one Select. */
export interface SelectState {
  mode: SelectMode;
  /** Search text typed while open (searchable selects only). */
  query: string;
  /** Index of the active row of the open dropdown, -1 for none. */
  active: number;
  /** The custom value being typed while adding. */
  customText: string;
}

export type SelectEvent =
  | { type: "open"; active: number }
  | { type: "close" }
  | { type: "query"; query: string; active: number }
  | { type: "activate"; index: number }
  | { type: "startAdding" }
  | { type: "customText"; text: string }
  | { type: "customAdded"; keepOpen: boolean }
  | { type: "escape" };

/** A closed Select with nothing typed. */
export const CLOSED_SELECT: SelectState = { mode: "closed", query: "", active: -1, customText: "" };

/** The next state of a Select. */
export function selectReducer(state: SelectState, event: SelectEvent): SelectState {
  switch (event.type) {
    case "open":
      return state.mode === "closed" ? { ...CLOSED_SELECT, mode: "open", active: event.active } : state;
    case "close":
      return state.mode === "closed" ? state : CLOSED_SELECT;
    case "query":
      return state.mode === "open" ? { ...state, query: event.query, active: event.active } : state;
    case "activate":
      return state.mode === "open" && state.active !== event.index
        ? { ...state, active: event.index }
        : state;
    case "startAdding":
      return state.mode === "open" ? { ...state, mode: "adding", customText: state.query } : state;
    case "customText":
      return state.mode === "adding" ? { ...state, customText: event.text } : state;
    case "customAdded":
      return event.keepOpen ? { ...state, mode: "open", customText: "", query: "" } : CLOSED_SELECT;
    case "escape":
      // §5: Escape cancels the custom value (back to the list); a second Escape closes.
      if (state.mode === "adding") return { ...state, mode: "open", customText: "" };
      return state.mode === "open" ? CLOSED_SELECT : state;
  }
}
