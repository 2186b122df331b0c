/**
 * The embedding allow-list editor (DESIGN.md §4 CSP): the origins allowed to frame the app, each with a
 * remove button, and a field to add one — checked with the upstream's rules before it joins the
 * list (https://host[:port], https://*.domain, http only for localhost; at most 20). The list is
 * saved with the rest of the account settings.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { EMBEDDING_ORIGINS_MAX } from "../../../schemas/payloads/account-settings.ts";
import { TextField } from "../../components/fields/text-field.tsx";
import type { FieldHandle } from "../../components/fields/use-field-error.ts";
import { addOrigin, removeOrigin } from "./account-settings-model.ts";

export interface EmbeddingOriginsEditorProps {
  origins: readonly string[];
  readOnly: boolean;
  onChange: (origins: string[]) => void;
}

/** The allow-list and its add field. */
export function EmbeddingOriginsEditor({ origins, readOnly, onChange }: EmbeddingOriginsEditorProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const field = useRef<FieldHandle>(null);

  const add = () => {
    const result = addOrigin(origins, typed);
    if (result.error !== null) {
      setError(result.error);
      field.current?.focus();
      return;
    }
    setError(null);
    setTyped("");
    onChange(result.list);
  };

  return (
    <div className="account-origins">
      <p className="work-muted">{t("AccountSettings_EmbeddingHelp", { max: EMBEDDING_ORIGINS_MAX })}</p>
      <h3 id={listId} className="work-section-title">
        {t("AccountSettings_EmbeddingOrigins")}
      </h3>
      {origins.length === 0 ? (
        <p className="work-muted">{t("AccountSettings_EmbeddingNone")}</p>
      ) : (
        <ul className="account-origins__list" aria-labelledby={listId}>
          {origins.map((origin) => (
            <li key={origin} className="account-origins__item">
              <code>{origin}</code>
              {readOnly ? null : (
                <button
                  type="button"
                  className="kit-button"
                  aria-label={t("AccountSettings_OriginRemove", { origin })}
                  onClick={() => onChange(removeOrigin(origins, origin))}
                >
                  {t("Action_Remove")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {readOnly ? null : (
        <form
          className="account-origins__add"
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <TextField
            ref={field}
            uid="account-embedding-origin"
            label={t("AccountSettings_OriginNew")}
            value={typed}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://intranet.example.com"
            maxLength={253}
            error={error ?? undefined}
            onChange={(value) => {
              setTyped(value);
              setError(null);
            }}
          />
          <button type="submit" className="kit-button">
            {t("AccountSettings_OriginAdd")}
          </button>
        </form>
      )}
    </div>
  );
}
