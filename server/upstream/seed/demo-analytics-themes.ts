/**
 * The demo's widget themes (§3 Widget theme, `Common/WidgetThemes`): per widget kind of
 * manifests/widgets.json, the background, text colour, series palette and corner radius the
 * viewers draw with. Each palette colour keeps 3:1 against its background (WCAG 1.4.11, non-text
 * contrast: a series must be told from the canvas) and the text 4.5:1 (WCAG 1.4.3).
 */

/** One demo theme; `account` null: a theme of every account. */
export interface DemoWidgetTheme {
  key: string;
  account: "contoso" | null;
  background: string;
  color: string;
  palette: readonly string[];
  borderRadius: number;
}

/** The widget kinds the themes style: every kind of the widgets manifest. */
export const THEMED_WIDGET_KINDS = [
  "kpi",
  "line",
  "area",
  "bar",
  "pie",
  "donut",
  "scatter",
  "table",
  "pivot",
  "text",
  "image",
  "dateRange",
  "select",
  "multiSelect",
] as const;

export const DEMO_WIDGET_THEMES: readonly DemoWidgetTheme[] = [
  {
    key: "Classic",
    account: null,
    background: "#ffffff",
    color: "#0f172a",
    palette: ["#2563eb", "#c2410c", "#15803d", "#7c3aed", "#be123c", "#0f766e", "#a16207", "#475569"],
    borderRadius: 6,
  },
  {
    key: "Midnight",
    account: null,
    background: "#0f172a",
    color: "#e2e8f0",
    palette: ["#60a5fa", "#fb923c", "#4ade80", "#c084fc", "#f472b6", "#2dd4bf", "#facc15", "#94a3b8"],
    borderRadius: 6,
  },
  {
    key: "Contoso Blue",
    account: "contoso",
    background: "#eff6ff",
    color: "#1e3a8a",
    palette: ["#1d4ed8", "#be123c", "#047857", "#6d28d9", "#c2410c", "#0e7490", "#854d0e"],
    borderRadius: 10,
  },
];

/** The stored Value of a theme (schemas/payloads/widget-theme.ts): JSON strings, as §3 keeps them. */
export function widgetThemeValue(theme: DemoWidgetTheme): {
  Dashboard: string;
  Widgets: { Type: string; SerializedProperties: string }[];
} {
  const { background, color, palette, borderRadius } = theme;
  return {
    Dashboard: JSON.stringify({ background, fontFamily: "Inter, sans-serif", gap: 12 }),
    Widgets: THEMED_WIDGET_KINDS.map((kind) => ({
      Type: kind,
      SerializedProperties: JSON.stringify({ background, color, palette, borderRadius }),
    })),
  };
}
