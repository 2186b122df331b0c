/**
 * SQL of migration 14: read-only sessions. The configuration plane's preview as a user (DESIGN.md §3
 * "previewed as a given role/account") reads the first screen's data as that user through a session
 * that the session guard refuses for every call but GET and HEAD, and the hubs refuse altogether
 * (auth/preview-session-routes.ts). Every existing session keeps its full rights.
 */

/** The read-only flag on sessions. */
export const MIGRATION_014_READ_ONLY_SESSIONS = `
ALTER TABLE sessions ADD COLUMN read_only INTEGER NOT NULL DEFAULT 0 CHECK (read_only IN (0, 1));
`;
