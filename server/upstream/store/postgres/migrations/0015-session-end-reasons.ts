/**
 * PostgreSQL translation of ../../migrations/0015-session-end-reasons.ts (the conversion rules: ../README.md).
 */

/** The end reason on sessions: NULL while live and for revocations. */
export const PG_MIGRATION_015_SESSION_END_REASONS = `
ALTER TABLE sessions ADD COLUMN ended_by TEXT CHECK (ended_by IN ('logout', 'impersonationStopped'));
`;
