/**
 * Success tooltips (SPEC §2.5, §9): a short confirmation next to the control that caused it ("Copied"),
 * gone after SUCCESS_TOOLTIP_DURATION_MS. showSuccessTooltip() may be called from anywhere; the frame
 * mounts one SuccessTooltipHost that renders the current one and announces it politely.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { SUCCESS_TOOLTIP_DURATION_MS } from "../../state/constants.ts";
import { createStore, useStore } from "../../state/create-store.ts";
import { type PlacementResult, placePopover, type Rect } from "../popover/popover-placement.ts";
import "./tooltip.css";

interface SuccessTooltipState {
  current: { id: number; text: string; anchor: Rect } | null;
}

/** The success tooltip store (one at a time: a new one replaces the shown one). */
export const successTooltipStore = createStore<SuccessTooltipState>({ current: null });
let nextId = 1;

/** Shows `text` (already translated) next to `anchor` for SUCCESS_TOOLTIP_DURATION_MS. */
export function showSuccessTooltip(anchor: Element, text: string): void {
  const rect = anchor.getBoundingClientRect();
  const id = nextId++;
  successTooltipStore.update((state) => {
    state.current = {
      id,
      text,
      anchor: { top: rect.top, left: rect.left, width: rect.width, height: rect.height },
    };
  });
}

/** Removes the success tooltip `id` if it is still the one shown. */
export function hideSuccessTooltip(id: number): void {
  successTooltipStore.update((state) => {
    if (state.current?.id === id) state.current = null;
  });
}

/** Renders the current success tooltip; mount once in the frame. */
export function SuccessTooltipHost() {
  const current = useStore(successTooltipStore, (state) => state.current);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => hideSuccessTooltip(current.id), SUCCESS_TOOLTIP_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);
  return createPortal(
    <div className="kit-success-tooltip-region" role="status" aria-live="polite">
      {current ? <SuccessBubble key={current.id} text={current.text} anchor={current.anchor} /> : null}
    </div>,
    document.body,
  );
}

/** One bubble, measured before paint and placed next to its anchor. */
function SuccessBubble({ text, anchor }: { text: string; anchor: Rect }) {
  const bubble = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<PlacementResult | null>(null);
  useLayoutEffect(() => {
    const element = bubble.current;
    if (!element) return;
    setPosition(
      placePopover({
        anchor,
        popover: { width: element.offsetWidth, height: element.offsetHeight },
        viewport: { width: window.innerWidth, height: window.innerHeight },
      }),
    );
  }, [anchor]);
  return (
    <div
      ref={bubble}
      className={position ? "kit-tooltip kit-tooltip--success" : "kit-tooltip kit-tooltip--measuring"}
      style={{ top: position?.top ?? 0, left: position?.left ?? 0 }}
    >
      {text}
    </div>
  );
}
