/** The UI languages of §1/§9, with their names (§3 Language: Code, Name). */

export interface SupportedLanguage {
  code: string;
  name: string;
}

/** en, de, es, fr, nl, pt, it — named in their own language. */
export const SUPPORTED_LANGUAGES: readonly SupportedLanguage[] = [
  { code: "en", name: "English" },
  { code: "de", name: "Deutsch" },
  { code: "es", name: "Español" },
  { code: "fr", name: "Français" },
  { code: "nl", name: "Nederlands" },
  { code: "pt", name: "Português" },
  { code: "it", name: "Italiano" },
];

/** Whether `code` is a supported language code. */
export function isSupportedLanguage(code: string): boolean {
  return SUPPORTED_LANGUAGES.some((language) => language.code === code);
}
