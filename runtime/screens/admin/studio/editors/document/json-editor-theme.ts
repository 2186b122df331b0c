/**
 * The raw JSON editor's look in the shell's theme (DESIGN.md §6 tokens): CodeMirror's own theme
 * extension, whose colours are the design tokens' custom properties — they inherit into the
 * editor's shadow root, so light, dark and contrast follow <html data-theme> like the rest. The
 * syntax colours are the tokens the text colours use (WCAG AA on every surface).
 *
 * Why a theme extension and not a stylesheet: under the page's `style-src 'self'` CodeMirror's styles
 * cannot be a <style> element; inside a shadow root its style-mod mounts them as a constructed
 * stylesheet, which the policy does not govern — and a stylesheet of the page does not reach there.
 */
import { EditorView } from "@codemirror/view";

const MONOSPACE = "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace";

/** The editor's theme extension. */
export const jsonEditorTheme = EditorView.theme({
  "&": {
    height: "min(70vh, 40rem)",
    backgroundColor: "var(--color-surface)",
    color: "var(--color-fg)",
    fontSize: "var(--font-size-s)",
  },
  "&.cm-focused": { outline: "none" },
  ".cm-scroller": { fontFamily: MONOSPACE, lineHeight: "1.5", overflow: "auto" },
  ".cm-content": { caretColor: "var(--color-fg)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--color-fg)" },
  ".cm-gutters": {
    backgroundColor: "var(--color-bg)",
    color: "var(--color-fg-muted)",
    borderRight: "1px solid var(--color-border)",
  },
  ".cm-activeLine": { backgroundColor: "color-mix(in srgb, var(--color-accent) 8%, transparent)" },
  ".cm-activeLineGutter": {
    backgroundColor: "color-mix(in srgb, var(--color-accent) 14%, transparent)",
    color: "var(--color-fg)",
  },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground": {
    backgroundColor: "color-mix(in srgb, var(--color-accent) 30%, transparent)",
  },
  ".cm-matchingBracket, &.cm-focused .cm-matchingBracket": {
    backgroundColor: "transparent",
    outline: "1px solid var(--color-accent)",
  },
  ".cm-selectionMatch": { backgroundColor: "color-mix(in srgb, var(--color-info) 18%, transparent)" },
  ".cm-foldPlaceholder": {
    backgroundColor: "var(--color-bg)",
    border: "1px solid var(--color-border)",
    color: "var(--color-fg)",
  },

  // Syntax (@lezer/highlight classHighlighter).
  ".tok-propertyName": { color: "var(--color-accent)" },
  ".tok-string": { color: "var(--color-success)" },
  ".tok-number": { color: "var(--color-warning)" },
  ".tok-bool, .tok-null, .tok-keyword": { color: "var(--color-danger)", fontWeight: "600" },
  ".tok-punctuation, .tok-separator": { color: "var(--color-fg-muted)" },

  // Problems: a wavy underline in the danger colour; tooltips and panels on the raised surface.
  ".cm-lintRange-error": {
    backgroundImage: "none",
    textDecoration: "underline wavy var(--color-danger)",
    textDecorationSkipInk: "none",
  },
  ".cm-tooltip, .cm-panels": {
    backgroundColor: "var(--color-surface-raised)",
    color: "var(--color-fg)",
    border: "1px solid var(--color-border)",
  },
  ".cm-tooltip": { borderRadius: "var(--radius-s)", boxShadow: "var(--shadow-popover)" },
  ".cm-diagnostic-error": { borderLeftColor: "var(--color-danger)" },
  ".cm-tooltip-autocomplete ul li[aria-selected]": {
    backgroundColor: "var(--color-accent)",
    color: "var(--color-accent-fg)",
  },
  ".cm-completionDetail": { color: "inherit", opacity: "0.85" },
  ".cm-textfield, .cm-button": {
    border: "1px solid var(--color-border)",
    borderRadius: "var(--radius-s)",
    backgroundColor: "var(--color-surface)",
    backgroundImage: "none",
    color: "var(--color-fg)",
    font: "inherit",
  },
  ".cm-textfield:focus-visible, .cm-button:focus-visible, .cm-panel button:focus-visible": {
    outline: "2px solid var(--color-focus)",
    outlineOffset: "1px",
  },
  ".cm-panel.cm-search label": { color: "var(--color-fg)" },

  // The schema hover and the keyboard help panel.
  ".studio-doc-json__hover": { maxWidth: "28rem", padding: "var(--space-1) var(--space-2)" },
  ".studio-doc-json__hover p": { margin: "var(--space-1) 0 0" },
  ".studio-doc-json__hover-type": { color: "var(--color-fg-muted)" },
  ".studio-doc-json__keys": {
    margin: "0",
    padding: "var(--space-1) var(--space-2)",
    color: "var(--color-fg-muted)",
    fontFamily: "inherit",
    fontSize: "var(--font-size-s)",
  },
});
