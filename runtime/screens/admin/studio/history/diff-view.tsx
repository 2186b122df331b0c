/**
 * The plain-language summary and the side-by-side structural diff of two configurations (DESIGN.md §3
 * "published as a new immutable version with author and diff"; server/gateway/config/README.md, the
 * validation report's and a version diff's `summary` and `diff`): the sentences as a list, then one
 * captioned table per layer document with a row per change — what it touched, before, after — each
 * marked in words and by icon, never by colour alone. Used by the history panel and the workspace.
 */
import { useTranslation } from "react-i18next";
import { Icon } from "../../../../components/icon-picker/icon.tsx";
import type { TargetDiff, VersionHeader } from "../config-client.ts";
import { useMessageText } from "../message-text.ts";
import { type ChangeMark, changeView, diffTargetView, kindText, type ValueView } from "./history-model.ts";
import "./history.css";

/** Props of a DiffView. */
export interface DiffViewProps {
  /** The plain-language sentences: text keys shown in the UI's language, an older version's English as it is. */
  summary: VersionHeader["summary"];
  diff: readonly TargetDiff[];
  /** A readable name of an RFC 6901 pointer into the document of `kind` ("Main menu › Analytics › title"); default the pointer itself. */
  labelPointer?: (kind: string, pointer: string) => string;
  /** The level of the view's headings, to fit the page's outline (default 3). */
  headingLevel?: 2 | 3 | 4 | 5;
}

const MARK_ICONS: Record<ChangeMark, string> = { added: "plus", removed: "minus", changed: "pen" };
const MARK_KEYS: Record<ChangeMark, string> = {
  added: "StudioHistory_Diff_Added",
  removed: "StudioHistory_Diff_Removed",
  changed: "StudioHistory_Diff_Changed",
};

/** The readable name of a diff target: the kind's name and its layer ("Menus", "Shell — Account 3"). */
export function useTargetLabel(): (target: string) => { label: string; kind: string | null } {
  const { t } = useTranslation();
  return (target) => {
    const view = diffTargetView(target);
    if (view.layer === "other") return { label: view.text, kind: null };
    const key = kindText(view.kind);
    const kind = key ? t(key) : view.kind;
    const label =
      view.layer === "operator"
        ? t("StudioHistory_Diff_OperatorTarget", { kind })
        : t("StudioHistory_Diff_AccountTarget", { kind, account: view.account });
    return { label, kind: view.kind };
  };
}

function Value(props: { value: ValueView | null; side: "before" | "after" }) {
  const { t } = useTranslation();
  if (props.value === null) {
    return (
      <span className="studio-history-diff__absent">
        {t(props.side === "before" ? "StudioHistory_Diff_NotBefore" : "StudioHistory_Diff_NotAfter")}
      </span>
    );
  }
  const code = <pre className="studio-history-json">{props.value.text}</pre>;
  if (!props.value.large) return code;
  // Native disclosure: keyboard-operable and announced as expanded or collapsed without any script.
  return (
    <details className="studio-history-fold">
      <summary className="studio-history-fold__summary">
        {t("StudioHistory_Diff_ShowValue", { count: props.value.lines })}
      </summary>
      {code}
    </details>
  );
}

/** The summary sentences and a Before | After table per changed layer document. */
export function DiffView(props: DiffViewProps) {
  const { t } = useTranslation();
  const targetLabel = useTargetLabel();
  const messageText = useMessageText();
  const level = props.headingLevel ?? 3;
  const Heading = `h${level}` as "h3";
  const changes = props.diff.reduce((sum, target) => sum + target.changes.length, 0);
  return (
    <div className="studio-history-diff">
      <Heading className="studio-history-diff__heading">{t("StudioHistory_Diff_Summary")}</Heading>
      {props.summary.length > 0 ? (
        <ul className="studio-history-diff__summary">
          {props.summary.map((sentence, index) => (
            // Sentences may repeat (the same rename in two layers): the position keeps them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: a list that is only ever replaced whole
            <li key={index}>{messageText(sentence)}</li>
          ))}
        </ul>
      ) : (
        <p className="studio-history-muted">{t("StudioHistory_Diff_NoSummary")}</p>
      )}
      <Heading className="studio-history-diff__heading">
        {t("StudioHistory_Diff_Changes", { count: changes })}
      </Heading>
      {props.diff.length === 0 ? (
        <p className="studio-history-muted">{t("StudioHistory_Diff_NoChanges")}</p>
      ) : null}
      {props.diff.map((target) => {
        const { label, kind } = targetLabel(target.target);
        return (
          <div key={target.target} className="studio-history-scroll">
            <table className="studio-history-table studio-history-diff__table">
              <caption className="studio-history-diff__caption">
                {t("StudioHistory_Diff_Caption", { target: label, count: target.changes.length })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("StudioHistory_Diff_Where")}</th>
                  <th scope="col">{t("StudioHistory_Diff_Before")}</th>
                  <th scope="col">{t("StudioHistory_Diff_After")}</th>
                </tr>
              </thead>
              <tbody>
                {target.changes.map((change) => {
                  const view = changeView(change);
                  const where =
                    view.pointer === ""
                      ? t("StudioHistory_Diff_WholeDocument")
                      : kind !== null && props.labelPointer
                        ? props.labelPointer(kind, view.pointer)
                        : view.pointer;
                  return (
                    <tr
                      key={`${change.op}${change.pointer}`}
                      className={`studio-history-diff__row--${view.mark}`}
                    >
                      <th scope="row" className="studio-history-diff__where">
                        <span className={`studio-history-mark studio-history-mark--${view.mark}`}>
                          <Icon name={MARK_ICONS[view.mark]} weight="solid" />
                          {t(MARK_KEYS[view.mark])}
                        </span>
                        <span className="studio-history-diff__pointer">{where}</span>
                        {where !== view.pointer && view.pointer !== "" ? (
                          <code className="studio-history-diff__raw">{view.pointer}</code>
                        ) : null}
                      </th>
                      <td>
                        <Value value={view.before} side="before" />
                      </td>
                      <td>
                        <Value value={view.after} side="after" />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        );
      })}
    </div>
  );
}
