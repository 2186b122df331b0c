/**
 * Help content in SQLite: reads help_articles (migration 8) for help mode. Only published rows are
 * ever selected; a code's version in the asked language wins over its fallback-language version.
 */
import type { SqliteDatabase } from "../database.ts";
import type { HelpContentStoreFamily, PublishedHelpArticle } from "../types/help.ts";

const COLUMNS = `h.type, h.code, h.title, h.summary, h.body, h.video_url, h.language_code, h.modified_at`;

// The asked language's published row, else the fallback language's when the code has no published
// row in the asked language.
const PUBLISHED = `SELECT ${COLUMNS}, h.sort_order FROM help_articles h
  WHERE h.is_published = 1 AND (h.language_code = @language OR (h.language_code = @fallback AND NOT EXISTS (
    SELECT 1 FROM help_articles o
    WHERE o.code = h.code AND o.type = h.type AND o.language_code = @language AND o.is_published = 1)))`;

/** Maps a `help_articles` row to what help mode shows (shared with ../postgres/help-content.ts). */
export function articleFromRow(row: Record<string, unknown>): PublishedHelpArticle {
  return {
    type: row.type as string,
    code: row.code as string,
    title: row.title as string,
    summary: (row.summary as string | null) ?? null,
    body: row.body as string,
    videoUrl: (row.video_url as string | null) ?? null,
    languageCode: row.language_code as string,
    modifiedAt: row.modified_at as number,
  };
}

/** Published help articles in SQLite. */
export class SqliteHelpContentStore implements HelpContentStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async publishedArticles(language: string, fallback: string): Promise<PublishedHelpArticle[]> {
    const rows = this.db
      .prepare(`${PUBLISHED} ORDER BY h.type, h.sort_order, h.title COLLATE NOCASE, h.code`)
      .all({ language, fallback }) as Record<string, unknown>[];
    return rows.map(articleFromRow);
  }

  async publishedArticle(
    type: string,
    code: string,
    language: string,
    fallback: string,
  ): Promise<PublishedHelpArticle | undefined> {
    const row = this.db
      .prepare(`${PUBLISHED} AND h.type = @type AND h.code = @code
        ORDER BY CASE WHEN h.language_code = @language THEN 0 ELSE 1 END LIMIT 1`)
      .get({ language, fallback, type, code }) as Record<string, unknown> | undefined;
    return row ? articleFromRow(row) : undefined;
  }
}
