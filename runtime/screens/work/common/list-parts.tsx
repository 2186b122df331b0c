/**
 * The parts every work list shares: the screen heading with its actions, the search form and
 * filters, the pager's texts, status badges and the loading, error and empty states.
 */

import type { TFunction } from "i18next";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/fields/text-field.tsx";
import type { PagerProps } from "../../../components/list/pager.tsx";
import { Select } from "../../../components/select/select.tsx";
import { ApiError } from "../../../http/api-error.ts";
import { type ListQuery, pageCount, pageRange } from "./list-query.ts";
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

/** The kit Pager's page, position and button names for a work list ("rows x–y of n"). */
export function workPagerTexts(
  t: TFunction,
  query: ListQuery,
  total: number,
): Pick<PagerProps, "page" | "pageCount" | "position" | "buttons"> {
  const pages = pageCount(total, query.pageSize);
  const { from, to } = pageRange(query, total);
  return {
    page: query.page,
    pageCount: pages,
    position: t("Work_PageStatus", { from, to, total, page: query.page, pages }),
    buttons: { previous: t("Work_PreviousPage"), next: t("Work_NextPage") },
  };
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
