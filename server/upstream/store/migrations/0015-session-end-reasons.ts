/**
 * SQL of migration 15: why a session ended. The hubs' session sweep (realtime/session-watch.ts) can
 * find a session ended before the instance holding its connections hears of the logout, so the
 * stored reason, not the order of events, decides what the connections are told (§4.2): a logout
 * sends the browser to `/loggedout`, a stopped impersonation reconnects as the staff user, any other
 * revocation asks to sign in again. Sessions ended before this migration count as revoked.
 */

/** The end reason on sessions: NULL while live and for revocations. */
export const MIGRATION_015_SESSION_END_REASONS = `
ALTER TABLE sessions ADD COLUMN ended_by TEXT CHECK (ended_by IN ('logout', 'impersonationStopped'));
`;
