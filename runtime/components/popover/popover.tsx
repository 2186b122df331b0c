import {
  type AriaRole,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";
import "../kit.css";
import { type Placement, type PlacementResult, placePopover } from "./popover-placement.ts";
import "./popover.css";
import { type DismissReason, PopoverParentContext, usePopoverDismiss } from "./use-popover-dismiss.ts";

export interface PopoverProps {
  open: boolean;
  /** The element the popover opens from. */
  anchor: RefObject<HTMLElement | null>;
  /** Called on every §4.5 dismissal (resize, scroll, Escape, outside press, dialog moved). */
  onClose: (reason: DismissReason) => void;
  placement?: Placement;
  /** Fixed width in pixels (e.g. NOTIFICATION_DROPDOWN_WIDTH_PX); "anchor" matches the anchor's width. */
  width?: number | "anchor";
  /** Largest height in pixels before the content scrolls. */
  maxHeight?: number;
  id?: string;
  role?: AriaRole;
  "aria-label"?: string;
  "aria-labelledby"?: string;
  /** Moves focus into the popover when it opens (first focusable element, else the popover itself). */
  autoFocus?: boolean;
  /** Returns focus to the anchor when the popover closes with focus inside it (default true). */
  restoreFocus?: boolean;
  /** Leave Escape to the content (the Select handles it itself, §5). */
  closeOnEscape?: boolean;
  className?: string;
  children: ReactNode;
}

const FOCUSABLE = "button:not(:disabled), [href], input:not(:disabled), select, textarea, [tabindex]";

/** A layer positioned next to its anchor (§9 offset, flip above, vertical clamp) that closes per §4.5. */
export function Popover(props: PopoverProps) {
  const element = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<PlacementResult | null>(null);
  const [anchorWidth, setAnchorWidth] = useState<number | undefined>(undefined);
  const registerChild = usePopoverDismiss({
    open: props.open,
    popover: element,
    anchor: props.anchor,
    onClose: props.onClose,
    closeOnEscape: props.closeOnEscape,
  });

  // Measured before paint: rendered hidden first, then placed (no flash at 0,0); placed again when the
  // content changes size (a filtered list), so a popover opened above stays attached to its anchor.
  const { open, anchor, width: widthProp, maxHeight, placement } = props;
  useLayoutEffect(() => {
    if (!open) {
      setPosition(null);
      return;
    }
    const place = () => {
      const anchorElement = anchor.current;
      const popover = element.current;
      if (!anchorElement || !popover) return;
      const rect = anchorElement.getBoundingClientRect();
      const width = widthProp === "anchor" ? rect.width : (widthProp ?? popover.offsetWidth);
      setAnchorWidth(widthProp === "anchor" ? rect.width : undefined);
      const next = placePopover({
        anchor: rect,
        popover: { width, height: Math.min(popover.scrollHeight, maxHeight ?? Number.POSITIVE_INFINITY) },
        viewport: { width: window.innerWidth, height: window.innerHeight },
        placement,
      });
      setPosition((previous) => (previous && samePlacement(previous, next) ? previous : next));
    };
    place();
    const observer = new ResizeObserver(place);
    for (const child of element.current?.children ?? []) observer.observe(child);
    return () => observer.disconnect();
  }, [open, anchor, widthProp, maxHeight, placement]);

  // Focus moves in once per opening, after the first placement (never again when it is re-placed).
  const focused = useRef(false);
  const placed = position !== null;
  useEffect(() => {
    if (!props.open) focused.current = false;
    if (!props.open || !placed || !props.autoFocus || focused.current) return;
    focused.current = true;
    const popover = element.current;
    const target = popover?.querySelector<HTMLElement>(FOCUSABLE) ?? popover;
    target?.focus();
  }, [props.open, placed, props.autoFocus]);

  const restore = props.restoreFocus !== false;
  const anchorRef = props.anchor;
  useEffect(() => {
    if (!props.open) return;
    const popover = element.current;
    return () => {
      const active = document.activeElement;
      if (restore && (!active || active === document.body || popover?.contains(active))) {
        anchorRef.current?.focus();
      }
    };
  }, [props.open, restore, anchorRef]);

  if (!props.open) return null;
  const width = typeof props.width === "number" ? props.width : anchorWidth;
  // Inside a modal <dialog> (top layer) everything outside it is inert: the popover must live in it.
  const host = props.anchor.current?.closest("dialog[open]") ?? document.body;
  const classes = ["kit-popover", position ? `kit-popover--${position.side}` : "kit-popover--measuring"];
  return createPortal(
    <PopoverParentContext.Provider value={registerChild}>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the caller gives the role (dialog, menu, listbox), each of which takes a name */}
      <div
        ref={element}
        id={props.id}
        role={props.role}
        aria-label={props["aria-label"]}
        aria-labelledby={props["aria-labelledby"]}
        tabIndex={props.autoFocus ? -1 : undefined}
        className={[...classes, props.className].filter(Boolean).join(" ")}
        style={{
          top: position?.top ?? 0,
          left: position?.left ?? 0,
          width,
          maxHeight: position ? position.maxHeight : props.maxHeight,
        }}
      >
        {props.children}
      </div>
    </PopoverParentContext.Provider>,
    host,
  );
}

function samePlacement(a: PlacementResult, b: PlacementResult): boolean {
  return a.top === b.top && a.left === b.left && a.side === b.side && a.maxHeight === b.maxHeight;
}
