/**
 * Help mode's content under the webservices base (§1 help mode, §2.1 /{routeTab?}/{routeItemCode?}),
 * anonymous and read-only, published articles only (the shapes: schemas/payloads/help-content.ts):
 *
 * - `GET Help?lang=xx` → the tabs with their published articles.
 * - `GET Help/{routeTab}/{routeItemCode}?lang=xx` → one published article; 404 when the tab or the
 *   article is unknown or unpublished.
 *
 * A malformed tab, code or language is a 400 (InvalidRequest) before any lookup. Answers are built
 * field by field from the public fields, so staff fields (ids, sort order, drafts, publication
 * times) never leave the service.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  HELP_FALLBACK_LANGUAGE,
  HELP_TABS,
  type HelpArticle,
  type HelpIndex,
  isHelpCode,
} from "../../../schemas/payloads/help-content.ts";
import { LANGUAGES } from "../admin/fields.ts";
import type { UpstreamContext } from "../context.ts";
import { badRequest, notFound } from "../http/errors.ts";
import type { PublishedHelpArticle } from "../store/types/help.ts";

/** How long browsers and proxies may reuse a help answer: published content, the same for everyone. */
export const HELP_CACHE_MAX_AGE_S = 60;

/** The `lang` query parameter: one of the UI languages (§1), default English. */
function languageOf(request: FastifyRequest): string {
  const { lang } = request.query as { lang?: unknown };
  if (lang === undefined || lang === "") return HELP_FALLBACK_LANGUAGE;
  if (typeof lang !== "string" || !(LANGUAGES as readonly string[]).includes(lang)) {
    throw badRequest("InvalidRequest", `lang must be one of ${LANGUAGES.join(", ")}.`);
  }
  return lang;
}

function summaryOf(article: PublishedHelpArticle) {
  return { Code: article.code, Title: article.title, Summary: article.summary };
}

/** Registers the help routes under the webservices base. */
export function registerHelpRoutes(ws: FastifyInstance, context: UpstreamContext): void {
  const help = context.store.help;

  ws.get("/Help", async (request, reply): Promise<HelpIndex> => {
    const language = languageOf(request);
    const articles = await help.publishedArticles(language, HELP_FALLBACK_LANGUAGE);
    reply.header("Cache-Control", `public, max-age=${HELP_CACHE_MAX_AGE_S}`);
    return {
      Language: language,
      Tabs: HELP_TABS.flatMap(({ tab, articleType }) => {
        const inTab = articles.filter((article) => article.type === articleType).map(summaryOf);
        return inTab.length > 0 ? [{ Tab: tab, Articles: inTab }] : [];
      }),
    };
  });

  ws.get("/Help/:routeTab/:routeItemCode", async (request, reply): Promise<HelpArticle> => {
    const { routeTab, routeItemCode } = request.params as { routeTab: string; routeItemCode: string };
    if (!isHelpCode(routeTab) || !isHelpCode(routeItemCode)) {
      throw badRequest(
        "InvalidRequest",
        "routeTab and routeItemCode are lower-case letters, digits and dashes.",
      );
    }
    const language = languageOf(request);
    const tab = HELP_TABS.find((entry) => entry.tab === routeTab);
    const article = tab
      ? await help.publishedArticle(tab.articleType, routeItemCode, language, HELP_FALLBACK_LANGUAGE)
      : undefined;
    if (!tab || !article) throw notFound("Help article");
    reply.header("Cache-Control", `public, max-age=${HELP_CACHE_MAX_AGE_S}`);
    return {
      Tab: tab.tab,
      Code: article.code,
      Title: article.title,
      LanguageCode: article.languageCode,
      BodyHtml: article.body,
      VideoUrl: article.videoUrl,
      UpdatedAt: new Date(article.modifiedAt).toISOString(),
    };
  });
}
