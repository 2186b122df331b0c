/**
 * Comments in SQLite (§3 Comment: title, date, text, optional image url, attachments, internal
 * flag). A comment and its attachments are written in one transaction; internal comments and their
 * attachments are returned only when the caller asks for them (staff), never to members.
 */
import { generateUid } from "../../identity/secrets.ts";
import { bool, type SqliteDatabase } from "../database.ts";
import type { AttachmentMeta, CommentRecord, CommentStoreFamily, NewComment } from "../types/comments.ts";

const SELECT = `SELECT c.*, u.full_name AS author_full_name, u.uid AS author_uid
  FROM comments c LEFT JOIN users u ON u.id = c.author_user_id`;

export class SqliteCommentStore implements CommentStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private attachmentsOf(accountId: number, commentId: number): AttachmentMeta[] {
    const rows = this.db
      .prepare(
        `SELECT uid, file_name, content_type, size FROM comment_attachments
         WHERE account_id = ? AND comment_id = ? ORDER BY id`,
      )
      .all(accountId, commentId) as { uid: string; file_name: string; content_type: string; size: number }[];
    return rows.map((row) => ({
      uid: row.uid,
      fileName: row.file_name,
      contentType: row.content_type,
      size: row.size,
    }));
  }

  private fromRow(row: Record<string, unknown>): CommentRecord {
    return {
      recId: row.id as number,
      objectId: row.object_id as number,
      authorUserId: (row.author_user_id as number | null) ?? null,
      authorFullName: (row.author_full_name as string | null) ?? null,
      authorUid: (row.author_uid as string | null) ?? null,
      title: row.title as string,
      text: row.text as string,
      imageUrl: (row.image_url as string | null) ?? null,
      isInternal: bool(row.is_internal),
      createdAt: row.created_at as number,
      attachments: this.attachmentsOf(row.account_id as number, row.id as number),
    };
  }

  async list(accountId: number, objectId: number, includeInternal: boolean) {
    const rows = this.db
      .prepare(
        `${SELECT} WHERE c.account_id = ? AND c.object_id = ? AND (? OR c.is_internal = 0) ORDER BY c.created_at, c.id`,
      )
      .all(accountId, objectId, includeInternal ? 1 : 0) as Record<string, unknown>[];
    return rows.map((row) => this.fromRow(row));
  }

  async add(accountId: number, objectId: number, comment: NewComment, now: number) {
    return this.db.transaction((): CommentRecord => {
      const { changes, lastInsertRowid } = this.db
        .prepare(
          `INSERT INTO comments (account_id, object_id, author_user_id, title, text, image_url, is_internal, created_at)
           SELECT account_id, id, ?, ?, ?, ?, ?, ? FROM objects WHERE account_id = ? AND id = ?`,
        )
        .run(
          comment.authorUserId,
          comment.title,
          comment.text,
          comment.imageUrl,
          comment.isInternal ? 1 : 0,
          now,
          accountId,
          objectId,
        );
      if (changes !== 1) throw new Error("comment on an object outside the account");
      const commentId = Number(lastInsertRowid);
      const attach = this.db.prepare(
        `INSERT INTO comment_attachments (uid, account_id, comment_id, file_name, content_type, size, data)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const file of comment.attachments) {
        attach.run(
          generateUid(),
          accountId,
          commentId,
          file.fileName,
          file.contentType,
          file.data.length,
          file.data,
        );
      }
      this.db
        .prepare("UPDATE objects SET modified_at = ? WHERE account_id = ? AND id = ?")
        .run(now, accountId, objectId);
      const row = this.db
        .prepare(`${SELECT} WHERE c.account_id = ? AND c.id = ?`)
        .get(accountId, commentId) as Record<string, unknown>;
      return this.fromRow(row);
    })();
  }

  async attachment(accountId: number, objectId: number, uid: string, includeInternal: boolean) {
    const row = this.db
      .prepare(
        `SELECT a.uid, a.file_name, a.content_type, a.size, a.data FROM comment_attachments a
         JOIN comments c ON c.id = a.comment_id AND c.account_id = a.account_id
         WHERE a.account_id = ? AND c.object_id = ? AND a.uid = ? AND (? OR c.is_internal = 0)`,
      )
      .get(accountId, objectId, uid, includeInternal ? 1 : 0) as
      | { uid: string; file_name: string; content_type: string; size: number; data: Buffer }
      | undefined;
    if (!row) return undefined;
    return {
      meta: { uid: row.uid, fileName: row.file_name, contentType: row.content_type, size: row.size },
      data: row.data,
    };
  }
}
