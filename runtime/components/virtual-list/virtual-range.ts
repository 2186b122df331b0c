/**
 * The rows a virtual list renders (SPEC §9: VIRTUAL_LIST_BUFFER_ITEMS extra rows above and below the
 * visible ones), as a pure function of the scroll position, so 10,000 notifications cost the same as a
 * screenful. Rows have one fixed height.
 */
import { VIRTUAL_LIST_BUFFER_ITEMS } from "../../state/constants.ts";

/** What the range depends on. */
export interface VirtualRangeInput {
  count: number;
  itemHeight: number;
  scrollTop: number;
  viewportHeight: number;
  buffer?: number;
}

/** The rows to render: [start, end), their offset from the top and the full scroll height. */
export interface VirtualRange {
  start: number;
  end: number;
  offsetTop: number;
  totalHeight: number;
}

/** Computes the rendered range for a scroll position. */
export function virtualRange(input: VirtualRangeInput): VirtualRange {
  const { count, itemHeight } = input;
  const buffer = input.buffer ?? VIRTUAL_LIST_BUFFER_ITEMS;
  const totalHeight = count * itemHeight;
  if (count <= 0 || itemHeight <= 0) return { start: 0, end: 0, offsetTop: 0, totalHeight: 0 };
  const maxScroll = Math.max(0, totalHeight - input.viewportHeight);
  const scrollTop = Math.min(Math.max(0, input.scrollTop), maxScroll);
  const firstVisible = Math.floor(scrollTop / itemHeight);
  const lastVisible = Math.ceil((scrollTop + Math.max(0, input.viewportHeight)) / itemHeight);
  const start = Math.max(0, firstVisible - buffer);
  const end = Math.min(count, Math.max(lastVisible, firstVisible + 1) + buffer);
  return { start, end, offsetTop: start * itemHeight, totalHeight };
}

/** The scroll position that brings row `index` fully into view, moving as little as possible. */
export function scrollTopForIndex(
  index: number,
  view: { itemHeight: number; scrollTop: number; viewportHeight: number },
): number {
  const top = index * view.itemHeight;
  const bottom = top + view.itemHeight;
  if (top < view.scrollTop) return top;
  if (bottom > view.scrollTop + view.viewportHeight) return Math.max(0, bottom - view.viewportHeight);
  return view.scrollTop;
}
