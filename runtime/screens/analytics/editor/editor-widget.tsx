/**
 * One widget on the editor's grid: a focusable frame named by the widget, its place described
 * (column, row, width, height — read and shown), a bar to drag it by with its actions (settings,
 * duplicate, remove), a corner to drag to resize it, and the widget itself drawn through WidgetView
 * with its real data (POST Data/Query with its query and the page's filters: the builder reads the
 * data they build with). Keys pressed on the frame itself become editor commands (editor-input.ts);
 * keys inside the widget (a filter's inputs, a table's sort) stay the widget's.
 */
import type { CSSProperties, KeyboardEvent, PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { queryWithFilters } from "../../../../core/analytics/cross-filter.ts";
import type { WidgetDefinition } from "../../../../schemas/payloads/analytics-content.ts";
import { Icon } from "../../../components/icon-picker/icon.tsx";
import { WidgetView } from "../../../widgets/widget-view.tsx";
import type { PageFilters } from "../page-filters.ts";
import type { WidgetSetup } from "../widget-setup.ts";
import { runQuery } from "./editor-data.ts";
import { type FrameCommand, frameCommand } from "./editor-input.ts";
import { placeValues } from "./editor-words.ts";
import type { Box } from "./grid-compaction.ts";

/** Grid lines of a box (CSS grid, counted from 1). */
export function placement(box: Box): CSSProperties {
  return { gridColumn: `${box.X + 1} / span ${box.W}`, gridRow: `${box.Y + 1} / span ${box.H}` };
}

/** Props of an EditorWidget. */
export interface EditorWidgetProps {
  widget: WidgetDefinition;
  /** Where it is drawn (during a drag, where it would land). */
  shown: Box;
  name: string;
  /** DOM id prefix of the grid; the frame's own ids derive from it and the widget id. */
  gridId: string;
  /** Id of the grid's keyboard help, which every frame is described by. */
  helpId: string;
  setup: WidgetSetup;
  filters: PageFilters;
  /** Dragged by its bar: it follows the pointer (the screen moves it), lifted over the grid. */
  lifted: boolean;
  resizing: boolean;
  frameRef: (element: HTMLElement | null) => void;
  onCommand: (command: FrameCommand) => void;
  onDragStart: (mode: "move" | "resize", event: PointerEvent<HTMLElement>) => void;
  onDuplicate: () => void;
  disabledDuplicate: boolean;
}

/** A widget in its editing frame. */
export function EditorWidget(props: EditorWidgetProps) {
  const { t } = useTranslation();
  const { widget, setup, filters, name } = props;
  const placeId = `${props.gridId}-${widget.Id}-place`;
  const kind = setup.kindOf(widget);
  const viewerFilters = filters.filtersOf(widget.Id);
  const query = widget.Query ? queryWithFilters({ Query: widget.Query }, viewerFilters) : null;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const command = frameCommand(event);
    if (!command) return;
    event.preventDefault();
    props.onCommand(command);
  };
  const startDrag = (mode: "move" | "resize") => (event: PointerEvent<HTMLElement>) => {
    // The bar's buttons are buttons; only a press on the bar itself lifts the widget.
    if ((event.target as HTMLElement).closest("button")) return;
    props.onDragStart(mode, event);
  };
  const style = placement(props.shown);
  const state = props.lifted ? "lifted" : props.resizing ? "resizing" : undefined;
  return (
    <div className="dashboard-editor__item" style={style} data-state={state}>
      {/* biome-ignore lint/a11y/useSemanticElements: a named group of a widget and its actions, not a form's fieldset */}
      <div
        ref={props.frameRef}
        role="group"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the frame is the widget's keyboard handle (arrow keys move it, WCAG 2.1.1)
        tabIndex={0}
        className="dashboard-editor__frame"
        aria-label={t("DashboardEditor_WidgetFrame", { widget: name })}
        aria-describedby={`${placeId} ${props.helpId}`}
        onKeyDown={onKeyDown}
      >
        <div className="dashboard-editor__bar" onPointerDown={startDrag("move")}>
          <Icon name="grip-vertical" weight="solid" className="dashboard-editor__grip" />
          <span id={placeId} className="dashboard-editor__place">
            {t("DashboardEditor_Place", placeValues(props.shown))}
          </span>
          <button
            type="button"
            className="kit-button dashboard-editor__action"
            onClick={() => props.onCommand({ type: "settings" })}
            aria-label={t("DashboardEditor_OpenSettings", { widget: name })}
          >
            <Icon name="gear" weight="solid" />
          </button>
          <button
            type="button"
            className="kit-button dashboard-editor__action"
            onClick={props.onDuplicate}
            disabled={props.disabledDuplicate}
            aria-label={t("DashboardEditor_Duplicate", { widget: name })}
          >
            <Icon name="clone" weight="regular" />
          </button>
          <button
            type="button"
            className="kit-button dashboard-editor__action"
            onClick={() => props.onCommand({ type: "remove" })}
            aria-label={t("DashboardEditor_Remove", { widget: name })}
          >
            <Icon name="trash-can" weight="regular" />
          </button>
        </div>
        <WidgetView
          widget={widget}
          kind={kind}
          theme={setup.styleOf(widget, kind)}
          load={query ? (signal) => runQuery(query, signal) : null}
          loadKey={`editor:${JSON.stringify(query)}`}
          filter={filters.bindingOf(widget.Id)}
          className="dashboard-editor__widget"
        />
        <div
          className="dashboard-editor__resize"
          aria-hidden="true"
          title={t("DashboardEditor_ResizeHandle")}
          onPointerDown={startDrag("resize")}
        />
      </div>
    </div>
  );
}
