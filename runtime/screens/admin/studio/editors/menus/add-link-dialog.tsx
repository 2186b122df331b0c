/**
 * Adding a link to an existing route (§2.5: a link must open a route): the route, picked from those
 * the menu may link (searchable), the section, and the link's text in the seven languages — English
 * required, a language left empty takes the English text. The new link and its texts are the
 * model's (addLink); the editor puts them in the draft.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../../../components/fields/text-field.tsx";
import { ModalDialog } from "../../../../../components/modal-dialog/modal-dialog.tsx";
import { Select } from "../../../../../components/select/select.tsx";
import { type Language, STUDIO_LANGUAGES, type TextsByLanguage } from "../../studio-model.ts";
import {
  type AddLinkResult,
  addLink,
  type LinkableRoute,
  linkableRoutes,
  locateItem,
  type MenusDocument,
  type SectionMenu,
  sectionsInDisplayOrder,
  textKeyOf,
} from "./menu-model.ts";

export interface AddLinkDialogProps {
  menu: SectionMenu;
  /** The section to add to first (the selected item's), if any. */
  sectionId: string | null;
  document: MenusDocument;
  live: MenusDocument;
  routes: unknown;
  texts: TextsByLanguage;
  liveTexts: TextsByLanguage;
  textOf: (key: string) => string;
  languageName: (language: Language) => string;
  onAdded: (result: Extract<AddLinkResult, { ok: true }>) => void;
  onClose: () => void;
}

/** The add-link dialog of one menu. */
export function AddLinkDialog(props: AddLinkDialogProps) {
  const { t } = useTranslation();
  const { menu, document } = props;
  const candidates = linkableRoutes(props.routes, document)?.[menu] ?? null;
  const sections = sectionsInDisplayOrder(document, menu);
  const [routeId, setRouteId] = useState<string | null>(null);
  const [sectionId, setSectionId] = useState<string | null>(props.sectionId ?? sections[0]?.id ?? null);
  const [texts, setTexts] = useState<Partial<Record<Language, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const route = candidates?.find((candidate) => candidate.routeId === routeId) ?? null;

  const routeTitle = (candidate: LinkableRoute) =>
    candidate.titleKey ? props.textOf(candidate.titleKey) : candidate.link;
  const linkedNames = (candidate: LinkableRoute) =>
    candidate.linkedBy
      .filter((id) => locateItem(document, id))
      .map((id) => props.textOf(textKeyOf(document, id)))
      .join(", ");

  const submit = () => {
    if (!route) {
      setError(t("StudioMenus_AddNeedsRoute"));
      return;
    }
    if (!sectionId) {
      setError(t("StudioMenus_AddNeedsSection"));
      return;
    }
    const result = addLink(
      document,
      { live: props.live, texts: props.texts, liveTexts: props.liveTexts },
      { sectionId, route, texts },
    );
    if (!result.ok) {
      setError(t(`StudioMenus_Refusal_${result.refusal}`));
      return;
    }
    props.onAdded(result);
  };

  const title = t("StudioMenus_AddLinkTitle", { menu: t(`StudioMenus_Menu_${menu}`) });
  return (
    <ModalDialog
      title={title}
      size="wide"
      onClose={props.onClose}
      onSubmit={submit}
      closeButton={false}
      error={error}
      description={t("StudioMenus_AddLinkHelp")}
      footer={
        <>
          <button type="button" className="kit-button" onClick={props.onClose}>
            {t("StudioMenus_Cancel")}
          </button>
          <button type="submit" className="kit-button kit-button--primary" disabled={candidates === null}>
            {t("StudioMenus_AddLinkSubmit")}
          </button>
        </>
      }
    >
      {candidates === null ? (
        <p className="studio-menus__warning" role="note">
          {t("StudioMenus_NoRoutes")}
        </p>
      ) : (
        <>
          <Select
            uid="studio-menus-add-route"
            label={t("StudioMenus_Route")}
            required
            searchable
            options={candidates.map((candidate) => {
              const linked = linkedNames(candidate);
              return {
                value: candidate.routeId,
                label: `${routeTitle(candidate)} (${candidate.link})`,
                ...(linked ? { description: t("StudioMenus_AlreadyLinked", { names: linked }) } : {}),
              };
            })}
            value={routeId}
            onChange={(value) => {
              if (typeof value !== "string") return;
              setRouteId(value);
              setError(null);
              const chosen = candidates.find((candidate) => candidate.routeId === value);
              // The route's title is the natural first text; what was typed is kept.
              if (chosen?.titleKey && !texts.en?.trim()) {
                setTexts((before) => ({ ...before, en: props.texts.en?.[chosen.titleKey as string] ?? "" }));
              }
            }}
          />
          <Select
            uid="studio-menus-add-section"
            label={t("StudioMenus_Section")}
            required
            options={sections.map((section) => ({
              value: section.id,
              label: props.textOf(section.titleKey),
            }))}
            value={sectionId}
            onChange={(value) => {
              if (typeof value === "string") setSectionId(value);
            }}
          />
          <fieldset className="studio-menus__texts">
            <legend>{t("StudioMenus_TextsLegend")}</legend>
            <div className="studio-menus__text-grid">
              {STUDIO_LANGUAGES.map((language) => (
                <TextField
                  key={language}
                  uid={`studio-menus-add-text-${language}`}
                  label={props.languageName(language)}
                  value={texts[language] ?? ""}
                  required={language === "en"}
                  placeholder={language === "en" ? undefined : texts.en}
                  help={language === "en" ? undefined : t("StudioMenus_DefaultsToEnglish")}
                  onChange={(value) => {
                    setTexts((before) => ({ ...before, [language]: value }));
                    setError(null);
                  }}
                />
              ))}
            </div>
          </fieldset>
        </>
      )}
    </ModalDialog>
  );
}
