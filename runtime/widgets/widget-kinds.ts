/**
 * What a widget of a definition is drawn with, as pure functions of the widgets manifest: its kind's
 * renderer and the settings it is drawn with (the kind's defaults under the widget's own Settings),
 * or why it cannot be drawn — a kind the manifest does not list, a kind the manifest disables
 * (schemas/widgets.ts `enabled`), or a renderer this build does not ship. The registry draws the
 * first; the other three show the visible "kind not available" state.
 */
import type { KindRendererOf } from "../../core/analytics/cross-filter.ts";
import type { WidgetDefinition } from "../../schemas/payloads/analytics-content.ts";
import type { WidgetKind, WidgetRenderer, WidgetsManifest } from "../../schemas/widgets.ts";

/** A widget's settings as read by its renderer: any JSON object (renderers read them defensively). */
export type WidgetSettings = Readonly<Record<string, unknown>>;

/** How a widget is drawn, or why it is not. */
export type KindResolution =
  | { status: "ready"; kind: WidgetKind; renderer: WidgetRenderer; settings: WidgetSettings }
  | { status: "unknown" | "disabled" | "unsupported"; kind: string };

/** A JSON object, else an empty one (Settings are free JSON on stored objects). */
export function objectOrEmpty(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The kind of the manifest named `kind` (exact, case-sensitive: one lookup rule for every registry). */
export function kindOf(manifest: WidgetsManifest, kind: string): WidgetKind | undefined {
  return manifest.kinds.find((entry) => entry.kind === kind);
}

/**
 * How `widget` is drawn. `supports` says whether this build registers a renderer (a manifest newer
 * than the build may name one it does not have).
 */
export function resolveWidgetKind(
  manifest: WidgetsManifest,
  widget: Pick<WidgetDefinition, "Kind" | "Settings">,
  supports: (renderer: string) => boolean,
): KindResolution {
  const kind = kindOf(manifest, widget.Kind);
  if (!kind) return { status: "unknown", kind: widget.Kind };
  if (!kind.enabled) return { status: "disabled", kind: widget.Kind };
  if (!supports(kind.renderer)) return { status: "unsupported", kind: widget.Kind };
  return {
    status: "ready",
    kind,
    renderer: kind.renderer,
    settings: { ...objectOrEmpty(kind.defaults), ...objectOrEmpty(widget.Settings) },
  };
}

/**
 * The renderer of each kind, for the cross-filter rule (core/analytics/cross-filter.ts): a disabled
 * kind keeps its renderer, so a disabled filter widget still counts as one (it then selects nothing).
 */
export function kindRendererOf(manifest: WidgetsManifest): KindRendererOf {
  const renderers = new Map(manifest.kinds.map((entry) => [entry.kind, entry.renderer as string]));
  return (kind) => renderers.get(kind);
}
