/**
 * SQL of migration 6 (area "realtime"): what the chat's staff side and the notification events need
 * beyond migrations 1–5.
 *
 * - Chat messages can be edited and deleted (§3 message types MessageEdited, MessageDeleted): the row
 *   keeps its UID, its Type becomes MessageEdited / MessageDeleted, and these columns say when.
 * - Staff list waiting and active sessions of every account, oldest first (§4.4 staff side).
 * - Team membership lookups by user (added to / removed from a team, §4.3).
 */

/** Chat message edit/delete times, the staff queue index, team membership by user. */
export const MIGRATION_006_REALTIME = `
ALTER TABLE chat_messages ADD COLUMN edited_at INTEGER;
ALTER TABLE chat_messages ADD COLUMN deleted_at INTEGER;
CREATE INDEX support_sessions_queue ON support_sessions (status, started_at, id);
CREATE INDEX team_members_by_user ON team_members (account_id, user_id);
`;
