/** Widgets in a dashboard definition: `Properties.Widgets` entries `{ Id, Type, Properties }` (pure). */

/** A widget entry of a dashboard definition. */
export interface WidgetEntry {
  Id: string;
  Type: string;
  Properties?: Record<string, unknown>;
}

/** The widget `widgetId` of type `type` in a dashboard definition, or null. */
export function findWidget(properties: Record<string, unknown> | undefined, widgetId: string, type: string) {
  const widgets = Array.isArray(properties?.Widgets) ? (properties.Widgets as unknown[]) : [];
  const found = widgets.find(
    (w): w is WidgetEntry =>
      !!w && typeof w === "object" && (w as WidgetEntry).Id === widgetId && (w as WidgetEntry).Type === type,
  );
  return found ?? null;
}

/** The definition with the widget's properties replaced. */
export function withWidgetProperties(
  properties: Record<string, unknown>,
  widgetId: string,
  next: Record<string, unknown>,
): Record<string, unknown> {
  const widgets = (properties.Widgets as unknown[]).map((w) =>
    w && typeof w === "object" && (w as WidgetEntry).Id === widgetId
      ? { ...(w as WidgetEntry), Properties: next }
      : w,
  );
  return { ...properties, Widgets: widgets };
}
