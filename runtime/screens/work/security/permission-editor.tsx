/**
 * The permission editor (§3): a table with a row per permission key and a radio group per row —
 * none, read or read-write. Each radio is named by its row and column headers; arrow keys move
 * within a row (native radio group). The resulting permission string is shown below.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  EDITOR_LEVELS,
  type EditorLevel,
  formatPermissions,
  type PermissionModel,
  type PermissionRow,
} from "./permission-model.ts";
import "./security.css";

/** The text key of a level's column. */
export const levelKey = (level: EditorLevel) => `Roles_Level_${level}`;

export interface PermissionEditorProps {
  /** Distinguishes the radio groups of several editors on one page. */
  uid: string;
  model: PermissionModel;
  onChange: (key: string, level: EditorLevel) => void;
  readOnly?: boolean;
}

/** The permission editor of one role. */
export function PermissionEditor({ uid, model, onChange, readOnly = false }: PermissionEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const groups: Array<{ titleKey: string; rows: PermissionRow[] }> = [
    { titleKey: "Roles_MenuPermissions", rows: model.rows.filter((row) => row.menu) },
    { titleKey: "Roles_OtherPermissions", rows: model.rows.filter((row) => !row.menu) },
  ];
  return (
    <div className="permission-editor">
      {groups.map((group, index) =>
        group.rows.length === 0 ? null : (
          <div className="work-table-wrap" key={group.titleKey}>
            <table className="work-table permission-editor__table">
              <caption>{t(group.titleKey)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("Roles_Permission")}</th>
                  {EDITOR_LEVELS.map((level) => (
                    <th
                      scope="col"
                      key={level}
                      id={`${id}-${index}-${level}`}
                      className="permission-editor__level"
                    >
                      {t(levelKey(level))}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {group.rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row" id={`${id}-${row.key}`}>
                      {t(row.titleKey)}
                    </th>
                    {EDITOR_LEVELS.map((level) => (
                      <td key={level} className="permission-editor__level">
                        <input
                          type="radio"
                          className="permission-editor__radio"
                          name={`${uid}-${row.key}`}
                          value={level}
                          checked={row.level === level}
                          disabled={readOnly}
                          aria-labelledby={`${id}-${row.key} ${id}-${index}-${level}`}
                          onChange={() => onChange(row.key, level)}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ),
      )}
      <p className="permission-editor__string">
        <span id={`${id}-string`}>{t("Roles_PermissionString")}</span>{" "}
        <output aria-labelledby={`${id}-string`} className="permission-editor__output">
          {formatPermissions(model) || t("Roles_NoPermissions")}
        </output>
      </p>
      {model.issues.length > 0 ? (
        <p className="work-error-text" role="note">
          {t("Roles_UnreadEntries", { entries: model.issues.map((issue) => issue.entry).join("; ") })}
        </p>
      ) : null}
    </div>
  );
}
