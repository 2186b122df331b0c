/**
 * The list side of an admin screen: title and toolbar (create and screen actions), the tabs filter,
 * search and filters, the bulk bar for the selected rows, the table with its loading, empty and error
 * states announced politely, and paging.
 */
import type { ReactNode, RefObject } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenDefinition } from "../../../schemas/screens.ts";
import type { MenuItem } from "../../components/menu/menu.tsx";
import { errorBannerText } from "../../http/api-error.ts";
import {
  type ActionView,
  bulkActionViews,
  rowActionViews,
  selectionEnabled,
  toolbarActionViews,
} from "./action-rules.ts";
import { ListFilters } from "./list-filters.tsx";
import { ListPaging } from "./list-paging.tsx";
import { type Row, rowKeyOf, selectedIds } from "./list-request.ts";
import { ListTable } from "./list-table.tsx";
import { ListTabs, tabId } from "./list-tabs.tsx";
import { type ListState, withFilter } from "./list-url.ts";
import { ActionButton } from "./record-panel.tsx";
import type { ListData } from "./use-admin-data.ts";

export interface AdminListProps {
  screen: ScreenDefinition;
  state: ListState;
  data: ListData;
  write: boolean;
  titleId: string;
  titleRef: RefObject<HTMLHeadingElement | null>;
  selected: ReadonlySet<string>;
  busy: boolean;
  onSelectionChange: (selected: Set<string>) => void;
  /** Shows another list state (replace: while typing a search). */
  onState: (state: ListState, replace?: boolean) => void;
  onOpen: (key: string, trigger: HTMLElement | null) => void;
  onAction: (view: ActionView, row: Row | null, ids?: Array<string | number>) => void;
}

/** The list's content: the panel of the tabs when a filter shows as tabs. */
function TabPanel(props: { id: string | null; labelledBy: string | undefined; children: ReactNode }) {
  if (props.id === null) return <div className="admin-list__panel">{props.children}</div>;
  return (
    <div id={props.id} role="tabpanel" aria-labelledby={props.labelledBy} className="admin-list__panel">
      {props.children}
    </div>
  );
}

export function AdminList(props: AdminListProps) {
  const { t, i18n } = useTranslation();
  const { screen, state, data, write } = props;
  const { list, actions } = screen;
  const tabs = (list.filters ?? []).find((f) => f.display === "tabs");
  const tabsId = `${screen.id}-tabs`;
  const toolbar = toolbarActionViews(actions, write);
  const bulk = bulkActionViews(actions, write);
  const selectable = selectionEnabled(actions, write);
  const ids = selectedIds(list, data.rows, props.selected);
  const rowMenu = (row: Row): MenuItem[] => {
    const key = rowKeyOf(list, row);
    const open: MenuItem[] =
      screen.detail && key
        ? [
            {
              id: "open",
              label: t(actions.edit && write ? actions.edit.labelKey : "Action_Open"),
              onSelect: () => props.onOpen(key, null),
            },
          ]
        : [];
    const views = rowActionViews(actions, row, { write, place: "list" });
    return [
      ...open,
      ...views.map((view) => ({
        id: view.id,
        label: t(view.labelKey),
        disabled: view.state === "disabled" || props.busy,
        onSelect: () => props.onAction(view, row),
      })),
    ];
  };
  const errorText = data.status === "error" ? errorBannerText(data.error, (key) => i18n.exists(key)) : null;
  const loading = data.status === "loading";
  const status =
    data.status === "loading"
      ? t("Loading")
      : data.rows.length === 0 && data.status !== "error"
        ? t("AdminList_Empty")
        : t("AdminList_Count", { count: data.total });

  return (
    <div className="admin-list">
      <div className="admin-list__header">
        <h1 id={props.titleId} ref={props.titleRef} tabIndex={-1} className="admin-list__title">
          {t(screen.titleKey)}
        </h1>
        {toolbar.length > 0 ? (
          <div className="admin-toolbar">
            {toolbar.map((view) => (
              <ActionButton
                key={view.id}
                view={view}
                busy={props.busy}
                onClick={() => props.onAction(view, null)}
              />
            ))}
          </div>
        ) : null}
      </div>
      {tabs ? (
        <ListTabs
          filter={tabs}
          value={state.filters[tabs.name]}
          idPrefix={tabsId}
          onChoose={(value) => props.onState(withFilter(list, state, tabs.name, value))}
        />
      ) : null}
      <TabPanel
        id={tabs ? `${tabsId}-panel` : null}
        labelledBy={tabs ? tabId(tabsId, tabs, state.filters[tabs.name]) : undefined}
      >
        <ListFilters
          screenId={screen.id}
          list={list}
          state={state}
          onSearch={(search) => props.onState({ ...state, search, page: 1 }, true)}
          onFilter={(name, value) => props.onState(withFilter(list, state, name, value))}
        />
        {selectable && ids.length > 0 ? (
          <div
            className="admin-bulk"
            role="toolbar"
            aria-label={t("AdminList_Selection", { count: ids.length })}
          >
            <span>{t("AdminList_Selection", { count: ids.length })}</span>
            {bulk.map((view) => (
              <ActionButton
                key={view.id}
                view={view}
                busy={props.busy}
                onClick={() => props.onAction(view, null, ids)}
              />
            ))}
            <button
              type="button"
              className="kit-button admin-button--secondary"
              onClick={() => props.onSelectionChange(new Set())}
            >
              {t("AdminList_ClearSelection")}
            </button>
          </div>
        ) : null}
        <p className="admin-list__status" role="status">
          {status}
        </p>
        {data.status === "error" ? (
          <div className="admin-error" role="alert">
            <p>{t(errorText?.key ?? "ErrorCode_UnknownXhrFailure")}</p>
            <button type="button" className="kit-button" onClick={data.reload}>
              {t("AdminList_Retry")}
            </button>
          </div>
        ) : null}
        <div className="admin-table-scroll">
          <ListTable
            list={list}
            rows={data.rows}
            sort={state.sort}
            labelledBy={props.titleId}
            busy={loading}
            openable={Boolean(screen.detail)}
            selectable={selectable}
            selected={props.selected}
            onSelectionChange={props.onSelectionChange}
            onSort={(sort) => props.onState({ ...state, sort, page: 1 })}
            onOpen={props.onOpen}
            rowMenu={rowMenu}
          />
        </div>
        <ListPaging
          uid={`${screen.id}-page-size`}
          page={state.page}
          pageSize={state.pageSize}
          pageSizes={list.paging.pageSizes}
          total={data.total}
          onPage={(page) => props.onState({ ...state, page })}
          onPageSize={(pageSize) => props.onState({ ...state, pageSize, page: 1 })}
        />
      </TabPanel>
    </div>
  );
}
