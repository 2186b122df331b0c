/**
 * Help mode as data (§2.1 "In help mode the only route is /{routeTab?}/{routeItemCode?}"): what a
 * location asks for, the in-app paths of tabs and articles, the webservices calls that answer them
 * (schemas/payloads/help-content.ts), and what a failed call means.
 */
import {
  HELP_FALLBACK_LANGUAGE,
  HELP_TABS,
  type HelpArticle,
  type HelpIndex,
  isHelpCode,
} from "../../../schemas/payloads/help-content.ts";
import { ApiError } from "../../http/api-error.ts";

/** The languages help content is written in (§1 UI languages). */
const HELP_LANGUAGES = ["en", "de", "es", "fr", "nl", "pt", "it"] as const;

/** What a help-mode location shows. */
export type HelpLocation =
  | { kind: "home" }
  | { kind: "tab"; tab: string }
  | { kind: "article"; tab: string; code: string }
  /** A tab that cannot exist (malformed): help mode sends it to / like any other path. */
  | { kind: "elsewhere" }
  /** A well-formed tab with a code that cannot exist: the article is not found. */
  | { kind: "badArticle"; tab: string };

/** Reads the route's parameters (routeTab, routeItemCode). */
export function helpLocation(params: Readonly<Record<string, string | undefined>>): HelpLocation {
  const { routeTab, routeItemCode } = params;
  if (!routeTab) return { kind: "home" };
  if (!isHelpCode(routeTab)) return { kind: "elsewhere" };
  if (routeItemCode === undefined || routeItemCode === "") return { kind: "tab", tab: routeTab };
  return isHelpCode(routeItemCode)
    ? { kind: "article", tab: routeTab, code: routeItemCode }
    : { kind: "badArticle", tab: routeTab };
}

/** The in-app path of help mode's home, a tab or an article. */
export function helpPagePath(tab?: string, code?: string): string {
  if (!tab) return "/";
  const tabPath = `/${encodeURIComponent(tab)}`;
  return code ? `${tabPath}/${encodeURIComponent(code)}` : tabPath;
}

/** The content language for the interface language (a regional variant counts as its language). */
export function helpLanguage(interfaceLanguage: string | undefined): string {
  const base = (interfaceLanguage ?? "").toLowerCase().split("-")[0] ?? "";
  return (HELP_LANGUAGES as readonly string[]).includes(base) ? base : HELP_FALLBACK_LANGUAGE;
}

/** The webservices path of the help index. */
export function helpIndexPath(language: string): string {
  return `Help?lang=${encodeURIComponent(language)}`;
}

/** The webservices path of one article. */
export function helpArticlePath(tab: string, code: string, language: string): string {
  return `Help/${encodeURIComponent(tab)}/${encodeURIComponent(code)}?lang=${encodeURIComponent(language)}`;
}

/** The tab codes in their order, for the i18n key of each tab's title. */
export const HELP_TAB_CODES: readonly string[] = HELP_TABS.map((entry) => entry.tab);

/** The text key of a tab's title. */
export function helpTabTitleKey(tab: string): string {
  return `HelpMode_Tab_${tab}`;
}

/**
 * A failed call: an unknown or unpublished article (404, and 400 for a code the service refuses)
 * is "not found"; aborted calls are silent; anything else may be retried.
 */
export function helpFailure(error: unknown): "notFound" | "error" | "silent" {
  if (error instanceof ApiError) {
    if (error.aborted) return "silent";
    if (error.status === 404 || error.status === 400) return "notFound";
  }
  return "error";
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** True when a body is a help index (tabs of known codes, each with titled articles). */
export function isHelpIndex(body: unknown): body is HelpIndex {
  if (!isRecord(body) || !Array.isArray(body.Tabs)) return false;
  return body.Tabs.every(
    (tab) =>
      isRecord(tab) &&
      typeof tab.Tab === "string" &&
      HELP_TAB_CODES.includes(tab.Tab) &&
      Array.isArray(tab.Articles) &&
      tab.Articles.every(
        (article) =>
          isRecord(article) && typeof article.Code === "string" && typeof article.Title === "string",
      ),
  );
}

/** True when a body is an article with its HTML body. */
export function isHelpArticle(body: unknown): body is HelpArticle {
  return (
    isRecord(body) &&
    typeof body.Title === "string" &&
    typeof body.BodyHtml === "string" &&
    typeof body.Code === "string" &&
    typeof body.Tab === "string"
  );
}
