/**
 * The pager of a list: a navigation landmark named for the list, previous and next (first and last
 * when the screen wants them), the position announced politely when it changes, and room for the
 * screen's own extras (the admin's row range and page size). Texts come from the screen, so every
 * list keeps its own words in every language.
 */
import type { ReactNode } from "react";
import "../kit.css";
import "./list.css";

/** The accessible names of the pager's buttons. */
export interface PagerButtonNames {
  previous: string;
  next: string;
  /** First and last page buttons show only when named. */
  first?: string;
  last?: string;
}

/** Props of a Pager. */
export interface PagerProps {
  /** Names the navigation landmark. */
  label: string;
  /** 1-based. */
  page: number;
  /** At least 1. */
  pageCount: number;
  onPage: (page: number) => void;
  /** Where the list stands, e.g. "Page 2 of 5"; announced on change. */
  position: string;
  buttons: PagerButtonNames;
  /** Shown before the buttons (the admin's row range). */
  summary?: ReactNode;
  /** Shown after the buttons (the admin's page size). */
  children?: ReactNode;
  /** With a single page only the position shows, without buttons or landmark (content lists). */
  collapseSinglePage?: boolean;
}

/** The pager. */
export function Pager(props: PagerProps) {
  const { page, pageCount, onPage, buttons } = props;
  if (props.collapseSinglePage && pageCount <= 1) {
    return (
      <p className="kit-pager kit-pager__position" aria-live="polite">
        {props.position}
      </p>
    );
  }
  const button = (name: string, target: number, enabled: boolean) => (
    <button type="button" className="kit-button" disabled={!enabled} onClick={() => onPage(target)}>
      {name}
    </button>
  );
  return (
    <nav className="kit-pager" aria-label={props.label}>
      {props.summary ? <p className="kit-pager__summary">{props.summary}</p> : null}
      <div className="kit-pager__buttons">
        {buttons.first ? button(buttons.first, 1, page > 1) : null}
        {button(buttons.previous, page - 1, page > 1)}
        <span className="kit-pager__position" aria-live="polite">
          {props.position}
        </span>
        {button(buttons.next, page + 1, page < pageCount)}
        {buttons.last ? button(buttons.last, pageCount, page < pageCount) : null}
      </div>
      {props.children}
    </nav>
  );
}
