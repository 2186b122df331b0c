/**
 * What the configuration plane serves with no published version (version 0): the shipped texts'
 * addresses, computed with the gateway's own rule — for tests that resolve manifests directly.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES, type Language } from "../../server/gateway/config/config-kinds.ts";
import type { ServedConfiguration } from "../../server/gateway/config/deployment.ts";
import { textsBody, textsDigest, textsUrl } from "../../server/gateway/config/text-digest.ts";

const root = join(import.meta.dirname, "..", "..");

/** configVersion 0 and the shipped locales' URLs. */
export const BASE_SERVED: Pick<ServedConfiguration, "configVersion" | "texts"> = {
  configVersion: 0,
  texts: Object.fromEntries(
    LANGUAGES.map((language) => {
      const texts = JSON.parse(readFileSync(join(root, "locales", `${language}.json`), "utf8")) as Record<
        string,
        string
      >;
      return [language, textsUrl(language, textsDigest(textsBody(texts)))];
    }),
  ) as Record<Language, string>,
};
