/**
 * Help mode's read side of the help-center articles (migration 8's help_articles, edited by staff at
 * /admin/helpcenter): published articles only, for anonymous readers. Articles are not account
 * records (the help center is the product's own), so no method takes an account id.
 */

/** A published article as help mode may show it: no ids, no staff fields, no drafts. */
export interface PublishedHelpArticle {
  /** The help-center article type (Faq, Tutorial, ReleaseNote, Article). */
  type: string;
  code: string;
  title: string;
  summary: string | null;
  body: string;
  videoUrl: string | null;
  languageCode: string;
  /** Last change, epoch ms. */
  modifiedAt: number;
}

export interface HelpContentStoreFamily {
  /**
   * Every published article in `language`, plus the published `fallback`-language version of each
   * code that has none in `language`, ordered by type, sort order and title.
   */
  publishedArticles(language: string, fallback: string): Promise<PublishedHelpArticle[]>;
  /** One published article of `type` by code, in `language` or else in `fallback`; undefined when none. */
  publishedArticle(
    type: string,
    code: string,
    language: string,
    fallback: string,
  ): Promise<PublishedHelpArticle | undefined>;
}
