/**
 * The Select's behaviour in React: state (select-state.ts), rows (select-options.ts), keys
 * (select-keys.ts) and the §5 rules (select-rules.ts, validation.ts), wired to the props. select.tsx
 * renders what this returns.
 */
import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useImperativeHandle,
  useReducer,
  useState,
} from "react";
import {
  acceptCustomValue,
  isSearchable,
  type SelectValue,
  selectedValues,
  selectValueProblem,
} from "../../forms/select-rules.ts";
import { useFieldError } from "../fields/use-field-error.ts";
import type { SelectProps } from "./select.tsx";
import { selectKeyAction } from "./select-keys.ts";
import {
  buildRows,
  filterOptions,
  isActivatable,
  isSelectable,
  moveActive,
  type SelectOption,
  toggleAll,
  toggleValue,
} from "./select-options.ts";
import { CLOSED_SELECT, selectReducer } from "./select-state.ts";

/** The elements the controller moves focus between. */
export interface SelectElements {
  trigger: RefObject<HTMLDivElement | null>;
  search: RefObject<HTMLInputElement | null>;
  custom: RefObject<HTMLInputElement | null>;
}

/** Whether `option` is among the selected values. */
export function isChosen(option: SelectOption, selected: readonly SelectValue[]): boolean {
  return option.value !== undefined && selected.includes(option.value);
}

/** Runs the Select with DOM id `id`. */
export function useSelectController(props: SelectProps, id: string, elements: SelectElements) {
  const { trigger, search, custom } = elements;
  const [state, dispatch] = useReducer(selectReducer, CLOSED_SELECT);
  const [customRefused, setCustomRefused] = useState(false);
  const multiple = Boolean(props.multiple);
  const selected = selectedValues(props.value);

  useEffect(() => {
    const problem = selectValueProblem(multiple, props.value);
    if (problem) console.error(`Select ${id}: ${problem} (§5)`, props.value);
  }, [multiple, props.value, id]);

  const totalSelectable = props.options.filter(isSelectable).length;
  const searchable = props.searchable ?? (Boolean(props.onSearch) || isSearchable(totalSelectable));
  const rowsFor = (query: string) =>
    buildRows(props.onSearch ? props.options : filterOptions(props.options, query), {
      multiple,
      allowCustom: Boolean(props.allowCustom),
      totalSelectable,
    });
  const rows = rowsFor(state.query);
  const shown = rows.flatMap((row) => (row.kind === "option" ? [row.option] : []));
  const blocked = Boolean(props.disabled || props.readOnly);
  const field = useFieldError<SelectValue | SelectValue[] | null>(
    multiple ? selected : (selected[0] ?? null),
    { required: props.required, validators: props.validators, disabled: props.disabled },
    props.error,
  );
  useImperativeHandle(
    props.ref,
    () => ({ focus: () => trigger.current?.focus(), validate: field.validate }),
    [field.validate, trigger],
  );
  useEffect(() => {
    if (state.mode === "open" && searchable) search.current?.focus();
    if (state.mode === "adding") custom.current?.focus();
  }, [state.mode, searchable, search, custom]);

  const listFocus = () => (searchable ? search : trigger).current?.focus();
  const emit = (values: SelectValue[]) => {
    field.onEdit();
    props.onChange(multiple ? values : (values[0] ?? null));
  };
  const open = () => {
    if (blocked || state.mode !== "closed") return;
    const current = rows.findIndex((r) => r.kind === "option" && isChosen(r.option, selected));
    dispatch({ type: "open", active: current >= 0 ? current : moveActive(rows, -1, "first") });
  };
  const close = (focusTrigger: boolean) => {
    dispatch({ type: "close" });
    if (focusTrigger) trigger.current?.focus();
  };
  const setQuery = (query: string) => {
    props.onSearch?.(query);
    dispatch({ type: "query", query, active: moveActive(rowsFor(query), -1, "first") });
  };
  const choose = (index: number) => {
    const row = rows[index];
    if (!row || !isActivatable(row)) return;
    if (row.kind === "selectAll") emit(toggleAll(shown, selected));
    else if (row.kind === "addCustom") dispatch({ type: "startAdding" });
    else if (row.option.value !== undefined) {
      emit(toggleValue(selected, row.option.value, multiple));
      if (!multiple) close(true);
    }
  };
  const remove = (index: number) => {
    const row = rows[index];
    if (row?.kind === "option" && row.option.removeable) props.onRemoveOption?.(row.option);
  };
  const addCustom = () => {
    const value = acceptCustomValue(state.customText, props.customValidation);
    setCustomRefused(value === null);
    if (value === null) return;
    props.onAddCustomValue?.(value);
    emit(multiple ? (selected.includes(value) ? selected : [...selected, value]) : [value]);
    dispatch({ type: "customAdded", keepOpen: multiple });
    if (multiple) listFocus();
    else trigger.current?.focus();
  };
  const cancelCustom = () => {
    // §5: Escape cancels the custom value and returns to the list.
    dispatch({ type: "escape" });
    listFocus();
  };
  const customText = (text: string) => {
    setCustomRefused(false);
    dispatch({ type: "customText", text });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const action = selectKeyAction(state, event, { rows, searchable, blocked });
    if (action.type === "none") return;
    event.preventDefault();
    event.stopPropagation();
    if (action.type === "open") open();
    else if (action.type === "openAndSearch") {
      open();
      setQuery(action.query);
    } else if (action.type === "openAndActivate") {
      open();
      dispatch({ type: "activate", index: action.index });
    } else if (action.type === "activate") dispatch({ type: "activate", index: action.index });
    else if (action.type === "choose") choose(action.index);
    else if (action.type === "remove") remove(action.index);
    else if (action.type === "close") close(action.focusTrigger);
  };

  return {
    state,
    dispatch,
    multiple,
    selected,
    rows,
    searchable,
    field,
    customRefused,
    open,
    close,
    choose,
    remove,
    addCustom,
    cancelCustom,
    customText,
    setQuery,
    onKeyDown,
  };
}
