/**
 * The account's custom menu (DESIGN.md §3 account layer): checks a layout against the menu
 * sections of §6 beyond what the request schema checks — each section once, each key and each
 * renamed link in its own section (a layout may only reorder, hide and rename, never move or add
 * links), each link renamed once, and never hiding the Menus link, which is the way back to this
 * editor. Texts are stored trimmed (the schema already refused blank ones, control characters and
 * direction overrides: schemas/text-rules.ts).
 */
import {
  ACCOUNT_MENU_LINKS,
  ACCOUNT_MENU_SECTIONS,
  ACCOUNT_MENU_UNHIDEABLE_KEY,
  type AccountMenuLinkName,
  type AccountMenuSection,
  type AccountMenuTranslations,
} from "../../../schemas/payloads/account-menu.ts";

/** The translations trimmed, in a stable (language code) order; undefined when there are none. */
function trimmedTranslations(
  translations: AccountMenuTranslations | undefined,
): AccountMenuTranslations | undefined {
  const entries = Object.entries(translations ?? {})
    .map(([language, text]) => [language, text.trim()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** A link name trimmed, without the parts it does not set. */
function trimmedLinkName(name: AccountMenuLinkName): AccountMenuLinkName {
  const translations = trimmedTranslations(name.Translations);
  return {
    Id: name.Id,
    ...(name.Text !== undefined ? { Text: name.Text.trim() } : {}),
    ...(translations ? { Translations: translations } : {}),
  };
}

/** Why a section's link names are refused, or their checked form (links named by nothing dropped). */
function checkLinkNames(section: AccountMenuSection): { links: AccountMenuLinkName[] } | { error: string } {
  const own: Readonly<Record<string, string>> = ACCOUNT_MENU_LINKS[section.Id];
  const seen = new Set<string>();
  const links: AccountMenuLinkName[] = [];
  for (const name of section.Links ?? []) {
    if (!Object.hasOwn(own, name.Id))
      return { error: `${name.Id} is not a link of the ${section.Id} section.` };
    if (seen.has(name.Id)) return { error: `The link ${name.Id} is named twice.` };
    seen.add(name.Id);
    const trimmed = trimmedLinkName(name);
    if (trimmed.Text !== undefined || trimmed.Translations) links.push(trimmed);
  }
  return { links };
}

/** A checked layout (texts trimmed, untouched sections left out), or the reason it is refused. */
export function checkMenuLayout(
  sections: readonly AccountMenuSection[],
): { sections: AccountMenuSection[] } | { error: string } {
  const seen = new Set<string>();
  const result: AccountMenuSection[] = [];
  for (const section of sections) {
    if (seen.has(section.Id)) return { error: `Section ${section.Id} is listed twice.` };
    seen.add(section.Id);
    const allowed: readonly string[] = ACCOUNT_MENU_SECTIONS[section.Id];
    const stray = [...section.Order, ...section.Hidden].find((key) => !allowed.includes(key));
    if (stray) return { error: `${stray} is not a link of the ${section.Id} section.` };
    if ((section.Hidden as readonly string[]).includes(ACCOUNT_MENU_UNHIDEABLE_KEY)) {
      return {
        error: `The ${ACCOUNT_MENU_UNHIDEABLE_KEY} link cannot be hidden: it leads back to this menu.`,
      };
    }
    const names = checkLinkNames(section);
    if ("error" in names) return names;
    const title = section.Title.trim();
    const titles = trimmedTranslations(section.TitleTranslations);
    const untouched =
      title === "" &&
      !titles &&
      section.Order.length === 0 &&
      section.Hidden.length === 0 &&
      names.links.length === 0;
    if (untouched) continue;
    const { TitleTranslations: _titles, Links: _links, ...rest } = section;
    result.push({
      ...rest,
      Title: title,
      ...(titles ? { TitleTranslations: titles } : {}),
      ...(names.links.length > 0 ? { Links: names.links } : {}),
    });
  }
  return { sections: result };
}
