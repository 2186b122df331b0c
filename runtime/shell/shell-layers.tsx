/**
 * The tooltip and success tooltip layers of the frame (§2.5). The tooltip
 * components render into them with createPortal(…, useShellLayer("tooltip")).
 */
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";

/** The layers a component can render into. */
export type ShellLayer = "tooltip" | "successTooltip";

const LayersContext = createContext<Record<ShellLayer, HTMLElement | null>>({
  tooltip: null,
  successTooltip: null,
});

/** The element of a layer; null before the frame has mounted it. */
export function useShellLayer(layer: ShellLayer): HTMLElement | null {
  return useContext(LayersContext)[layer];
}

/** Provides the layers to `children` and renders them last, above the page. */
export function ShellLayers({ children }: { children: ReactNode }) {
  const [tooltip, setTooltip] = useState<HTMLElement | null>(null);
  const [successTooltip, setSuccessTooltip] = useState<HTMLElement | null>(null);
  const value = useMemo(() => ({ tooltip, successTooltip }), [tooltip, successTooltip]);
  return (
    <LayersContext.Provider value={value}>
      {children}
      <div ref={setTooltip} className="shell-tooltip-layer" />
      {/* Success tooltips confirm an action (e.g. copied): announced politely. */}
      <div ref={setSuccessTooltip} className="shell-tooltip-layer" aria-live="polite" />
    </LayersContext.Provider>
  );
}
