/**
 * Help mode's content (§1 "Help is served by a separate mode of the same application", §2.1
 * /{routeTab?}/{routeItemCode?}): the published help-center articles staff edit at /admin/helpcenter,
 * read anonymously under the webservices base.
 *
 * - `GET {webservices}/Help?lang=xx` → `HelpIndex`: the tabs that have published articles, each with
 *   its articles (code, title, summary), in the tab order below.
 * - `GET {webservices}/Help/{routeTab}/{routeItemCode}?lang=xx` → `HelpArticle`, 404 when unknown or
 *   unpublished.
 *
 * Both answer in the asked language and fall back, article by article, to English.
 */
import type { FromSchema, JSONSchema } from "json-schema-to-ts";

/** The tabs of help mode (routeTab) and the help-center article type each one shows (§7 help types). */
export const HELP_TABS = [
  { tab: "faq", articleType: "Faq" },
  { tab: "tutorials", articleType: "Tutorial" },
  { tab: "releasenotes", articleType: "ReleaseNote" },
  { tab: "articles", articleType: "Article" },
] as const;

/** A routeTab value. */
export type HelpTab = (typeof HELP_TABS)[number]["tab"];

/** The language an article is written in when the asked one has no version of it. */
export const HELP_FALLBACK_LANGUAGE = "en";

/** Longest routeTab or routeItemCode (article codes are at most 100 characters, /admin/helpcenter). */
export const HELP_CODE_MAX_LENGTH = 100;

/** A routeTab or routeItemCode: lower-case letters, digits and dashes, URL-safe as it is. */
export const HELP_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** True for a well-formed routeTab or routeItemCode. */
export function isHelpCode(value: string): boolean {
  return value.length <= HELP_CODE_MAX_LENGTH && HELP_CODE_PATTERN.test(value);
}

const code = {
  type: "string",
  pattern: HELP_CODE_PATTERN.source,
  maxLength: HELP_CODE_MAX_LENGTH,
} as const;

/** One article in a tab's list. */
export const helpArticleSummarySchema = {
  type: "object",
  properties: {
    Code: { ...code, description: "The routeItemCode." },
    Title: { type: "string", maxLength: 200 },
    Summary: { type: ["string", "null"], maxLength: 500 },
  },
  required: ["Code", "Title", "Summary"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** The answer of GET {webservices}/Help. */
export const helpIndexSchema = {
  type: "object",
  properties: {
    Language: { type: "string", description: "The language asked for (articles may fall back to English)." },
    Tabs: {
      type: "array",
      items: {
        type: "object",
        properties: {
          Tab: { enum: HELP_TABS.map((t) => t.tab), description: "The routeTab." },
          Articles: { type: "array", items: helpArticleSummarySchema, minItems: 1 },
        },
        required: ["Tab", "Articles"],
        additionalProperties: false,
      },
    },
  },
  required: ["Language", "Tabs"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** The answer of GET {webservices}/Help/{routeTab}/{routeItemCode}. */
export const helpArticleSchema = {
  type: "object",
  properties: {
    Tab: { enum: HELP_TABS.map((t) => t.tab) },
    Code: code,
    Title: { type: "string", maxLength: 200 },
    LanguageCode: { type: "string", description: "The language of this version of the article." },
    BodyHtml: { type: "string", description: "Staff-written HTML; the runtime sanitises it before use." },
    VideoUrl: { type: ["string", "null"], description: "An https video, when the article has one." },
    UpdatedAt: { type: "string", format: "date-time" },
  },
  required: ["Tab", "Code", "Title", "LanguageCode", "BodyHtml", "VideoUrl", "UpdatedAt"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type HelpIndex = FromSchema<typeof helpIndexSchema>;
/** One article of a tab's list. */
export type HelpArticleSummary = FromSchema<typeof helpArticleSummarySchema>;
/** One article. */
export type HelpArticle = FromSchema<typeof helpArticleSchema>;
