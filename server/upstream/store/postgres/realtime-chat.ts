/**
 * PostgreSQL implementation of the chat's staff side (../sqlite/realtime-chat.ts, §4.4): the queue of
 * sessions of every account, taking a session (with its InternalUserStartTalking message), staff
 * messages and attachments, archiving (with its SessionArchived message), and edits and deletions of
 * one's own messages. Each is one SERIALIZABLE transaction, so two staff members acting at once each
 * see the other's change, as under SQLite's immediate transactions.
 */
import type { ChatMessageRecord, ChatMessageType, SupportSessionRecord } from "../records-content.ts";
import { summaryFromRow } from "../sqlite/realtime-chat.ts";
import type { NewFileInput } from "../types/objects-files.ts";
import type {
  ChatStaffStoreFamily,
  MessageChange,
  StaffMessageInput,
  StaffMessageOutcome,
  StaffSessionChange,
} from "../types/realtime.ts";
import { messageFromRow, SELECT_MESSAGE, sessionFromRow } from "./chat-rows.ts";
import { insertFile } from "./content.ts";
import { type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";

type Row = Record<string, unknown>;

const SUMMARY = `SELECT s.*, a.name AS account_name, u.full_name AS user_full_name, st.full_name AS staff_full_name,
    (SELECT COUNT(*) FROM chat_messages m WHERE m.account_id = s.account_id AND m.session_id = s.id) AS message_count,
    (SELECT MAX(m.created_at) FROM chat_messages m WHERE m.account_id = s.account_id AND m.session_id = s.id)
      AS last_message_at,
    (SELECT CASE WHEN m.type = 'File' THEN m.file_name ELSE m.text END FROM chat_messages m
      WHERE m.account_id = s.account_id AND m.session_id = s.id AND m.author_user_id = s.user_id AND NOT m.is_internal
        AND m.type IN ('Message', 'MessageEdited', 'File') ORDER BY m.id LIMIT 1) AS first_message
  FROM support_sessions s JOIN accounts a ON a.id = s.account_id JOIN users u ON u.id = s.user_id
  LEFT JOIN users st ON st.id = s.staff_user_id`;
/** Message types an author may edit; deletable are these and File. */
const EDITABLE: readonly ChatMessageType[] = ["Message", "MessageEdited"];

async function sessionOf(on: Queryable, accountId: number, sessionId: number) {
  const found = await row<Row>(on, "SELECT * FROM support_sessions WHERE account_id = $1 AND id = $2", [
    accountId,
    sessionId,
  ]);
  return found ? sessionFromRow(found) : undefined;
}

async function messageOf(
  on: Queryable,
  accountId: number,
  sessionId: number,
  authorUserId: number,
  uid: string,
) {
  const found = await row<Row>(
    on,
    `${SELECT_MESSAGE} WHERE m.account_id = $1 AND m.session_id = $2 AND m.author_user_id = $3 AND m.uid = $4`,
    [accountId, sessionId, authorUserId, uid],
  );
  return found ? messageFromRow(found) : undefined;
}

async function insertStaffMessage(
  on: Queryable,
  session: SupportSessionRecord,
  staffUserId: number,
  message: { uid: string; type: ChatMessageType; text: string; fileName?: string },
  now: number,
  attachment?: NewFileInput,
): Promise<ChatMessageRecord> {
  // The attachment belongs to the member's account, beside the member's own (§4.4).
  const file = attachment ? await insertFile(on, session.accountId, attachment, now) : undefined;
  await run(
    on,
    `INSERT INTO chat_messages (uid, account_id, session_id, author_user_id, is_internal, type, text, file_uid,
       file_name, created_at) VALUES ($1, $2, $3, $4, TRUE, $5, $6, $7, $8, $9)`,
    [
      message.uid,
      session.accountId,
      session.recId,
      staffUserId,
      message.type,
      message.text,
      file?.uid ?? null,
      file ? (message.fileName ?? file.name) : null,
      now,
    ],
  );
  return (await messageOf(
    on,
    session.accountId,
    session.recId,
    staffUserId,
    message.uid,
  )) as ChatMessageRecord;
}

/** The chat's staff side in PostgreSQL. */
export class PostgresChatStaffStore implements ChatStaffStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async listSessionsForAdmin(query: {
    status: SupportSessionRecord["status"];
    limit: number;
    offset: number;
  }) {
    // The queue is served oldest first; the archive newest first.
    const order = query.status === "Archived" ? "DESC" : "ASC";
    const found = await rows<Row>(
      this.db.pool,
      `${SUMMARY} WHERE s.status = $1 ORDER BY s.started_at ${order}, s.id ${order} LIMIT $2 OFFSET $3`,
      [query.status, query.limit, query.offset],
    );
    const count = await row<{ total: number }>(
      this.db.pool,
      "SELECT COUNT(*) AS total FROM support_sessions WHERE status = $1",
      [query.status],
    );
    return { items: found.map(summaryFromRow), total: count?.total ?? 0 };
  }

  async getSessionForAdmin(recId: number) {
    const found = await row<Row>(this.db.pool, `${SUMMARY} WHERE s.id = $1`, [recId]);
    return found ? summaryFromRow(found) : undefined;
  }

  async take(
    accountId: number,
    sessionId: number,
    staff: { userId: number; messageUid: string },
    now: number,
  ) {
    return this.db.transaction(async (tx): Promise<StaffSessionChange> => {
      // Conditional: only a session nobody took changes hands, whoever else tries at the same time.
      const taken = await run(
        tx,
        `UPDATE support_sessions SET staff_user_id = $1, status = 'Active'
         WHERE account_id = $2 AND id = $3 AND staff_user_id IS NULL AND status <> 'Archived'`,
        [staff.userId, accountId, sessionId],
      );
      const session = await sessionOf(tx, accountId, sessionId);
      if (!session) return "notFound";
      if (taken === 0) {
        if (session.status === "Archived") return "archived";
        return session.staffUserId === staff.userId ? { session, message: null } : "takenByOther";
      }
      const message = await insertStaffMessage(
        tx,
        session,
        staff.userId,
        { uid: staff.messageUid, type: "InternalUserStartTalking", text: "" },
        now,
      );
      return { session, message };
    });
  }

  async staffMessage(
    accountId: number,
    sessionId: number,
    staffUserId: number,
    message: StaffMessageInput,
    now: number,
    attachment?: NewFileInput,
  ) {
    return this.db.transaction(async (tx): Promise<StaffMessageOutcome> => {
      const session = await sessionOf(tx, accountId, sessionId);
      if (!session) return "notFound";
      // A resend of a stored message answers with it, whatever happened to the session since.
      const existing = await row<Row>(
        tx,
        `${SELECT_MESSAGE} WHERE m.account_id = $1 AND m.author_user_id = $2 AND m.uid = $3`,
        [accountId, staffUserId, message.uid],
      );
      if (existing && existing.session_id !== sessionId) return "uidTaken";
      if (existing) return { session, message: messageFromRow(existing), created: false };
      if (session.status === "Archived") return "archived";
      if (session.staffUserId !== null && session.staffUserId !== staffUserId) return "takenByOther";
      if (message.type !== "StaffBusy" && session.staffUserId === null) return "notTaken";
      return {
        session,
        message: await insertStaffMessage(tx, session, staffUserId, message, now, attachment),
        created: true,
      };
    });
  }

  async archive(accountId: number, sessionId: number, staffUserId: number, messageUid: string, now: number) {
    return this.db.transaction(async (tx): Promise<StaffSessionChange> => {
      const session = await sessionOf(tx, accountId, sessionId);
      if (!session) return "notFound";
      if (session.status === "Archived") return "archived";
      await run(
        tx,
        `UPDATE support_sessions SET status = 'Archived', archived_at = $1, staff_user_id = COALESCE(staff_user_id, $2)
         WHERE account_id = $3 AND id = $4`,
        [now, staffUserId, accountId, sessionId],
      );
      const message = await insertStaffMessage(
        tx,
        session,
        staffUserId,
        { uid: messageUid, type: "SessionArchived", text: "" },
        now,
      );
      return { session: (await sessionOf(tx, accountId, sessionId)) as SupportSessionRecord, message };
    });
  }

  async editMessage(
    accountId: number,
    sessionId: number,
    authorUserId: number,
    uid: string,
    text: string,
    now: number,
  ) {
    return this.db.transaction(async (tx): Promise<MessageChange> => {
      const session = await sessionOf(tx, accountId, sessionId);
      const message = session && (await messageOf(tx, accountId, sessionId, authorUserId, uid));
      if (!session || !message) return "notFound";
      if (session.status === "Archived") return "sessionArchived";
      if (!EDITABLE.includes(message.type)) return "notEditable";
      if (message.text === text) return { message, changed: false };
      await run(
        tx,
        "UPDATE chat_messages SET text = $1, type = 'MessageEdited', edited_at = $2 WHERE account_id = $3 AND id = $4",
        [text, now, accountId, message.recId],
      );
      return {
        message: (await messageOf(tx, accountId, sessionId, authorUserId, uid)) as ChatMessageRecord,
        changed: true,
      };
    });
  }

  async deleteMessage(accountId: number, sessionId: number, authorUserId: number, uid: string, now: number) {
    return this.db.transaction(async (tx): Promise<MessageChange> => {
      const session = await sessionOf(tx, accountId, sessionId);
      const message = session && (await messageOf(tx, accountId, sessionId, authorUserId, uid));
      if (!session || !message) return "notFound";
      if (message.type === "MessageDeleted") return { message, changed: false };
      if (session.status === "Archived") return "sessionArchived";
      if (!EDITABLE.includes(message.type) && message.type !== "File") return "notEditable";
      if (message.fileUid !== null) {
        await run(
          tx,
          "DELETE FROM files WHERE account_id = $1 AND uid = $2 AND item_type = 'ChatAttachment'",
          [accountId, message.fileUid],
        );
      }
      await run(
        tx,
        `UPDATE chat_messages SET text = '', type = 'MessageDeleted', file_uid = NULL, file_name = NULL, deleted_at = $1
         WHERE account_id = $2 AND id = $3`,
        [now, accountId, message.recId],
      );
      return {
        message: (await messageOf(tx, accountId, sessionId, authorUserId, uid)) as ChatMessageRecord,
        changed: true,
      };
    });
  }
}
