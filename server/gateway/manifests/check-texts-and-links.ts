import type { LocaleKeys } from "./load-manifests.ts";
import { type ManifestProblem, walkJson } from "./manifest-problem.ts";
import { MANIFEST_KINDS, type ManifestKind, type ManifestSet } from "./manifest-set.ts";
import { problemMessage } from "./problem-messages.ts";

/** Properties whose name ends in `Key` hold text keys, except these, which name other things. */
const NOT_TEXT_KEYS = new Set(["key", "rowKey", "sortKey", "groupKey"]);

const SCHEME = /^\s*([a-z][a-z0-9+.-]*):/i;
const SCRIPT_SCHEMES = new Set(["javascript", "vbscript", "data", "file"]);

/** The https origins absolute links may point at (shell.allowedExternalOrigins). */
function allowedOrigins(set: ManifestSet): Set<string> {
  const list = set.shell.allowedExternalOrigins;
  return new Set(Array.isArray(list) ? list.filter((v): v is string => typeof v === "string") : []);
}

/**
 * Every text key exists in locales/en.json; no script URL anywhere; absolute
 * links only to allow-listed https origins; no protocol-relative links. `kinds`: the documents to
 * walk (an account layer's own, when the rest was checked with the operator layer).
 */
export function checkLinksAndTexts(
  set: ManifestSet,
  localeKeys: LocaleKeys,
  kinds: readonly ManifestKind[] = MANIFEST_KINDS,
): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const origins = allowedOrigins(set);
  for (const kind of kinds) {
    const file = `manifests/${kind}.json`;
    walkJson(set[kind], (value, pointer, property) => {
      if (typeof value !== "string" || property === null || property === "$schema") return;
      if (property.endsWith("Key") && !NOT_TEXT_KEYS.has(property) && !localeKeys.has(value)) {
        problems.push({
          file,
          pointer,
          reason: `text key "${value}" is missing from locales/en.json`,
          message: problemMessage("TextKeyMissing", { key: value }),
        });
      }
      const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
      if (scheme && SCRIPT_SCHEMES.has(scheme)) {
        problems.push({
          file,
          pointer,
          reason: `${scheme}: links are not allowed`,
          message: problemMessage("SchemeNotAllowed", { scheme }),
        });
      } else if (scheme === "http" || scheme === "https") {
        let origin = "";
        try {
          origin = new URL(value).origin;
        } catch {
          problems.push({
            file,
            pointer,
            reason: "malformed absolute URL",
            message: problemMessage("MalformedUrl"),
          });
          return;
        }
        if (scheme !== "https" || !origins.has(origin)) {
          problems.push({
            file,
            pointer,
            reason: `external link to ${origin} is not in shell.allowedExternalOrigins`,
            message: problemMessage("ExternalOriginNotAllowed", { origin }),
          });
        }
      } else if (value.startsWith("//") || value.startsWith("/\\")) {
        problems.push({
          file,
          pointer,
          reason: "protocol-relative links are not allowed",
          message: problemMessage("ProtocolRelative"),
        });
      }
    });
  }
  return problems;
}
