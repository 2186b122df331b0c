/**
 * The /menus editor as pure data (DESIGN.md §3 account layer): per §6 section, its keys in the
 * account's order with a hidden flag and their links, the section's custom title and each link's
 * custom name — each a name for every language plus names of its own per language (the rule is in
 * schemas/payloads/account-menu.ts); moves within a section, hide and show (never the Menus link,
 * the way back here), the names' text rule, and the `PUT Account/Menu` body. A section left as the
 * default is not sent.
 */
import {
  ACCOUNT_MENU_LINKS,
  ACCOUNT_MENU_SECTION_IDS,
  ACCOUNT_MENU_SECTIONS,
  ACCOUNT_MENU_UNHIDEABLE_KEY,
  type AccountMenu,
  type AccountMenuLinkName,
  type AccountMenuSectionId,
  type AccountMenuTranslations,
  type AccountMenuUpdate,
  MENU_LINK_NAME_MAX_LENGTH,
  MENU_SECTION_TITLE_MAX_LENGTH,
} from "../../../../schemas/payloads/account-menu.ts";
import { uiLanguageCodes } from "../../../../schemas/payloads/fields.ts";
import { isSingleLineText } from "../../../../schemas/text-rules.ts";

/** An interface language (§1). */
export type NameLanguage = (typeof uiLanguageCodes)[number];
/** Which name a field edits: the one for every language, or a language's own. */
export type NameScope = "all" | NameLanguage;

/** Every scope a name has, in the order the editor offers them. */
export const NAME_SCOPES: readonly NameScope[] = ["all", ...uiLanguageCodes];

/** A name as typed (untrimmed): for every language, and a language's own; "" means none. */
export interface EditedName {
  all: string;
  byLanguage: Readonly<Partial<Record<NameLanguage, string>>>;
}

/** One link key of a section as the editor shows it, with the ids of its links (default order). */
export interface LayoutKey {
  key: string;
  hidden: boolean;
  links: readonly string[];
}

/** One section in the editor. */
export interface LayoutSection {
  id: AccountMenuSectionId;
  /** Translation key of the default title. */
  titleKey: string;
  title: EditedName;
  keys: LayoutKey[];
  /** The custom name of each link of the section, by link id. */
  names: Readonly<Record<string, EditedName>>;
}

const NO_NAME: EditedName = { all: "", byLanguage: {} };

/** The default title key of a section (MenuSection_Data …, as in manifests/menus.json). */
export function sectionTitleKey(id: AccountMenuSectionId): string {
  return `MenuSection_${id.charAt(0).toUpperCase()}${id.slice(1)}`;
}

/** The link ids of each key of a section, in the default order. */
function linksByKey(id: AccountMenuSectionId): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const [link, key] of Object.entries(ACCOUNT_MENU_LINKS[id] as Readonly<Record<string, string>>)) {
    byKey.set(key, [...(byKey.get(key) ?? []), link]);
  }
  return byKey;
}

function editedName(
  forAll: string | undefined,
  translations: AccountMenuTranslations | undefined,
): EditedName {
  const byLanguage: Partial<Record<NameLanguage, string>> = {};
  for (const language of uiLanguageCodes) {
    const text = translations?.[language];
    if (text !== undefined) byLanguage[language] = text;
  }
  return { all: forAll ?? "", byLanguage };
}

/** The editor's sections for a stored layout: ordered keys first, then the rest in default order. */
export function editorSections(menu: Pick<AccountMenu, "Sections">): LayoutSection[] {
  return ACCOUNT_MENU_SECTION_IDS.map((id) => {
    const stored = menu.Sections.find((section) => section.Id === id);
    const defaults: readonly string[] = ACCOUNT_MENU_SECTIONS[id];
    const ordered = ((stored?.Order ?? []) as readonly string[]).filter((key) => defaults.includes(key));
    const keys = [...ordered, ...defaults.filter((key) => !ordered.includes(key))];
    const hidden = new Set<string>(stored?.Hidden ?? []);
    const links = linksByKey(id);
    const storedNames = new Map<string, AccountMenuLinkName>((stored?.Links ?? []).map((n) => [n.Id, n]));
    const names: Record<string, EditedName> = {};
    for (const link of Object.keys(ACCOUNT_MENU_LINKS[id])) {
      const name = storedNames.get(link);
      names[link] = name ? editedName(name.Text, name.Translations) : NO_NAME;
    }
    return {
      id,
      titleKey: sectionTitleKey(id),
      title: editedName(stored?.Title, stored?.TitleTranslations),
      keys: keys.map((key) => ({ key, hidden: hidden.has(key), links: links.get(key) ?? [] })),
      names,
    };
  });
}

/** What a name's field for `scope` holds. */
export function nameIn(name: EditedName, scope: NameScope): string {
  return scope === "all" ? name.all : (name.byLanguage[scope] ?? "");
}

/** The name with its `scope` part replaced by `value`. */
export function withName(name: EditedName, scope: NameScope, value: string): EditedName {
  if (scope === "all") return { ...name, all: value };
  return { ...name, byLanguage: { ...name.byLanguage, [scope]: value } };
}

/**
 * What a language sees when its own field is left empty (the editor's placeholder): the name for
 * every language, else the default (`defaultText`, the manifest text in that language).
 */
export function fallbackName(name: EditedName, scope: NameScope, defaultText: string): string {
  if (scope === "all") return defaultText;
  return name.all.trim() || defaultText;
}

/** Whether `key` may be hidden. */
export function canHide(key: string): boolean {
  return key !== ACCOUNT_MENU_UNHIDEABLE_KEY;
}

/** The sections with `key` of section `id` moved by `delta` places (no-op at an edge). */
export function moveKey(
  sections: readonly LayoutSection[],
  id: string,
  key: string,
  delta: -1 | 1,
): LayoutSection[] {
  return sections.map((section) => {
    if (section.id !== id) return section;
    const from = section.keys.findIndex((entry) => entry.key === key);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= section.keys.length) return section;
    const keys = [...section.keys];
    const [moved] = keys.splice(from, 1);
    if (moved) keys.splice(to, 0, moved);
    return { ...section, keys };
  });
}

/** The sections with `key` of section `id` hidden or shown (Menus stays shown). */
export function setHidden(
  sections: readonly LayoutSection[],
  id: string,
  key: string,
  hidden: boolean,
): LayoutSection[] {
  if (hidden && !canHide(key)) return [...sections];
  return sections.map((section) =>
    section.id !== id
      ? section
      : { ...section, keys: section.keys.map((entry) => (entry.key === key ? { ...entry, hidden } : entry)) },
  );
}

/** The sections with section `id`'s title for `scope` set to `value`. */
export function setTitle(
  sections: readonly LayoutSection[],
  id: string,
  scope: NameScope,
  value: string,
): LayoutSection[] {
  return sections.map((section) =>
    section.id === id ? { ...section, title: withName(section.title, scope, value) } : section,
  );
}

/** The sections with the name of `link` (of section `id`) for `scope` set to `value`. */
export function setLinkName(
  sections: readonly LayoutSection[],
  id: string,
  link: string,
  scope: NameScope,
  value: string,
): LayoutSection[] {
  return sections.map((section) => {
    if (section.id !== id || !Object.hasOwn(section.names, link)) return section;
    const name = section.names[link] ?? NO_NAME;
    return { ...section, names: { ...section.names, [link]: withName(name, scope, value) } };
  });
}

/** A field whose text breaks the rule, and why (a translation key of the message). */
export interface NameProblem {
  section: AccountMenuSectionId;
  /** The link id, or null for the section title. */
  link: string | null;
  scope: NameScope;
  message: "Menus_NameNotOneLine" | "Menus_NameTooLong";
  maxLength: number;
}

/**
 * The schemas/text-rules.ts rule for a name as typed, as the upstream will judge it: an empty or
 * blank text is no name (the default applies), else one line without control characters or
 * direction marks, and at most `maxLength` characters once trimmed.
 */
export function nameProblemOf(value: string, maxLength: number): NameProblem["message"] | null {
  const text = value.trim();
  if (text === "") return null;
  if (!isSingleLineText(text)) return "Menus_NameNotOneLine";
  return text.length > maxLength ? "Menus_NameTooLong" : null;
}

/** Every field whose text breaks the rule, in the editor's order. */
export function nameProblems(sections: readonly LayoutSection[]): NameProblem[] {
  const problems: NameProblem[] = [];
  const check = (section: LayoutSection, link: string | null, name: EditedName, maxLength: number) => {
    for (const scope of NAME_SCOPES) {
      const message = nameProblemOf(nameIn(name, scope), maxLength);
      if (message) problems.push({ section: section.id, link, scope, message, maxLength });
    }
  };
  for (const section of sections) {
    check(section, null, section.title, MENU_SECTION_TITLE_MAX_LENGTH);
    for (const entry of section.keys) {
      for (const link of entry.links)
        check(section, link, section.names[link] ?? NO_NAME, MENU_LINK_NAME_MAX_LENGTH);
    }
  }
  return problems;
}

/** A name's own texts by language, trimmed, without empty ones, in language-code order (as stored). */
function translationsOf(name: EditedName): AccountMenuTranslations | undefined {
  const entries = Object.entries(name.byLanguage)
    .map(([language, text]) => [language, (text ?? "").trim()] as const)
    .filter(([, text]) => text !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The section's link names worth sending, in the default link order. */
function linkNamesOf(section: LayoutSection): AccountMenuLinkName[] {
  return Object.keys(ACCOUNT_MENU_LINKS[section.id]).flatMap((link) => {
    const name = section.names[link] ?? NO_NAME;
    const text = name.all.trim();
    const translations = translationsOf(name);
    if (text === "" && !translations) return [];
    return [
      {
        Id: link,
        ...(text !== "" ? { Text: text } : {}),
        ...(translations ? { Translations: translations } : {}),
      },
    ];
  });
}

function isDefault(section: LayoutSection): boolean {
  const defaults: readonly string[] = ACCOUNT_MENU_SECTIONS[section.id];
  return (
    section.title.all.trim() === "" &&
    !translationsOf(section.title) &&
    linkNamesOf(section).length === 0 &&
    section.keys.every((entry, index) => !entry.hidden && entry.key === defaults[index])
  );
}

/** The `PUT Account/Menu` body: every section that differs from the default. */
export function layoutUpdate(sections: readonly LayoutSection[]): AccountMenuUpdate {
  return {
    Sections: sections
      .filter((section) => !isDefault(section))
      .map((section) => {
        const titles = translationsOf(section.title);
        const links = linkNamesOf(section);
        return {
          Id: section.id,
          Title: section.title.all.trim(),
          ...(titles ? { TitleTranslations: titles } : {}),
          Order: section.keys.map((entry) => entry.key),
          Hidden: section.keys.filter((entry) => entry.hidden).map((entry) => entry.key),
          ...(links.length > 0 ? { Links: links } : {}),
        };
      }) as AccountMenuUpdate["Sections"],
  };
}

/** Whether the editor differs from the stored layout. */
export function isLayoutChanged(
  sections: readonly LayoutSection[],
  menu: Pick<AccountMenu, "Sections">,
): boolean {
  return JSON.stringify(layoutUpdate(sections)) !== JSON.stringify(layoutUpdate(editorSections(menu)));
}
