/**
 * The studio's notification templates editor (§4.3): a searchable list of the codes, the selected
 * code's variants as a form — its texts in the preview language, its icon, status and values — and a
 * live preview that renders the runtime's own notification entry (NotificationItem, formatted by
 * formatNotification) for every sample record of the code, in the chosen language and theme, from the
 * draft as it is typed. Under each entry, the HTML of the fields that carry markup as the sanitiser
 * leaves it. §6: without Write every editing control is disabled; looking (search, list, preview
 * language and theme) stays possible.
 */
import {
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { placeholderNames, placeholdersOf } from "../../../../../../core/texts/placeholders.ts";
import {
  type NotificationRecordScalarField,
  type NotificationVariant,
  notificationRecordScalarFields,
} from "../../../../../../schemas/notifications.ts";
import { Checkbox } from "../../../../../components/fields/checkbox.tsx";
import { TextField } from "../../../../../components/fields/text-field.tsx";
import { Icon } from "../../../../../components/icon-picker/icon.tsx";
import { Select } from "../../../../../components/select/select.tsx";
import type { SelectOption } from "../../../../../components/select/select-options.ts";
import { isLanguage } from "../../../../../i18n/i18n.ts";
import { sanitizeNotificationHtml } from "../../../../../notifications/notification-html.ts";
import { NotificationItem } from "../../../../../notifications/notification-item.tsx";
import {
  NOTIFICATION_ROW_HEIGHT_PX,
  notificationDateFormatter,
} from "../../../../../notifications/notifications-panel.tsx";
import { NOTIFICATION_DROPDOWN_WIDTH_PX } from "../../../../../state/constants.ts";
import { type KindEditorProps, type Language, STUDIO_LANGUAGES } from "../../studio-model.ts";
import { createPreviewI18n, previewTranslate } from "./preview-i18n.ts";
import { PREVIEW_THEMES, type PreviewTheme, pageThemeRules, themeDeclarations } from "./preview-theme.ts";
import {
  checkPlaceholders,
  codeListEntries,
  conditionWordings,
  focusTarget,
  keyUsage,
  type NotificationsDocument,
  selectionOfPointer,
  selectionPointer,
  type TemplateSelection,
  type VariantText,
  variantTexts,
  withParam,
  withUnknownCode,
  withVariant,
} from "./template-form-model.ts";
import { linkWording, type PreviewEntry, previewEntries, sanitisedHtml } from "./template-preview.ts";
import "../../../../../notifications/notifications.css";
import "./templates-editor.css";

export type { NotificationsDocument };

type TFunction = (key: string, options?: Record<string, unknown>) => string;
type Status = NotificationVariant["status"];
type Texts = Readonly<Record<string, string>>;

const STATUSES: readonly Status[] = ["success", "failure", "warning", "info"];
const ICON_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Other users of a shared text named in its help before the rest is only counted. */
const SHARED_PLACES_SHOWN = 3;
/** What the focus jump may land on inside a pointer's wrapper. */
const FOCUSABLE =
  "input:not([disabled]), textarea:not([disabled]), [role=combobox]:not([aria-disabled=true])";

/** A DOM id part from a pointer (ids keep letters, digits, - and _). */
function idPart(pointer: string): string {
  return pointer.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+/, "");
}

function sameSelection(a: TemplateSelection, b: TemplateSelection): boolean {
  return a.kind === b.kind && (a.kind === "unknownCode" || (b.kind === "template" && a.index === b.index));
}

function initialSelection(document: NotificationsDocument, pointer: string | null): TemplateSelection {
  return (
    selectionOfPointer(document, pointer) ??
    (document.templates.length > 0 ? { kind: "template", index: 0 } : { kind: "unknownCode" })
  );
}

/** The page's theme when it is one the preview offers: the preview starts as the operator sees the app. */
function pageTheme(): PreviewTheme {
  const current =
    typeof document === "undefined" ? null : document.documentElement.getAttribute("data-theme");
  return (PREVIEW_THEMES as readonly string[]).includes(current ?? "") ? (current as PreviewTheme) : "light";
}

/** The theme's tokens as the preview container's own custom properties. */
function themeStyle(theme: PreviewTheme): CSSProperties {
  if (typeof document === "undefined") return {};
  const style: Record<string, string> = {};
  for (const [name, value] of Object.entries(
    themeDeclarations(pageThemeRules(document.styleSheets), theme),
  )) {
    if (name === "color-scheme") style.colorScheme = value;
    else style[name] = value;
  }
  return style as CSSProperties;
}

/** Keeps links and buttons of the rendered entries from navigating or opening dialogs. */
function blockActivation(event: MouseEvent<HTMLElement>): void {
  if ((event.target as Element).closest("a, button")) {
    event.preventDefault();
    event.stopPropagation();
  }
}

/** Props of the list of codes. */
interface CodeListProps {
  document: NotificationsDocument;
  texts: Texts;
  english: Texts;
  selection: TemplateSelection;
  onSelect: (selection: TemplateSelection) => void;
  t: TFunction;
}

function CodeList({ document, texts, english, selection, onSelect, t }: CodeListProps) {
  const [query, setQuery] = useState("");
  const listId = useId();
  const currentButton = useRef<HTMLButtonElement>(null);
  // A selection made elsewhere (a validation problem's jump) brings its code into view in the list.
  const currentKey = selectionPointer(selection);
  useEffect(() => {
    const button = currentButton.current;
    if (button?.dataset.selection === currentKey) button.scrollIntoView?.({ block: "nearest" });
  }, [currentKey]);
  const unknownLabel = t("StudioTemplates_UnknownCode");
  const entries = codeListEntries(document, texts, english, query, unknownLabel);
  return (
    <div className="studio-templates__codes">
      <TextField
        uid="StudioTemplates-search"
        type="search"
        label={t("StudioTemplates_Search")}
        value={query}
        onChange={setQuery}
        help={t("StudioTemplates_SearchHelp")}
      />
      <p className="kit-visually-hidden" role="status">
        {t("StudioTemplates_CodesShown", { count: entries.length })}
      </p>
      <h3 id={listId} className="studio-templates__heading">
        {t("StudioTemplates_Codes")}
      </h3>
      {entries.length === 0 ? (
        <p className="studio-templates__empty">{t("StudioTemplates_NoMatch", { query })}</p>
      ) : (
        <ul className="studio-templates__code-list" aria-labelledby={listId}>
          {entries.map((entry) => {
            const current = sameSelection(entry.selection, selection);
            return (
              <li key={selectionPointer(entry.selection)}>
                <button
                  type="button"
                  className="studio-templates__code kit-focusable"
                  ref={current ? currentButton : undefined}
                  data-selection={selectionPointer(entry.selection)}
                  aria-current={current ? "true" : undefined}
                  onClick={() => onSelect(entry.selection)}
                >
                  <span className="studio-templates__code-name">{entry.code ?? unknownLabel}</span>{" "}
                  <span className="studio-templates__code-title">
                    {entry.title ?? t("StudioTemplates_RawHtmlTitle")}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** What the form of one entry (a variant, or the unknown-code entry) needs. */
interface EntryFormProps {
  /** Pointer of the entry in the document. */
  base: string;
  /** Stable id prefix of its controls (§8 uid). */
  uid: string;
  entry: Pick<NotificationVariant, "source" | "descriptionKey" | "params" | "link" | "icon" | "status"> &
    Partial<Pick<NotificationVariant, "descriptionRawHtmlField">>;
  language: Language;
  texts: Texts;
  english: Texts;
  usage: Map<string, string[]>;
  /** Where this entry is listed in `usage`, so it is not named as another user of its own keys. */
  here: string;
  readOnly: boolean;
  onTexts: (changes: Record<string, string>) => void;
  onIcon: (icon: string) => void;
  onStatus: (status: Status) => void;
  /** Variants only: a value's record field or escaping changed. */
  onParam?: (name: string, change: Parameters<typeof withParam>[2]) => void;
  t: TFunction;
}

function textLabel(text: VariantText, t: TFunction): string {
  switch (text.role) {
    case "description":
      return t("StudioTemplates_Text_description");
    case "sourceName":
      return t("StudioTemplates_Text_sourceName");
    case "sourceFallback":
      return t("StudioTemplates_Text_sourceFallback", { field: text.field });
    case "paramFallback":
      return t("StudioTemplates_Text_paramFallback", { param: `{{${text.param}}}`, field: text.field });
    case "linkText":
      return t("StudioTemplates_Text_linkText");
  }
}

function TextHelp({ text, props }: { text: VariantText; props: EntryFormProps }) {
  const { t, texts, english, usage, here, language, entry } = props;
  const others = (usage.get(text.key) ?? []).filter((place) => place !== here);
  const value = Object.hasOwn(texts, text.key) ? texts[text.key] : undefined;
  const check =
    text.role === "description" ? checkPlaceholders(value ?? english[text.key] ?? "", entry.params) : null;
  const filled = Object.keys(entry.params ?? {}).map((name) => `{{${name}}}`);
  // The publication refuses a translation whose placeholders differ from English's (core/texts/placeholders.ts).
  const englishText = english[text.key] ?? "";
  const mismatch =
    language !== "en" && value !== undefined && placeholdersOf(value) !== placeholdersOf(englishText);
  return (
    <>
      <span className="studio-templates__help-line">{t("StudioTemplates_TextKey", { key: text.key })}</span>
      {text.role === "description" && filled.length > 0 ? (
        <span className="studio-templates__help-line">
          {t("StudioTemplates_Placeholders", { list: filled.join(", ") })}
        </span>
      ) : null}
      {check && check.unknown.length > 0 ? (
        <span className="studio-templates__help-line studio-templates__warning">
          {t("StudioTemplates_UnknownPlaceholders", {
            list: check.unknown.map((name) => `{{${name}}}`).join(", "),
          })}
        </span>
      ) : null}
      {check && check.unused.length > 0 ? (
        <span className="studio-templates__help-line">
          {t("StudioTemplates_UnusedPlaceholders", {
            list: check.unused.map((name) => `{{${name}}}`).join(", "),
          })}
        </span>
      ) : null}
      {mismatch ? (
        <span className="studio-templates__help-line studio-templates__warning">
          {t("StudioTemplates_PlaceholdersDiffer", {
            english:
              placeholderNames(englishText)
                .map((name) => `{{${name}}}`)
                .join(", ") || "—",
          })}
        </span>
      ) : null}
      {others.length > 0 ? (
        <span className="studio-templates__help-line">
          {others.length <= SHARED_PLACES_SHOWN
            ? t("StudioTemplates_SharedKey", { places: others.join(", ") })
            : t("StudioTemplates_SharedKeyMany", {
                count: others.length,
                places: others.slice(0, SHARED_PLACES_SHOWN).join(", "),
              })}
        </span>
      ) : null}
      {value === undefined && language !== "en" ? (
        <span className="studio-templates__help-line studio-templates__warning">
          {t("StudioTemplates_NotTranslated")}
        </span>
      ) : null}
    </>
  );
}

function ParamFields({ name, props }: { name: string; props: EntryFormProps }) {
  const { t, entry, base, uid, readOnly, onParam } = props;
  const param = entry.params?.[name];
  if (!param || !onParam) return null;
  const fieldOptions: SelectOption[] = notificationRecordScalarFields.map((field) => ({
    label: field,
    value: field,
  }));
  const pointer = `${base}/params/${name}`;
  return (
    <fieldset className="studio-templates__param" data-pointer={pointer}>
      <legend>{t("StudioTemplates_Param", { name: `{{${name}}}` })}</legend>
      <div data-pointer={`${pointer}/field`}>
        <Select
          uid={`${uid}-param-${name}-field`}
          label={t("StudioTemplates_ParamField")}
          options={fieldOptions}
          value={param.field}
          disabled={readOnly}
          onChange={(value) => {
            if (typeof value === "string") onParam(name, { field: value as NotificationRecordScalarField });
          }}
        />
      </div>
      <div data-pointer={`${pointer}/escape`}>
        <Checkbox
          uid={`${uid}-param-${name}-escape`}
          label={t("StudioTemplates_ParamEscape")}
          help={t("StudioTemplates_ParamEscapeHelp")}
          checked={param.escape === true}
          disabled={readOnly}
          onChange={(checked) => onParam(name, { escape: checked })}
        />
      </div>
      {param.keyPrefix ? (
        <p className="studio-templates__note">
          {t("StudioTemplates_ParamKeyPrefix", { prefix: param.keyPrefix })}
        </p>
      ) : null}
    </fieldset>
  );
}

function EntryForm(props: EntryFormProps) {
  const { t, entry, base, uid, texts, english, readOnly } = props;
  const statusOptions: SelectOption[] = STATUSES.map((status) => ({
    label: t(`StudioTemplates_Status_${status}`),
    value: status,
  }));
  const source = entry.source;
  return (
    <>
      {variantTexts(entry, base).map((text) => (
        <div key={text.pointer} data-pointer={text.pointer}>
          <TextField
            uid={`${uid}-${idPart(text.pointer.slice(base.length))}`}
            label={textLabel(text, t)}
            value={Object.hasOwn(texts, text.key) ? (texts[text.key] as string) : ""}
            placeholder={english[text.key]}
            multiline={text.role === "description"}
            rows={3}
            disabled={readOnly}
            help={<TextHelp text={text} props={props} />}
            onChange={(value) => props.onTexts({ [text.key]: value })}
          />
        </div>
      ))}
      {entry.descriptionRawHtmlField ? (
        <p className="studio-templates__note">
          {t("StudioTemplates_RawDescription", { field: entry.descriptionRawHtmlField })}
        </p>
      ) : null}
      {source.kind === "field" && source.rawHtml === true ? (
        <p className="studio-templates__note">{t("StudioTemplates_RawSource", { field: source.field })}</p>
      ) : null}
      {Object.keys(entry.params ?? {}).map((name) => (
        <ParamFields key={name} name={name} props={props} />
      ))}
      <div className="studio-templates__row">
        <div data-pointer={`${base}/icon`}>
          <TextField
            uid={`${uid}-icon`}
            label={t("StudioTemplates_Icon")}
            value={entry.icon}
            disabled={readOnly}
            validators={[(value) => (ICON_PATTERN.test(value) ? null : "StudioTemplates_IconInvalid")]}
            endAdornment={<Icon name={entry.icon} className="studio-templates__icon" />}
            onChange={props.onIcon}
          />
        </div>
        <div data-pointer={`${base}/status`}>
          <Select
            uid={`${uid}-status`}
            label={t("StudioTemplates_Status")}
            options={statusOptions}
            value={entry.status}
            disabled={readOnly}
            onChange={(value) => {
              if ((STATUSES as readonly unknown[]).includes(value)) props.onStatus(value as Status);
            }}
          />
        </div>
      </div>
    </>
  );
}

/** The conditions of a variant in words, in the operator's language. */
function conditionSentence(
  variant: NotificationVariant,
  isLast: boolean,
  language: string,
  t: TFunction,
): string {
  const parts = conditionWordings(variant).map((wording) =>
    wording.kind === "equals"
      ? t("StudioTemplates_ConditionEquals", { field: wording.field, value: wording.value })
      : t(`StudioTemplates_Condition_${wording.kind}`, { field: wording.field }),
  );
  if (parts.length === 0)
    return t(isLast ? "StudioTemplates_ConditionOtherwise" : "StudioTemplates_ConditionAlways");
  return t("StudioTemplates_ConditionWhen", {
    conditions: new Intl.ListFormat(language, { type: "conjunction" }).format(parts),
  });
}

/** Props of one preview card. */
interface PreviewCardProps {
  item: PreviewEntry;
  previewI18n: ReturnType<typeof createPreviewI18n>;
  language: Language;
  formatDate: (date: string) => string;
  t: TFunction;
}

function caption(item: PreviewEntry, t: TFunction): string {
  const { sample } = item;
  const parts = [
    sample.variantIndex < 0
      ? t("StudioTemplates_UnknownCode")
      : t("StudioTemplates_Variant", { name: sample.variant }),
  ];
  if (sample.viewer) parts.push(t(`StudioTemplates_Viewer_${sample.viewer}`));
  if (sample.markup) parts.push(t("StudioTemplates_Markup"));
  return parts.join(" · ");
}

function PreviewCard({ item, previewI18n, language, formatDate, t }: PreviewCardProps) {
  const captionId = useId();
  const { entry, sample } = item;
  const name = caption(item, t);
  const sanitised = entry ? sanitisedHtml(entry, sanitizeNotificationHtml) : null;
  const link = entry?.link && entry.linkText ? linkWording(entry.link) : null;
  const showHtml =
    entry !== null && (item.htmlFields.length > 0 || entry.rawHtml.description || entry.rawHtml.sourceName);
  return (
    <article className="studio-templates__card" aria-labelledby={captionId}>
      <h4 id={captionId} className="studio-templates__card-title">
        {name}
      </h4>
      {entry ? (
        // biome-ignore lint/a11y/useSemanticElements: NotificationItem is a div with role listitem, as in the dropdown
        <div
          role="list"
          aria-label={name}
          lang={language}
          className="studio-templates__entry notif-panel"
          // The dropdown's row: its width (§9) and the fixed height of the virtual list's rows.
          style={{ height: NOTIFICATION_ROW_HEIGHT_PX, width: NOTIFICATION_DROPDOWN_WIDTH_PX }}
        >
          <I18nextProvider i18n={previewI18n}>
            <NotificationItem
              entry={entry}
              position={1}
              total={1}
              isNew={entry.isNew}
              formatDate={formatDate}
              onDone={() => {}}
            />
          </I18nextProvider>
        </div>
      ) : (
        <p className="studio-templates__warning">{t("StudioTemplates_Unreachable")}</p>
      )}
      {entry && link && entry.linkText ? (
        <p className="studio-templates__link">
          {t(`StudioTemplates_Link_${link.kind}`, {
            text: entry.linkText,
            target: link.target,
            params: link.kind === "dialog" ? link.params : "",
          })}
        </p>
      ) : null}
      {entry && !entry.link && item.hasLink ? (
        <p className="studio-templates__link">{t("StudioTemplates_NoLink")}</p>
      ) : null}
      {showHtml && sanitised ? (
        <div className="studio-templates__sanitised">
          <p className="studio-templates__sanitised-title">{t("StudioTemplates_AsSanitised")}</p>
          <dl>
            {item.htmlFields.map(({ field, treatment }) => (
              <div key={field} className="studio-templates__sanitised-row">
                <dt>{t(`StudioTemplates_FieldSent_${treatment}`, { field })}</dt>
                <dd>
                  <code>{String((sample.record as Record<string, unknown>)[field] ?? "")}</code>
                </dd>
              </div>
            ))}
            {sanitised.sourceName !== null ? (
              <div className="studio-templates__sanitised-row">
                <dt>{t("StudioTemplates_SourceNameHtml")}</dt>
                <dd>
                  <code>{sanitised.sourceName}</code>
                </dd>
              </div>
            ) : null}
            <div className="studio-templates__sanitised-row">
              <dt>{t("StudioTemplates_DescriptionHtml")}</dt>
              <dd>
                <code>{sanitised.description}</code>
              </dd>
            </div>
          </dl>
        </div>
      ) : null}
    </article>
  );
}

/** The notification templates editor (§4.3) of the operator studio. */
export default function TemplatesEditor(props: KindEditorProps<NotificationsDocument>) {
  const { t: translate, i18n } = useTranslation();
  const t = translate as unknown as TFunction;
  const doc = props.document;
  const [selection, setSelection] = useState<TemplateSelection>(() =>
    initialSelection(doc, props.focusPointer),
  );
  const [language, setLanguage] = useState<Language>(() =>
    isLanguage(i18n.language) ? i18n.language : "en",
  );
  const [theme, setTheme] = useState<PreviewTheme>(pageTheme);
  const [pendingFocus, setPendingFocus] = useState<string | null>(props.focusPointer);
  const root = useRef<HTMLDivElement>(null);
  const previewHeading = useId();
  const formHeading = useId();

  // A selection past the end (templates removed in the raw editor) falls back to the first entry.
  const current: TemplateSelection =
    selection.kind === "template" && selection.index >= doc.templates.length
      ? initialSelection(doc, null)
      : selection;

  // A validation problem's pointer selects its code, then focuses its field once that is rendered.
  // Only a new pointer moves the selection; the document changing under it (typing) does not.
  const latestDoc = useRef(doc);
  latestDoc.current = doc;
  useEffect(() => {
    if (props.focusPointer === null) return;
    const target = selectionOfPointer(latestDoc.current, props.focusPointer);
    if (target) setSelection(target);
    setPendingFocus(props.focusPointer);
  }, [props.focusPointer]);
  useEffect(() => {
    if (pendingFocus === null || !root.current) return;
    const wrappers = [...root.current.querySelectorAll<HTMLElement>("[data-pointer]")];
    const best = focusTarget(
      wrappers.map((wrapper) => wrapper.dataset.pointer ?? ""),
      pendingFocus,
    );
    const wrapper = wrappers.find((candidate) => candidate.dataset.pointer === best);
    if (wrapper) {
      wrapper.scrollIntoView?.({ block: "nearest" });
      const control = wrapper.matches(FOCUSABLE) ? wrapper : wrapper.querySelector<HTMLElement>(FOCUSABLE);
      control?.focus();
    }
    setPendingFocus(null);
  }, [pendingFocus]);

  const uiLanguage = isLanguage(i18n.language) ? i18n.language : "en";
  const texts = props.texts[language];
  const english = props.texts.en;
  const unknownLabel = t("StudioTemplates_UnknownCode");
  const usage = useMemo(() => keyUsage(doc, unknownLabel), [doc, unknownLabel]);
  const previewI18n = useMemo(() => createPreviewI18n(props.texts, language), [props.texts, language]);
  const preview = useMemo(
    () => previewEntries(doc, current, previewTranslate(previewI18n), texts),
    [doc, current, previewI18n, texts],
  );
  const formatDate = useMemo(() => notificationDateFormatter(language), [language]);
  const stageStyle = useMemo(() => themeStyle(theme), [theme]);

  const languageOptions: SelectOption[] = STUDIO_LANGUAGES.map((code) => ({
    label: t(`Language_${code}`),
    value: code,
  }));
  const themeOptions: SelectOption[] = PREVIEW_THEMES.map((name) => ({
    label: t(`StudioTemplates_Theme_${name}`),
    value: name,
  }));
  const onTexts = (changes: Record<string, string>) => props.onTextsChange(language, changes);

  let form: ReactNode;
  if (current.kind === "template") {
    const template = doc.templates[current.index];
    form = template ? (
      <div data-pointer={`/templates/${current.index}`}>
        <h3 id={formHeading} className="studio-templates__heading">
          {template.code}
        </h3>
        <p className="studio-templates__note">
          {t("StudioTemplates_TextsIn", { language: t(`Language_${language}`) })}
        </p>
        {template.variants.map((variant, variantIndex) => {
          const base = `/templates/${current.index}/variants/${variantIndex}`;
          const update = (change: (variant: NotificationVariant) => NotificationVariant) =>
            props.onChange(withVariant(doc, current.index, variantIndex, change));
          return (
            <fieldset
              // biome-ignore lint/suspicious/noArrayIndexKey: a variant is addressed by its position, as its JSON pointer is
              key={`${variantIndex}:${variant.name}`}
              className="studio-templates__variant"
              data-pointer={base}
            >
              <legend>{t("StudioTemplates_Variant", { name: variant.name })}</legend>
              <p className="studio-templates__condition">
                {conditionSentence(variant, variantIndex === template.variants.length - 1, uiLanguage, t)}
              </p>
              <EntryForm
                base={base}
                uid={`StudioTemplates-${template.code}-${variant.name}`}
                entry={variant}
                language={language}
                texts={texts}
                english={english}
                usage={usage}
                here={`${template.code} › ${variant.name}`}
                readOnly={props.readOnly}
                onTexts={onTexts}
                onIcon={(icon) => update((old) => ({ ...old, icon }))}
                onStatus={(status) => update((old) => ({ ...old, status }))}
                onParam={(name, change) => update((old) => withParam(old, name, change))}
                t={t}
              />
            </fieldset>
          );
        })}
      </div>
    ) : null;
  } else {
    form = (
      <div data-pointer="/unknownCode">
        <h3 id={formHeading} className="studio-templates__heading">
          {unknownLabel}
        </h3>
        <p className="studio-templates__note">{t("StudioTemplates_UnknownCodeHelp")}</p>
        <p className="studio-templates__note">
          {t("StudioTemplates_TextsIn", { language: t(`Language_${language}`) })}
        </p>
        <fieldset className="studio-templates__variant" data-pointer="/unknownCode">
          <legend>{unknownLabel}</legend>
          <EntryForm
            base="/unknownCode"
            uid="StudioTemplates-unknownCode"
            entry={doc.unknownCode}
            language={language}
            texts={texts}
            english={english}
            usage={usage}
            here={unknownLabel}
            readOnly={props.readOnly}
            onTexts={onTexts}
            onIcon={(icon) => props.onChange(withUnknownCode(doc, (old) => ({ ...old, icon })))}
            onStatus={(status) => props.onChange(withUnknownCode(doc, (old) => ({ ...old, status })))}
            t={t}
          />
        </fieldset>
      </div>
    );
  }

  return (
    <div ref={root} className="studio-templates">
      <CodeList
        document={doc}
        texts={texts}
        english={english}
        selection={current}
        onSelect={setSelection}
        t={t}
      />
      <section className="studio-templates__form" aria-labelledby={formHeading}>
        {form}
      </section>
      <section className="studio-templates__preview" aria-labelledby={previewHeading}>
        <h3 id={previewHeading} className="studio-templates__heading">
          {t("StudioTemplates_Preview")}
        </h3>
        <div className="studio-templates__row">
          <Select
            uid="StudioTemplates-preview-language"
            label={t("StudioTemplates_Language")}
            options={languageOptions}
            value={language}
            onChange={(value) => {
              if (isLanguage(value)) setLanguage(value);
            }}
          />
          <Select
            uid="StudioTemplates-preview-theme"
            label={t("StudioTemplates_Theme")}
            options={themeOptions}
            value={theme}
            onChange={(value) => {
              if ((PREVIEW_THEMES as readonly unknown[]).includes(value)) setTheme(value as PreviewTheme);
            }}
          />
        </div>
        <p className="studio-templates__note">{t("StudioTemplates_PreviewNote")}</p>
        {/* The capture only stops the rendered entries' own links: the preview changes nothing. */}
        <div
          className="studio-templates__stage"
          data-theme={theme}
          style={stageStyle}
          onClickCapture={blockActivation}
        >
          {preview.ok ? (
            preview.entries.map((item) => (
              <PreviewCard
                key={item.sample.id}
                item={item}
                previewI18n={previewI18n}
                language={language}
                formatDate={formatDate}
                t={t}
              />
            ))
          ) : (
            <p className="studio-templates__warning" role="alert">
              {t("StudioTemplates_PreviewFailed", { message: preview.message })}
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
