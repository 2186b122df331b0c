/** SQLite implementation of support sessions and chat messages. */
import { isUniqueViolation, type SqliteDatabase } from "../database.ts";
import type { ChatStoreFamily, MemberMessageOutcome, NewChatMessage } from "../types/chat.ts";
import type { NewFileInput } from "../types/objects-files.ts";
import { messageFromRow, SELECT_MESSAGE, sessionFromRow } from "./chat-rows.ts";
import { insertFile } from "./content.ts";

/** Support sessions and chat messages in SQLite. */
export class SqliteChatStore implements ChatStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private openRow(accountId: number, userId: number) {
    return this.db
      .prepare("SELECT * FROM support_sessions WHERE account_id = ? AND user_id = ? AND status <> 'Archived'")
      .get(accountId, userId) as Record<string, unknown> | undefined;
  }

  async openSession(accountId: number, userId: number) {
    const row = this.openRow(accountId, userId);
    return row ? sessionFromRow(row) : undefined;
  }

  async ensureOpenSession(accountId: number, userId: number, page: string, now: number) {
    return this.db.transaction(() => {
      const existing = this.openRow(accountId, userId);
      if (existing) return sessionFromRow(existing);
      const row = this.db
        .prepare(
          "INSERT INTO support_sessions (account_id, user_id, status, page, started_at) VALUES (?, ?, 'Waiting', ?, ?) RETURNING *",
        )
        .get(accountId, userId, page, now) as Record<string, unknown>;
      return sessionFromRow(row);
    })();
  }

  private sessionRow(accountId: number, recId: number) {
    return this.db
      .prepare("SELECT * FROM support_sessions WHERE account_id = ? AND id = ?")
      .get(accountId, recId) as Record<string, unknown> | undefined;
  }

  async getSession(accountId: number, recId: number) {
    const row = this.sessionRow(accountId, recId);
    return row ? sessionFromRow(row) : undefined;
  }

  private findMessage(accountId: number, authorUserId: number | null, uid: string) {
    return this.db
      .prepare(`${SELECT_MESSAGE} WHERE m.account_id = ? AND m.author_user_id IS ? AND m.uid = ?`)
      .get(accountId, authorUserId, uid) as Record<string, unknown> | undefined;
  }

  /** Inserts the message (and its attachment); inside a transaction. */
  private insertMessage(
    accountId: number,
    sessionId: number,
    message: NewChatMessage,
    now: number,
    attachment?: NewFileInput,
  ) {
    const file = attachment ? insertFile(this.db, accountId, attachment, now) : undefined;
    this.db
      .prepare(
        `INSERT INTO chat_messages (uid, account_id, session_id, author_user_id, is_internal, type, text, file_uid,
           file_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        message.uid,
        accountId,
        sessionId,
        message.authorUserId,
        message.isInternal ? 1 : 0,
        message.type,
        message.text,
        file?.uid ?? message.fileUid ?? null,
        message.fileName ?? null,
        now,
      );
    return messageFromRow(
      this.findMessage(accountId, message.authorUserId, message.uid) as Record<string, unknown>,
    );
  }

  async addMessage(
    accountId: number,
    sessionId: number,
    message: NewChatMessage,
    now: number,
    attachment?: NewFileInput,
  ) {
    try {
      return this.db.transaction(() => {
        const existing = this.findMessage(accountId, message.authorUserId, message.uid);
        if (existing) return { message: messageFromRow(existing), created: false };
        return { message: this.insertMessage(accountId, sessionId, message, now, attachment), created: true };
      })();
    } catch (error) {
      // A second process on the same database may have stored the same UID in between.
      if (!isUniqueViolation(error)) throw error;
      const stored = this.findMessage(accountId, message.authorUserId, message.uid);
      if (!stored) throw error;
      return { message: messageFromRow(stored), created: false };
    }
  }

  async postMemberMessage(
    accountId: number,
    userId: number,
    page: string,
    message: Omit<NewChatMessage, "authorUserId" | "isInternal">,
    now: number,
    attachment?: NewFileInput,
  ): Promise<MemberMessageOutcome> {
    const resent = (stored: Record<string, unknown>): MemberMessageOutcome => {
      const record = messageFromRow(stored);
      const session = this.sessionRow(accountId, record.sessionId) as Record<string, unknown>;
      return { session: sessionFromRow(session), message: record, created: false };
    };
    const post = () => {
      const existing = this.findMessage(accountId, userId, message.uid);
      if (existing) return resent(existing);
      let session = this.openRow(accountId, userId);
      if (!session) {
        session = this.db
          .prepare(
            "INSERT INTO support_sessions (account_id, user_id, status, page, started_at) VALUES (?, ?, 'Waiting', ?, ?) RETURNING *",
          )
          .get(accountId, userId, page, now) as Record<string, unknown>;
      } else if (page.trim() !== "") {
        this.db
          .prepare("UPDATE support_sessions SET page = ? WHERE account_id = ? AND id = ?")
          .run(page, accountId, session.id);
      }
      const sessionId = session.id as number;
      const stored = this.insertMessage(
        accountId,
        sessionId,
        { ...message, authorUserId: userId, isInternal: false },
        now,
        attachment,
      );
      const after = sessionFromRow(this.sessionRow(accountId, sessionId) as Record<string, unknown>);
      return { session: after, message: stored, created: true };
    };
    try {
      // Immediate: the open-session check and the insert hold the write lock together.
      return this.db.transaction(post).immediate();
    } catch (error) {
      // A second process stored the same UID, or started the member's open session, in between.
      if (!isUniqueViolation(error)) throw error;
      return this.db.transaction(post).immediate();
    }
  }

  async listSessions(accountId: number, userId: number) {
    const rows = this.db
      .prepare(
        "SELECT * FROM support_sessions WHERE account_id = ? AND user_id = ? ORDER BY started_at DESC, id DESC",
      )
      .all(accountId, userId) as Record<string, unknown>[];
    return rows.map(sessionFromRow);
  }

  async sessionOfFile(accountId: number, fileUid: string) {
    const row = this.db
      .prepare(
        `SELECT s.* FROM support_sessions s JOIN chat_messages m ON m.session_id = s.id AND m.account_id = s.account_id
         WHERE s.account_id = ? AND m.file_uid = ? LIMIT 1`,
      )
      .get(accountId, fileUid);
    return row ? sessionFromRow(row as Record<string, unknown>) : undefined;
  }

  async messages(accountId: number, sessionId: number) {
    const rows = this.db
      .prepare(`${SELECT_MESSAGE} WHERE m.account_id = ? AND m.session_id = ? ORDER BY m.id`)
      .all(accountId, sessionId) as Record<string, unknown>[];
    return rows.map(messageFromRow);
  }

  async assignStaff(accountId: number, sessionId: number, staffUserId: number) {
    this.db
      .prepare(
        "UPDATE support_sessions SET staff_user_id = ?, status = 'Active' WHERE account_id = ? AND id = ? AND status <> 'Archived'",
      )
      .run(staffUserId, accountId, sessionId);
  }

  async archive(accountId: number, sessionId: number, now: number) {
    return (
      this.db
        .prepare(
          "UPDATE support_sessions SET status = 'Archived', archived_at = ? WHERE account_id = ? AND id = ? AND status <> 'Archived'",
        )
        .run(now, accountId, sessionId).changes === 1
    );
  }

  async saveRating(
    accountId: number,
    userId: number,
    recId: number,
    rating: { rating: number; feedback: string },
    now: number,
  ) {
    return this.db.transaction((): "saved" | "notFound" | "notArchived" | "alreadyRated" => {
      const row = this.db
        .prepare(
          "SELECT status, rated_at FROM support_sessions WHERE account_id = ? AND user_id = ? AND id = ?",
        )
        .get(accountId, userId, recId) as { status: string; rated_at: number | null } | undefined;
      if (!row) return "notFound";
      if (row.status !== "Archived") return "notArchived";
      if (row.rated_at !== null) return "alreadyRated";
      this.db
        .prepare(
          "UPDATE support_sessions SET rating = ?, feedback = ?, rated_at = ? WHERE account_id = ? AND id = ?",
        )
        .run(rating.rating, rating.feedback, now, accountId, recId);
      return "saved";
    })();
  }
}
