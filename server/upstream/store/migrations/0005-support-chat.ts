/** SQL of migration 5: the support chat. */

/** Support sessions (chat conversations with their rating) and their messages. */
export const MIGRATION_005_SUPPORT_CHAT = `
CREATE TABLE support_sessions (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  staff_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  status TEXT NOT NULL CHECK (status IN ('Waiting', 'Active', 'Archived')),
  page TEXT NOT NULL DEFAULT '',
  started_at INTEGER NOT NULL,
  archived_at INTEGER,
  rating INTEGER,
  feedback TEXT,
  rated_at INTEGER
) STRICT;
CREATE INDEX support_sessions_by_user ON support_sessions (account_id, user_id, status);
CREATE UNIQUE INDEX one_open_support_session ON support_sessions (account_id, user_id) WHERE status <> 'Archived';

CREATE TABLE chat_messages (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  session_id INTEGER NOT NULL REFERENCES support_sessions (id) ON DELETE CASCADE,
  author_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  is_internal INTEGER NOT NULL CHECK (is_internal IN (0, 1)),
  type TEXT NOT NULL,
  text TEXT NOT NULL DEFAULT '',
  file_uid TEXT,
  file_name TEXT,
  created_at INTEGER NOT NULL,
  UNIQUE (account_id, author_user_id, uid)
) STRICT;
CREATE INDEX chat_messages_by_session ON chat_messages (account_id, session_id, id);
`;
