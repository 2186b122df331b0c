/**
 * The debounced search of the lists: typing commits the trimmed text once the user pauses for
 * SEARCH_DEBOUNCE_MS, Enter commits at once, and the same text is never committed twice (so a
 * pause does not reload the list or reset its page).
 */
import { debounce } from "../../components/timing/rate-limit.ts";

/** Drives one search box. */
export interface SearchCommitter {
  /** The user typed: commit after the quiet period. */
  type(text: string): void;
  /** Enter: commit now. */
  flush(text: string): void;
  /** The list changed its search from elsewhere (URL, back button): remember it as committed. */
  sync(committed: string): void;
  /** Drop a pending commit (unmount). */
  cancel(): void;
}

/** A committer calling `commit` with new search texts. */
export function createSearchCommitter(
  initial: string,
  commit: (search: string) => void,
  delayMs: number,
): SearchCommitter {
  let committed = initial.trim();
  const send = (text: string) => {
    const trimmed = text.trim();
    if (trimmed === committed) return;
    committed = trimmed;
    commit(trimmed);
  };
  const later = debounce(send, delayMs);
  return {
    type: later,
    flush(text) {
      later.cancel();
      send(text);
    },
    sync(value) {
      committed = value.trim();
    },
    cancel: later.cancel,
  };
}
