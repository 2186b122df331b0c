/**
 * Focus inside a modal dialog (WAI-ARIA APG dialog pattern): Tab and Shift+Tab
 * wrap around the dialog's focusable elements; focus never leaves the top dialog.
 */

/** Elements that take focus with Tab. */
export const FOCUSABLE_SELECTOR = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "iframe",
  "[tabindex]:not([tabindex='-1'])",
  "[contenteditable='true']",
].join(",");

/**
 * Where Tab goes from `index` (-1: focus is outside the list) among `count`
 * focusable elements; null lets the browser move focus (inside the list).
 */
export function trapTarget(index: number, count: number, backwards: boolean): number | null {
  if (count === 0) return -1;
  if (index < 0) return backwards ? count - 1 : 0;
  if (backwards && index === 0) return count - 1;
  if (!backwards && index === count - 1) return 0;
  return null;
}

/** The focusable elements of `root` that are visible and not inside a disabled fieldset. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)].filter(
    (element) => !element.closest("fieldset:disabled, [hidden], [inert]") || element.closest("legend"),
  );
}
