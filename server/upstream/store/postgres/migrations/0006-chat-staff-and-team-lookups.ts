/**
 * PostgreSQL translation of ../../migrations/0006-chat-staff-and-team-lookups.ts (the conversion rules: ../README.md).
 */

/** Chat message edit/delete times, the staff queue index, team membership by user. */
export const PG_MIGRATION_006_REALTIME = `
ALTER TABLE chat_messages ADD COLUMN edited_at BIGINT;
ALTER TABLE chat_messages ADD COLUMN deleted_at BIGINT;
CREATE INDEX support_sessions_queue ON support_sessions (status, started_at, id);
CREATE INDEX team_members_by_user ON team_members (account_id, user_id);
`;
