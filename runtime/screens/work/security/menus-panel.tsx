/**
 * /menus (§2.2 Security; DESIGN.md §3 account layer): the account's custom menu from
 * `GET Account/Menu`. Per §6 section: a custom title, the links in the account's order with move
 * up / move down buttons (keyboard operable, the focus follows the moved link), hide / show, and a
 * custom name per link. Links are named as the navigation panel names them (its text keys). Names
 * are edited for all languages or, with the language picker, for one language of its own (the rule
 * is in schemas/payloads/account-menu.ts); every field is labelled with its link or section and
 * language. Saved with `PUT Account/Menu` (Menus rw); the manifest is then fetched again, so the
 * navigation panel shows the new menu at once (and the upstream tells the account's other open
 * browsers). It only reorders, hides and renames: who may open a link is unchanged.
 */
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type AccountMenu,
  MENU_LINK_NAME_MAX_LENGTH,
  MENU_SECTION_TITLE_MAX_LENGTH,
} from "../../../../schemas/payloads/account-menu.ts";
import { Checkbox } from "../../../components/fields/checkbox.tsx";
import { TextField } from "../../../components/fields/text-field.tsx";
import { Select } from "../../../components/select/select.tsx";
import { showSuccessTooltip } from "../../../components/tooltip/success-tooltip.tsx";
import { apiRequest } from "../../../http/api-client.ts";
import { reportError, reportSuccess } from "../../../http/report-error.ts";
import { runChange, useApi } from "../../../http/use-api.ts";
import { loadTexts } from "../../../i18n/i18n.ts";
import { useManifest } from "../../../state/manifest-context.tsx";
import { reloadManifest } from "../../../state/manifest-store.ts";
import { LoadState, UnavailableNotice } from "../common/list-parts.tsx";
import { SaveActions } from "../common/save-actions.tsx";
import { useCanWrite } from "../common/use-access.ts";
import {
  canHide,
  editorSections,
  fallbackName,
  isLayoutChanged,
  type LayoutSection,
  layoutUpdate,
  moveKey,
  NAME_SCOPES,
  type NameProblem,
  type NameScope,
  nameIn,
  nameProblemOf,
  nameProblems,
  setHidden,
  setLinkName,
  setTitle,
} from "./menu-layout-model.ts";
import { linkTextKeys } from "./menu-link-texts.ts";

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

/** The DOM id of a name field (its uid): per section or link, per scope. */
const nameFieldId = (section: string, link: string | null, scope: NameScope) =>
  link === null ? `menu-title-${section}-${scope}` : `menu-name-${link}-${scope}`;

/** How the editor names things: default texts in the scope's language, language names, lists. */
interface Naming {
  scope: NameScope;
  /** The scope as the field labels say it: null for all languages, else the language's own name. */
  languageName: string | null;
  /** A text key's text in the UI language (the labels). */
  shown: (key: string) => string;
  /** A text key's text in the scope's language (what a language without a name of its own shows). */
  inScope: (key: string) => string;
  linkTextKey: (link: string) => string;
  list: (names: string[]) => string;
}

/** The texts of `scope`'s language once loaded (null for all languages and while loading). */
function useScopeTexts(scope: NameScope): Readonly<Record<string, string>> | null {
  const [texts, setTexts] = useState<{ scope: NameScope; texts: Readonly<Record<string, string>> } | null>(
    null,
  );
  useEffect(() => {
    if (scope === "all") return;
    let live = true;
    loadTexts(scope).then(
      (loaded) => live && setTexts({ scope, texts: loaded }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [scope]);
  return texts?.scope === scope ? texts.texts : null;
}

function MenuEditor({ menu, onSaved }: { menu: AccountMenu; onSaved: (menu: AccountMenu) => void }) {
  const { t, i18n } = useTranslation();
  const manifest = useManifest();
  const canWrite = useCanWrite("Menus");
  const [sections, setSections] = useState(() => editorSections(menu));
  const [scope, setScope] = useState<NameScope>("all");
  const [busy, setBusy] = useState(false);
  const [focus, setFocus] = useState<string | null>(null);
  // Shown on every field that breaks the rule once a save was refused for it.
  const [refused, setRefused] = useState<readonly NameProblem[]>([]);
  const saveButton = useRef<HTMLButtonElement>(null);
  const changed = isLayoutChanged(sections, menu);
  const scopeTexts = useScopeTexts(scope);
  const textKeys = useMemo(() => linkTextKeys(manifest.menus?.main), [manifest.menus]);
  const languages = manifest.shell.languages.available;

  const naming: Naming = {
    scope,
    languageName: scope === "all" ? null : (languages.find((l) => l.code === scope)?.nativeName ?? scope),
    shown: (key) => t(key),
    inScope: (key) => scopeTexts?.[key] ?? t(key),
    linkTextKey: (link) => textKeys.get(link) ?? link,
    list: (names) => new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(names),
  };

  // The moved link's button keeps the focus (React moves its row; the browser would drop the focus).
  useEffect(() => {
    if (focus) document.getElementById(focus)?.focus();
  }, [focus]);

  const save = async () => {
    const problems = nameProblems(sections);
    const first = problems[0];
    if (first) {
      // §5: nothing is sent; the first field at fault is shown (in its language) and focused.
      setRefused(problems);
      setScope(first.scope);
      setFocus(nameFieldId(first.section, first.link, first.scope));
      return;
    }
    setRefused([]);
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
      <Select
        uid="menu-name-language"
        label={t("Menus_NameLanguage")}
        help={t("Menus_NameLanguageHelp")}
        options={NAME_SCOPES.map((value) => ({
          value,
          label:
            value === "all"
              ? t("Menus_AllLanguages")
              : (languages.find((l) => l.code === value)?.nativeName ?? value),
        }))}
        value={scope}
        onChange={(value) => {
          if (typeof value === "string" && (NAME_SCOPES as readonly string[]).includes(value)) {
            setScope(value as NameScope);
          }
        }}
      />
      <div className="security-menu">
        {sections.map((section) => (
          <SectionEditor
            key={section.id}
            section={section}
            naming={naming}
            readOnly={!canWrite}
            refused={refused}
            onTitle={(value) => setSections((s) => setTitle(s, section.id, scope, value))}
            onLinkName={(link, value) => setSections((s) => setLinkName(s, section.id, link, scope, value))}
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
          onDiscard={() => {
            setRefused([]);
            setSections(editorSections(menu));
          }}
          saveButton={saveButton}
        />
      ) : null}
    </>
  );
}

interface NameFieldProps {
  uid: string;
  label: string;
  value: string;
  placeholder: string;
  maxLength: number;
  readOnly: boolean;
  /** The message of a refused save for this field, if any. */
  refused: NameProblem | undefined;
  help?: string;
  onChange: (value: string) => void;
}

/** One name: checked against the text rule on blur (§5), shown with a refused save's message. */
function NameField(props: NameFieldProps) {
  const { t } = useTranslation();
  const { maxLength } = props;
  const validators = useMemo(
    () => [
      (value: string) => {
        const problem = nameProblemOf(value, maxLength);
        return problem ? t(problem, { max: maxLength }) : null;
      },
    ],
    [maxLength, t],
  );
  const refused = props.refused ? t(props.refused.message, { max: props.refused.maxLength }) : undefined;
  return (
    <TextField
      uid={props.uid}
      label={props.label}
      help={props.help}
      value={props.value}
      placeholder={props.placeholder}
      maxLength={maxLength}
      readOnly={props.readOnly}
      validators={validators}
      error={refused}
      onChange={props.onChange}
    />
  );
}

function SectionEditor(props: {
  section: LayoutSection;
  naming: Naming;
  readOnly: boolean;
  refused: readonly NameProblem[];
  onTitle: (value: string) => void;
  onLinkName: (link: string, value: string) => void;
  onHidden: (key: string, hidden: boolean) => void;
  onMove: (key: string, delta: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { section, naming } = props;
  const { scope, languageName } = naming;
  const defaultTitle = naming.shown(section.titleKey);
  const refusedFor = (link: string | null) =>
    props.refused.find((p) => p.section === section.id && p.link === link && p.scope === scope);
  return (
    <section className="work-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="work-section-title">
        {section.title.all.trim() || defaultTitle}
      </h2>
      <NameField
        uid={nameFieldId(section.id, null, scope)}
        label={
          languageName === null
            ? t("Menus_SectionTitle", { section: defaultTitle })
            : t("Menus_SectionTitleIn", { section: defaultTitle, language: languageName })
        }
        help={languageName === null ? t("Menus_SectionTitleHelp") : undefined}
        value={nameIn(section.title, scope)}
        placeholder={fallbackName(section.title, scope, naming.inScope(section.titleKey))}
        maxLength={MENU_SECTION_TITLE_MAX_LENGTH}
        readOnly={props.readOnly}
        refused={refusedFor(null)}
        onChange={props.onTitle}
      />
      <ol className="security-menu__links">
        {section.keys.map((entry, index) => {
          const name = naming.list(entry.links.map((link) => naming.shown(naming.linkTextKey(link))));
          return (
            <li key={entry.key} className={entry.hidden ? "security-menu__link--hidden" : undefined}>
              <div className="security-menu__row">
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
              </div>
              {entry.links.map((link) => {
                const textKey = naming.linkTextKey(link);
                const linkName = naming.shown(textKey);
                const edited = section.names[link] ?? { all: "", byLanguage: {} };
                return (
                  <NameField
                    key={link}
                    uid={nameFieldId(section.id, link, scope)}
                    label={
                      languageName === null
                        ? t("Menus_LinkName", { name: linkName })
                        : t("Menus_LinkNameIn", { name: linkName, language: languageName })
                    }
                    value={nameIn(edited, scope)}
                    placeholder={fallbackName(edited, scope, naming.inScope(textKey))}
                    maxLength={MENU_LINK_NAME_MAX_LENGTH}
                    readOnly={props.readOnly}
                    refused={refusedFor(link)}
                    onChange={(value) => props.onLinkName(link, value)}
                  />
                );
              })}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
