/**
 * Help content in PostgreSQL (../sqlite/help-content.ts): published help_articles rows only; a code's
 * version in the asked language wins over its fallback-language version.
 */
import { articleFromRow } from "../sqlite/help-content.ts";
import type { HelpContentStoreFamily, PublishedHelpArticle } from "../types/help.ts";
import { row, rows, type UpstreamDatabase } from "./database.ts";

const COLUMNS = `h.type, h.code, h.title, h.summary, h.body, h.video_url, h.language_code, h.modified_at`;

// $1 the asked language, $2 the fallback: the asked language's published row, else the fallback's
// when the code has no published row in the asked language.
const PUBLISHED = `SELECT ${COLUMNS}, h.sort_order FROM help_articles h
  WHERE h.is_published AND (h.language_code = $1 OR (h.language_code = $2 AND NOT EXISTS (
    SELECT 1 FROM help_articles o
    WHERE o.code = h.code AND o.type = h.type AND o.language_code = $1 AND o.is_published)))`;

/** Published help articles in PostgreSQL. */
export class PostgresHelpContentStore implements HelpContentStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async publishedArticles(language: string, fallback: string): Promise<PublishedHelpArticle[]> {
    // lower() under "C" is SQLite's `COLLATE NOCASE` order (ASCII case folded, then bytes).
    const found = await rows<Record<string, unknown>>(
      this.db.pool,
      `${PUBLISHED} ORDER BY h.type, h.sort_order, lower(h.title COLLATE "C"), h.code`,
      [language, fallback],
    );
    return found.map(articleFromRow);
  }

  async publishedArticle(
    type: string,
    code: string,
    language: string,
    fallback: string,
  ): Promise<PublishedHelpArticle | undefined> {
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      `${PUBLISHED} AND h.type = $3 AND h.code = $4
        ORDER BY CASE WHEN h.language_code = $1 THEN 0 ELSE 1 END LIMIT 1`,
      [language, fallback, type, code],
    );
    return found ? articleFromRow(found) : undefined;
  }
}
