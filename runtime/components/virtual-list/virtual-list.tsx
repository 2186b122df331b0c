import {
  type AriaRole,
  type Key,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from "react";
import { VIRTUAL_LIST_THROTTLE_MS } from "../../state/constants.ts";
import { throttle } from "../timing/rate-limit.ts";
import { useScrollStop } from "../timing/use-scroll-stop.ts";
import { scrollTopForIndex, virtualRange } from "./virtual-range.ts";
import "./virtual-list.css";

/** What a VirtualList exposes through its ref. */
export interface VirtualListHandle {
  /** Scrolls the least needed to show row `index` entirely. */
  scrollToIndex(index: number): void;
  /** The scrolling element. */
  element(): HTMLDivElement | null;
}

/** Props of a VirtualList. */
export interface VirtualListProps<T> {
  items: readonly T[];
  /** Height of every row in pixels. */
  itemHeight: number;
  /** Largest height of the list in pixels; a shorter list shrinks to its rows. */
  maxHeight: number;
  renderItem: (item: T, index: number) => ReactNode;
  getKey?: (item: T, index: number) => Key;
  /** Row kept in view (the keyboard's active option). */
  activeIndex?: number;
  /** Called SCROLL_STOP_DELAY_MS after scrolling stops (§9), e.g. to mark visible notifications. */
  onScrollStop?: (range: { start: number; end: number }) => void;
  id?: string;
  role?: AriaRole;
  "aria-label"?: string;
  "aria-labelledby"?: string;
  "aria-multiselectable"?: boolean;
  "aria-activedescendant"?: string;
  tabIndex?: number;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  className?: string;
  ref?: Ref<VirtualListHandle>;
}

/**
 * A list that renders only the rows in view plus VIRTUAL_LIST_BUFFER_ITEMS on each side (§9), with its
 * scroll handling throttled to VIRTUAL_LIST_THROTTLE_MS; the range is the pure virtual-range.ts.
 */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, itemHeight, maxHeight } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const viewportHeight = Math.min(maxHeight, items.length * itemHeight);
  const range = virtualRange({ count: items.length, itemHeight, scrollTop, viewportHeight });
  const onScroll = useMemo(() => throttle(setScrollTop, VIRTUAL_LIST_THROTTLE_MS), []);
  useEffect(() => () => onScroll.cancel(), [onScroll]);

  const onScrollStop = props.onScrollStop;
  useScrollStop(scroller, () => {
    const element = scroller.current;
    if (element) setScrollTop(element.scrollTop);
    onScrollStop?.(visibleRows(element?.scrollTop ?? 0, viewportHeight, itemHeight, items.length));
  });

  const reveal = (index: number) => {
    const element = scroller.current;
    if (!element || index < 0 || index >= items.length) return;
    const next = scrollTopForIndex(index, { itemHeight, scrollTop: element.scrollTop, viewportHeight });
    if (next !== element.scrollTop) {
      element.scrollTop = next;
      setScrollTop(next);
    }
  };
  useImperativeHandle(props.ref, () => ({ scrollToIndex: reveal, element: () => scroller.current }));
  const { activeIndex } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new active row scrolls, not a re-render
  useEffect(() => {
    if (activeIndex !== undefined) reveal(activeIndex);
  }, [activeIndex]);

  const rows: ReactNode[] = [];
  for (let index = range.start; index < range.end; index += 1) {
    const item = items[index] as T;
    rows.push(
      <div
        key={props.getKey?.(item, index) ?? index}
        className="kit-virtual-list__row"
        style={{ height: itemHeight }}
      >
        {props.renderItem(item, index)}
      </div>,
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: scrolling is not an interaction; the caller gives the role
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the caller gives the role (list, listbox, feed), each of which takes a name
    <div
      ref={scroller}
      id={props.id}
      role={props.role}
      aria-label={props["aria-label"]}
      aria-labelledby={props["aria-labelledby"]}
      aria-multiselectable={props["aria-multiselectable"]}
      aria-activedescendant={props["aria-activedescendant"]}
      tabIndex={props.tabIndex}
      onKeyDown={props.onKeyDown}
      className={["kit-virtual-list", props.className].filter(Boolean).join(" ")}
      style={{ height: viewportHeight }}
      onScroll={(event) => onScroll(event.currentTarget.scrollTop)}
    >
      <div className="kit-virtual-list__space" style={{ height: range.totalHeight }}>
        <div className="kit-virtual-list__rows" style={{ transform: `translateY(${range.offsetTop}px)` }}>
          {rows}
        </div>
      </div>
    </div>
  );
}

/** The rows entirely or partly in view (without the buffer). */
function visibleRows(scrollTop: number, viewportHeight: number, itemHeight: number, count: number) {
  const range = virtualRange({ count, itemHeight, scrollTop, viewportHeight, buffer: 0 });
  return { start: range.start, end: range.end };
}
