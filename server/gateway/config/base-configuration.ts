/**
 * The base layer: the manifests and locales shipped with the release, read and validated at boot. A
 * bad shipped file still refuses to boot (it is the release's, not an operator's, and there is no
 * older base to fall back on).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { loadManifestSet } from "../manifests/load-manifests.ts";
import { formatProblem, ManifestError } from "../manifests/manifest-problem.ts";
import { problemMessage } from "../manifests/problem-messages.ts";
import { checkTexts } from "./check-texts.ts";
import { type BaseConfiguration, contentHash, type Texts } from "./config-content.ts";
import { LANGUAGES, type Language } from "./config-kinds.ts";

/** Reads `<localesDir>/<language>.json` for the seven languages; throws naming a file that is not JSON. */
export async function loadLocales(localesDir: string): Promise<Record<Language, Texts>> {
  const texts: Partial<Record<Language, Texts>> = {};
  for (const language of LANGUAGES) {
    const file = join(localesDir, `${language}.json`);
    try {
      texts[language] = JSON.parse(await readFile(file, "utf8")) as Texts;
    } catch (error) {
      throw new ManifestError([
        {
          file: `locales/${language}.json`,
          pointer: "",
          reason: (error as Error).message,
          message: problemMessage("NotJson", { detail: (error as Error).message }),
        },
      ]);
    }
  }
  return texts as Record<Language, Texts>;
}

/** The validated base: manifests (schema + cross checks), texts (checkTexts); throws ManifestError. */
export async function loadBaseConfiguration(
  manifestsDir: string,
  localesDir: string,
): Promise<BaseConfiguration> {
  const texts = await loadLocales(localesDir);
  const english = texts.en;
  const manifests = await loadManifestSet(manifestsDir, { has: (key) => Object.hasOwn(english, key) });
  const problems = checkTexts(texts);
  if (problems.length > 0) {
    throw new ManifestError(
      problems.map((p) => ({
        file: `locales/${p.kind.slice("texts.".length)}.json`,
        pointer: p.pointer,
        reason: p.reason,
        message: p.message,
      })),
    );
  }
  return { manifests, texts, hash: contentHash({ manifests, texts }) };
}

export { formatProblem };
