/**
 * Closes an open popover on the events of SPEC §4.5: window resize, scrolling outside it, Escape, a
 * pointer press (or focus moving) outside it and its anchor, or a dialog being moved. Nested popovers (sub-menus, a select
 * inside a dropdown) register with their parents so a press inside a child does not close the parent.
 */
import { createContext, type RefObject, useContext, useEffect, useRef } from "react";
import { onDialogMoved } from "./dialog-moved.ts";

/** Why a popover closed. */
export type DismissReason = "escape" | "outside" | "resize" | "scroll" | "dialogMoved";

/** Registers a child popover's element with every ancestor popover. */
export type RegisterChild = (element: HTMLElement) => () => void;

/** The nearest open popover's child registration, null at the top level. */
export const PopoverParentContext = createContext<RegisterChild | null>(null);

/** Whether a scroll or pointer event at `target` happened inside the popover's own elements. */
export function isInside(target: EventTarget | null, elements: ReadonlyArray<Element | null>): boolean {
  if (!target || !(target instanceof Node)) return false;
  return elements.some((element) => element?.contains(target) ?? false);
}

/** Where the anchor is on screen, as the scroll dismissal compares it. */
export interface AnchorPosition {
  top: number;
  left: number;
}

/** Sub-pixel layout rounding is not a scroll. */
const ANCHOR_MOVED_MIN_PX = 1;

/**
 * §4.5 "scrolling outside it" closes a popover because the popover would be left behind by its
 * anchor. A scroll event that did not move the anchor (a container elsewhere clamping its scroll
 * after a late layout change, a lazily loaded top-bar slot) leaves it where it belongs: it stays.
 */
export function anchorScrolledAway(before: AnchorPosition | null, now: AnchorPosition | null): boolean {
  if (!before || !now) return true;
  return (
    Math.abs(now.top - before.top) >= ANCHOR_MOVED_MIN_PX ||
    Math.abs(now.left - before.left) >= ANCHOR_MOVED_MIN_PX
  );
}

const positionOf = (element: Element | null): AnchorPosition | null => {
  if (!element) return null;
  const { top, left } = element.getBoundingClientRect();
  return { top, left };
};

/** Wires the §4.5 dismissal events while `open`; returns the registration its children use. */
export function usePopoverDismiss(options: {
  open: boolean;
  popover: RefObject<HTMLElement | null>;
  anchor: RefObject<HTMLElement | null>;
  onClose: (reason: DismissReason) => void;
  closeOnEscape?: boolean;
}): RegisterChild {
  const children = useRef(new Set<HTMLElement>());
  const parent = useContext(PopoverParentContext);
  const latest = useRef(options);
  latest.current = options;

  const registerChild = useRef<RegisterChild>((element) => {
    children.current.add(element);
    const unregisterParent = parentRef.current?.(element);
    return () => {
      children.current.delete(element);
      unregisterParent?.();
    };
  }).current;
  const parentRef = useRef(parent);
  parentRef.current = parent;

  useEffect(() => {
    const element = options.popover.current;
    if (!options.open || !element || !parent) return;
    return parent(element);
  }, [options.open, options.popover, parent]);

  useEffect(() => {
    if (!options.open) return;
    const own = () => [latest.current.popover.current, ...children.current];
    const close = (reason: DismissReason) => latest.current.onClose(reason);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || latest.current.closeOnEscape === false) return;
      // Only the innermost popover closes: one Escape, one layer (a dialog underneath stays open).
      if (children.current.size > 0) return;
      event.stopPropagation();
      event.preventDefault();
      close("escape");
    };
    const onPointer = (event: PointerEvent) => {
      if (!isInside(event.target, [...own(), latest.current.anchor.current])) close("outside");
    };
    // Scroll events still queued when the popover opens (the browser scrolling its anchor into view
    // for the very click or key that opened it) belong to the opening, not to a later scroll: they
    // are dispatched before the next frame's callbacks, so the scroll dismissal arms there.
    let scrollArmed = typeof requestAnimationFrame !== "function";
    let anchorAt = positionOf(latest.current.anchor.current);
    const arming = scrollArmed
      ? 0
      : requestAnimationFrame(() => {
          scrollArmed = true;
          anchorAt = positionOf(latest.current.anchor.current);
        });
    const onScroll = (event: Event) => {
      if (!scrollArmed || isInside(event.target, own())) return;
      if (anchorScrolledAway(anchorAt, positionOf(latest.current.anchor.current))) close("scroll");
    };
    const onFocusIn = (event: FocusEvent) => {
      // Tabbing out of the popover leaves it behind: close it like an outside press.
      if (!isInside(event.target, [...own(), latest.current.anchor.current])) close("outside");
    };
    const onResize = () => close("resize");
    window.addEventListener("keydown", onKey, true);
    document.addEventListener("pointerdown", onPointer, true);
    document.addEventListener("scroll", onScroll, true);
    document.addEventListener("focusin", onFocusIn);
    window.addEventListener("resize", onResize);
    const offDialog = onDialogMoved(() => close("dialogMoved"));
    return () => {
      if (arming !== 0) cancelAnimationFrame(arming);
      window.removeEventListener("keydown", onKey, true);
      document.removeEventListener("pointerdown", onPointer, true);
      document.removeEventListener("scroll", onScroll, true);
      document.removeEventListener("focusin", onFocusIn);
      window.removeEventListener("resize", onResize);
      offDialog();
    };
  }, [options.open]);

  return registerChild;
}
