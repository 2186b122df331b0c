/**
 * The default name of every navigation panel link for the /menus editor: the text key the panel
 * itself shows — the signed-in user's menus manifest (operator and account layers applied) where
 * it holds the link — else the default menus manifest's, for a link the user cannot see or the
 * account hides (the editor lists them all).
 */
import defaultMenus from "../../../../manifests/menus.json";
import type { MenusManifest } from "../../../../schemas/menus.ts";

/** What is read of a main menu: its links' ids and text keys. */
type MainMenuTexts = {
  sections: readonly {
    links: readonly Pick<MenusManifest["main"]["sections"][number]["links"][number], "id" | "textKey">[];
  }[];
};

/** Link id → text key: the shown manifest's first, the default manifest's for the rest. */
export function linkTextKeys(
  shown: MainMenuTexts | null | undefined,
  defaults: MainMenuTexts = defaultMenus.main,
): Map<string, string> {
  const keys = new Map<string, string>();
  for (const menu of [shown, defaults]) {
    for (const section of menu?.sections ?? []) {
      for (const link of section.links) if (!keys.has(link.id)) keys.set(link.id, link.textKey);
    }
  }
  return keys;
}
