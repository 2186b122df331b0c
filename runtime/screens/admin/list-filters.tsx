/**
 * The search box and filter bar of a list (schemas/screens.ts): search text is sent as `search`
 * after a quiet moment; each `control` filter is a select (static options or searched on its
 * options source), a yes/no/any choice, a text or a date; a `hidden` filter set by the URL shows as
 * a removable chip. Every choice lands in the URL through `onFilter`.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenFilter, ScreenList } from "../../../schemas/screens.ts";
import { TextField } from "../../components/fields/text-field.tsx";
import { Select } from "../../components/select/select.tsx";
import type { SelectOption } from "../../components/select/select-options.ts";
import { debounce } from "../../components/timing/rate-limit.ts";
import { apiRequest } from "../../http/api-client.ts";
import { CloseIcon } from "./admin-icons.tsx";
import { type ListState, SEARCH_MAX_LENGTH } from "./list-url.ts";

/** Quiet time after typing before a search or text filter is applied. */
export const TYPING_DEBOUNCE_MS = 300;
/** Options fetched per search of an options source (its first page). */
export const FILTER_OPTIONS_PAGE_SIZE = 50;

/** Text keys of the "any" / yes / no choices. */
const ANY_KEY = "AdminFilter_Any";

/** Props of the filter bar. */
export interface ListFiltersProps {
  screenId: string;
  list: ScreenList;
  state: ListState;
  onSearch: (search: string) => void;
  /** null chooses "any". */
  onFilter: (name: string, value: string | null) => void;
}

/**
 * Text typed into a box, applied after TYPING_DEBOUNCE_MS or at once when the box is left (so a click
 * elsewhere never races a pending search); follows the URL when it changes elsewhere.
 */
function useDebouncedText(value: string, apply: (text: string) => void) {
  const [text, setText] = useState(value);
  const applied = useRef(value);
  const pending = useRef<string | null>(null);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  if (value !== applied.current) {
    applied.current = value;
    setText(value);
  }
  const commit = useMemo(
    () => () => {
      const next = pending.current;
      pending.current = null;
      if (next === null || next === applied.current) return;
      applied.current = next;
      applyRef.current(next);
    },
    [],
  );
  const debounced = useMemo(() => debounce(commit, TYPING_DEBOUNCE_MS), [commit]);
  useEffect(
    () => () => {
      pending.current = null;
      debounced.cancel();
    },
    [debounced],
  );
  return {
    text,
    change: (next: string) => {
      setText(next);
      pending.current = next;
      debounced();
    },
    flush: () => {
      debounced.cancel();
      commit();
    },
  };
}

/** Options of a select filter loaded from its options source as the user types. */
function useSourceOptions(source: ScreenFilter["optionsSource"]) {
  const [options, setOptions] = useState<SelectOption[]>([]);
  const [loading, setLoading] = useState(false);
  const pending = useRef<AbortController | null>(null);
  const load = useMemo(
    () =>
      debounce((search: string) => {
        if (!source) return;
        pending.current?.abort();
        const controller = new AbortController();
        pending.current = controller;
        setLoading(true);
        const query = new URLSearchParams({
          search,
          pageSize: String(FILTER_OPTIONS_PAGE_SIZE),
          ...source.query,
        });
        apiRequest<{ items?: unknown }>(`${source.endpoint}?${query.toString()}`, {
          signal: controller.signal,
        }).then(
          (answer) => {
            const items = Array.isArray(answer?.items) ? (answer.items as Record<string, unknown>[]) : [];
            setOptions(
              items.flatMap((row) => {
                const value = row?.[source.valueField];
                if (typeof value !== "string" && typeof value !== "number") return [];
                const label = row[source.labelField];
                return [{ value: String(value), label: label == null ? String(value) : String(label) }];
              }),
            );
            setLoading(false);
          },
          () => {
            if (!controller.signal.aborted) setLoading(false);
          },
        );
      }, TYPING_DEBOUNCE_MS),
    [source],
  );
  useEffect(() => {
    if (source) load("");
    return () => {
      load.cancel();
      pending.current?.abort();
    };
  }, [load, source]);
  return { options, loading, search: load };
}

function FilterControl(
  props: { uid: string; filter: ScreenFilter; value: string | undefined } & ListFiltersProps,
) {
  const { t } = useTranslation();
  const { filter, value } = props;
  const source = useSourceOptions(filter.type === "select" ? filter.optionsSource : undefined);
  const typed = useDebouncedText(value ?? "", (text) => props.onFilter(filter.name, text || null));
  const label = t(filter.labelKey);
  const any: SelectOption = { value: "", label: t(ANY_KEY) };
  if (filter.type === "text" || filter.type === "date") {
    return (
      <TextField
        uid={props.uid}
        label={label}
        type={filter.type === "date" ? "date" : "text"}
        value={filter.type === "date" ? (value ?? "") : typed.text}
        onChange={(text) =>
          filter.type === "date" ? props.onFilter(filter.name, text || null) : typed.change(text)
        }
        onBlur={typed.flush}
      />
    );
  }
  const options: SelectOption[] =
    filter.type === "boolean"
      ? [any, { value: "true", label: t("AdminFilter_Yes") }, { value: "false", label: t("AdminFilter_No") }]
      : filter.options
        ? [any, ...filter.options.map((o) => ({ value: String(o.value), label: t(o.labelKey) }))]
        : [any, ...source.options];
  return (
    <Select
      uid={props.uid}
      label={label}
      options={options}
      value={value ?? ""}
      onChange={(next) => props.onFilter(filter.name, next === null || next === "" ? null : String(next))}
      onSearch={filter.optionsSource ? source.search : undefined}
      loading={source.loading}
    />
  );
}

/** The search box, the filter controls and the chips of hidden filters. */
export function ListFilters(props: ListFiltersProps) {
  const { t } = useTranslation();
  const search = useDebouncedText(props.state.search, props.onSearch);
  const filters = props.list.filters ?? [];
  const controls = filters.filter((f) => (f.display ?? "control") === "control");
  const chips = filters.filter((f) => f.display === "hidden" && props.state.filters[f.name]);
  if (!props.list.searchable && controls.length === 0 && chips.length === 0) return null;
  return (
    <search className="admin-filters">
      {props.list.searchable ? (
        <TextField
          uid={`${props.screenId}-search`}
          label={t("AdminList_Search")}
          type="search"
          value={search.text}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={search.change}
          onBlur={search.flush}
          className="admin-filters__search"
        />
      ) : null}
      {controls.map((filter) => (
        <FilterControl
          key={filter.name}
          uid={`${props.screenId}-filter-${filter.name}`}
          filter={filter}
          value={props.state.filters[filter.name]}
          {...props}
        />
      ))}
      {chips.map((filter) => (
        <span key={filter.name} className="admin-chip">
          <span>
            {t("AdminFilter_Chip", { label: t(filter.labelKey), value: props.state.filters[filter.name] })}
          </span>
          <button
            type="button"
            className="admin-icon-button"
            aria-label={t("AdminFilter_Remove", { label: t(filter.labelKey) })}
            onClick={() => props.onFilter(filter.name, null)}
          >
            <CloseIcon />
          </button>
        </span>
      ))}
    </search>
  );
}
