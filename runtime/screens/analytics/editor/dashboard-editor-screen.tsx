/**
 * The dashboard designer (renderer kind `dashboardEditor`, /dashboard/designer/:recId): the native
 * editor of a dashboard's definition. The object header stays (name, type, favourite) with the
 * editor's actions — Undo, Redo, Save, and Cancel (or Done) back to the viewer; a palette of the
 * widget kinds the manifest offers; the 12-column grid of the widgets drawn with their real data,
 * moved and resized with the mouse (a drag snaps to cells) or the keyboard, each step told in a
 * polite live region and focus kept on the widget; the settings dialog of a widget. Save writes the
 * object's Properties with the Definition replaced (PUT Content/Dashboards/Objects/{recId}); a
 * refusal is shown in words and nothing is lost. Unsaved changes guard leaving (use-leave-guard.ts).
 * Who may not change the dashboard never gets here (the route needs Dashboards rw); a dashboard
 * shared to view only says so.
 */
import {
  type CSSProperties,
  type MouseEvent,
  type PointerEvent as ReactPointerEvent,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isFilterKind } from "../../../../core/analytics/cross-filter.ts";
import {
  type DashboardDefinition,
  GRID_COLUMNS,
  MAX_WIDGETS,
  type WidgetDefinition,
} from "../../../../schemas/payloads/analytics-content.ts";
import type { WidgetKind } from "../../../../schemas/widgets.ts";
import { Icon } from "../../../components/icon-picker/icon.tsx";
import { Select } from "../../../components/select/select.tsx";
import { ApiError } from "../../../http/api-error.ts";
import type { ScreenProps } from "../../../renderers/screen-props.ts";
import { useManifest } from "../../../state/manifest-context.tsx";
import { kindOf, objectOrEmpty } from "../../../widgets/widget-kinds.ts";
import { widgetRegistry } from "../../../widgets/widget-registry.ts";
import { useWidgetThemes } from "../../../widgets/widget-themes.ts";
import { contentApi } from "../../content/content-api.ts";
import { errorMessage, showSuccessBanner } from "../../content/content-feedback.ts";
import type { ObjectDetail } from "../../content/content-types.ts";
import { ConfirmDialog } from "../../content/name-dialog.tsx";
import { ObjectHeader } from "../../content/object-header.tsx";
import { ObjectPageFallback } from "../../content/object-page-states.tsx";
import { EmptyState } from "../../content/state-views.tsx";
import { useLeaveGuard } from "../../content/use-leave-guard.ts";
import { useObjectPage } from "../../content/use-object.ts";
import { dashboardDefinitionOf } from "../definitions.ts";
import { DEFAULT_ROW_HEIGHT, readingOrder, rowHeightOf } from "../grid-layout.ts";
import { usePageFilters } from "../page-filters.ts";
import { useWidgetSetup } from "../widget-setup.ts";
import { blocksSave, type DefinitionProblem, definitionProblems, refusedWidget } from "./definition-check.ts";
import {
  cellsMoved,
  draggedBox,
  type FrameCommand,
  gridPitch,
  keepsOwnKeys,
  pageCommand,
} from "./editor-input.ts";
import {
  canRedo,
  canUndo,
  changedWidget,
  editorReducer,
  initialEditorState,
  isDirty,
  newWidgetId,
  redoChange,
  undoChange,
  widgetInHistory,
} from "./editor-model.ts";
import { EditorWidget, placement } from "./editor-widget.tsx";
import { announcement, changeWords, type Words } from "./editor-words.ts";
import { type Box, bottomRow, moveItem, resizeItem } from "./grid-compaction.ts";
import { paletteGroups } from "./palette-groups.ts";
import { hasFormSettings } from "./settings-schema.ts";
import { WidgetSettingsDialog } from "./widget-settings-dialog.tsx";
import "../../content/content.css";
import "../analytics.css";
import "./dashboard-editor.css";

const EMPTY: DashboardDefinition = { Version: 1, Widgets: [] };
/** Rows of room under the widgets while editing (a drag can go below the last one). */
const ROOM_ROWS = 3;
/** The row heights offered, in pixels (the definition schema allows 40–200). */
const ROW_HEIGHTS = [40, 60, 80, 100, 120, 160, 200];

export default function DashboardEditorScreen({ route, params }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = useObjectPage(route, params);
  const [changed, setChanged] = useState<ObjectDetail | null>(null);
  const loaded = page.object.data;
  if (!page.config || !loaded) return <ObjectPageFallback page={page} kind="dashboardEditor" />;
  const object = changed?.RecId === loaded.RecId ? changed : loaded;
  const viewerHref = page.links?.view ?? page.exitHref;
  if (!object.CanChange || object.IsDeleted) {
    return (
      <article className="content-page analytics-page">
        <ObjectHeader
          area={page.config.area}
          object={object}
          exitHref={page.exitHref}
          onChanged={setChanged}
        />
        <EmptyState title={t("DashboardEditor_ReadOnlyTitle")} text={t("Editor_ReadOnly")}>
          <a
            className="kit-button kit-button--primary"
            href={viewerHref}
            onClick={(event: MouseEvent) => {
              event.preventDefault();
              navigate(viewerHref);
            }}
          >
            {t("DashboardView_Open")}
          </a>
        </EmptyState>
      </article>
    );
  }
  return (
    <DashboardEditor
      key={object.RecId}
      area={page.config.area}
      object={object}
      viewerHref={viewerHref}
      onObject={setChanged}
    />
  );
}

interface Drag {
  widgetId: string;
  mode: "move" | "resize";
  start: Box;
  origin: { x: number; y: number };
  pitch: { column: number; row: number };
  box: Box;
}

function DashboardEditor(props: {
  area: string;
  object: ObjectDetail;
  viewerHref: string;
  onObject: (object: ObjectDetail) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { object } = props;
  const manifest = useManifest().widgets;
  const [state, dispatch] = useReducer(editorReducer, object.Properties, (properties) =>
    initialEditorState(dashboardDefinitionOf(properties) ?? EMPTY),
  );
  const { definition } = state;
  const widgets = definition.Widgets;
  const setup = useWidgetSetup(definition.Theme, true);
  // The account's widget themes, offered for the dashboard (the viewers draw its widgets with it).
  const themes = useWidgetThemes(true);
  const filters = usePageFilters(widgets, setup.rendererOf);
  const rowHeight = rowHeightOf(definition.RowHeight);
  const dirty = isDirty(state);
  const gridId = useId().replace(/:/g, "");
  const helpId = `${gridId}-help`;

  const kindName = useCallback(
    (widget: WidgetDefinition) => {
      const kind = kindOf(manifest, widget.Kind);
      return kind ? t(kind.titleKey) : widget.Kind;
    },
    [manifest, t],
  );
  const nameOf = useCallback(
    (widget: WidgetDefinition) => widget.Title?.trim() || kindName(widget),
    [kindName],
  );
  const nameById = (id: string) => {
    const widget = widgetInHistory(state, id);
    return widget ? nameOf(widget) : id;
  };
  const say = (words: Words) =>
    t(words.key, { ...words.values, ...(words.what ? { what: t(words.what.key, words.what.values) } : {}) });

  // Focus: the widget a step was about keeps it (or takes it), its frame found by id after the render.
  const frames = useRef(new Map<string, HTMLElement>());
  const grid = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<{ id: string | null; settings?: boolean } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState<string | null>(null);
  const afterRemove = useRef<string | null>(null);
  useLayoutEffect(() => {
    const request = focusAfter.current;
    if (!request) return;
    focusAfter.current = null;
    const frame = request.id ? frames.current.get(request.id) : undefined;
    (frame ?? grid.current)?.focus();
    if (request.settings && request.id && frame) setEditing(request.id);
  });
  // After Undo or Redo focus may have nowhere to be (its widget went, its button was disabled).
  useLayoutEffect(() => {
    if (state.last?.type !== "undone" && state.last?.type !== "redone") return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const id = changedWidget(state.last);
    (id ? frames.current.get(id) : undefined)?.focus() ?? grid.current?.focus();
  }, [state.last]);

  // The live region says what each step did.
  const [spoken, setSpoken] = useState("");
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new step speaks
  useEffect(() => {
    if (state.last) setSpoken(say(announcement(state.last, nameById, MAX_WIDGETS)));
  }, [state.last]);

  // Undo and redo from the keyboard, anywhere on the page but in fields and dialogs, which keep their own.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = pageCommand(event);
      if (!command || event.defaultPrevented) return;
      const target = event.target instanceof HTMLElement ? event.target : document.body;
      const inDialog = target.closest("dialog") !== null;
      if (command === "save") {
        // Saving from a field keeps what it holds; a dialog's changes are not the dashboard's yet.
        if (inDialog) return;
        event.preventDefault();
        void saveNow.current();
        return;
      }
      const own = keepsOwnKeys({
        tagName: target.tagName,
        isContentEditable: target.isContentEditable,
        type: target instanceof HTMLInputElement ? target.type : undefined,
        inDialog,
      });
      if (own) return;
      event.preventDefault();
      dispatch({ type: command });
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  // Dragging: the widget follows the pointer; where it would land (snapped to cells) reflows the others.
  const [drag, setDrag] = useState<Drag | null>(null);
  const startDrag = (
    widget: WidgetDefinition,
    mode: "move" | "resize",
    event: ReactPointerEvent<HTMLElement>,
  ) => {
    if (event.button !== 0 || !grid.current) return;
    event.preventDefault();
    const bounds = grid.current.getBoundingClientRect();
    const gap = Number.parseFloat(getComputedStyle(grid.current).columnGap) || 0;
    frames.current.get(widget.Id)?.focus();
    setDrag({
      widgetId: widget.Id,
      mode,
      start: widget.Position,
      origin: { x: event.clientX, y: event.clientY },
      pitch: gridPitch(bounds.width, gap, rowHeight),
      box: widget.Position,
    });
  };
  const dragging = drag !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one set of listeners per drag, whatever cell it is over
  useEffect(() => {
    if (!dragging) return;
    const onMove = (event: PointerEvent) => {
      setDrag((current) => {
        if (!current) return current;
        const offset = { x: event.clientX - current.origin.x, y: event.clientY - current.origin.y };
        // The lifted widget follows the pointer without a render; the grid renders when the cell changes.
        const item = frames.current.get(current.widgetId)?.parentElement;
        if (item && current.mode === "move") item.style.transform = `translate(${offset.x}px, ${offset.y}px)`;
        const box = draggedBox(current.start, current.mode, cellsMoved(offset.x, offset.y, current.pitch));
        const same =
          box.X === current.box.X &&
          box.Y === current.box.Y &&
          box.W === current.box.W &&
          box.H === current.box.H;
        return same ? current : { ...current, box };
      });
    };
    const onUp = () => {
      setDrag((current) => {
        if (current) {
          const { box, start, widgetId } = current;
          if (box.X !== start.X || box.Y !== start.Y || box.W !== start.W || box.H !== start.H) {
            dispatch(
              current.mode === "move"
                ? { type: "move", widgetId, to: { X: box.X, Y: box.Y } }
                : { type: "resize", widgetId, size: { W: box.W, H: box.H } },
            );
            focusAfter.current = { id: widgetId };
          }
        }
        return null;
      });
    };
    const onCancel = () => setDrag(null);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        setDrag(null);
      }
    };
    const lifted = frames.current.get(drag?.widgetId ?? "")?.parentElement;
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onUp);
    window.addEventListener("pointercancel", onCancel);
    window.addEventListener("keydown", onKey, true);
    return () => {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onCancel);
      window.removeEventListener("keydown", onKey, true);
      lifted?.style.removeProperty("transform");
    };
  }, [dragging]);
  const shown = useMemo(() => {
    if (!drag) return widgets;
    return drag.mode === "move"
      ? moveItem(widgets, drag.widgetId, { X: drag.box.X, Y: drag.box.Y })
      : resizeItem(widgets, drag.widgetId, { W: drag.box.W, H: drag.box.H });
  }, [widgets, drag]);
  const shownBox = new Map(shown.map((widget) => [widget.Id, widget.Position]));
  const rows = bottomRow(shown) + ROOM_ROWS;

  const ordered = readingOrder(widgets);
  const command = (widget: WidgetDefinition, next: FrameCommand) => {
    switch (next.type) {
      case "step":
        dispatch({ type: "step", widgetId: widget.Id, direction: next.direction });
        focusAfter.current = { id: widget.Id };
        return;
      case "resize": {
        const { X, W, H } = widget.Position;
        const size = { W: Math.max(1, Math.min(GRID_COLUMNS - X, W + next.dW)), H: Math.max(1, H + next.dH) };
        dispatch({ type: "resize", widgetId: widget.Id, size });
        focusAfter.current = { id: widget.Id };
        return;
      }
      case "remove":
        setConfirmRemove(widget.Id);
        return;
      case "settings":
        setEditing(widget.Id);
        return;
    }
  };
  const remove = (id: string) => {
    const index = ordered.findIndex((widget) => widget.Id === id);
    const next = ordered[index + 1] ?? ordered[index - 1];
    dispatch({ type: "remove", widgetId: id });
    focusAfter.current = { id: next?.Id ?? null };
    // The question's dialog gives focus back after this render, to its opener — gone with the widget.
    afterRemove.current = next?.Id ?? null;
  };
  const add = (kind: WidgetKind) => {
    if (full) return;
    dispatch({ type: "add", kind });
    // A new widget opens its settings: its data (or its text) is the first thing to choose.
    focusAfter.current = {
      id: newWidgetId(kind.kind, widgets),
      settings: kind.data === "query" || hasFormSettings(kind),
    };
  };

  // Saving: the object's Properties with the definition replaced; a refusal keeps every change.
  const problems = useMemo(
    () => definitionProblems(definition, objectOrEmpty(object.Properties), manifest, nameOf, t),
    [definition, object.Properties, manifest, nameOf, t],
  );
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [showBlocking, setShowBlocking] = useState(false);
  const problemsPanel = useRef<HTMLDivElement>(null);
  const save = async () => {
    if (saving) return;
    if (blocksSave(problems)) {
      setShowBlocking(true);
      requestAnimationFrame(() => problemsPanel.current?.focus());
      return;
    }
    const sent = definition;
    setSaving(true);
    setSaveError(null);
    try {
      const properties = { ...objectOrEmpty(object.Properties), Definition: sent };
      const updated = await contentApi(props.area).updateObject(object.RecId, { Properties: properties });
      props.onObject(updated);
      dispatch({ type: "saved", definition: sent });
      setShowBlocking(false);
      showSuccessBanner("Editor_Saved", { name: updated.Name });
    } catch (error) {
      setSaveError(error);
    } finally {
      setSaving(false);
    }
  };
  const saveNow = useRef(save);
  saveNow.current = () => (dirty ? save() : Promise.resolve());
  const guard = useLeaveGuard(dirty && !saving);
  const leave = () => navigate(props.viewerHref);

  const undoWhat = undoChange(state);
  const redoWhat = redoChange(state);
  const editingWidget = editing ? widgets.find((widget) => widget.Id === editing) : undefined;
  const editingKind = editingWidget ? kindOf(manifest, editingWidget.Kind) : undefined;
  const targets = editingWidget
    ? widgets
        .filter(
          (widget) =>
            widget.Id !== editingWidget.Id && widget.Query && !isFilterKind(setup.rendererOf(widget.Kind)),
        )
        .map((widget) => ({ id: widget.Id, label: nameOf(widget), source: widget.Query?.Source.RecId }))
    : [];
  const groups = paletteGroups(manifest, (renderer) => widgetRegistry.has(renderer));
  const full = widgets.length >= MAX_WIDGETS;
  // Widgets of the stored definition a viewer cannot read either (definitions.ts) are dropped by a save: said.
  const [dropped] = useState(() => {
    const stored = objectOrEmpty(objectOrEmpty(object.Properties).Definition).Widgets;
    const read = dashboardDefinitionOf(object.Properties)?.Widgets.length ?? 0;
    return Array.isArray(stored) ? Math.max(0, stored.length - read) : 0;
  });
  const shownProblems = problems.filter((problem) => !problem.blocking || showBlocking);
  const savedNamed = saveError instanceof ApiError ? refusedWidget(saveError.message, widgets) : null;
  const focusWidget = (id: string | null) => id && frames.current.get(id)?.focus();

  return (
    <article className="content-page analytics-page dashboard-editor">
      <ObjectHeader area={props.area} object={object} exitHref={null} onChanged={props.onObject}>
        <button
          type="button"
          className="kit-button"
          disabled={!canUndo(state)}
          onClick={() => dispatch({ type: "undo" })}
          aria-label={
            undoWhat
              ? t("DashboardEditor_UndoWhat", { what: say(changeWords(undoWhat, nameById)) })
              : undefined
          }
          aria-keyshortcuts="Control+Z"
        >
          <Icon name="rotate-left" weight="solid" />
          {t("DashboardEditor_Undo")}
        </button>
        <button
          type="button"
          className="kit-button"
          disabled={!canRedo(state)}
          onClick={() => dispatch({ type: "redo" })}
          aria-label={
            redoWhat
              ? t("DashboardEditor_RedoWhat", { what: say(changeWords(redoWhat, nameById)) })
              : undefined
          }
          aria-keyshortcuts="Control+Shift+Z Control+Y"
        >
          <Icon name="rotate-right" weight="solid" />
          {t("DashboardEditor_Redo")}
        </button>
        <button
          type="button"
          className="kit-button kit-button--primary"
          disabled={saving || !dirty}
          aria-busy={saving || undefined}
          aria-keyshortcuts="Control+S"
          onClick={() => void save()}
        >
          {saving ? t("DashboardEditor_Saving") : t("Content_Save")}
        </button>
        <button type="button" className="kit-button" onClick={leave}>
          {dirty ? t("Content_Cancel") : t("DashboardEditor_Done")}
        </button>
      </ObjectHeader>
      <div className="dashboard-editor__toolbar">
        <p className="dashboard-editor__status" aria-live="polite">
          {spoken}
        </p>
        <span className="content-muted">{dirty ? t("Editor_Unsaved") : t("Editor_AllSaved")}</span>
        <Select
          uid={`${gridId}-row-height`}
          label={t("DashboardEditor_RowHeight")}
          className="dashboard-editor__row-height"
          options={ROW_HEIGHTS.map((height) => ({
            label: t("DashboardEditor_Pixels", { pixels: height }),
            value: height,
          }))}
          value={rowHeight}
          onChange={(value) =>
            typeof value === "number" &&
            dispatch({
              type: "rowHeight",
              rowHeight: value === DEFAULT_ROW_HEIGHT && definition.RowHeight === undefined ? null : value,
            })
          }
        />
        <Select
          uid={`${gridId}-theme`}
          label={t("DashboardEditor_Theme")}
          className="dashboard-editor__row-height"
          options={[
            { label: t("DashboardEditor_ThemeNone"), value: "" },
            ...themes.map((theme) => ({ label: theme.Key, value: theme.Key })),
            ...(definition.Theme && !themes.some((theme) => theme.Key === definition.Theme)
              ? [{ label: definition.Theme, value: definition.Theme }]
              : []),
          ]}
          value={definition.Theme ?? ""}
          onChange={(value) =>
            dispatch({ type: "theme", theme: typeof value === "string" && value ? value : null })
          }
        />
      </div>
      {saveError ? (
        <div className="dashboard-editor__alert" role="alert">
          <p className="dashboard-editor__alert-title">{t("DashboardEditor_SaveFailed")}</p>
          <p>{errorMessage(saveError) ?? t("ErrorCode_UnknownXhrFailure")}</p>
          {saveError instanceof ApiError && saveError.status === 400 && saveError.message ? (
            <p className="content-muted">
              {t("DashboardEditor_SaveDetails", { details: saveError.message })}
            </p>
          ) : null}
          {savedNamed && frames.current.has(savedNamed) ? (
            <button type="button" className="kit-button" onClick={() => focusWidget(savedNamed)}>
              {t("DashboardEditor_ShowWidget", { widget: nameById(savedNamed) })}
            </button>
          ) : null}
        </div>
      ) : null}
      {shownProblems.length > 0 ? (
        <ProblemList
          ref={problemsPanel}
          problems={shownProblems}
          blocking={showBlocking && blocksSave(problems)}
          onShow={focusWidget}
        />
      ) : null}
      {dropped > 0 ? (
        <p className="content-muted">{t("DashboardEditor_Unreadable", { count: dropped })}</p>
      ) : null}
      <div className="dashboard-editor__layout">
        <section className="dashboard-editor__palette" aria-labelledby={`${gridId}-palette`}>
          <h2 id={`${gridId}-palette`} className="content-section-title">
            {t("DashboardEditor_AddWidget")}
          </h2>
          {full ? (
            <p className="content-muted">{t("DashboardEditor_Announce_full", { max: MAX_WIDGETS })}</p>
          ) : null}
          {groups.map((group) => (
            <div key={group.category} className="dashboard-editor__palette-group">
              <h3 id={`${gridId}-category-${group.category}`} className="dashboard-editor__palette-title">
                {t(`DashboardEditor_Category_${group.category}`)}
              </h3>
              <ul
                className="dashboard-editor__palette-list"
                aria-labelledby={`${gridId}-category-${group.category}`}
              >
                {group.kinds.map((kind) => (
                  <li key={kind.kind}>
                    <button
                      type="button"
                      className="kit-button dashboard-editor__palette-button"
                      disabled={full}
                      aria-label={t("DashboardEditor_AddKind", { kind: t(kind.titleKey) })}
                      onClick={() => add(kind)}
                    >
                      <Icon name="plus" weight="solid" />
                      {t(kind.titleKey)}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
        <section className="dashboard-editor__canvas" aria-labelledby={`${gridId}-layout`}>
          <h2 id={`${gridId}-layout`} className="visually-hidden">
            {t("DashboardEditor_Layout")}
          </h2>
          <p id={helpId} className="dashboard-editor__help">
            {t("DashboardEditor_KeyboardHelp")}
          </p>
          <div className="dashboard-editor__scroll">
            <div
              ref={grid}
              tabIndex={-1}
              className="dashboard-editor__grid"
              data-dragging={drag?.mode}
              style={
                {
                  "--dashboard-editor-rows": rows,
                  "--dashboard-editor-row-height": `${rowHeight}px`,
                } as CSSProperties
              }
            >
              {drag?.mode === "move" ? (
                <div
                  className="dashboard-editor__placeholder"
                  style={placement(shownBox.get(drag.widgetId) ?? drag.box)}
                />
              ) : null}
              {ordered.map((widget) => {
                const lifted = drag?.mode === "move" && drag.widgetId === widget.Id;
                return (
                  <EditorWidget
                    key={widget.Id}
                    widget={widget}
                    shown={lifted ? widget.Position : (shownBox.get(widget.Id) ?? widget.Position)}
                    name={nameOf(widget)}
                    gridId={gridId}
                    helpId={helpId}
                    setup={setup}
                    filters={filters}
                    lifted={lifted}
                    resizing={drag?.mode === "resize" && drag.widgetId === widget.Id}
                    frameRef={(element) => {
                      if (element) frames.current.set(widget.Id, element);
                      else frames.current.delete(widget.Id);
                    }}
                    onCommand={(next) => command(widget, next)}
                    onDragStart={(mode, event) => startDrag(widget, mode, event)}
                    onDuplicate={() => {
                      dispatch({ type: "duplicate", widgetId: widget.Id });
                      focusAfter.current = { id: full ? widget.Id : newWidgetId(widget.Kind, widgets) };
                    }}
                    disabledDuplicate={full}
                  />
                );
              })}
            </div>
            {widgets.length === 0 ? (
              <p className="dashboard-editor__empty">{t("DashboardEditor_Empty")}</p>
            ) : null}
          </div>
        </section>
      </div>
      {editingWidget && editingKind ? (
        <WidgetSettingsDialog
          widget={editingWidget}
          kind={editingKind}
          targets={targets}
          setup={setup}
          kindName={kindName(editingWidget)}
          onApply={(patch) => {
            dispatch({ type: "update", widgetId: editingWidget.Id, patch });
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {confirmRemove ? (
        <ConfirmDialog
          title={t("DashboardEditor_RemoveTitle", { widget: nameById(confirmRemove) })}
          text={t("DashboardEditor_RemoveText")}
          confirmLabel={t("DashboardEditor_RemoveConfirm")}
          danger
          onConfirm={async () => {
            const id = confirmRemove;
            setConfirmRemove(null);
            remove(id);
          }}
          onCancel={() => setConfirmRemove(null)}
          returnFocus={() => frames.current.get(afterRemove.current ?? "") ?? grid.current}
        />
      ) : null}
      {guard.asking ? (
        <ConfirmDialog
          title={t("Editor_LeaveTitle")}
          text={t("Editor_LeaveText", { name: object.Name })}
          confirmLabel={t("Editor_Leave")}
          danger
          onConfirm={async () => guard.leave()}
          onCancel={guard.stay}
        />
      ) : null}
    </article>
  );
}

/** The checks of the definition, each leading to its widget. */
function ProblemList(props: {
  ref: Ref<HTMLDivElement>;
  problems: readonly DefinitionProblem[];
  blocking: boolean;
  onShow: (widgetId: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      ref={props.ref}
      tabIndex={-1}
      className={props.blocking ? "dashboard-editor__alert" : "dashboard-editor__notes"}
      role={props.blocking ? "alert" : undefined}
    >
      <p className="dashboard-editor__alert-title">
        {t(props.blocking ? "DashboardEditor_CannotSave" : "DashboardEditor_Notes")}
      </p>
      <ul>
        {props.problems.map((problem) => (
          <li key={`${problem.key}:${problem.widgetId}:${JSON.stringify(problem.values)}`}>
            {t(problem.key, problem.values)}{" "}
            {problem.widgetId ? (
              <button type="button" className="kit-button" onClick={() => props.onShow(problem.widgetId)}>
                {t("DashboardEditor_ShowWidgetShort")}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
