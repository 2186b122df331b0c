/**
 * The parts every work list shares: the screen heading with its actions, the search form and
 * filters, sortable column headers, the pager, status badges and the loading, error and empty states.
 */
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/fields/text-field.tsx";
import { ApiError } from "../../../http/api-error.ts";
import { Select } from "../../../components/select/select.tsx";
import { type ListQuery, ariaSort, pageCount, pageRange, toggleSort } from "./list-query.ts";
import "./work.css";

/** The screen's heading (h1) and its main actions. */
export function ScreenHeader({ title, actions, id }: { title: string; actions?: ReactNode; id?: string }) {
  return (
    <header className="work-header">
      <h1 id={id} className="work-header__title">
        {title}
      </h1>
      {actions ? <div className="work-actions">{actions}</div> : null}
    </header>
  );
}

/** A filter of a list: a Select over fixed values, "" meaning all. */
export interface ListFilter {
  uid: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
}

/** The search form (submitted with Enter or its button) and the list's filters. */
export function ListToolbar(props: {
  uid: string;
  label: string;
  search: string;
  onSearch: (text: string) => void;
  filters?: ListFilter[];
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.search);
  return (
    <div className="work-toolbar">
      <search aria-label={props.label}>
        <form
          className="work-toolbar__search"
          onSubmit={(event) => {
            event.preventDefault();
            props.onSearch(text);
          }}
        >
          <TextField
            uid={`${props.uid}-search`}
            type="search"
            label={t("Work_Search")}
            value={text}
            onChange={setText}
          />
          <button type="submit" className="kit-button">
            {t("Work_SearchButton")}
          </button>
        </form>
      </search>
      {(props.filters ?? []).map((filter) => (
        <Select
          key={filter.uid}
          uid={filter.uid}
          label={filter.label}
          value={filter.value}
          options={[{ value: "", label: t("Work_FilterAll") }, ...filter.options]}
          onChange={(value) => filter.onChange(typeof value === "string" ? value : "")}
          className="work-toolbar__filter"
        />
      ))}
    </div>
  );
}

/** A column header that sorts the list (button inside the th; aria-sort on the th). */
export function SortHeader(props: {
  field: string;
  label: string;
  sort: string;
  onSort: (sort: string) => void;
}) {
  return (
    <th scope="col" aria-sort={ariaSort(props.sort, props.field)}>
      <button
        type="button"
        className="work-sort"
        onClick={() => props.onSort(toggleSort(props.sort, props.field))}
      >
        {props.label}
        <span aria-hidden="true" className="work-sort__mark">
          {{ ascending: "▲", descending: "▼", none: "" }[ariaSort(props.sort, props.field)]}
        </span>
      </button>
    </th>
  );
}

/** Previous / next page with "rows x–y of n" (a navigation landmark named for the list). */
export function Pager(props: {
  query: ListQuery;
  total: number;
  label: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const last = pageCount(props.total, props.query.pageSize);
  const { from, to } = pageRange(props.query, props.total);
  return (
    <nav className="work-pager" aria-label={props.label}>
      <button
        type="button"
        className="kit-button"
        disabled={props.query.page <= 1}
        onClick={() => props.onPage(props.query.page - 1)}
      >
        {t("Work_PreviousPage")}
      </button>
      <span className="work-pager__status" aria-live="polite">
        {t("Work_PageStatus", { from, to, total: props.total, page: props.query.page, pages: last })}
      </span>
      <button
        type="button"
        className="kit-button"
        disabled={props.query.page >= last}
        onClick={() => props.onPage(props.query.page + 1)}
      >
        {t("Work_NextPage")}
      </button>
    </nav>
  );
}

/** The tone of a status badge. */
export type Tone = "neutral" | "info" | "success" | "warning" | "danger";

/** A status shown as text with a tone (the colour is never the only cue). */
export function StatusBadge({ label, tone }: { label: string; tone: Tone }) {
  return <span className={`work-badge work-badge--${tone}`}>{label}</span>;
}

/** Loading, failed or empty: what a list or detail shows instead of its content. */
export function LoadState(props: {
  loading: boolean;
  error: unknown;
  /** Some data has arrived (it stays shown while reloading). */
  hasData: boolean;
  empty?: boolean;
  emptyText?: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (props.error instanceof ApiError && props.error.status === 404 && !props.loading) {
    return (
      <p className="work-state work-state--error" role="alert">
        {t("Work_NotFound")}
      </p>
    );
  }
  if (props.error && !props.loading) {
    return (
      <div className="work-state work-state--error" role="alert" aria-labelledby={id}>
        <p id={id}>{t("Work_LoadFailed")}</p>
        {props.onRetry ? (
          <button type="button" className="kit-button" onClick={props.onRetry}>
            {t("Work_Retry")}
          </button>
        ) : null}
      </div>
    );
  }
  if (!props.hasData) {
    return (
      <p className="work-state" role="status">
        {t("Loading")}
      </p>
    );
  }
  if (props.empty) return <p className="work-state">{props.emptyText ?? t("Work_Empty")}</p>;
  return <>{props.children}</>;
}

/** A notice that a part of the screen has no upstream service yet (never a fake control). */
export function UnavailableNotice({ text }: { text: string }) {
  return (
    <p className="work-notice" role="note">
      {text}
    </p>
  );
}
