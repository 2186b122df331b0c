/**
 * The /menus editor as pure data (DESIGN.md §3 account layer): per §6 section, its keys in the
 * account's order with a hidden flag, and an optional custom title; moves within a section, hide and
 * show (never the Menus link, the way back here), and the `PUT Account/Menu` body. A section left
 * as the default is not sent.
 */
import {
  ACCOUNT_MENU_SECTION_IDS,
  ACCOUNT_MENU_SECTIONS,
  ACCOUNT_MENU_UNHIDEABLE_KEY,
  type AccountMenu,
  type AccountMenuSectionId,
  type AccountMenuUpdate,
} from "../../../../schemas/payloads/account-menu.ts";

/** One link key of a section as the editor shows it. */
export interface LayoutKey {
  key: string;
  hidden: boolean;
}

/** One section in the editor. */
export interface LayoutSection {
  id: AccountMenuSectionId;
  /** Translation key of the default title. */
  titleKey: string;
  /** Custom title; empty: the default. */
  title: string;
  keys: LayoutKey[];
}

/** The default title key of a section (MenuSection_Data …, as in manifests/menus.json). */
export function sectionTitleKey(id: AccountMenuSectionId): string {
  return `MenuSection_${id.charAt(0).toUpperCase()}${id.slice(1)}`;
}

/** The editor's sections for a stored layout: ordered keys first, then the rest in default order. */
export function editorSections(menu: Pick<AccountMenu, "Sections">): LayoutSection[] {
  return ACCOUNT_MENU_SECTION_IDS.map((id) => {
    const stored = menu.Sections.find((section) => section.Id === id);
    const defaults: readonly string[] = ACCOUNT_MENU_SECTIONS[id];
    const ordered = ((stored?.Order ?? []) as readonly string[]).filter((key) => defaults.includes(key));
    const keys = [...ordered, ...defaults.filter((key) => !ordered.includes(key))];
    const hidden = new Set<string>(stored?.Hidden ?? []);
    return {
      id,
      titleKey: sectionTitleKey(id),
      title: stored?.Title ?? "",
      keys: keys.map((key) => ({ key, hidden: hidden.has(key) })),
    };
  });
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

/** The sections with section `id` retitled. */
export function setTitle(sections: readonly LayoutSection[], id: string, title: string): LayoutSection[] {
  return sections.map((section) => (section.id === id ? { ...section, title } : section));
}

function isDefault(section: LayoutSection): boolean {
  const defaults: readonly string[] = ACCOUNT_MENU_SECTIONS[section.id];
  return (
    section.title.trim() === "" &&
    section.keys.every((entry, index) => !entry.hidden && entry.key === defaults[index])
  );
}

/** The `PUT Account/Menu` body: every section that differs from the default. */
export function layoutUpdate(sections: readonly LayoutSection[]): AccountMenuUpdate {
  return {
    Sections: sections
      .filter((section) => !isDefault(section))
      .map((section) => ({
        Id: section.id,
        Title: section.title.trim(),
        Order: section.keys.map((entry) => entry.key),
        Hidden: section.keys.filter((entry) => entry.hidden).map((entry) => entry.key),
      })) as AccountMenuUpdate["Sections"],
  };
}

/** Whether the editor differs from the stored layout. */
export function isLayoutChanged(
  sections: readonly LayoutSection[],
  menu: Pick<AccountMenu, "Sections">,
): boolean {
  return JSON.stringify(layoutUpdate(sections)) !== JSON.stringify(layoutUpdate(editorSections(menu)));
}
