/**
 * /menus (§2.2 Security; DESIGN.md §3 account layer): the account's custom menu from
 * `GET Account/Menu`. Per §6 section: a custom title, the links in the account's order with move
 * up / move down buttons (keyboard operable, the focus follows the moved link), and hide / show.
 * Saved with `PUT Account/Menu` (Menus rw); the manifest is then fetched again, so the navigation
 * panel shows the new menu at once. It only reorders and hides: who may open a link is unchanged.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AccountMenu } from "../../../../schemas/payloads/account-menu.ts";
import { MENU_SECTION_TITLE_MAX_LENGTH } from "../../../../schemas/payloads/account-menu.ts";
import { reloadManifest } from "../../../boot/manifest-store.ts";
import { Checkbox } from "../../../components/fields/checkbox.tsx";
import { TextField } from "../../../components/fields/text-field.tsx";
import { showSuccessTooltip } from "../../../components/tooltip/success-tooltip.tsx";
import { apiRequest } from "../../../http/api-client.ts";
import { LoadState, UnavailableNotice } from "../common/list-parts.tsx";
import { SaveActions } from "../common/save-actions.tsx";
import { reportError, reportSuccess } from "../common/report-error.ts";
import { useCanWrite } from "../common/use-access.ts";
import { runChange, useApi } from "../common/use-api.ts";
import {
  canHide,
  editorSections,
  isLayoutChanged,
  type LayoutSection,
  layoutUpdate,
  moveKey,
  setHidden,
  setTitle,
} from "./menu-layout-model.ts";

/** The custom menu editor. */
export function MenusPanel() {
  const loaded = useApi<AccountMenu>("Account/Menu");
  const [saved, setSaved] = useState<AccountMenu | null>(null);
  const menu = saved ?? loaded.data;
  return (
    <LoadState loading={loaded.loading} error={loaded.error} hasData={menu !== null} onRetry={loaded.reload}>
      {menu ? <MenuEditor key={menu.Version} menu={menu} onSaved={setSaved} /> : null}
    </LoadState>
  );
}

function MenuEditor({ menu, onSaved }: { menu: AccountMenu; onSaved: (menu: AccountMenu) => void }) {
  const { t } = useTranslation();
  const canWrite = useCanWrite("Menus");
  const [sections, setSections] = useState(() => editorSections(menu));
  const [busy, setBusy] = useState(false);
  const [focus, setFocus] = useState<string | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const changed = isLayoutChanged(sections, menu);

  // The moved link's button keeps the focus (React moves its row; the browser would drop the focus).
  useEffect(() => {
    if (focus) document.getElementById(focus)?.focus();
  }, [focus]);

  const save = async () => {
    setBusy(true);
    const answer = await runChange(() =>
      apiRequest<AccountMenu>("Account/Menu", { method: "PUT", body: layoutUpdate(sections) }),
    );
    setBusy(false);
    if (!answer) return;
    if (saveButton.current) showSuccessTooltip(saveButton.current, t("Menus_SavedShort"));
    reportSuccess("Menus_Saved");
    await reloadManifest().catch(reportError);
    onSaved(answer);
  };

  const move = (section: LayoutSection, key: string, delta: -1 | 1) => {
    const next = moveKey(sections, section.id, key, delta);
    const keys = next.find((s) => s.id === section.id)?.keys ?? [];
    const at = keys.findIndex((entry) => entry.key === key);
    // At an edge the pressed button turns disabled: the focus goes to the other one.
    const direction = (delta < 0 && at === 0) || (delta > 0 && at === keys.length - 1) ? -delta : delta;
    setSections(next);
    setFocus(`menu-move-${section.id}-${key}-${direction < 0 ? "up" : "down"}`);
  };

  return (
    <>
      {canWrite ? (
        <p className="work-muted">{t("Menus_EditorHelp")}</p>
      ) : (
        <UnavailableNotice text={t("Menus_ReadOnly")} />
      )}
      <div className="security-menu">
        {sections.map((section) => (
          <SectionEditor
            key={section.id}
            section={section}
            readOnly={!canWrite}
            onTitle={(title) => setSections((s) => setTitle(s, section.id, title))}
            onHidden={(key, hidden) => setSections((s) => setHidden(s, section.id, key, hidden))}
            onMove={(key, delta) => move(section, key, delta)}
          />
        ))}
      </div>
      {canWrite ? (
        <SaveActions
          saveLabel={t("Menus_Save")}
          discardLabel={t("Menus_Reset")}
          changed={changed}
          busy={busy}
          onSave={save}
          onDiscard={() => setSections(editorSections(menu))}
          saveButton={saveButton}
        />
      ) : null}
    </>
  );
}

function SectionEditor(props: {
  section: LayoutSection;
  readOnly: boolean;
  onTitle: (title: string) => void;
  onHidden: (key: string, hidden: boolean) => void;
  onMove: (key: string, delta: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { section } = props;
  const defaultTitle = t(section.titleKey);
  return (
    <section className="work-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="work-section-title">
        {section.title.trim() || defaultTitle}
      </h2>
      <TextField
        uid={`menu-title-${section.id}`}
        label={t("Menus_SectionTitle", { section: defaultTitle })}
        help={t("Menus_SectionTitleHelp")}
        value={section.title}
        placeholder={defaultTitle}
        maxLength={MENU_SECTION_TITLE_MAX_LENGTH}
        readOnly={props.readOnly}
        onChange={props.onTitle}
      />
      <ol className="security-menu__links">
        {section.keys.map((entry, index) => {
          const name = t(`Permission_${entry.key}`);
          return (
            <li key={entry.key} className={entry.hidden ? "security-menu__link--hidden" : undefined}>
              <Checkbox
                uid={`menu-shown-${section.id}-${entry.key}`}
                label={t("Menus_Shown", { name })}
                checked={!entry.hidden}
                disabled={props.readOnly || !canHide(entry.key)}
                help={canHide(entry.key) ? undefined : t("Menus_CannotHide")}
                onChange={(shown) => props.onHidden(entry.key, !shown)}
              />
              {props.readOnly ? null : (
                <span className="security-menu__moves">
                  <button
                    id={`menu-move-${section.id}-${entry.key}-up`}
                    type="button"
                    className="kit-button"
                    aria-label={t("Menus_MoveUp", { name })}
                    disabled={index === 0}
                    onClick={() => props.onMove(entry.key, -1)}
                  >
                    ↑
                  </button>
                  <button
                    id={`menu-move-${section.id}-${entry.key}-down`}
                    type="button"
                    className="kit-button"
                    aria-label={t("Menus_MoveDown", { name })}
                    disabled={index === section.keys.length - 1}
                    onClick={() => props.onMove(entry.key, 1)}
                  >
                    ↓
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
