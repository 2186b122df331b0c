/**
 * What every viewer needs to draw widgets: each widget's kind from the widgets manifest (useManifest,
 * served to both audiences), the renderer lookup of the cross-filter rule, and each widget's colours
 * from the definition's widget theme and the shell theme on display (runtime/widgets/widget-style.ts).
 * Widget themes are the account's: read only for a signed-in viewer whose definition names one.
 */
import { useCallback, useMemo } from "react";
import type { KindRendererOf } from "../../../core/analytics/cross-filter.ts";
import type { WidgetDefinition } from "../../../schemas/payloads/analytics-content.ts";
import { useManifest } from "../../state/manifest-context.tsx";
import { useShellTheme } from "../../widgets/use-shell-theme.ts";
import { type KindResolution, kindRendererOf, resolveWidgetKind } from "../../widgets/widget-kinds.ts";
import { widgetRegistry } from "../../widgets/widget-registry.ts";
import { themePropertiesFor, type WidgetStyle, widgetStyle } from "../../widgets/widget-style.ts";
import { useWidgetThemes } from "../../widgets/widget-themes.ts";

/** How a page draws its widgets. */
export interface WidgetSetup {
  rendererOf: KindRendererOf;
  kindOf: (widget: WidgetDefinition) => KindResolution;
  styleOf: (widget: WidgetDefinition, kind: KindResolution) => WidgetStyle;
}

/** The widget setup of a page whose definition names `themeKey`. */
export function useWidgetSetup(themeKey: string | undefined, signedIn: boolean): WidgetSetup {
  const manifest = useManifest().widgets;
  const shell = useShellTheme();
  const themes = useWidgetThemes(signedIn && Boolean(themeKey));
  const rendererOf = useMemo(() => kindRendererOf(manifest), [manifest]);
  // One resolution per widget object: the renderers memoise on the settings they receive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new manifest starts a new cache
  const resolutions = useMemo(() => new WeakMap<WidgetDefinition, KindResolution>(), [manifest]);
  const kindOf = useCallback(
    (widget: WidgetDefinition) => {
      const known = resolutions.get(widget);
      if (known) return known;
      const resolved = resolveWidgetKind(manifest, widget, (renderer) => widgetRegistry.has(renderer));
      resolutions.set(widget, resolved);
      return resolved;
    },
    [manifest, resolutions],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: new themes or a new shell theme start a new cache
  const styles = useMemo(() => new Map<string, WidgetStyle>(), [themes, shell, themeKey]);
  const styleOf = useCallback(
    (widget: WidgetDefinition, kind: KindResolution) => {
      const renderer = kind.status === "ready" ? kind.renderer : "";
      const key = `${widget.Kind}\u0000${renderer}`;
      const known = styles.get(key);
      if (known) return known;
      const style = widgetStyle(themePropertiesFor(themes, themeKey, widget.Kind, renderer), shell);
      styles.set(key, style);
      return style;
    },
    [styles, themes, themeKey, shell],
  );
  return { rendererOf, kindOf, styleOf };
}
