/**
 * The log console of the debug panel (§2.5, §9): entries of severity 1 info,
 * 2 warning, 3 error; shown from the minimum severity LOG_CONSOLE_MIN_SEVERITY
 * unless the developer lowers it. Sources: the user hub's `log` event (§7)
 * through appendLog, and uncaught errors of the page.
 */
import { LOG_CONSOLE_MIN_SEVERITY } from "../state/constants.ts";
import { createStore } from "../state/create-store.ts";

/** A severity of §9. */
export type LogSeverity = 1 | 2 | 3;

/** One entry. */
export interface LogEntry {
  id: number;
  severity: LogSeverity;
  message: string;
  details: string | null;
  at: number;
}

/** Entries kept; older ones drop first (a debugging aid, not an archive). */
export const LOG_CONSOLE_MAX_ENTRIES = 500;

/** The console's entries and the minimum severity shown. */
export const logConsoleStore = createStore<{ entries: LogEntry[]; minSeverity: LogSeverity }>({
  entries: [],
  minSeverity: LOG_CONSOLE_MIN_SEVERITY as LogSeverity,
});

let nextId = 1;

/** The severity a value names, clamped to the §9 levels (unknown values count as errors). */
export function toSeverity(value: unknown): LogSeverity {
  const n = typeof value === "number" ? Math.trunc(value) : Number.NaN;
  if (n === 1 || n === 2 || n === 3) return n;
  return n < 1 ? 1 : 3;
}

/** Adds an entry (e.g. from the hub's log event: severity, message details). */
export function appendLog(
  severity: unknown,
  message: string,
  details: string | null = null,
  at = Date.now(),
): void {
  logConsoleStore.update((s) => {
    s.entries.push({ id: nextId++, severity: toSeverity(severity), message, details, at });
    if (s.entries.length > LOG_CONSOLE_MAX_ENTRIES)
      s.entries.splice(0, s.entries.length - LOG_CONSOLE_MAX_ENTRIES);
  });
}

/** Sets the minimum severity shown. */
export function setMinSeverity(severity: LogSeverity): void {
  logConsoleStore.update((s) => {
    s.minSeverity = severity;
  });
}

/** The entries at or above `minSeverity`, newest first. */
export function visibleLogs(entries: readonly LogEntry[], minSeverity: LogSeverity): LogEntry[] {
  return entries.filter((e) => e.severity >= minSeverity).reverse();
}

/** §2.5 debug panel shortcut: Ctrl+Space (Cmd+Space on macOS) opens it. */
export function isDebugShortcut(event: {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
}): boolean {
  return (event.ctrlKey || event.metaKey) && (event.code === "Space" || event.key === " ");
}
