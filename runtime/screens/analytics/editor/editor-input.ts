/**
 * What the mouse and the keyboard mean on the dashboard editor's grid, as pure functions: a key on a
 * focused widget frame (arrow keys move it, Shift with an arrow resizes it, Delete removes it, Enter
 * opens its settings — WCAG 2.1.1, the mouse's moves by keyboard), the keys of the page (Ctrl+Z,
 * Ctrl+Shift+Z, Ctrl+Y, Ctrl+S; ⌘ on a Mac), which focused element keeps its own keys (a text field
 * has its own undo), and a pointer's travel in pixels as whole grid cells (a drag snaps to cells).
 */
import { GRID_COLUMNS } from "../../../../schemas/payloads/analytics-content.ts";
import type { Box, GridDirection } from "./grid-compaction.ts";
import { clampBox } from "./grid-compaction.ts";

/** The modifier keys of a key press. */
export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** What a key pressed on a widget frame does. */
export type FrameCommand =
  | { type: "step"; direction: GridDirection }
  | { type: "resize"; dW: number; dH: number }
  | { type: "remove" }
  | { type: "settings" };

const ARROWS: Readonly<Record<string, GridDirection>> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
};
const GROW: Readonly<Record<GridDirection, { dW: number; dH: number }>> = {
  left: { dW: -1, dH: 0 },
  right: { dW: 1, dH: 0 },
  up: { dW: 0, dH: -1 },
  down: { dW: 0, dH: 1 },
};

/** The command of a key on a focused widget frame; null for keys it leaves alone (Tab, letters). */
export function frameCommand(press: KeyPress): FrameCommand | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  const direction = ARROWS[press.key];
  if (direction) return press.shiftKey ? { type: "resize", ...GROW[direction] } : { type: "step", direction };
  if (press.shiftKey) return null;
  if (press.key === "Delete" || press.key === "Backspace") return { type: "remove" };
  if (press.key === "Enter") return { type: "settings" };
  return null;
}

/**
 * The page command of a key press anywhere on the designer, or null: undo, redo, and save (Ctrl+S,
 * as in the dashboard tools people know, instead of the browser saving the page).
 */
export function pageCommand(press: KeyPress): "undo" | "redo" | "save" | null {
  if (!(press.ctrlKey || press.metaKey) || press.altKey) return null;
  const key = press.key.toLowerCase();
  if (key === "z") return press.shiftKey ? "redo" : "undo";
  if (key === "y" && !press.shiftKey) return "redo";
  if (key === "s" && !press.shiftKey) return "save";
  return null;
}

/** The element a key press was aimed at, as far as the history keys care. */
export interface KeyTarget {
  tagName: string;
  isContentEditable: boolean;
  type?: string;
  /** Inside a modal dialog (its own fields and keys). */
  inDialog: boolean;
}

const NOT_TEXT_INPUTS = ["button", "checkbox", "radio", "range", "color", "file", "submit", "reset", "image"];

/** Whether the focused element keeps Ctrl+Z for itself (a text field's own undo, a dialog). */
export function keepsOwnKeys(target: KeyTarget): boolean {
  if (target.inDialog || target.isContentEditable) return true;
  const tag = target.tagName.toLowerCase();
  if (tag === "textarea" || tag === "select") return true;
  return tag === "input" && !NOT_TEXT_INPUTS.includes((target.type ?? "text").toLowerCase());
}

/** The pixels from one column (row) to the next on the grid as drawn. */
export interface GridPitch {
  column: number;
  row: number;
}

/** The pitch of a grid `widthPx` wide with `gapPx` between cells and rows `rowHeightPx` high. */
export function gridPitch(widthPx: number, gapPx: number, rowHeightPx: number): GridPitch {
  return { column: (widthPx + gapPx) / GRID_COLUMNS, row: rowHeightPx + gapPx };
}

/** A pointer's travel as whole cells, the nearest (a drag snaps to the cell it is closest to). */
export function cellsMoved(dxPx: number, dyPx: number, pitch: GridPitch): { dx: number; dy: number } {
  const cells = (px: number, size: number) => (size > 0 ? Math.round(px / size) : 0) || 0;
  return { dx: cells(dxPx, pitch.column), dy: cells(dyPx, pitch.row) };
}

/** Where a drag puts a widget: moved by whole cells, or resized from its bottom right corner. */
export function draggedBox(start: Box, mode: "move" | "resize", delta: { dx: number; dy: number }): Box {
  if (mode === "move") return clampBox({ ...start, X: start.X + delta.dx, Y: start.Y + delta.dy });
  const W = Math.min(GRID_COLUMNS - start.X, Math.max(1, start.W + delta.dx));
  return clampBox({ ...start, W, H: start.H + delta.dy });
}
