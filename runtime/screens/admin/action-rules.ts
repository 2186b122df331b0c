/**
 * Which actions of a manifest-defined screen are offered, and in what state (§6, schemas/screens.ts):
 * every action needs Write on the screen's admin module unless it is marked readOnly; `enabledWhen`
 * enables a row action only for rows whose field holds one of the values. In the list (toolbar, row
 * menu, bulk bar) an action the user may not run is left out; inside the detail dialog §6 keeps it
 * visible but disabled, except secondary-variant footer buttons (exactly the readOnly actions). Pure.
 */
import type { ScreenActions, ScreenCustomAction } from "../../../schemas/screens.ts";
import type { Row } from "./list-request.ts";

/** A `enabledWhen` condition. */
export type RowCondition = { field: string; values: ReadonlyArray<string | number | boolean> };

/** Where a button is shown: the list's toolbar, row menu and bulk bar, or the detail dialog. */
export type ActionPlace = "list" | "dialog";

/** Whether a button can be pressed; hidden ones are not returned at all. */
export type ActionState = "enabled" | "disabled";

/** One offered action. */
export interface ActionView {
  /** "create", "edit", "delete", "bulkDelete" or the custom action's id. */
  id: string;
  kind: "create" | "edit" | "delete" | "bulkDelete" | "custom";
  labelKey: string;
  variant: "primary" | "secondary" | "danger";
  state: ActionState;
  custom?: ScreenCustomAction;
}

/** What an availability depends on. */
export interface ActionContext {
  /** Write on the screen's admin module (§6). */
  write: boolean;
  place: ActionPlace;
}

/** True when there is no condition or the row's field equals one of its values. */
export function rowConditionHolds(condition: RowCondition | undefined, row: Row | null): boolean {
  if (!condition) return true;
  if (!row) return false;
  const value = row[condition.field];
  return condition.values.some((allowed) => allowed === value);
}

/**
 * The state of an action, or null when it is not offered: without the rights it needs it is hidden in
 * the list and disabled in the dialog (§6); a failing row condition disables it.
 */
export function actionState(
  needsWrite: boolean,
  conditionHolds: boolean,
  context: ActionContext,
): ActionState | null {
  if (needsWrite && !context.write) return context.place === "dialog" ? "disabled" : null;
  return conditionHolds ? "enabled" : "disabled";
}

function customView(action: ScreenCustomAction, state: ActionState): ActionView {
  return {
    id: action.id,
    kind: "custom",
    labelKey: action.labelKey,
    variant: action.variant ?? "primary",
    state,
    custom: action,
  };
}

function customViews(
  actions: ScreenActions,
  scope: ScreenCustomAction["scope"],
  row: Row | null,
  context: ActionContext,
): ActionView[] {
  return (actions.custom ?? []).flatMap((action) => {
    if (action.scope !== scope) return [];
    const holds = scope === "row" ? rowConditionHolds(action.enabledWhen, row) : true;
    const state = actionState(!action.readOnly, holds, context);
    return state ? [customView(action, state)] : [];
  });
}

/** The actions on one record: its custom row actions, then delete (row menu and detail footer). */
export function rowActionViews(actions: ScreenActions, row: Row, context: ActionContext): ActionView[] {
  const views = customViews(actions, "row", row, context);
  if (actions.delete) {
    const state = actionState(true, rowConditionHolds(actions.delete.enabledWhen, row), context);
    if (state) {
      views.push({
        id: "delete",
        kind: "delete",
        labelKey: actions.delete.labelKey,
        variant: "danger",
        state,
      });
    }
  }
  return views;
}

/** The list toolbar's actions: create, then the screen-scope custom actions. */
export function toolbarActionViews(actions: ScreenActions, write: boolean): ActionView[] {
  const context: ActionContext = { write, place: "list" };
  const views: ActionView[] = [];
  if (actions.create && write) {
    views.push({
      id: "create",
      kind: "create",
      labelKey: actions.create.labelKey,
      variant: "primary",
      state: "enabled",
    });
  }
  return [...views, ...customViews(actions, "screen", null, context)];
}

/** The actions on the selected rows: bulk delete, then the bulk custom actions. */
export function bulkActionViews(actions: ScreenActions, write: boolean): ActionView[] {
  const context: ActionContext = { write, place: "list" };
  const views: ActionView[] = [];
  if (actions.delete?.bulk && write) {
    views.push({
      id: "bulkDelete",
      kind: "bulkDelete",
      labelKey: actions.delete.labelKey,
      variant: "danger",
      state: "enabled",
    });
  }
  return [...views, ...customViews(actions, "bulk", null, context)];
}

/** Rows can be selected only when some bulk action is offered. */
export function selectionEnabled(actions: ScreenActions, write: boolean): boolean {
  return bulkActionViews(actions, write).length > 0;
}

/** Whether the detail form of `record` can be edited and saved (edit action, Write, its condition). */
export function canEditRecord(actions: ScreenActions, record: Row | null, write: boolean): boolean {
  return Boolean(actions.edit && write && rowConditionHolds(actions.edit.enabledWhen, record));
}

/**
 * The detail footer's save button: absent without an edit action; disabled without Write (§6) or
 * when the record's state does not allow editing.
 */
export function saveButtonState(
  actions: ScreenActions,
  record: Row | null,
  write: boolean,
): ActionState | null {
  if (!actions.edit) return null;
  return actionState(true, rowConditionHolds(actions.edit.enabledWhen, record), { write, place: "dialog" });
}

/** A confirmation text: key and its {{name}} or {{count}} interpolation. */
export interface Confirmation {
  key: string;
  params: { name?: string; count?: number };
}

/** The question asked before a row action or deletion, or null when none is asked. */
export function rowConfirmation(key: string | undefined, name: string): Confirmation | null {
  return key ? { key, params: { name } } : null;
}

/** The question asked before a bulk action, or null when none is asked. */
export function bulkConfirmation(key: string | undefined, count: number): Confirmation | null {
  return key ? { key, params: { count } } : null;
}
