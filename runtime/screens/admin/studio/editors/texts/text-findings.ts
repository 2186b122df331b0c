/**
 * What the studio's texts editor shows, as pure functions of the draft and the served texts: one row
 * per text key with the seven languages side by side, each cell with the findings the configuration
 * plane would refuse at publication (server/gateway/config/check-texts.ts: exactly English's keys,
 * no empty text, English's placeholders, the multi-line text rule — the per-text rules shared through
 * core/texts/), the search over keys and every language's text, the filters, and the grouping that
 * puts the keys the change set touches first (DESIGN.md §3: a change set may touch several languages
 * at once). English is the source of truth for keys and placeholders.
 */
import { type TextViolation, textViolations } from "../../../../../../core/texts/text-violations.ts";
import { type Language, STUDIO_LANGUAGES, type TextsByLanguage } from "../../studio-model.ts";

/** Something the configuration plane would refuse in one language's text of one key. */
export type TextFinding =
  /** No text, or a blank one (English has the key). */
  | { kind: "missing" }
  /** A text for a key English does not have. */
  | { kind: "notInEnglish" }
  /** The placeholders differ from English's; each list sorted, a name once per use. */
  | { kind: "placeholders"; missing: readonly string[]; extra: readonly string[] }
  /** A control or direction-override character (schemas/text-rules.ts). */
  | { kind: "multiLine" }
  | { kind: "tooLong"; maxLength: number };

/** The kinds of finding. */
export type TextFindingKind = TextFinding["kind"];

/** One language's text of one key. */
export interface TextCell {
  language: Language;
  /** As the draft would publish it; undefined when the language has no text for the key. */
  text: string | undefined;
  /** As served now. */
  live: string | undefined;
  /** Whether the draft changes this text (sets, changes or adds it). */
  touched: boolean;
  findings: readonly TextFinding[];
}

/** One text key with its seven languages. */
export interface TextRow {
  key: string;
  cells: Readonly<Record<Language, TextCell>>;
  /** Whether the draft changes the key's text in any language. */
  touched: boolean;
  /** Findings over the seven languages. */
  findingCount: number;
  /** The key and every language's draft text, folded for search (searchFold). */
  folded: readonly string[];
}

/** What the table shows of the rows. */
export interface TextFilter {
  /** Matched against the key and the seven texts, case- and accent-insensitively; blank matches all. */
  query: string;
  /** Only keys with a finding in some language. */
  onlyProblems: boolean;
  /** Only keys the change set touches. */
  onlyTouched: boolean;
}

/** Everything shown. */
export const NO_TEXT_FILTER: TextFilter = { query: "", onlyProblems: false, onlyTouched: false };

/** The rows shown, the touched keys first as their own group; each group in key order. */
export interface TextGroups {
  touched: readonly TextRow[];
  others: readonly TextRow[];
}

/** The counts over every row (the filter aside), for the editor's summary. */
export interface TextSummary {
  keys: number;
  touchedKeys: number;
  touchedCells: number;
  keysWithFindings: number;
  /** Findings of each kind, over every cell. */
  findings: Readonly<Record<TextFindingKind, number>>;
}

/**
 * Folds a text for search: compatibility-decomposed (so "ﬁ" is "fi"), accents and other combining
 * marks dropped, lower-cased — "Éléments" and "elements" match, and so do "Straße" and "STRASSE"
 * (toLowerCase of "SS" is "ss", and full case folding of "ß" is "ss" too).
 */
export function searchFold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replaceAll("ß", "ss");
}

/** The findings of one language's text of a key, English's text of it given (undefined: English lacks it). */
export function cellFindings(
  language: Language,
  text: string | undefined,
  english: string | undefined,
): TextFinding[] {
  if (language !== "en" && english === undefined) {
    // check-texts refuses such a key outright, without looking at its text.
    return text === undefined ? [] : [{ kind: "notInEnglish" }];
  }
  // English defines the keys: a key it lacks is the translations' finding, not its own.
  if (text === undefined) return language === "en" ? [] : [{ kind: "missing" }];
  return textViolations(text, language === "en" ? undefined : english).map(findingOf);
}

/** A broken text rule (core/texts/text-violations.ts) as the editor's finding. */
function findingOf(violation: TextViolation): TextFinding {
  switch (violation.rule) {
    case "empty":
      return { kind: "missing" };
    case "tooLong":
      return { kind: "tooLong", maxLength: violation.maxLength };
    case "multiLine":
      return { kind: "multiLine" };
    case "placeholders":
      return { kind: "placeholders", missing: violation.missing, extra: violation.extra };
  }
}

const textOf = (texts: TextsByLanguage, language: Language, key: string): string | undefined => {
  const own = texts[language];
  return own !== undefined && Object.hasOwn(own, key) ? own[key] : undefined;
};

/** The row of one key. */
function rowOf(key: string, texts: TextsByLanguage, liveTexts: TextsByLanguage): TextRow {
  const english = textOf(texts, "en", key);
  const cells = {} as Record<Language, TextCell>;
  const folded = [searchFold(key)];
  let touched = false;
  let findingCount = 0;
  for (const language of STUDIO_LANGUAGES) {
    const text = textOf(texts, language, key);
    const live = textOf(liveTexts, language, key);
    const findings = cellFindings(language, text, english);
    const cellTouched = text !== live;
    cells[language] = { language, text, live, touched: cellTouched, findings };
    touched ||= cellTouched;
    findingCount += findings.length;
    if (text !== undefined) folded.push(searchFold(text));
  }
  return { key, cells, touched, findingCount, folded };
}

/** Whether the row of `key` in `previous` holds exactly these texts (strings compare by value). */
function sameTexts(row: TextRow, key: string, texts: TextsByLanguage, liveTexts: TextsByLanguage): boolean {
  for (const language of STUDIO_LANGUAGES) {
    const cell = row.cells[language];
    if (cell.text !== textOf(texts, language, key) || cell.live !== textOf(liveTexts, language, key)) {
      return false;
    }
  }
  return true;
}

/**
 * One row per key of any language, draft or served, in key order. `previous` (the rows of the last
 * call) lets a row whose fourteen texts did not change be reused as it is: an edit of one text then
 * costs one row, not the 2,000-odd keys × seven languages again — and an English edit rechecks that
 * key's translations, since their placeholders are compared with it.
 */
export function textRows(
  texts: TextsByLanguage,
  liveTexts: TextsByLanguage,
  previous?: readonly TextRow[],
): TextRow[] {
  const keys = new Set<string>();
  for (const language of STUDIO_LANGUAGES) {
    for (const key of Object.keys(texts[language] ?? {})) keys.add(key);
    for (const key of Object.keys(liveTexts[language] ?? {})) keys.add(key);
  }
  const reusable = new Map<string, TextRow>();
  for (const row of previous ?? []) reusable.set(row.key, row);
  return [...keys].sort().map((key) => {
    const before = reusable.get(key);
    return before && sameTexts(before, key, texts, liveTexts) ? before : rowOf(key, texts, liveTexts);
  });
}

/** Whether a row matches a query already folded (searchFold) and not blank. */
function matchesFolded(row: TextRow, needle: string): boolean {
  return row.folded.some((text) => text.includes(needle));
}

/** Whether the row's key or any language's text contains `query`, case- and accent-insensitively. */
export function rowMatches(row: TextRow, query: string): boolean {
  const needle = searchFold(query.trim());
  return needle === "" || matchesFolded(row, needle);
}

/** The languages whose draft text contains `query` (blank: none), for marking the hits. */
export function matchingLanguages(row: TextRow, query: string): Language[] {
  const needle = searchFold(query.trim());
  if (needle === "") return [];
  return STUDIO_LANGUAGES.filter((language) => {
    const text = row.cells[language].text;
    return text !== undefined && searchFold(text).includes(needle);
  });
}

/**
 * A row held where it is while the operator edits it: typing the first letter of a text makes its
 * key touched (and typing the served text back, or fixing a problem, makes it leave a filter), and a
 * row that moved group would lose its field, the focus and the caret under the operator's hands.
 */
export interface PinnedRow {
  key: string;
  group: keyof TextGroups;
}

/**
 * The rows the filter shows, grouped: the keys the change set touches, then the others. A pinned row
 * stays in its group and is shown whatever the filter, until it is unpinned (the focus leaves it).
 */
export function groupTextRows(
  rows: readonly TextRow[],
  filter: TextFilter,
  pinned: PinnedRow | null = null,
): TextGroups {
  const needle = searchFold(filter.query.trim());
  const touched: TextRow[] = [];
  const others: TextRow[] = [];
  for (const row of rows) {
    if (pinned?.key === row.key) {
      (pinned.group === "touched" ? touched : others).push(row);
      continue;
    }
    if (filter.onlyProblems && row.findingCount === 0) continue;
    if (filter.onlyTouched && !row.touched) continue;
    if (needle !== "" && !matchesFolded(row, needle)) continue;
    (row.touched ? touched : others).push(row);
  }
  return { touched, others };
}

/** The counts of the summary. */
export function summariseTextRows(rows: readonly TextRow[]): TextSummary {
  const findings: Record<TextFindingKind, number> = {
    missing: 0,
    notInEnglish: 0,
    placeholders: 0,
    multiLine: 0,
    tooLong: 0,
  };
  let touchedKeys = 0;
  let touchedCells = 0;
  let keysWithFindings = 0;
  for (const row of rows) {
    if (row.touched) touchedKeys += 1;
    if (row.findingCount > 0) keysWithFindings += 1;
    for (const language of STUDIO_LANGUAGES) {
      const cell = row.cells[language];
      if (cell.touched) touchedCells += 1;
      for (const finding of cell.findings) findings[finding.kind] += 1;
    }
  }
  return { keys: rows.length, touchedKeys, touchedCells, keysWithFindings, findings };
}

/** Where a key is shown: its group and its index there, or null when the filter hides it. */
export function locateKey(
  groups: TextGroups,
  key: string,
): { group: keyof TextGroups; index: number } | null {
  for (const group of ["touched", "others"] as const) {
    const index = groups[group].findIndex((row) => row.key === key);
    if (index >= 0) return { group, index };
  }
  return null;
}

/**
 * The filter under which `key` is shown, to bring a cell into view (a validation problem's): the
 * current one when it shows the key, else no filter (every key is then shown).
 */
export function filterShowing(rows: readonly TextRow[], filter: TextFilter, key: string): TextFilter {
  return locateKey(groupTextRows(rows, filter), key) !== null ? filter : NO_TEXT_FILTER;
}

/** Where the focus goes: a cell's text field or revert button, or the changed group's heading. */
export type FocusTarget =
  | { target: "field" | "revert"; key: string; language: Language }
  | { target: "touchedHeading" };

/**
 * Where the focus goes after a revert, decided on the changed group it leaves (`touched`, `index` the
 * reverted key's row there before): the operator stays in the changed group. The same text field
 * when the key still has other changes; else the first revert of the row that took its place (or of
 * the row before, at the end); the group's heading when nothing changed is left.
 */
export function focusAfterRevert(
  touched: readonly TextRow[],
  key: string,
  language: Language,
  index: number,
): FocusTarget {
  if (touched.some((row) => row.key === key)) return { target: "field", key, language };
  const next = touched[index] ?? touched[index - 1];
  const first = next && STUDIO_LANGUAGES.find((code) => next.cells[code].touched);
  if (!next || !first) return { target: "touchedHeading" };
  return { target: "revert", key: next.key, language: first };
}
