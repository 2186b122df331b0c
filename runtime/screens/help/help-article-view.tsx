/**
 * One help article (§2.1 /{routeTab}/{routeItemCode} in help mode): its title as the page's heading
 * and title (§4.1 "page titles are set per screen and reset afterwards"), its update date, and its
 * staff-written HTML sanitised with DOMPurify (DESIGN.md §6, the shared sanitiser). Unknown and
 * unpublished articles show "not found" with the way back to their section.
 */
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { HelpArticle } from "../../../schemas/payloads/help-content.ts";
import { apiRequest } from "../../http/api-client.ts";
import { useFormatters } from "../content/content-format.ts";
import { ErrorState, LoadingState } from "../content/state-views.tsx";
import { useResource } from "../content/use-resource.ts";
import { sanitizeHtml } from "../work/tickets/sanitize-html.ts";
import {
  helpArticlePath,
  helpFailure,
  helpLanguage,
  helpPagePath,
  helpTabTitleKey,
  isHelpArticle,
} from "./help-paths.ts";

/** Sets the document title to `title` while mounted, then puts the previous one back. */
function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (!title) return;
    // The route's own title ("Help · …", set by the navigation host) stays as the suffix.
    const previous = document.title;
    document.title = `${title} · ${previous}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** The way back to the article's section. */
function BackToTab({ tab }: { tab: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("HelpMode_BreadcrumbLabel")} className="help-breadcrumb">
      <Link to={helpPagePath(tab)}>{t("HelpMode_BackToTab", { tab: t(helpTabTitleKey(tab)) })}</Link>
    </nav>
  );
}

/** "Not found" for an article that does not exist or is not published. */
function ArticleNotFound({ tab }: { tab: string }) {
  const { t } = useTranslation();
  return (
    <article className="help-article">
      <BackToTab tab={tab} />
      <h1 className="help-title">{t("HelpMode_NotFoundTitle")}</h1>
      <p>{t("HelpMode_NotFoundText")}</p>
    </article>
  );
}

/** The article body: rendered only after sanitising. */
function ArticleBody({ article }: { article: HelpArticle }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const html = useMemo(() => sanitizeHtml(article.BodyHtml), [article.BodyHtml]);
  useDocumentTitle(article.Title);
  return (
    <article className="help-article" lang={article.LanguageCode}>
      <BackToTab tab={article.Tab} />
      <h1 className="help-title">{article.Title}</h1>
      <p className="help-muted">{t("HelpMode_Updated", { date: format.dateTime(article.UpdatedAt) })}</p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above (DESIGN.md §6) */}
      <div className="help-article__body" dangerouslySetInnerHTML={{ __html: html }} />
      {article.VideoUrl && /^https:\/\//i.test(article.VideoUrl) ? (
        <p>
          <a href={article.VideoUrl} target="_blank" rel="noopener noreferrer">
            {t("HelpMode_WatchVideo")}
          </a>
        </p>
      ) : null}
    </article>
  );
}

/** Loads and shows one article; `code` null is a code that cannot exist. */
export function HelpArticleView({ tab, code }: { tab: string; code: string | null }) {
  const { i18n } = useTranslation();
  const language = helpLanguage(i18n.language);
  const article = useResource<HelpArticle>(
    code ? `help:${language}:${tab}:${code}` : null,
    async (signal) => {
      const body = await apiRequest<unknown>(helpArticlePath(tab, code as string, language), {
        base: "webservices",
        signal,
      });
      if (!isHelpArticle(body)) throw new Error("unexpected help article");
      return body;
    },
  );
  if (!code) return <ArticleNotFound tab={tab} />;
  if (article.status === "error") {
    if (helpFailure(article.error) === "notFound") return <ArticleNotFound tab={tab} />;
    return <ErrorState error={article.error} onRetry={article.reload} />;
  }
  if (!article.data) return <LoadingState />;
  return <ArticleBody article={article.data} />;
}
