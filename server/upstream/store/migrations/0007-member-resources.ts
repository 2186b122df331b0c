/**
 * SQL of migration 7: the member-side resources behind the §2.2 screens — folders with
 * their five roots (§3 Folder), objects placed in folders, favourites, team shares, comments with
 * attachments (§3 Comment), support tickets, tasks with log lines, schedule and alert history,
 * media files, API keys and projects. Every table carries the account id; every query filters on it.
 */

/** Folders, object placement and sharing, comments, tickets, tasks, history, media, keys, projects. */
export const MIGRATION_007_CONTENT_RESOURCES = `
CREATE TABLE folders (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  area TEXT NOT NULL,
  parent_id INTEGER REFERENCES folders (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('Personal', 'Team', 'Shared', 'Favourites', 'Deleted', 'Folder')),
  personal_user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  created_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL,
  deleted_at INTEGER,
  deleted_with_id INTEGER,
  CHECK ((kind = 'Folder') = (parent_id IS NOT NULL))
) STRICT;
CREATE UNIQUE INDEX folder_roots ON folders (account_id, area, kind, IFNULL(personal_user_id, 0))
  WHERE kind <> 'Folder';
CREATE UNIQUE INDEX folder_names ON folders (account_id, parent_id, name COLLATE NOCASE)
  WHERE kind = 'Folder' AND deleted_at IS NULL;
CREATE INDEX folders_by_area ON folders (account_id, area, personal_user_id);

ALTER TABLE objects ADD COLUMN folder_id INTEGER REFERENCES folders (id) ON DELETE SET NULL;
ALTER TABLE objects ADD COLUMN personal_user_id INTEGER REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE objects ADD COLUMN deleted_with_folder_id INTEGER;
CREATE INDEX objects_by_folder ON objects (account_id, folder_id);

CREATE TABLE object_favourites (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  object_id INTEGER NOT NULL REFERENCES objects (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, object_id)
) STRICT;

CREATE TABLE object_shares (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  object_id INTEGER NOT NULL REFERENCES objects (id) ON DELETE CASCADE,
  team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  shared_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (object_id, team_id)
) STRICT;
CREATE INDEX object_shares_by_team ON object_shares (account_id, team_id);

CREATE TABLE comments (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  object_id INTEGER NOT NULL REFERENCES objects (id) ON DELETE CASCADE,
  author_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  title TEXT NOT NULL DEFAULT '',
  text TEXT NOT NULL,
  image_url TEXT,
  is_internal INTEGER NOT NULL DEFAULT 0 CHECK (is_internal IN (0, 1)),
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX comments_by_object ON comments (account_id, object_id, id);

CREATE TABLE comment_attachments (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  comment_id INTEGER NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  data BLOB NOT NULL
) STRICT;
CREATE INDEX comment_attachments_by_comment ON comment_attachments (account_id, comment_id);

CREATE TABLE support_tickets (
  object_id INTEGER PRIMARY KEY REFERENCES objects (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('Open', 'Closed')),
  priority TEXT NOT NULL CHECK (priority IN ('Low', 'Normal', 'High', 'Urgent')),
  category TEXT NOT NULL DEFAULT 'Question',
  description TEXT NOT NULL DEFAULT '',
  closed_at INTEGER,
  closed_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL
) STRICT;

CREATE TABLE tasks (
  object_id INTEGER PRIMARY KEY REFERENCES objects (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Queued', 'Running', 'Succeeded', 'Failed', 'Cancelled')),
  progress INTEGER NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  related_object_id INTEGER REFERENCES objects (id) ON DELETE SET NULL,
  started_at INTEGER,
  finished_at INTEGER,
  message TEXT NOT NULL DEFAULT ''
) STRICT;

CREATE TABLE task_log_lines (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  task_id INTEGER NOT NULL REFERENCES objects (id) ON DELETE CASCADE,
  at INTEGER NOT NULL,
  severity INTEGER NOT NULL CHECK (severity IN (1, 2, 3)),
  message TEXT NOT NULL
) STRICT;
CREATE INDEX task_log_lines_by_task ON task_log_lines (account_id, task_id, id);

CREATE TABLE automation_history (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  object_id INTEGER NOT NULL REFERENCES objects (id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('Succeeded', 'Failed', 'Triggered', 'Skipped')),
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  message TEXT NOT NULL DEFAULT '',
  task_id INTEGER REFERENCES objects (id) ON DELETE SET NULL
) STRICT;
CREATE INDEX automation_history_by_object ON automation_history (account_id, object_id, started_at);

CREATE TABLE media_files (
  object_id INTEGER PRIMARY KEY REFERENCES objects (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  uid TEXT NOT NULL UNIQUE,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE api_keys (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  secret_hash TEXT NOT NULL UNIQUE,
  created_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER,
  last_used_at INTEGER,
  revoked_at INTEGER,
  revoked_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL
) STRICT;
CREATE INDEX api_keys_by_account ON api_keys (account_id, created_at);

CREATE TABLE projects (
  object_id INTEGER PRIMARY KEY REFERENCES objects (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  description TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL CHECK (status IN ('Planned', 'Active', 'OnHold', 'Completed', 'Cancelled')),
  start_date TEXT,
  due_date TEXT
) STRICT;
`;
