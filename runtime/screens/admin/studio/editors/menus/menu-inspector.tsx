/**
 * The selected item of the menus editor: its text in the seven languages side by side (English
 * first, each field labelled with its language's own name), where its text key is used besides,
 * hide / show, its section or column, move buttons, and delete for a link this draft added. The
 * changes are the editor's (menus-editor.tsx), the rules the model's.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Checkbox } from "../../../../../components/fields/checkbox.tsx";
import { TextField } from "../../../../../components/fields/text-field.tsx";
import { Select } from "../../../../../components/select/select.tsx";
import { type Language, STUDIO_LANGUAGES, type TextsByLanguage } from "../../studio-model.ts";
import {
  hideItem,
  isAddedItem,
  locateItem,
  type MenusDocument,
  moveItem,
  moveSectionAcross,
  renameItem,
  SCHEMA_COLUMNS,
  sectionsInDisplayOrder,
  type TextKeyUse,
  textKeyOf,
} from "./menu-model.ts";

/** The inspector's actions; each is carried out, announced and followed by focus in the editor. */
export interface InspectorActions {
  rename: (id: string, language: Language, text: string) => void;
  hide: (id: string) => void;
  show: (id: string) => void;
  move: (id: string, direction: "up" | "down") => void;
  moveAcross: (id: string, direction: "left" | "right") => void;
  toSection: (id: string, sectionId: string) => void;
  toColumn: (id: string, column: number) => void;
  remove: (id: string) => void;
  detach: (id: string) => void;
}

export interface InspectorProps {
  id: string;
  document: MenusDocument;
  /** The served document (null when it cannot be read: nothing is hidden then). */
  live: MenusDocument | null;
  routes: unknown;
  texts: TextsByLanguage;
  liveTexts: TextsByLanguage;
  readOnly: boolean;
  textOf: (key: string) => string;
  languageName: (language: Language) => string;
  actions: InspectorActions;
}

/** The inspector of one item; keyed by the item, so what was typed belongs to it alone. */
export function MenuInspector(props: InspectorProps) {
  const { t } = useTranslation();
  const { id, document, live, readOnly, actions } = props;
  // A text emptied in a field: kept here, never written (the texts' rule: no empty text).
  const [emptied, setEmptied] = useState<Partial<Record<Language, string>>>({});
  const inDraft = locateItem(document, id);
  const served = live ? locateItem(live, id) : null;
  const location = inDraft ?? served;
  if (!location) return <p className="studio-menus__muted">{t("StudioMenus_SelectHint")}</p>;
  const hidden = inDraft === null;
  const source = hidden && live ? live : document;
  const key = textKeyOf(source, id);
  const name = props.textOf(key);
  const added = live !== null && !hidden && isAddedItem(live, id);
  const menuTitle = t(`StudioMenus_Menu_${location.menu}`);

  let kind: string;
  if (location.type === "entry") kind = t("StudioMenus_KindEntry", { menu: menuTitle });
  else {
    const section = source[location.menu].sections[location.sectionIndex];
    if (location.type === "section") {
      kind = t("StudioMenus_KindSection", { column: section?.column ?? 1, menu: menuTitle });
    } else {
      const link = section?.links[location.index];
      kind = t("StudioMenus_KindLink", {
        link: link?.link ?? "",
        section: props.textOf(section?.titleKey ?? ""),
      });
    }
  }

  const rename = renameItem(source, id, {}, props.routes);
  const shared = rename.ok ? rename.sharedWith : [];
  const hideRefusal = hidden ? null : hideRefusalOf(document, id);
  const upRefusal = hidden ? "hidden" : refusalOf(moveItem(document, id, "up"));
  const downRefusal = hidden ? "hidden" : refusalOf(moveItem(document, id, "down"));

  return (
    <div className="studio-menus__inspector-body">
      <h2 className="studio-menus__inspector-title">{name}</h2>
      <p className="studio-menus__muted">{kind}</p>
      {hidden ? (
        <p className="studio-menus__note" role="note">
          {t("StudioMenus_HiddenNote")}
        </p>
      ) : null}

      <fieldset className="studio-menus__texts">
        <legend>{t("StudioMenus_TextsLegend")}</legend>
        <p className="studio-menus__muted">{t("StudioMenus_TextKey", { key })}</p>
        <div className="studio-menus__text-grid">
          {STUDIO_LANGUAGES.map((language) => {
            const current = props.texts[language]?.[key];
            const published = props.liveTexts[language]?.[key];
            const help =
              published === undefined
                ? t("StudioMenus_TextNew")
                : current !== published
                  ? t("StudioMenus_TextPublished", { text: published })
                  : undefined;
            return (
              <TextField
                key={language}
                uid={`studio-menus-text-${language}`}
                label={props.languageName(language)}
                value={emptied[language] ?? current ?? ""}
                required
                disabled={readOnly}
                help={help}
                onChange={(value) => {
                  if (value.trim() === "") {
                    setEmptied((before) => ({ ...before, [language]: value }));
                    return;
                  }
                  setEmptied(({ [language]: _, ...rest }) => rest);
                  actions.rename(id, language, value);
                }}
              />
            );
          })}
        </div>
        {shared.length > 0 ? (
          <div className="studio-menus__note" role="note">
            <p>{t("StudioMenus_SharedKey", { count: shared.length })}</p>
            <ul>
              {shared.map((use) => (
                <li key={`${use.kind}${use.pointer}`}>{describeUse(use, source, props.textOf, t)}</li>
              ))}
            </ul>
            {hidden ? null : (
              <button
                type="button"
                className="kit-button"
                disabled={readOnly}
                data-inspector-action="detach"
                onClick={() => actions.detach(id)}
              >
                {t("StudioMenus_Detach")}
              </button>
            )}
          </div>
        ) : null}
      </fieldset>

      {added ? (
        <p className="studio-menus__muted">{t("StudioMenus_AddedNote")}</p>
      ) : (
        <Checkbox
          uid="studio-menus-hidden"
          label={t("StudioMenus_Hidden")}
          checked={hidden}
          disabled={readOnly || (hideRefusal !== null && !hidden)}
          help={hideRefusal ? t(`StudioMenus_Refusal_${hideRefusal}`) : t("StudioMenus_HiddenHelp")}
          onChange={(checked) => (checked ? actions.hide(id) : actions.show(id))}
        />
      )}

      {!hidden && location.type === "link" ? (
        <Select
          uid="studio-menus-section"
          label={t("StudioMenus_Section")}
          disabled={readOnly}
          options={sectionsInDisplayOrder(document, location.menu).map((section) => ({
            value: section.id,
            label: props.textOf(section.titleKey),
          }))}
          value={document[location.menu].sections[location.sectionIndex]?.id ?? null}
          onChange={(value) => {
            if (typeof value === "string") actions.toSection(id, value);
          }}
        />
      ) : null}
      {!hidden && location.type === "section" ? (
        <Select
          uid="studio-menus-column"
          label={t("StudioMenus_Column")}
          disabled={readOnly}
          options={SCHEMA_COLUMNS[location.menu].map((column) => ({
            value: column,
            label: t("StudioMenus_ColumnOption", { column }),
          }))}
          value={document[location.menu].sections[location.sectionIndex]?.column ?? null}
          onChange={(value) => {
            if (typeof value === "number") actions.toColumn(id, value);
          }}
        />
      ) : null}

      {hidden ? null : (
        <div className="studio-menus__actions">
          <MoveButton
            action="up"
            label={t("StudioMenus_MoveUp")}
            refusal={upRefusal}
            readOnly={readOnly}
            onClick={() => actions.move(id, "up")}
          />
          <MoveButton
            action="down"
            label={t("StudioMenus_MoveDown")}
            refusal={downRefusal}
            readOnly={readOnly}
            onClick={() => actions.move(id, "down")}
          />
          {location.type === "section" ? (
            <>
              <MoveButton
                action="left"
                label={t("StudioMenus_MoveLeft")}
                refusal={refusalOf(moveSectionAcross(document, id, "left"))}
                readOnly={readOnly}
                onClick={() => actions.moveAcross(id, "left")}
              />
              <MoveButton
                action="right"
                label={t("StudioMenus_MoveRight")}
                refusal={refusalOf(moveSectionAcross(document, id, "right"))}
                readOnly={readOnly}
                onClick={() => actions.moveAcross(id, "right")}
              />
            </>
          ) : null}
          {added ? (
            <button
              type="button"
              className="kit-button studio-menus__danger"
              disabled={readOnly}
              data-inspector-action="delete"
              onClick={() => actions.remove(id)}
            >
              {t("StudioMenus_DeleteLink")}
            </button>
          ) : null}
        </div>
      )}
    </div>
  );
}

function refusalOf(result: { ok: boolean; refusal?: string }): string | null {
  return result.ok ? null : (result.refusal ?? null);
}

function hideRefusalOf(document: MenusDocument, id: string): string | null {
  return refusalOf(hideItem(document, id));
}

/** A move button: disabled at an edge (or read-only), and then saying why in its description. */
function MoveButton(props: {
  action: "up" | "down" | "left" | "right";
  label: string;
  refusal: string | null;
  readOnly: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="kit-button"
      data-inspector-action={props.action}
      disabled={props.readOnly || props.refusal !== null}
      title={
        props.refusal && props.refusal !== "hidden" ? t(`StudioMenus_Refusal_${props.refusal}`) : undefined
      }
      onClick={props.onClick}
    >
      {props.label}
    </button>
  );
}

/** A place sharing the text key, in words: the menu item and its menu, a route's title, a menu's button. */
function describeUse(
  use: TextKeyUse,
  document: MenusDocument,
  textOf: (key: string) => string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (use.kind === "routes") return t("StudioMenus_UsedByRoute", { path: use.routePath ?? use.pointer });
  const menu = use.pointer.split("/")[1] ?? "";
  const menuTitle = t(`StudioMenus_Menu_${menu}`);
  if (use.itemId === undefined || !locateItem(document, use.itemId)) {
    return t("StudioMenus_UsedByMenuButton", { menu: menuTitle });
  }
  return t("StudioMenus_UsedByItem", { name: textOf(textKeyOf(document, use.itemId)), menu: menuTitle });
}
