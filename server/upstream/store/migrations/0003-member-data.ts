/** SQL of migration 3: per-user member data. Tables are STRICT and carry account_id. */

/** Notifications, login announcements, widget themes. */
export const MIGRATION_003_MEMBER_DATA = `
CREATE TABLE notifications (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code TEXT NOT NULL,
  is_new INTEGER NOT NULL DEFAULT 1 CHECK (is_new IN (0, 1)),
  created_at INTEGER NOT NULL,
  fields TEXT NOT NULL
) STRICT;
CREATE INDEX notifications_by_user ON notifications (account_id, user_id, created_at);

CREATE TABLE login_announcements (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  starts_at INTEGER NOT NULL,
  ends_at INTEGER,
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE login_announcement_views (
  announcement_id INTEGER NOT NULL REFERENCES login_announcements (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seen_at INTEGER NOT NULL,
  PRIMARY KEY (announcement_id, user_id)
) STRICT;

CREATE TABLE widget_themes (
  id INTEGER PRIMARY KEY,
  account_id INTEGER REFERENCES accounts (id) ON DELETE CASCADE,
  theme_key TEXT NOT NULL,
  value TEXT NOT NULL,
  UNIQUE (account_id, theme_key)
) STRICT;
`;
