/** PostgreSQL implementation of support sessions and chat messages (../sqlite/chat.ts). */
import type { ChatStoreFamily, MemberMessageOutcome, NewChatMessage } from "../types/chat.ts";
import type { NewFileInput } from "../types/objects-files.ts";
import { messageFromRow, SELECT_MESSAGE, sessionFromRow } from "./chat-rows.ts";
import { insertFile } from "./content.ts";
import { isUniqueViolation, type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";

type Row = Record<string, unknown>;

function openRow(on: Queryable, accountId: number, userId: number) {
  return row<Row>(
    on,
    "SELECT * FROM support_sessions WHERE account_id = $1 AND user_id = $2 AND status <> 'Archived'",
    [accountId, userId],
  );
}

function sessionRow(on: Queryable, accountId: number, recId: number) {
  return row<Row>(on, "SELECT * FROM support_sessions WHERE account_id = $1 AND id = $2", [accountId, recId]);
}

function startSession(on: Queryable, accountId: number, userId: number, page: string, now: number) {
  return row<Row>(
    on,
    `INSERT INTO support_sessions (account_id, user_id, status, page, started_at)
     VALUES ($1, $2, 'Waiting', $3, $4) RETURNING *`,
    [accountId, userId, page, now],
  ) as Promise<Row>;
}

/** The author's message of that UID (a NULL author is matched as SQLite's `IS` does). */
function findMessage(on: Queryable, accountId: number, authorUserId: number | null, uid: string) {
  return row<Row>(
    on,
    `${SELECT_MESSAGE} WHERE m.account_id = $1 AND m.author_user_id IS NOT DISTINCT FROM $2::bigint AND m.uid = $3`,
    [accountId, authorUserId, uid],
  );
}

/** Inserts the message (and its attachment) on the caller's transaction. */
async function insertMessage(
  on: Queryable,
  accountId: number,
  sessionId: number,
  message: NewChatMessage,
  now: number,
  attachment?: NewFileInput,
) {
  const file = attachment ? await insertFile(on, accountId, attachment, now) : undefined;
  await run(
    on,
    `INSERT INTO chat_messages (uid, account_id, session_id, author_user_id, is_internal, type, text, file_uid,
       file_name, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      message.uid,
      accountId,
      sessionId,
      message.authorUserId,
      message.isInternal,
      message.type,
      message.text,
      file?.uid ?? message.fileUid ?? null,
      message.fileName ?? null,
      now,
    ],
  );
  return messageFromRow((await findMessage(on, accountId, message.authorUserId, message.uid)) as Row);
}

/** Support sessions and chat messages in PostgreSQL. */
export class PostgresChatStore implements ChatStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async openSession(accountId: number, userId: number) {
    const found = await openRow(this.db.pool, accountId, userId);
    return found ? sessionFromRow(found) : undefined;
  }

  async ensureOpenSession(accountId: number, userId: number, page: string, now: number) {
    return this.db.transaction(async (tx) => {
      const existing = await openRow(tx, accountId, userId);
      return sessionFromRow(existing ?? (await startSession(tx, accountId, userId, page, now)));
    });
  }

  async getSession(accountId: number, recId: number) {
    const found = await sessionRow(this.db.pool, accountId, recId);
    return found ? sessionFromRow(found) : undefined;
  }

  async addMessage(
    accountId: number,
    sessionId: number,
    message: NewChatMessage,
    now: number,
    attachment?: NewFileInput,
  ) {
    try {
      return await this.db.transaction(async (tx) => {
        const existing = await findMessage(tx, accountId, message.authorUserId, message.uid);
        if (existing) return { message: messageFromRow(existing), created: false };
        return {
          message: await insertMessage(tx, accountId, sessionId, message, now, attachment),
          created: true,
        };
      });
    } catch (error) {
      // A second instance on the same database may have stored the same UID in between.
      if (!isUniqueViolation(error)) throw error;
      const stored = await findMessage(this.db.pool, accountId, message.authorUserId, message.uid);
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
    const post = async (tx: Queryable): Promise<MemberMessageOutcome> => {
      const existing = await findMessage(tx, accountId, userId, message.uid);
      if (existing) {
        const record = messageFromRow(existing);
        const session = (await sessionRow(tx, accountId, record.sessionId)) as Row;
        return { session: sessionFromRow(session), message: record, created: false };
      }
      let session = await openRow(tx, accountId, userId);
      if (!session) {
        session = await startSession(tx, accountId, userId, page, now);
      } else if (page.trim() !== "") {
        await run(tx, "UPDATE support_sessions SET page = $1 WHERE account_id = $2 AND id = $3", [
          page,
          accountId,
          session.id as number,
        ]);
      }
      const sessionId = session.id as number;
      const stored = await insertMessage(
        tx,
        accountId,
        sessionId,
        { ...message, authorUserId: userId, isInternal: false },
        now,
        attachment,
      );
      const after = sessionFromRow((await sessionRow(tx, accountId, sessionId)) as Row);
      return { session: after, message: stored, created: true };
    };
    try {
      // SERIALIZABLE: the open-session check and the insert see no concurrent change (database.ts).
      return await this.db.transaction(post);
    } catch (error) {
      // A second instance stored the same UID, or started the member's open session, in between.
      if (!isUniqueViolation(error)) throw error;
      return this.db.transaction(post);
    }
  }

  async listSessions(accountId: number, userId: number) {
    const found = await rows<Row>(
      this.db.pool,
      "SELECT * FROM support_sessions WHERE account_id = $1 AND user_id = $2 ORDER BY started_at DESC, id DESC",
      [accountId, userId],
    );
    return found.map(sessionFromRow);
  }

  async sessionOfFile(accountId: number, fileUid: string) {
    // A file belongs to one message; should two carry it, the first one's session is the answer.
    const found = await row<Row>(
      this.db.pool,
      `SELECT s.* FROM support_sessions s JOIN chat_messages m ON m.session_id = s.id AND m.account_id = s.account_id
       WHERE s.account_id = $1 AND m.file_uid = $2 ORDER BY m.id LIMIT 1`,
      [accountId, fileUid],
    );
    return found ? sessionFromRow(found) : undefined;
  }

  async messages(accountId: number, sessionId: number) {
    const found = await rows<Row>(
      this.db.pool,
      `${SELECT_MESSAGE} WHERE m.account_id = $1 AND m.session_id = $2 ORDER BY m.id`,
      [accountId, sessionId],
    );
    return found.map(messageFromRow);
  }

  async assignStaff(accountId: number, sessionId: number, staffUserId: number) {
    await run(
      this.db.pool,
      `UPDATE support_sessions SET staff_user_id = $1, status = 'Active'
       WHERE account_id = $2 AND id = $3 AND status <> 'Archived'`,
      [staffUserId, accountId, sessionId],
    );
  }

  async archive(accountId: number, sessionId: number, now: number) {
    const changed = await run(
      this.db.pool,
      `UPDATE support_sessions SET status = 'Archived', archived_at = $1
       WHERE account_id = $2 AND id = $3 AND status <> 'Archived'`,
      [now, accountId, sessionId],
    );
    return changed === 1;
  }

  async saveRating(
    accountId: number,
    userId: number,
    recId: number,
    rating: { rating: number; feedback: string },
    now: number,
  ) {
    return this.db.transaction(async (tx): Promise<"saved" | "notFound" | "notArchived" | "alreadyRated"> => {
      const found = await row<{ status: string; rated_at: number | null }>(
        tx,
        "SELECT status, rated_at FROM support_sessions WHERE account_id = $1 AND user_id = $2 AND id = $3",
        [accountId, userId, recId],
      );
      if (!found) return "notFound";
      if (found.status !== "Archived") return "notArchived";
      if (found.rated_at !== null) return "alreadyRated";
      await run(
        tx,
        "UPDATE support_sessions SET rating = $1, feedback = $2, rated_at = $3 WHERE account_id = $4 AND id = $5",
        [rating.rating, rating.feedback, now, accountId, recId],
      );
      return "saved";
    });
  }
}
