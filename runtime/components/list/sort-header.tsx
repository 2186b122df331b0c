/**
 * A sortable column header (WAI-ARIA APG sortable table): aria-sort on the th, a button inside it
 * that changes the sort, the direction drawn as an arrow hidden from assistive technology (aria-sort
 * already says it). The screen decides the next sort; the header only shows and asks.
 */
import "../kit.css";
import "./list.css";
import type { SortDirection } from "./sort-order.ts";

/** Props of a SortHeader. */
export interface SortHeaderProps {
  label: string;
  direction: SortDirection;
  onSort: () => void;
  className?: string;
}

const ARROWS: Record<SortDirection, string> = { ascending: "▲", descending: "▼", none: "" };

/** The header cell of a sortable column. */
export function SortHeader({ label, direction, onSort, className }: SortHeaderProps) {
  return (
    <th scope="col" aria-sort={direction} className={className}>
      <button type="button" className="kit-sort" onClick={onSort}>
        {label}
        <span className="kit-sort__arrow" aria-hidden="true">
          {ARROWS[direction]}
        </span>
      </button>
    </th>
  );
}
