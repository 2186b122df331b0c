/**
 * The menus as the editor lays them out: the navigation panel and the admin menu in their columns
 * of sections (§2.5, §9, the navigation panel's own layout), the user and help menus as lists. Each
 * item is a button naming it (selecting it opens the inspector) beside a handle that reorders it:
 * dragged with the mouse (HTML5 drag and drop) or lifted with the keyboard (the handle's keys are
 * menus-editor.tsx's). What a drop does is the model's (dropItem).
 */
import type { CSSProperties, DragEvent, FocusEvent, KeyboardEvent, MouseEvent, ReactNode } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type {
  DropTarget,
  EntryMenu,
  HiddenItem,
  MenuColumnLimits,
  MenuName,
  MenusDocument,
  SectionMenu,
} from "./menu-model.ts";

/** What is being dragged. */
export interface DragItem {
  id: string;
  type: "section" | "link" | "entry";
  menu: MenuName;
}

/** Everything the rows need from the editor. */
export interface TreeApi {
  document: MenusDocument;
  readOnly: boolean;
  selectedId: string | null;
  liftedId: string | null;
  /** Ids of the links this draft added (badged). */
  addedIds: ReadonlySet<string>;
  /** The id of the element describing the reorder keys. */
  instructionsId: string;
  textOf: (key: string) => string;
  select: (id: string) => void;
  onHandleKey: (id: string, event: KeyboardEvent<HTMLButtonElement>) => void;
  onHandleClick: (id: string, event: MouseEvent<HTMLButtonElement>) => void;
  onHandleBlur: (id: string, event: FocusEvent<HTMLButtonElement>) => void;
  dragging: DragItem | null;
  /** The drop place shown while dragging over it. */
  hint: { key: string; place: "before" | "after" | "end" } | null;
  onDragStart: (item: DragItem, event: DragEvent<HTMLElement>) => void;
  /**
   * Accepts the drag there (and shows the place) when the dragged item may go there; an accepted
   * event goes no further, so an enclosing section or column offers its place only where no row does.
   */
  onDragOver: (target: DropTarget, hintKey: string, event: DragEvent<HTMLElement>) => void;
  onDrop: (target: DropTarget, event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  onShow: (item: HiddenItem) => void;
  onAddLink: (menu: SectionMenu) => void;
}

/** Before or after the middle of the element under the pointer. */
function placeOf(event: DragEvent<HTMLElement>): "before" | "after" {
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientY < box.top + box.height / 2 ? "before" : "after";
}

function hintClass(api: TreeApi, key: string): string {
  if (api.hint?.key !== key) return "";
  return ` studio-menus__drop--${api.hint.place}`;
}

/** The drag handle: a button that lifts the item for the keyboard and starts a drag for the mouse. */
function Handle({ api, id, name }: { api: TreeApi; id: string; name: string }) {
  const { t } = useTranslation();
  const lifted = api.liftedId === id;
  return (
    <button
      type="button"
      className={`kit-button studio-menus__handle${lifted ? " studio-menus__handle--lifted" : ""}`}
      data-handle-id={id}
      aria-label={t("StudioMenus_Reorder", { name })}
      aria-describedby={api.instructionsId}
      aria-pressed={lifted}
      disabled={api.readOnly}
      onKeyDown={(event) => api.onHandleKey(id, event)}
      onClick={(event) => api.onHandleClick(id, event)}
      onBlur={(event) => api.onHandleBlur(id, event)}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

/** The button naming an item; pressing it selects the item. */
function ItemButton({ api, id, name, extra }: { api: TreeApi; id: string; name: string; extra?: ReactNode }) {
  const selected = api.selectedId === id;
  return (
    <>
      <button
        type="button"
        className={`studio-menus__item${selected ? " studio-menus__item--selected" : ""}`}
        data-item-id={id}
        aria-current={selected ? "true" : undefined}
        onClick={() => api.select(id)}
      >
        {name}
      </button>
      {extra}
    </>
  );
}

function AddedBadge({ api, id }: { api: TreeApi; id: string }) {
  const { t } = useTranslation();
  return api.addedIds.has(id) ? (
    <span className="studio-menus__badge">{t("StudioMenus_AddedBadge")}</span>
  ) : null;
}

/** The navigation panel or the admin menu: its column limits, its columns of sections, what it hides. */
export function SectionMenuView(props: {
  api: TreeApi;
  menu: SectionMenu;
  limits: MenuColumnLimits;
  hidden: readonly HiddenItem[];
}) {
  const { t } = useTranslation();
  const { api, menu, limits } = props;
  const headingId = useId();
  const sections = api.document[menu].sections;
  const title = t(`StudioMenus_Menu_${menu}`);
  return (
    <section className="studio-menus__menu" aria-labelledby={headingId}>
      <div className="studio-menus__menu-head">
        <h2 id={headingId} className="studio-menus__menu-title">
          {title}
        </h2>
        <button
          type="button"
          className="kit-button"
          disabled={api.readOnly}
          data-add-link={menu}
          aria-label={t("StudioMenus_AddLinkTo", { menu: title })}
          onClick={() => api.onAddLink(menu)}
        >
          {t("StudioMenus_AddLink")}
        </button>
      </div>
      <ColumnLimitsView limits={limits} />
      <div
        className="studio-menus__columns"
        style={{ "--studio-menus-columns": limits.columns.length } as CSSProperties}
      >
        {limits.columns.map((usage) => {
          const inColumn = sections.filter((section) => section.column === usage.column);
          const columnKey = `${menu}:column:${usage.column}`;
          const columnLabel = t("StudioMenus_ColumnLabel", { column: usage.column, max: limits.max });
          return (
            // biome-ignore lint/a11y/useSemanticElements: a group of sections named by its column; a fieldset is for form controls
            <div
              key={usage.column}
              role="group"
              aria-label={columnLabel}
              className={`studio-menus__column${usage.over ? " studio-menus__column--over" : ""}${hintClass(api, columnKey)}`}
              onDragOver={(event) => {
                if (api.dragging?.type === "section")
                  api.onDragOver({ at: "columnEnd", menu, column: usage.column }, columnKey, event);
              }}
              onDrop={(event) => {
                if (api.dragging?.type === "section")
                  api.onDrop({ at: "columnEnd", menu, column: usage.column }, event);
              }}
            >
              <p className="studio-menus__column-head">
                <span>{columnLabel}</span>
                <span className="studio-menus__muted">
                  {t("StudioMenus_ColumnCounts", {
                    sections: usage.sectionIds.length,
                    links: usage.linkCount,
                  })}
                </span>
              </p>
              {usage.over ? (
                <p className="studio-menus__warning" role="note">
                  {t("StudioMenus_ColumnOver", { column: usage.column, max: limits.max })}
                </p>
              ) : null}
              {inColumn.length === 0 ? (
                <p className="studio-menus__muted">{t("StudioMenus_ColumnEmpty")}</p>
              ) : (
                <ol className="studio-menus__sections">
                  {inColumn.map((section) => (
                    <SectionView key={section.id} api={api} menu={menu} section={section} />
                  ))}
                </ol>
              )}
            </div>
          );
        })}
      </div>
      <HiddenList api={api} items={props.hidden} />
    </section>
  );
}

/** The §9 limit of a menu's columns, and what the panel makes of the draft's columns. */
function ColumnLimitsView({ limits }: { limits: MenuColumnLimits }) {
  const { t } = useTranslation();
  return (
    <div className={`studio-menus__limits${limits.over ? " studio-menus__limits--over" : ""}`}>
      <p>
        {t("StudioMenus_ColumnsSummary", { shown: limits.shown, max: limits.max, width: limits.widthPx })}
      </p>
      {limits.over ? (
        <p className="studio-menus__warning" role="note">
          {t("StudioMenus_ColumnsOver", { max: limits.max })}
        </p>
      ) : null}
      {limits.empty.length > 0 ? (
        <p className="studio-menus__muted">
          {t("StudioMenus_ColumnsEmpty", { columns: limits.empty.join(", ") })}
        </p>
      ) : null}
    </div>
  );
}

type AnySection = MenusDocument[SectionMenu]["sections"][number];

function SectionView({ api, menu, section }: { api: TreeApi; menu: SectionMenu; section: AnySection }) {
  const { t } = useTranslation();
  const name = api.textOf(section.titleKey);
  const headKey = `${section.id}:head`;
  const endKey = `${section.id}:end`;
  const draggingSection = api.dragging?.type === "section";
  return (
    <li
      className={`studio-menus__section${hintClass(api, section.id)}`}
      onDragOver={(event) => {
        if (draggingSection)
          api.onDragOver({ at: "item", id: section.id, place: placeOf(event) }, section.id, event);
      }}
      onDrop={(event) => {
        if (draggingSection) api.onDrop({ at: "item", id: section.id, place: placeOf(event) }, event);
      }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drag source and drop target for the mouse; the keyboard reorders with the handle button inside */}
      <div
        className={`studio-menus__row studio-menus__row--section${hintClass(api, headKey)}`}
        draggable={!api.readOnly}
        onDragStart={(event) => api.onDragStart({ id: section.id, type: "section", menu }, event)}
        onDragEnd={api.onDragEnd}
        onDragOver={(event) => {
          if (api.dragging?.type === "link")
            api.onDragOver({ at: "item", id: section.id, place: "before" }, headKey, event);
        }}
        onDrop={(event) => {
          if (api.dragging?.type === "link")
            api.onDrop({ at: "item", id: section.id, place: "before" }, event);
        }}
      >
        <Handle api={api} id={section.id} name={t("StudioMenus_SectionName", { name })} />
        <ItemButton api={api} id={section.id} name={name} />
      </div>
      <ol className="studio-menus__links" aria-label={name}>
        {section.links.map((link) => (
          <li
            key={link.id}
            className={`studio-menus__row${hintClass(api, link.id)}`}
            draggable={!api.readOnly}
            onDragStart={(event) => {
              event.stopPropagation();
              api.onDragStart({ id: link.id, type: "link", menu }, event);
            }}
            onDragEnd={api.onDragEnd}
            onDragOver={(event) => {
              if (api.dragging?.type === "link")
                api.onDragOver({ at: "item", id: link.id, place: placeOf(event) }, link.id, event);
            }}
            onDrop={(event) => {
              if (api.dragging?.type === "link")
                api.onDrop({ at: "item", id: link.id, place: placeOf(event) }, event);
            }}
          >
            <Handle api={api} id={link.id} name={api.textOf(link.textKey)} />
            <ItemButton
              api={api}
              id={link.id}
              name={api.textOf(link.textKey)}
              extra={<AddedBadge api={api} id={link.id} />}
            />
          </li>
        ))}
        {api.dragging?.type === "link" && api.dragging.menu === menu ? (
          <li
            className={`studio-menus__end-zone${hintClass(api, endKey)}`}
            onDragOver={(event) => api.onDragOver({ at: "sectionEnd", sectionId: section.id }, endKey, event)}
            onDrop={(event) => api.onDrop({ at: "sectionEnd", sectionId: section.id }, event)}
          >
            {t("StudioMenus_DropAtEnd", { section: name })}
          </li>
        ) : null}
      </ol>
    </li>
  );
}

/** The user or help menu: its entries in order, and what it hides. */
export function EntryMenuView(props: { api: TreeApi; menu: EntryMenu; hidden: readonly HiddenItem[] }) {
  const { t } = useTranslation();
  const { api, menu } = props;
  const headingId = useId();
  const title = t(`StudioMenus_Menu_${menu}`);
  return (
    <section className="studio-menus__menu" aria-labelledby={headingId}>
      <div className="studio-menus__menu-head">
        <h2 id={headingId} className="studio-menus__menu-title">
          {title}
        </h2>
      </div>
      <ol className="studio-menus__links studio-menus__links--entries" aria-label={title}>
        {api.document[menu].entries.map((entry) => (
          <li
            key={entry.id}
            className={`studio-menus__row${hintClass(api, entry.id)}`}
            draggable={!api.readOnly}
            onDragStart={(event) => api.onDragStart({ id: entry.id, type: "entry", menu }, event)}
            onDragEnd={api.onDragEnd}
            onDragOver={(event) => {
              if (api.dragging?.type === "entry")
                api.onDragOver({ at: "item", id: entry.id, place: placeOf(event) }, entry.id, event);
            }}
            onDrop={(event) => {
              if (api.dragging?.type === "entry")
                api.onDrop({ at: "item", id: entry.id, place: placeOf(event) }, event);
            }}
          >
            <Handle api={api} id={entry.id} name={api.textOf(entry.textKey)} />
            <ItemButton api={api} id={entry.id} name={api.textOf(entry.textKey)} />
          </li>
        ))}
      </ol>
      <HiddenList api={api} items={props.hidden} />
    </section>
  );
}

/** The served items the draft hides, each with a button that shows it again. */
function HiddenList({ api, items }: { api: TreeApi; items: readonly HiddenItem[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <div className="studio-menus__hidden">
      <h3 id={headingId} className="studio-menus__hidden-title">
        {t("StudioMenus_HiddenTitle", { count: items.length })}
      </h3>
      <ul aria-labelledby={headingId} className="studio-menus__links">
        {items.map((item) => {
          const name = api.textOf(item.textKey);
          return (
            <li key={item.id} className="studio-menus__row">
              <ItemButton api={api} id={item.id} name={name} />
              {item.type === "section" ? (
                <span className="studio-menus__muted">
                  {t("StudioMenus_HiddenSection", { count: item.linkIds?.length ?? 0 })}
                </span>
              ) : null}
              <button
                type="button"
                className="kit-button"
                disabled={api.readOnly}
                aria-label={t("StudioMenus_ShowItem", { name })}
                onClick={() => api.onShow(item)}
              >
                {t("StudioMenus_Show")}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
