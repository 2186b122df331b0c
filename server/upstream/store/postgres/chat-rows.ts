/**
 * Rows of the chat tables as records on PostgreSQL (../sqlite/chat-rows.ts), shared by the member side
 * (chat.ts) and the staff side (realtime-chat.ts): SQLite's mappings, with the driver's boolean.
 */
import type { ChatMessageRecord } from "../records-content.ts";
import { messageFromRow as sqliteMessageFromRow } from "../sqlite/chat-rows.ts";

export { SELECT_MESSAGE, sessionFromRow } from "../sqlite/chat-rows.ts";

/** A chat_messages row, with its author's name (SELECT_MESSAGE), as its record. */
export function messageFromRow(found: Record<string, unknown>): ChatMessageRecord {
  return { ...sqliteMessageFromRow(found), isInternal: found.is_internal as boolean };
}
