/**
 * The account's custom menu (DESIGN.md §3 account layer): checks a layout against the menu
 * sections of §6 beyond what the request schema checks — each section once, each key in its own
 * section (a layout may only reorder and hide, never move or add links), and never hiding the
 * Menus link, which is the way back to this editor.
 */
import {
  ACCOUNT_MENU_SECTIONS,
  ACCOUNT_MENU_UNHIDEABLE_KEY,
  type AccountMenuSection,
} from "../../../schemas/payloads/account-menu.ts";

/** A checked layout (titles trimmed, untouched sections left out), or the reason it is refused. */
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
    const title = section.Title.trim();
    if (title === "" && section.Order.length === 0 && section.Hidden.length === 0) continue;
    result.push({ ...section, Title: title });
  }
  return { sections: result };
}
