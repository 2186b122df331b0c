/**
 * SQLite implementation of the chat's staff side (§4.4): the queue of sessions of every account,
 * taking a session (with its InternalUserStartTalking message), staff messages and attachments,
 * archiving (with its SessionArchived message), and edits and deletions of one's own messages. Each
 * is one transaction; the writes take the write lock first (immediate), so two staff members acting
 * at once each see the other's change.
 */
import type { SqliteDatabase } from "../database.ts";
import type { ChatMessageRecord, ChatMessageType, SupportSessionRecord } from "../records-content.ts";
import type { NewFileInput } from "../types/objects-files.ts";
import type {
  ChatStaffStoreFamily,
  MessageChange,
  StaffMessageInput,
  StaffMessageOutcome,
  StaffSessionChange,
  StaffSessionSummary,
} from "../types/realtime.ts";
import { messageFromRow, SELECT_MESSAGE, sessionFromRow } from "./chat-rows.ts";
import { insertFile } from "./content.ts";

type Row = Record<string, unknown>;

/** Maps a row of SUMMARY to the queue's summary (shared with ../postgres/realtime-chat.ts). */
export function summaryFromRow(row: Row): StaffSessionSummary {
  return {
    ...sessionFromRow(row),
    accountName: row.account_name as string,
    userFullName: row.user_full_name as string,
    staffFullName: (row.staff_full_name as string | null) ?? null,
    messageCount: row.message_count as number,
    lastMessageAt: (row.last_message_at as number | null) ?? null,
    firstMessage: (row.first_message as string | null) ?? null,
  };
}

const SUMMARY = `SELECT s.*, a.name AS account_name, u.full_name AS user_full_name, st.full_name AS staff_full_name,
    (SELECT COUNT(*) FROM chat_messages m WHERE m.account_id = s.account_id AND m.session_id = s.id) AS message_count,
    (SELECT MAX(m.created_at) FROM chat_messages m WHERE m.account_id = s.account_id AND m.session_id = s.id)
      AS last_message_at,
    (SELECT CASE WHEN m.type = 'File' THEN m.file_name ELSE m.text END FROM chat_messages m
      WHERE m.account_id = s.account_id AND m.session_id = s.id AND m.author_user_id = s.user_id AND m.is_internal = 0
        AND m.type IN ('Message', 'MessageEdited', 'File') ORDER BY m.id LIMIT 1) AS first_message
  FROM support_sessions s JOIN accounts a ON a.id = s.account_id JOIN users u ON u.id = s.user_id
  LEFT JOIN users st ON st.id = s.staff_user_id`;
/** Message types an author may edit; deletable are these and File. */
const EDITABLE: readonly ChatMessageType[] = ["Message", "MessageEdited"];

/** The chat's staff side in SQLite. */
export class SqliteChatStaffStore implements ChatStaffStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  private session(accountId: number, sessionId: number): SupportSessionRecord | undefined {
    const row = this.db
      .prepare("SELECT * FROM support_sessions WHERE account_id = ? AND id = ?")
      .get(accountId, sessionId) as Row | undefined;
    return row ? sessionFromRow(row) : undefined;
  }

  private message(accountId: number, sessionId: number, authorUserId: number, uid: string) {
    const row = this.db
      .prepare(
        `${SELECT_MESSAGE} WHERE m.account_id = ? AND m.session_id = ? AND m.author_user_id = ? AND m.uid = ?`,
      )
      .get(accountId, sessionId, authorUserId, uid) as Row | undefined;
    return row ? messageFromRow(row) : undefined;
  }

  private insertMessage(
    session: SupportSessionRecord,
    staffUserId: number,
    message: { uid: string; type: ChatMessageType; text: string; fileName?: string },
    now: number,
    attachment?: NewFileInput,
  ): ChatMessageRecord {
    // The attachment belongs to the member's account, beside the member's own (§4.4).
    const file = attachment ? insertFile(this.db, session.accountId, attachment, now) : undefined;
    this.db
      .prepare(
        `INSERT INTO chat_messages (uid, account_id, session_id, author_user_id, is_internal, type, text, file_uid,
           file_name, created_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
      )
      .run(
        message.uid,
        session.accountId,
        session.recId,
        staffUserId,
        message.type,
        message.text,
        file?.uid ?? null,
        file ? (message.fileName ?? file.name) : null,
        now,
      );
    return this.message(session.accountId, session.recId, staffUserId, message.uid) as ChatMessageRecord;
  }

  async listSessionsForAdmin(query: {
    status: SupportSessionRecord["status"];
    limit: number;
    offset: number;
  }) {
    // The queue is served oldest first; the archive newest first.
    const order = query.status === "Archived" ? "DESC" : "ASC";
    const rows = this.db
      .prepare(`${SUMMARY} WHERE s.status = ? ORDER BY s.started_at ${order}, s.id ${order} LIMIT ? OFFSET ?`)
      .all(query.status, query.limit, query.offset) as Row[];
    const { total } = this.db
      .prepare("SELECT COUNT(*) AS total FROM support_sessions WHERE status = ?")
      .get(query.status) as { total: number };
    return { items: rows.map(summaryFromRow), total };
  }

  async getSessionForAdmin(recId: number) {
    const row = this.db.prepare(`${SUMMARY} WHERE s.id = ?`).get(recId) as Row | undefined;
    return row ? summaryFromRow(row) : undefined;
  }

  async take(
    accountId: number,
    sessionId: number,
    staff: { userId: number; messageUid: string },
    now: number,
  ) {
    const take = (): StaffSessionChange => {
      // Conditional: only a session nobody took changes hands, whoever else tries at the same time.
      const taken = this.db
        .prepare(
          `UPDATE support_sessions SET staff_user_id = ?, status = 'Active'
           WHERE account_id = ? AND id = ? AND staff_user_id IS NULL AND status <> 'Archived'`,
        )
        .run(staff.userId, accountId, sessionId);
      const session = this.session(accountId, sessionId);
      if (!session) return "notFound";
      if (taken.changes === 0) {
        if (session.status === "Archived") return "archived";
        return session.staffUserId === staff.userId ? { session, message: null } : "takenByOther";
      }
      const message = this.insertMessage(
        session,
        staff.userId,
        { uid: staff.messageUid, type: "InternalUserStartTalking", text: "" },
        now,
      );
      return { session, message };
    };
    return this.db.transaction(take).immediate();
  }

  async staffMessage(
    accountId: number,
    sessionId: number,
    staffUserId: number,
    message: StaffMessageInput,
    now: number,
    attachment?: NewFileInput,
  ) {
    const post = (): StaffMessageOutcome => {
      const session = this.session(accountId, sessionId);
      if (!session) return "notFound";
      // A resend of a stored message answers with it, whatever happened to the session since.
      const existing = this.db
        .prepare(`${SELECT_MESSAGE} WHERE m.account_id = ? AND m.author_user_id = ? AND m.uid = ?`)
        .get(accountId, staffUserId, message.uid) as Row | undefined;
      if (existing && existing.session_id !== sessionId) return "uidTaken";
      if (existing) return { session, message: messageFromRow(existing), created: false };
      if (session.status === "Archived") return "archived";
      if (session.staffUserId !== null && session.staffUserId !== staffUserId) return "takenByOther";
      if (message.type !== "StaffBusy" && session.staffUserId === null) return "notTaken";
      return {
        session,
        message: this.insertMessage(session, staffUserId, message, now, attachment),
        created: true,
      };
    };
    return this.db.transaction(post).immediate();
  }

  async archive(accountId: number, sessionId: number, staffUserId: number, messageUid: string, now: number) {
    const archive = (): StaffSessionChange => {
      const session = this.session(accountId, sessionId);
      if (!session) return "notFound";
      if (session.status === "Archived") return "archived";
      this.db
        .prepare(
          `UPDATE support_sessions SET status = 'Archived', archived_at = ?, staff_user_id = COALESCE(staff_user_id, ?)
           WHERE account_id = ? AND id = ?`,
        )
        .run(now, staffUserId, accountId, sessionId);
      const message = this.insertMessage(
        session,
        staffUserId,
        { uid: messageUid, type: "SessionArchived", text: "" },
        now,
      );
      return { session: this.session(accountId, sessionId) as SupportSessionRecord, message };
    };
    return this.db.transaction(archive).immediate();
  }

  async editMessage(
    accountId: number,
    sessionId: number,
    authorUserId: number,
    uid: string,
    text: string,
    now: number,
  ) {
    return this.db.transaction((): MessageChange => {
      const session = this.session(accountId, sessionId);
      const message = session && this.message(accountId, sessionId, authorUserId, uid);
      if (!session || !message) return "notFound";
      if (session.status === "Archived") return "sessionArchived";
      if (!EDITABLE.includes(message.type)) return "notEditable";
      if (message.text === text) return { message, changed: false };
      this.db
        .prepare(
          "UPDATE chat_messages SET text = ?, type = 'MessageEdited', edited_at = ? WHERE account_id = ? AND id = ?",
        )
        .run(text, now, accountId, message.recId);
      return {
        message: this.message(accountId, sessionId, authorUserId, uid) as ChatMessageRecord,
        changed: true,
      };
    })();
  }

  async deleteMessage(accountId: number, sessionId: number, authorUserId: number, uid: string, now: number) {
    return this.db.transaction((): MessageChange => {
      const session = this.session(accountId, sessionId);
      const message = session && this.message(accountId, sessionId, authorUserId, uid);
      if (!session || !message) return "notFound";
      if (message.type === "MessageDeleted") return { message, changed: false };
      if (session.status === "Archived") return "sessionArchived";
      if (!EDITABLE.includes(message.type) && message.type !== "File") return "notEditable";
      if (message.fileUid !== null) {
        this.db
          .prepare("DELETE FROM files WHERE account_id = ? AND uid = ? AND item_type = 'ChatAttachment'")
          .run(accountId, message.fileUid);
      }
      this.db
        .prepare(
          `UPDATE chat_messages SET text = '', type = 'MessageDeleted', file_uid = NULL, file_name = NULL, deleted_at = ?
           WHERE account_id = ? AND id = ?`,
        )
        .run(now, accountId, message.recId);
      return {
        message: this.message(accountId, sessionId, authorUserId, uid) as ChatMessageRecord,
        changed: true,
      };
    })();
  }
}
