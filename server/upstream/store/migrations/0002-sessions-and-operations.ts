/**
 * SQL of migration 2: authentication and operations. Tables are STRICT; see ./0001-identity.ts for
 * the tenancy rule.
 */

/** Sessions, one-time tokens, the mail outbox, application logs (audit), system configuration. */
export const MIGRATION_002_AUTH = `
CREATE TABLE sessions (
  id INTEGER PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  impersonator_account_id INTEGER REFERENCES accounts (id) ON DELETE CASCADE,
  impersonator_user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
  impersonator_session_id INTEGER REFERENCES sessions (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
) STRICT;
CREATE INDEX sessions_by_user ON sessions (account_id, user_id);

CREATE TABLE one_time_tokens (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  issued_by_user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  consumed_at INTEGER
) STRICT;

CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY,
  account_id INTEGER REFERENCES accounts (id) ON DELETE SET NULL,
  kind TEXT NOT NULL,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  body_text TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE application_logs (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  level TEXT NOT NULL CHECK (level IN ('Info', 'Warning', 'Error')),
  category TEXT NOT NULL,
  action TEXT NOT NULL,
  message TEXT NOT NULL,
  actor_account_id INTEGER,
  actor_user_id INTEGER,
  target_account_id INTEGER,
  target_user_id INTEGER,
  details TEXT
) STRICT;
CREATE INDEX application_logs_by_category ON application_logs (category, at);

CREATE TABLE system_config (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
`;
