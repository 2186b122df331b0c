/**
 * Rows of the chat tables as records, shared by the member side (chat.ts) and the staff side
 * (realtime-chat.ts) of the support chat.
 */
import { bool } from "../database.ts";
import type { ChatMessageRecord, ChatMessageType, SupportSessionRecord } from "../records-content.ts";

/** A support_sessions row as its record. */
export function sessionFromRow(row: Record<string, unknown>): SupportSessionRecord {
  return {
    recId: row.id as number,
    accountId: row.account_id as number,
    userId: row.user_id as number,
    staffUserId: (row.staff_user_id as number | null) ?? null,
    status: row.status as SupportSessionRecord["status"],
    page: row.page as string,
    startedAt: row.started_at as number,
    archivedAt: (row.archived_at as number | null) ?? null,
    rating: (row.rating as number | null) ?? null,
    feedback: (row.feedback as string | null) ?? null,
    ratedAt: (row.rated_at as number | null) ?? null,
  };
}

/** A chat_messages row, with its author's name (SELECT_MESSAGE), as its record. */
export function messageFromRow(row: Record<string, unknown>): ChatMessageRecord {
  return {
    recId: row.id as number,
    uid: row.uid as string,
    accountId: row.account_id as number,
    sessionId: row.session_id as number,
    authorUserId: (row.author_user_id as number | null) ?? null,
    authorName: (row.author_name as string | null) ?? "",
    isInternal: bool(row.is_internal),
    type: row.type as ChatMessageType,
    text: row.text as string,
    fileUid: (row.file_uid as string | null) ?? null,
    fileName: (row.file_name as string | null) ?? null,
    createdAt: row.created_at as number,
  };
}

// The author's name comes from the author row the message points at (staff live in another account).
export const SELECT_MESSAGE = `SELECT m.*, u.full_name AS author_name FROM chat_messages m
  LEFT JOIN users u ON u.id = m.author_user_id`;
