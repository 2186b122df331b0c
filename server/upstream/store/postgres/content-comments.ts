/**
 * Comments in PostgreSQL (../sqlite/content-comments.ts, §3 Comment): a comment and its attachments
 * are written in one transaction; internal comments and their attachments are returned only when
 * the caller asks for them (staff), never to members.
 */
import { generateUid } from "../../identity/secrets.ts";
import type { AttachmentMeta, CommentRecord, CommentStoreFamily, NewComment } from "../types/comments.ts";
import { type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";

const SELECT = `SELECT c.*, u.full_name AS author_full_name, u.uid AS author_uid
  FROM comments c LEFT JOIN users u ON u.id = c.author_user_id`;

/** The comments of `found` (rows of SELECT) with their attachments, read in one statement. */
async function withAttachments(
  on: Queryable,
  accountId: number,
  found: Record<string, unknown>[],
): Promise<CommentRecord[]> {
  const attachments = await rows<{
    comment_id: number;
    uid: string;
    file_name: string;
    content_type: string;
    size: number;
  }>(
    on,
    `SELECT comment_id, uid, file_name, content_type, size FROM comment_attachments
     WHERE account_id = $1 AND comment_id = ANY($2::bigint[]) ORDER BY id`,
    [accountId, found.map((entry) => entry.id as number)],
  );
  const byComment = new Map<number, AttachmentMeta[]>();
  for (const file of attachments) {
    const list = byComment.get(file.comment_id) ?? [];
    list.push({ uid: file.uid, fileName: file.file_name, contentType: file.content_type, size: file.size });
    byComment.set(file.comment_id, list);
  }
  return found.map((entry) => ({
    recId: entry.id as number,
    objectId: entry.object_id as number,
    authorUserId: (entry.author_user_id as number | null) ?? null,
    authorFullName: (entry.author_full_name as string | null) ?? null,
    authorUid: (entry.author_uid as string | null) ?? null,
    title: entry.title as string,
    text: entry.text as string,
    imageUrl: (entry.image_url as string | null) ?? null,
    isInternal: entry.is_internal as boolean,
    createdAt: entry.created_at as number,
    attachments: byComment.get(entry.id as number) ?? [],
  }));
}

export class PostgresCommentStore implements CommentStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async list(accountId: number, objectId: number, includeInternal: boolean) {
    const found = await rows<Record<string, unknown>>(
      this.db.pool,
      `${SELECT} WHERE c.account_id = $1 AND c.object_id = $2 AND ($3::boolean OR NOT c.is_internal)
       ORDER BY c.created_at, c.id`,
      [accountId, objectId, includeInternal],
    );
    return withAttachments(this.db.pool, accountId, found);
  }

  async add(accountId: number, objectId: number, comment: NewComment, now: number) {
    return this.db.transaction(async (tx): Promise<CommentRecord> => {
      const inserted = await row<{ id: number }>(
        tx,
        `INSERT INTO comments (account_id, object_id, author_user_id, title, text, image_url, is_internal, created_at)
         SELECT account_id, id, $1, $2, $3, $4, $5, $6 FROM objects WHERE account_id = $7 AND id = $8 RETURNING id`,
        [
          comment.authorUserId,
          comment.title,
          comment.text,
          comment.imageUrl,
          comment.isInternal,
          now,
          accountId,
          objectId,
        ],
      );
      if (!inserted) throw new Error("comment on an object outside the account");
      for (const file of comment.attachments) {
        await run(
          tx,
          `INSERT INTO comment_attachments (uid, account_id, comment_id, file_name, content_type, size, data)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            generateUid(),
            accountId,
            inserted.id,
            file.fileName,
            file.contentType,
            file.data.length,
            file.data,
          ],
        );
      }
      await run(tx, "UPDATE objects SET modified_at = $1 WHERE account_id = $2 AND id = $3", [
        now,
        accountId,
        objectId,
      ]);
      const found = await rows<Record<string, unknown>>(
        tx,
        `${SELECT} WHERE c.account_id = $1 AND c.id = $2`,
        [accountId, inserted.id],
      );
      return (await withAttachments(tx, accountId, found))[0] as CommentRecord;
    });
  }

  async attachment(accountId: number, objectId: number, uid: string, includeInternal: boolean) {
    const found = await row<{
      uid: string;
      file_name: string;
      content_type: string;
      size: number;
      data: Buffer;
    }>(
      this.db.pool,
      `SELECT a.uid, a.file_name, a.content_type, a.size, a.data FROM comment_attachments a
       JOIN comments c ON c.id = a.comment_id AND c.account_id = a.account_id
       WHERE a.account_id = $1 AND c.object_id = $2 AND a.uid = $3 AND ($4::boolean OR NOT c.is_internal)`,
      [accountId, objectId, uid, includeInternal],
    );
    if (!found) return undefined;
    return {
      meta: { uid: found.uid, fileName: found.file_name, contentType: found.content_type, size: found.size },
      data: found.data,
    };
  }
}
