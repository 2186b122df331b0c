/**
 * The account layer's custom menu (DESIGN.md §3: base → operator layer → account layer → filtered
 * per user): the account's layout (GET Common/AccountMenu, schemas/payloads/account-menu.ts)
 * applied to the navigation panel of an already layered set. It only reorders, hides, retitles and
 * renames: every link of the result is a link of the input (same id, key, path and conditions), so
 * the per-user filter that follows still decides who sees what, and a layout can never add a link
 * or grant access. Names go out as literals beside the text keys (`title`/`titleByLanguage`,
 * `text`/`textByLanguage`): the manifest is the same for every language, the runtime picks the
 * text of the language on display.
 */

import type { MainMenuLink, MainMenuSection } from "../../../schemas/menus.ts";
import type {
  AccountMenu,
  AccountMenuLinkName,
  AccountMenuSection,
  AccountMenuTranslations,
} from "../../../schemas/payloads/account-menu.ts";
import type { ManifestSet } from "./manifest-set.ts";

/** Translations worth sending (none: undefined). */
function someTexts(texts: AccountMenuTranslations | undefined): AccountMenuTranslations | undefined {
  return texts && Object.keys(texts).length > 0 ? texts : undefined;
}

/** A link with the account's name for it, if any. */
export function renameLink(link: MainMenuLink, name: AccountMenuLinkName | undefined): MainMenuLink {
  if (!name) return link;
  const byLanguage = someTexts(name.Translations);
  if (name.Text === undefined && !byLanguage) return link;
  return {
    ...link,
    ...(name.Text !== undefined ? { text: name.Text } : {}),
    ...(byLanguage ? { textByLanguage: byLanguage } : {}),
  };
}

/** A section with the account's layout applied; null when every link of it is hidden. */
export function customiseSection(
  section: MainMenuSection,
  layout: AccountMenuSection | undefined,
): MainMenuSection | null {
  if (!layout) return section;
  const names = new Map((layout.Links ?? []).map((name) => [name.Id as string, name]));
  const hidden = new Set<string>(layout.Hidden);
  const rank = new Map<string, number>(layout.Order.map((key, index) => [key, index]));
  const unranked = layout.Order.length;
  const links = section.links
    .map((link, index) => ({ link, index }))
    .filter(({ link }) => !hidden.has(link.key))
    // Links of one key keep their manifest order; keys the layout does not order follow, as in the manifest.
    .sort(
      (a, b) => (rank.get(a.link.key) ?? unranked) - (rank.get(b.link.key) ?? unranked) || a.index - b.index,
    )
    .map(({ link }) => renameLink(link, names.get(link.id)));
  // §6: a section without a visible link is hidden (and the schema wants at least one link).
  if (links.length === 0) return null;
  const titles = someTexts(layout.TitleTranslations);
  return {
    ...section,
    ...(layout.Title !== "" ? { title: layout.Title } : {}),
    ...(titles ? { titleByLanguage: titles } : {}),
    links,
  };
}

/** The set with the account's custom menu applied to the navigation panel (the set itself when empty). */
export function applyAccountMenu(set: ManifestSet, menu: AccountMenu | null): ManifestSet {
  if (!menu || menu.Sections.length === 0) return set;
  const layouts = new Map(menu.Sections.map((section) => [section.Id as string, section]));
  const sections = set.menus.main.sections.flatMap((section) => {
    const customised = customiseSection(section, layouts.get(section.id));
    return customised ? [customised] : [];
  });
  return { ...set, menus: { ...set.menus, main: { ...set.menus.main, sections } } };
}

/** The part of manifest cache keys and versions that names the layout: account and save counter. */
export function accountMenuLayerId(accountRecId: number, menu: AccountMenu | null): string {
  return menu && menu.Version > 0 ? `menu:${accountRecId}:${menu.Version}` : "-";
}
