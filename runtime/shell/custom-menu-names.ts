/**
 * The name a navigation panel entry shows in the language on display, by the rule of the account's
 * custom menu (schemas/payloads/account-menu.ts, DESIGN.md §3 account layer): the account's name in
 * that language, else its name for all languages, else (undefined) the entry's own translated text.
 */
export function customMenuName(
  forAll: string | undefined,
  byLanguage: Readonly<Record<string, string>> | undefined,
  language: string,
): string | undefined {
  const own = byLanguage && Object.hasOwn(byLanguage, language) ? byLanguage[language] : undefined;
  return own ?? forAll;
}
