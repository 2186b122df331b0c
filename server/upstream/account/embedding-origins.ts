/**
 * The embedding allow-list: the origins the gateway puts in the pages' CSP frame-ancestors
 * (DESIGN.md §4, strict Content Security Policy).
 * The request schema already holds every origin to `https://host[:port]`, `https://*.domain[:port]`
 * or `http://localhost|127.0.0.1[:port]` (schemas/payloads/account-settings.ts); this canonicalises
 * them (the scheme's default port dropped) and refuses two spellings of the same origin.
 */
import { EMBEDDING_ORIGIN_PATTERN } from "../../../schemas/payloads/account-settings.ts";

const ORIGIN = new RegExp(EMBEDDING_ORIGIN_PATTERN);
const DEFAULT_PORTS: Readonly<Record<string, string>> = { "https:": ":443", "http:": ":80" };

/** The canonical origins, or the reason the list is refused. */
export function canonicalEmbeddingOrigins(
  origins: readonly string[],
): { origins: string[] } | { error: string } {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const origin of origins) {
    if (!ORIGIN.test(origin)) {
      return { error: `${JSON.stringify(origin)} is not an https origin (http only for localhost).` };
    }
    const scheme = origin.startsWith("https:") ? "https:" : "http:";
    const suffix = DEFAULT_PORTS[scheme] ?? "";
    const canonical = origin.endsWith(suffix) ? origin.slice(0, -suffix.length) : origin;
    if (seen.has(canonical)) return { error: `${canonical} is listed twice.` };
    seen.add(canonical);
    result.push(canonical);
  }
  return { origins: result };
}
