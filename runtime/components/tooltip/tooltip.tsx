import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";
import { TOOLTIP_SHOW_DELAY_MS, TOOLTIP_TARGET_REFRESH_DEBOUNCE_MS } from "../../state/constants.ts";
import { type PlacementResult, placePopover } from "../popover/popover-placement.ts";
import { createDelayedSwitch } from "../timing/delayed-switch.ts";
import { debounce } from "../timing/rate-limit.ts";
import "../kit.css";
import "./tooltip.css";

/** Props the Tooltip adds to its trigger; the trigger must pass them to its DOM element. */
interface TriggerProps {
  "aria-describedby"?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

export interface TooltipProps {
  /** The text (already translated); an empty text shows nothing. */
  content: ReactNode;
  /** One focusable element (button, link, input) the tooltip describes. */
  children: ReactElement<TriggerProps>;
}

/**
 * A tooltip (§9): shown TOOLTIP_SHOW_DELAY_MS after the pointer rests on or focus reaches its trigger,
 * hidden at once on leave, blur or Escape. It describes the trigger (aria-describedby) even while
 * hidden. While shown, changes of the target are picked up debounced by TOOLTIP_TARGET_REFRESH_DEBOUNCE_MS:
 * it follows a moved target and disappears with a removed one.
 */
export function Tooltip({ content, children }: TooltipProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [position, setPosition] = useState<PlacementResult | null>(null);
  const bubble = useRef<HTMLDivElement>(null);
  const [timing] = useState(() =>
    createDelayedSwitch({ onDelayMs: TOOLTIP_SHOW_DELAY_MS, offDelayMs: 0, onChange: setShown }),
  );
  useEffect(() => () => timing.dispose(), [timing]);

  const place = () => {
    if (!target || !bubble.current) return;
    if (!target.isConnected) {
      timing.set(false);
      return;
    }
    setPosition(
      placePopover({
        anchor: target.getBoundingClientRect(),
        popover: { width: bubble.current.offsetWidth, height: bubble.current.offsetHeight },
        viewport: { width: window.innerWidth, height: window.innerHeight },
      }),
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: placed once per showing; refreshes below
  useLayoutEffect(() => {
    if (shown) place();
    else setPosition(null);
  }, [shown]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: place reads the latest target and bubble
  useEffect(() => {
    if (!shown || !target) return;
    const refresh = debounce(place, TOOLTIP_TARGET_REFRESH_DEBOUNCE_MS);
    const resize = new ResizeObserver(() => refresh());
    resize.observe(target);
    const mutations = new MutationObserver(() => refresh());
    mutations.observe(document.body, { childList: true, subtree: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") timing.set(false);
    };
    window.addEventListener("scroll", refresh, true);
    window.addEventListener("keydown", onKey);
    return () => {
      refresh.cancel();
      resize.disconnect();
      mutations.disconnect();
      window.removeEventListener("scroll", refresh, true);
      window.removeEventListener("keydown", onKey);
    };
  }, [shown, target, timing]);

  if (content === null || content === undefined || content === "") return children;
  const own = children.props;
  const trigger = cloneElement(children, {
    "aria-describedby": [own["aria-describedby"], id].filter(Boolean).join(" "),
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      setTarget(event.currentTarget);
      timing.requestOn();
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      timing.set(false);
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      setTarget(event.currentTarget);
      timing.requestOn();
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      timing.set(false);
    },
  });
  return (
    <>
      {trigger}
      <span id={id} className="kit-visually-hidden">
        {content}
      </span>
      {shown
        ? createPortal(
            <div
              ref={bubble}
              role="tooltip"
              aria-hidden="true"
              className={position ? "kit-tooltip" : "kit-tooltip kit-tooltip--measuring"}
              style={{ top: position?.top ?? 0, left: position?.left ?? 0 }}
            >
              {content}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
