/**
 * The studio's texts editor (DESIGN.md §3: texts are a kind like the others, one per language): every
 * text key with the seven languages side by side (§1), each text editable in place, what the
 * configuration plane would refuse flagged beside it with an icon and words (text-findings.ts), a
 * search over keys and every language's text, filters, and the keys the change set touches grouped on
 * top, each changed text with its revert. About 2,000 keys × 7 languages: each group is a virtual
 * list, so only the rows in view are rendered (§9 buffer).
 *
 * Focus follows the operator: a validation problem's jump (`focus`) clears a search or filter that
 * hides its key, scrolls to the cell and focuses it; a revert keeps the focus in the changed group
 * (focusAfterRevert); the row being edited stays where it is until the focus leaves it (PinnedRow),
 * though its first keystroke makes it changed. §6: without Write every text and revert button is disabled; the search and the
 * filters change nothing and stay usable for reading.
 */
import {
  memo,
  type ReactNode,
  type Ref,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { Checkbox } from "../../../../../components/fields/checkbox.tsx";
import { TextField } from "../../../../../components/fields/text-field.tsx";
import { Tooltip } from "../../../../../components/tooltip/tooltip.tsx";
import { VirtualList, type VirtualListHandle } from "../../../../../components/virtual-list/virtual-list.tsx";
import {
  type KindEditorProps,
  type Language,
  STUDIO_LANGUAGES,
  type TextsByLanguage,
} from "../../studio-model.ts";
import {
  type FocusTarget,
  filterShowing,
  focusAfterRevert,
  groupTextRows,
  locateKey,
  NO_TEXT_FILTER,
  type PinnedRow,
  summariseTextRows,
  type TextCell,
  type TextFilter,
  type TextFinding,
  type TextGroups,
  type TextRow,
  textRows,
} from "./text-findings.ts";
import "./texts-editor.css";

/** What the texts tab gives the editor (the kind editor's texts part, and the cell to bring into view). */
export type TextsEditorProps = {
  /** The seven languages' texts as the draft would publish them. */
  texts: TextsByLanguage;
  /** The seven languages' texts as served now (what "changed" and "revert" compare with). */
  liveTexts: TextsByLanguage;
  /** §6: without Write on the Configuration admin module every text and button is disabled. */
  readOnly: boolean;
  onTextsChange: KindEditorProps["onTextsChange"];
  /** The cell to scroll to and focus (a validation problem's); compared by value, not identity. */
  focus: { language: Language; key: string } | null;
};

/** Height of one key's row in pixels (every row has the same height: a virtual list's rule). */
const ROW_HEIGHT_PX = 172;
/** The changed group shows about three rows before it scrolls, so the other texts stay in view. */
const TOUCHED_MAX_HEIGHT_PX = ROW_HEIGHT_PX * 3 + ROW_HEIGHT_PX / 2;
const OTHERS_MAX_HEIGHT_PX = ROW_HEIGHT_PX * 5;
/** Frames to wait for a row scrolled to to be rendered before its cell is focused. */
const FOCUS_FRAMES = 6;

/** The DOM id of a cell's text field (also its §8 uid). */
const cellId = (key: string, language: Language) => `studio-texts-${language}-${key}`;
const revertId = (key: string, language: Language) => `studio-texts-revert-${language}-${key}`;
const rowHeaderId = (key: string) => `studio-texts-key-${key}`;

/** The editor (default export: the studio loads it lazily as its own chunk). */
export default function TextsEditor(props: TextsEditorProps) {
  const { t } = useTranslation();
  const { texts, liveTexts, readOnly } = props;

  // The language objects keep their identity until edited (the draft copies only what it changes),
  // so the rows are rebuilt only for an edit, and then only the edited key's (textRows' `previous`).
  const draftTexts = useSameLanguages(texts);
  const servedTexts = useSameLanguages(liveTexts);
  const previousRows = useRef<readonly TextRow[]>([]);
  const rows = useMemo(() => {
    const next = textRows(draftTexts, servedTexts, previousRows.current);
    previousRows.current = next;
    return next;
  }, [draftTexts, servedTexts]);
  const summary = useMemo(() => summariseTextRows(rows), [rows]);

  const [filter, setFilter] = useState<TextFilter>(NO_TEXT_FILTER);
  // Typing in the search box stays responsive: the table catches up with the query when it can.
  const query = useDeferredValue(filter.query);
  // The row holding the focus stays where it is while it is edited (text-findings.ts PinnedRow).
  const [pinned, setPinned] = useState<PinnedRow | null>(null);
  const groups = useMemo(
    () => groupTextRows(rows, { ...filter, query }, pinned),
    [rows, filter, query, pinned],
  );
  const settled = query === filter.query;

  const lists = { touched: useRef<VirtualListHandle>(null), others: useRef<VirtualListHandle>(null) };
  const touchedHeading = useRef<HTMLHeadingElement>(null);
  const pendingFocus = useRef<PendingFocus | null>(null);
  // Bumped to run the focus effect when only the pending focus changed.
  const [focusTick, setFocusTick] = useState(0);
  const [announcement, setAnnouncement] = useState({ text: "", repeat: false });

  // A jump to a cell: show its key whatever the filter, then focus it once its row is rendered.
  const focusKey = props.focus?.key;
  const focusLanguage = props.focus?.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new cell to focus moves the focus
  useEffect(() => {
    if (focusKey === undefined || focusLanguage === undefined) return;
    setFilter((current) => filterShowing(rows, current, focusKey));
    pendingFocus.current = { target: "field", key: focusKey, language: focusLanguage };
    setFocusTick((tick) => tick + 1);
  }, [focusKey, focusLanguage]);

  // Carries out a pending focus once the groups show its row (a cleared filter, a revert applied).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each render that can show the row
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    const target =
      pending.target === "afterRevert"
        ? focusAfterRevert(groups.touched, pending.key, pending.language, pending.index)
        : pending;
    if (target.target === "touchedHeading") {
      pendingFocus.current = null;
      touchedHeading.current?.focus();
      return;
    }
    const at = locateKey(groups, target.key);
    if (!at) {
      // Not shown yet (the deferred query is catching up with a cleared one), or not a key at all.
      if (settled) pendingFocus.current = null;
      return;
    }
    pendingFocus.current = null;
    lists[at.group].current?.scrollToIndex(at.index);
    focusWhenRendered(target);
  }, [groups, settled, focusTick]);

  const onTextsChange = useRef(props.onTextsChange);
  onTextsChange.current = props.onTextsChange;
  const touchedRows = useRef(groups.touched);
  touchedRows.current = groups.touched;
  const onEdit = useCallback((key: string, language: Language, text: string) => {
    onTextsChange.current(language, { [key]: text });
  }, []);
  const onPin = useCallback((key: string, group: keyof TextGroups) => {
    setPinned((current) => (current?.key === key && current.group === group ? current : { key, group }));
  }, []);
  const onUnpin = useCallback((key: string) => {
    setPinned((current) => (current?.key === key ? null : current));
  }, []);
  const onRevert = useCallback(
    (key: string, language: Language) => {
      const index = touchedRows.current.findIndex((row) => row.key === key);
      // A reverted row goes where it belongs now; the focus follows (focusAfterRevert).
      setPinned(null);
      // null restores the served text, or takes out a text the change set added (studio-model.ts withTexts).
      onTextsChange.current(language, { [key]: null });
      pendingFocus.current = { target: "afterRevert", key, language, index };
      setFocusTick((tick) => tick + 1);
      setAnnouncement((last) => ({
        text: t("StudioTexts_Reverted", { key, language: t(`Language_${language}`) }),
        repeat: !last.repeat,
      }));
    },
    [t],
  );

  const rules = summary.findings.multiLine + summary.findings.tooLong + summary.findings.notInEnglish;
  const shown = groups.touched.length + groups.others.length;
  return (
    <div className="studio-texts">
      <div className="studio-texts__toolbar">
        <TextField
          uid="studio-texts-search"
          type="search"
          label={t("StudioTexts_Search")}
          help={t("StudioTexts_SearchHelp")}
          value={filter.query}
          onChange={(value) => setFilter((current) => ({ ...current, query: value }))}
          className="studio-texts__search"
        />
        <fieldset className="studio-texts__filters">
          <legend className="kit-visually-hidden">{t("StudioTexts_Filters")}</legend>
          <Checkbox
            uid="studio-texts-only-problems"
            label={t("StudioTexts_OnlyProblems")}
            checked={filter.onlyProblems}
            onChange={(checked) => setFilter((current) => ({ ...current, onlyProblems: checked }))}
          />
          <Checkbox
            uid="studio-texts-only-touched"
            label={t("StudioTexts_OnlyTouched")}
            checked={filter.onlyTouched}
            onChange={(checked) => setFilter((current) => ({ ...current, onlyTouched: checked }))}
          />
        </fieldset>
      </div>
      <div className="studio-texts__summary">
        {/* Only the count a search or filter changes is announced, not every keystroke's counts. */}
        <p aria-live="polite">{t("StudioTexts_SummaryShown", { shown, keys: summary.keys })}</p>
        <p>{t("StudioTexts_SummaryTouched", { keys: summary.touchedKeys, cells: summary.touchedCells })}</p>
        {summary.keysWithFindings > 0 ? (
          <p className="studio-texts__summary-problems">
            <WarningIcon />
            {t("StudioTexts_SummaryProblems", {
              keys: summary.keysWithFindings,
              missing: summary.findings.missing,
              placeholders: summary.findings.placeholders,
              rules,
            })}
          </p>
        ) : (
          <p className="studio-texts__summary-ok">
            <CheckIcon />
            {t("StudioTexts_SummaryNoProblems")}
          </p>
        )}
      </div>
      <p className="kit-visually-hidden" aria-live="polite">
        {announcement.text}
        {/* A second revert of the same text must read differently to be announced again. */}
        {announcement.repeat ? "\u200B" : ""}
      </p>
      <TextsGroup
        group="touched"
        title={t("StudioTexts_TouchedGroup", { count: groups.touched.length })}
        empty={t(summary.touchedKeys > 0 ? "StudioTexts_TouchedHidden" : "StudioTexts_TouchedEmpty")}
        rows={groups.touched}
        maxHeight={TOUCHED_MAX_HEIGHT_PX}
        readOnly={readOnly}
        onEdit={onEdit}
        onRevert={onRevert}
        onPin={onPin}
        onUnpin={onUnpin}
        listRef={lists.touched}
        headingRef={touchedHeading}
      />
      <TextsGroup
        group="others"
        title={t("StudioTexts_OthersGroup", { count: groups.others.length })}
        empty={t("StudioTexts_OthersEmpty")}
        rows={groups.others}
        maxHeight={OTHERS_MAX_HEIGHT_PX}
        readOnly={readOnly}
        onEdit={onEdit}
        onRevert={onRevert}
        onPin={onPin}
        onUnpin={onUnpin}
        listRef={lists.others}
      />
    </div>
  );
}

/** The same object while its seven language objects are the same (the frame builds a new one each render). */
function useSameLanguages(texts: TextsByLanguage): TextsByLanguage {
  const held = useRef(texts);
  if (STUDIO_LANGUAGES.some((language) => held.current[language] !== texts[language])) held.current = texts;
  return held.current;
}

/** A focus to carry out after the next render: a target, or a revert's (decided on the rows it leaves). */
type PendingFocus = FocusTarget | { target: "afterRevert"; key: string; language: Language; index: number };

/**
 * Focuses a cell's field or revert button once its row is rendered: a row scrolled to appears after
 * the virtual list's next render. A disabled control (§6, read-only) cannot take the focus: the row's
 * key does.
 */
function focusWhenRendered(target: Exclude<FocusTarget, { target: "touchedHeading" }>, frame = 0): void {
  const id =
    target.target === "field" ? cellId(target.key, target.language) : revertId(target.key, target.language);
  const element = document.getElementById(id);
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLButtonElement) {
    if (element.disabled) document.getElementById(rowHeaderId(target.key))?.focus();
    else element.focus();
    return;
  }
  if (frame < FOCUS_FRAMES) requestAnimationFrame(() => focusWhenRendered(target, frame + 1));
}

interface TextsGroupProps {
  group: keyof TextGroups;
  title: string;
  /** Shown instead of the table when the group has no row. */
  empty: string;
  rows: readonly TextRow[];
  maxHeight: number;
  readOnly: boolean;
  onEdit: (key: string, language: Language, text: string) => void;
  onRevert: (key: string, language: Language) => void;
  onPin: (key: string, group: keyof TextGroups) => void;
  onUnpin: (key: string) => void;
  listRef: Ref<VirtualListHandle>;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** One group of keys: a heading, the column headers and the rows, as an ARIA table. */
function TextsGroup(props: TextsGroupProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { rows } = props;
  return (
    <section
      className={`studio-texts__group studio-texts__group--${props.group}`}
      aria-labelledby={headingId}
    >
      <h3 id={headingId} ref={props.headingRef} tabIndex={-1} className="studio-texts__heading">
        {props.title}
      </h3>
      {rows.length === 0 ? (
        <p className="studio-hint">{props.empty}</p>
      ) : (
        <div className="studio-texts__scroll">
          {/* biome-ignore lint/a11y/useSemanticElements: the rows are the kit's virtual list's absolutely placed divs, which a <table> cannot hold */}
          <div
            role="table"
            aria-labelledby={headingId}
            aria-rowcount={rows.length + 1}
            className="studio-texts__table"
          >
            {/* biome-ignore lint/a11y/useSemanticElements: the rows are the kit's virtual list's absolutely placed divs, which a <table> cannot hold */}
            <div role="rowgroup" className="studio-texts__head">
              {/* biome-ignore lint/a11y/useFocusableInteractive: a table's row and header are not interactive (role table, not grid); the fields inside take the focus */}
              {/* biome-ignore lint/a11y/useSemanticElements: the rows are the kit's virtual list's absolutely placed divs, which a <table> cannot hold */}
              <div role="row" aria-rowindex={1} className="studio-texts__row studio-texts__row--head">
                {/* biome-ignore lint/a11y/useFocusableInteractive: a table's row and header are not interactive (role table, not grid); the fields inside take the focus */}
                {/* biome-ignore lint/a11y/useSemanticElements: the rows are the kit's virtual list's absolutely placed divs, which a <table> cannot hold */}
                <div role="columnheader" className="studio-texts__key">
                  {t("StudioTexts_KeyColumn")}
                </div>
                {STUDIO_LANGUAGES.map((language) => (
                  // biome-ignore lint/a11y/useFocusableInteractive: a table's row and header are not interactive (role table, not grid); the fields inside take the focus
                  // biome-ignore lint/a11y/useSemanticElements: the rows are the kit's virtual list's absolutely placed divs, which a <table> cannot hold
                  <div role="columnheader" key={language} className="studio-texts__cell">
                    {t(`Language_${language}`)} <span className="studio-texts__code">{language}</span>
                  </div>
                ))}
              </div>
            </div>
            <VirtualList
              ref={props.listRef}
              role="rowgroup"
              items={rows}
              itemHeight={ROW_HEIGHT_PX}
              maxHeight={props.maxHeight}
              getKey={(row) => row.key}
              className="studio-texts__body"
              renderItem={(row, index) => (
                <TextRowView
                  row={row}
                  group={props.group}
                  rowIndex={index + 2}
                  readOnly={props.readOnly}
                  onEdit={props.onEdit}
                  onRevert={props.onRevert}
                  onPin={props.onPin}
                  onUnpin={props.onUnpin}
                />
              )}
            />
          </div>
        </div>
      )}
    </section>
  );
}

interface TextRowViewProps {
  row: TextRow;
  group: keyof TextGroups;
  /** aria-rowindex: the column headers are row 1. */
  rowIndex: number;
  readOnly: boolean;
  onEdit: (key: string, language: Language, text: string) => void;
  onRevert: (key: string, language: Language) => void;
  onPin: (key: string, group: keyof TextGroups) => void;
  onUnpin: (key: string) => void;
}

/** One key: its name, changed and problem marks, and a cell per language. A row reused by textRows is not rendered again. */
const TextRowView = memo(function TextRowView(props: TextRowViewProps) {
  const { t } = useTranslation();
  const { row } = props;
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: a table's row and header are not interactive (role table, not grid); the fields inside take the focus
    // biome-ignore lint/a11y/useSemanticElements: the rows are the kit's virtual list's absolutely placed divs, which a <table> cannot hold
    <div
      role="row"
      aria-rowindex={props.rowIndex}
      className="studio-texts__row"
      onFocus={() => props.onPin(row.key, props.group)}
      onBlur={(event) => {
        // Focus moving inside the row, or the window losing it (it comes back to the same field), keeps the pin.
        const next = event.relatedTarget;
        if (next instanceof Node && event.currentTarget.contains(next)) return;
        if (next === null && !document.hasFocus()) return;
        props.onUnpin(row.key);
      }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the rows are the kit's virtual list's absolutely placed divs, which a <table> cannot hold */}
      <div role="rowheader" id={rowHeaderId(row.key)} tabIndex={-1} className="studio-texts__key">
        <code className="studio-texts__key-name">{row.key}</code>
        {row.touched ? (
          <span className="studio-texts__mark studio-texts__mark--changed">
            <ChangedIcon />
            {t("StudioTexts_Changed")}
          </span>
        ) : null}
        {row.findingCount > 0 ? (
          <span className="studio-texts__mark studio-texts__mark--problem">
            <WarningIcon />
            {t("StudioTexts_RowProblems", { count: row.findingCount })}
          </span>
        ) : null}
      </div>
      {STUDIO_LANGUAGES.map((language) => (
        <TextCellView
          key={language}
          rowKey={row.key}
          cell={row.cells[language]}
          readOnly={props.readOnly}
          onEdit={props.onEdit}
          onRevert={props.onRevert}
        />
      ))}
    </div>
  );
});

function TextCellView(props: {
  rowKey: string;
  cell: TextCell;
  readOnly: boolean;
  onEdit: (key: string, language: Language, text: string) => void;
  onRevert: (key: string, language: Language) => void;
}) {
  const { t } = useTranslation();
  const { rowKey: key, cell } = props;
  const { language } = cell;
  const languageName = t(`Language_${language}`);
  const findings = cell.findings.flatMap((finding) => findingTexts(finding, t));
  const classes = ["studio-texts__cell"];
  if (cell.touched) classes.push("studio-texts__cell--changed");
  if (findings.length > 0) classes.push("studio-texts__cell--problem");
  return (
    // biome-ignore lint/a11y/useSemanticElements: the rows are the kit's virtual list's absolutely placed divs, which a <table> cannot hold
    <div role="cell" className={classes.join(" ")}>
      <TextField
        uid={cellId(key, language)}
        label={t("StudioTexts_CellLabel", { key, language: languageName })}
        hideLabel
        multiline
        rows={3}
        value={cell.text ?? ""}
        disabled={props.readOnly}
        onChange={(text) => props.onEdit(key, language, text)}
        help={
          findings.length > 0 ? (
            <span className="studio-texts__findings">
              {findings.map((text) => (
                <span key={text} className="studio-texts__finding">
                  <WarningIcon />
                  {text}
                </span>
              ))}
            </span>
          ) : null
        }
        className="studio-texts__field"
      />
      {cell.touched ? (
        <Tooltip
          content={
            cell.live === undefined
              ? t("StudioTexts_ServedNone")
              : t("StudioTexts_ServedText", { text: cell.live })
          }
        >
          <button
            type="button"
            id={revertId(key, language)}
            className="kit-button studio-texts__revert"
            aria-label={t("StudioTexts_RevertLabel", { key, language: languageName })}
            disabled={props.readOnly}
            onClick={() => props.onRevert(key, language)}
          >
            <RevertIcon />
            {t("StudioTexts_Revert")}
          </button>
        </Tooltip>
      ) : null}
    </div>
  );
}

/** The words of a finding: a placeholder mismatch says which are missing and which are extra. */
function findingTexts(
  finding: TextFinding,
  t: (key: string, options?: Record<string, unknown>) => string,
): string[] {
  const names = (list: readonly string[]) => list.map((name) => `{{${name}}}`).join(", ");
  switch (finding.kind) {
    case "missing":
      return [t("StudioTexts_FindingMissing")];
    case "notInEnglish":
      return [t("StudioTexts_FindingNotInEnglish")];
    case "multiLine":
      return [t("StudioTexts_FindingMultiLine")];
    case "tooLong":
      return [t("StudioTexts_FindingTooLong", { max: finding.maxLength })];
    case "placeholders":
      return [
        ...(finding.missing.length > 0
          ? [t("StudioTexts_FindingPlaceholdersMissing", { names: names(finding.missing) })]
          : []),
        ...(finding.extra.length > 0
          ? [t("StudioTexts_FindingPlaceholdersExtra", { names: names(finding.extra) })]
          : []),
      ];
  }
}

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg
      className="studio-texts__icon"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** A triangle with an exclamation mark: a finding. */
function WarningIcon() {
  return (
    <Svg>
      <path d="M8 2l6.5 11.5h-13z" />
      <path d="M8 6.5v3M8 11.75v.01" />
    </Svg>
  );
}

function CheckIcon() {
  return (
    <Svg>
      <path d="M3.5 8.5l3 3 6-7" />
    </Svg>
  );
}

/** A pencil: changed by the change set. */
function ChangedIcon() {
  return (
    <Svg>
      <path d="M10.5 2.5l3 3-8 8h-3v-3z" />
    </Svg>
  );
}

/** An arrow turning back: revert. */
function RevertIcon() {
  return (
    <Svg>
      <path d="M5 3L2 6l3 3" />
      <path d="M2 6h7a4 4 0 010 8H6" />
    </Svg>
  );
}
