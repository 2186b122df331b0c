/**
 * `npm run check:locales`: every language has exactly the keys of locales/en.json,
 * no empty text, the same {{placeholders}} as English, and no untranslated copy
 * of a whole English text beyond the few that are the same in every language.
 */
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { placeholdersOf } from "../core/texts/placeholders.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The languages of §9 besides English. */
export const TRANSLATED_LANGUAGES = ["de", "es", "fr", "nl", "pt", "it"] as const;
/** Share of texts allowed to equal English (brand names, "OK", "API", …). */
export const MAX_IDENTICAL_SHARE = 0.15;

type Texts = Record<string, string>;

// The placeholder rule the configuration plane applies to every published text, too.
const placeholders = placeholdersOf;

/** The problems of one language against English. */
export function compareLocale(language: string, en: Texts, other: Texts): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(en)) {
    if (!(key in other)) problems.push(`locales/${language}.json: missing key "${key}"`);
  }
  let identical = 0;
  for (const [key, text] of Object.entries(other)) {
    if (!(key in en)) {
      problems.push(`locales/${language}.json: extra key "${key}"`);
      continue;
    }
    if (typeof text !== "string" || text.trim() === "") {
      problems.push(`locales/${language}.json: empty text for "${key}"`);
      continue;
    }
    if (placeholders(text) !== placeholders(en[key] as string)) {
      problems.push(
        `locales/${language}.json: "${key}" has placeholders {${placeholders(text)}}, English has {${placeholders(en[key] as string)}}`,
      );
    }
    if (text === en[key] && /[a-z]{4,}\s+[a-z]{3,}/i.test(text)) identical += 1;
  }
  const share = identical / Math.max(1, Object.keys(en).length);
  if (share > MAX_IDENTICAL_SHARE) {
    problems.push(
      `locales/${language}.json: ${identical} texts are English copies (${(share * 100).toFixed(0)}%)`,
    );
  }
  return problems;
}

async function readTexts(language: string): Promise<Texts> {
  return JSON.parse(await readFile(join(root, "locales", `${language}.json`), "utf8")) as Texts;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const en = await readTexts("en");
  const problems: string[] = [];
  for (const language of TRANSLATED_LANGUAGES) {
    problems.push(...compareLocale(language, en, await readTexts(language).catch(() => ({}))));
  }
  for (const problem of problems) console.error(problem);
  if (problems.length) {
    console.error(`${problems.length} locale problem(s)`);
    process.exit(1);
  }
  console.log(
    `locales are complete (${Object.keys(en).length} keys × ${TRANSLATED_LANGUAGES.length + 1} languages)`,
  );
}
