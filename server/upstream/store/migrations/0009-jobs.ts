/**
 * SQL of migration 9: the producers of the §4.3 events — the rows of data tables
 * (exports serialise them, imports append to them, alerts aggregate them), export and import jobs
 * (each behind a Task with its log), schedule and alert automation (recurrence, tasks, recipients,
 * failure counters). Every table carries the account id; every query filters on it.
 */

/** Data table rows, export and import jobs, schedule and alert settings. */
export const MIGRATION_009_JOBS = `
CREATE TABLE data_tables (
  object_id INTEGER PRIMARY KEY REFERENCES objects (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  columns TEXT NOT NULL DEFAULT '[]',
  modified_at INTEGER NOT NULL
) STRICT;

CREATE TABLE data_table_rows (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  object_id INTEGER NOT NULL REFERENCES objects (id) ON DELETE CASCADE,
  data TEXT NOT NULL,
  import_task_id INTEGER REFERENCES objects (id) ON DELETE SET NULL
) STRICT;
CREATE INDEX data_table_rows_by_table ON data_table_rows (account_id, object_id, id);

CREATE TABLE export_jobs (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  task_id INTEGER NOT NULL REFERENCES objects (id) ON DELETE CASCADE,
  object_id INTEGER REFERENCES objects (id) ON DELETE SET NULL,
  object_name TEXT NOT NULL,
  object_type TEXT NOT NULL,
  format TEXT NOT NULL CHECK (format IN ('csv', 'json')),
  schedule_id INTEGER REFERENCES objects (id) ON DELETE SET NULL,
  file_uid TEXT,
  error TEXT,
  created_at INTEGER NOT NULL,
  finished_at INTEGER
) STRICT;
CREATE INDEX export_jobs_by_user ON export_jobs (account_id, user_id, created_at);
CREATE INDEX export_jobs_unfinished ON export_jobs (finished_at) WHERE finished_at IS NULL;

CREATE TABLE import_jobs (
  task_id INTEGER PRIMARY KEY REFERENCES objects (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('User', 'Team', 'BackgroundData')),
  data_table_id INTEGER REFERENCES objects (id) ON DELETE SET NULL,
  file_name TEXT NOT NULL,
  content TEXT,
  applied_at INTEGER,
  created_at INTEGER NOT NULL,
  finished_at INTEGER
) STRICT;
CREATE INDEX import_jobs_unfinished ON import_jobs (finished_at) WHERE finished_at IS NULL;

CREATE TABLE schedule_jobs (
  object_id INTEGER PRIMARY KEY REFERENCES objects (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  recurrence TEXT NOT NULL,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  disabled_by_system INTEGER NOT NULL DEFAULT 0 CHECK (disabled_by_system IN (0, 1)),
  next_run_at INTEGER,
  last_run_at INTEGER,
  tasks TEXT NOT NULL DEFAULT '[]',
  recipients TEXT NOT NULL DEFAULT '[]',
  running_task_id INTEGER REFERENCES objects (id) ON DELETE SET NULL,
  modified_at INTEGER NOT NULL
) STRICT;
CREATE INDEX schedule_jobs_due ON schedule_jobs (next_run_at) WHERE enabled = 1;

CREATE TABLE alert_jobs (
  object_id INTEGER PRIMARY KEY REFERENCES objects (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  data_table_id INTEGER REFERENCES objects (id) ON DELETE SET NULL,
  column_name TEXT NOT NULL,
  aggregate TEXT NOT NULL CHECK (aggregate IN ('Count', 'Sum', 'Avg', 'Min', 'Max')),
  operator TEXT NOT NULL CHECK (operator IN ('Below', 'AtMost', 'Above', 'AtLeast')),
  threshold REAL NOT NULL,
  message TEXT NOT NULL DEFAULT '',
  dashboards TEXT NOT NULL DEFAULT '[]',
  recipients TEXT NOT NULL DEFAULT '[]',
  recurrence TEXT NOT NULL,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  next_run_at INTEGER,
  last_evaluated_at INTEGER,
  last_value REAL,
  modified_at INTEGER NOT NULL
) STRICT;
CREATE INDEX alert_jobs_due ON alert_jobs (next_run_at) WHERE enabled = 1;
`;
