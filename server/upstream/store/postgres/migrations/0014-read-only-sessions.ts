/**
 * PostgreSQL translation of ../../migrations/0014-read-only-sessions.ts (the conversion rules: ../README.md).
 */

/** The read-only flag on sessions. */
export const PG_MIGRATION_014_READ_ONLY_SESSIONS = `
ALTER TABLE sessions ADD COLUMN read_only BOOLEAN NOT NULL DEFAULT FALSE;
`;
