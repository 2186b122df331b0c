/**
 * Part of migration 8 (see ./0008-admin.ts): operations records — mail delivery state of
 * the outbox, inbound mail and spam, databases, boss and worker nodes, the admin side of tasks and
 * data loaders, connectors, saved queries and their runs, account synchronisations, the request
 * log behind log analytics, the IP database, and the demo tables the query tool may read.
 */

/** Operations tables. */
export const MIGRATION_008_ADMIN_OPS = `
CREATE TABLE mail_delivery (
  mail_id INTEGER PRIMARY KEY REFERENCES mail_outbox (id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('Queued', 'Sent', 'Failed', 'Bounced')),
  attempts INTEGER NOT NULL DEFAULT 0,
  queued_at INTEGER NOT NULL,
  sent_at INTEGER,
  last_error TEXT
) STRICT;

CREATE TABLE inbound_emails (
  id INTEGER PRIMARY KEY,
  folder TEXT NOT NULL CHECK (folder IN ('Inbox', 'Spam')),
  from_address TEXT NOT NULL,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  body_text TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  attachment_count INTEGER NOT NULL DEFAULT 0,
  handler TEXT NOT NULL CHECK (handler IN ('DataByEmail', 'SupportReply', 'Unknown')),
  account_id INTEGER REFERENCES accounts (id) ON DELETE SET NULL,
  status TEXT NOT NULL CHECK (status IN ('Received', 'Processed', 'Failed', 'Rejected')),
  error_message TEXT,
  spam_score REAL,
  spam_reason TEXT
) STRICT;
CREATE INDEX inbound_emails_by_folder ON inbound_emails (folder, received_at);

CREATE TABLE databases (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  engine TEXT NOT NULL CHECK (engine IN ('SqlServer', 'PostgreSql', 'MySql', 'Sqlite')),
  host TEXT NOT NULL,
  port INTEGER NOT NULL,
  database_name TEXT NOT NULL,
  use_tls INTEGER NOT NULL DEFAULT 1 CHECK (use_tls IN (0, 1)),
  user_name TEXT NOT NULL,
  password_secret TEXT,
  purpose TEXT NOT NULL CHECK (purpose IN ('AccountData', 'Warehouse', 'Logs')),
  status TEXT NOT NULL CHECK (status IN ('Online', 'ReadOnly', 'Maintenance', 'Offline')),
  max_accounts INTEGER,
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  is_embedded INTEGER NOT NULL DEFAULT 0 CHECK (is_embedded IN (0, 1)),
  account_count INTEGER NOT NULL DEFAULT 0,
  size_bytes INTEGER NOT NULL DEFAULT 0,
  version TEXT,
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL
) STRICT;

CREATE TABLE boss_nodes (
  id INTEGER PRIMARY KEY,
  machine_name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  version TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Online', 'Draining', 'Offline')),
  is_leader INTEGER NOT NULL DEFAULT 0 CHECK (is_leader IN (0, 1)),
  started_at INTEGER NOT NULL,
  last_heartbeat_at INTEGER NOT NULL
) STRICT;

CREATE TABLE worker_nodes (
  id INTEGER PRIMARY KEY,
  machine_name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  worker_group TEXT NOT NULL,
  max_concurrency INTEGER NOT NULL CHECK (max_concurrency BETWEEN 1 AND 256),
  version TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Online', 'Draining', 'Offline')),
  cpu_percent REAL,
  memory_bytes INTEGER,
  started_at INTEGER NOT NULL,
  last_heartbeat_at INTEGER NOT NULL
) STRICT;

CREATE TABLE task_admin (
  object_id INTEGER PRIMARY KEY REFERENCES objects (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  worker_id INTEGER REFERENCES worker_nodes (id) ON DELETE SET NULL
) STRICT;

CREATE TABLE task_routes (
  id INTEGER PRIMARY KEY,
  task_type TEXT NOT NULL UNIQUE,
  worker_group TEXT NOT NULL,
  priority INTEGER NOT NULL CHECK (priority BETWEEN 1 AND 10),
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1)),
  max_concurrency INTEGER NOT NULL,
  max_concurrency_per_account INTEGER NOT NULL,
  timeout_minutes INTEGER NOT NULL,
  max_retries INTEGER NOT NULL,
  description TEXT,
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL
) STRICT;

CREATE TABLE data_loader_settings (
  object_id INTEGER PRIMARY KEY REFERENCES objects (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1)),
  priority TEXT NOT NULL DEFAULT 'Normal' CHECK (priority IN ('Low', 'Normal', 'High')),
  next_run_at INTEGER
) STRICT;

CREATE TABLE connectors (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('Database', 'File', 'Cloud', 'Marketing', 'Finance', 'Crm', 'Analytics', 'Other')),
  authentication_type TEXT NOT NULL CHECK (authentication_type IN ('None', 'Basic', 'OAuth2', 'ApiKey')),
  status TEXT NOT NULL CHECK (status IN ('Available', 'Beta', 'Deprecated', 'Disabled')),
  version TEXT NOT NULL,
  supports_smart_views INTEGER NOT NULL DEFAULT 0 CHECK (supports_smart_views IN (0, 1)),
  description TEXT,
  documentation_url TEXT,
  modified_at INTEGER NOT NULL
) STRICT;

CREATE TABLE admin_queries (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  database_id INTEGER NOT NULL REFERENCES databases (id),
  max_rows INTEGER NOT NULL CHECK (max_rows BETWEEN 1 AND 10000),
  timeout_seconds INTEGER NOT NULL CHECK (timeout_seconds BETWEEN 1 AND 600),
  query_text TEXT NOT NULL,
  description TEXT,
  last_run_at INTEGER,
  last_run_status TEXT CHECK (last_run_status IN ('Running', 'Succeeded', 'Failed')),
  last_run_duration_ms INTEGER,
  last_run_row_count INTEGER,
  created_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL
) STRICT;

CREATE TABLE query_runs (
  id INTEGER PRIMARY KEY,
  query_id INTEGER REFERENCES admin_queries (id) ON DELETE SET NULL,
  query_name TEXT NOT NULL,
  run_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  at INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Succeeded', 'Failed')),
  row_count INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE account_syncs (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1)),
  source_account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  target_account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('AddAndUpdate', 'Mirror')),
  frequency TEXT NOT NULL CHECK (frequency IN ('Manual', 'Hourly', 'Daily', 'Weekly')),
  object_types TEXT NOT NULL,
  include_data INTEGER NOT NULL DEFAULT 0 CHECK (include_data IN (0, 1)),
  last_sync_at INTEGER,
  last_sync_status TEXT CHECK (last_sync_status IN ('Running', 'Succeeded', 'Failed')),
  last_sync_message TEXT,
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL,
  CHECK (source_account_id <> target_account_id)
) STRICT;

CREATE TABLE request_log (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  method TEXT NOT NULL,
  route TEXT NOT NULL,
  status INTEGER NOT NULL,
  duration_ms REAL NOT NULL,
  account_id INTEGER
) STRICT;
CREATE INDEX request_log_by_time ON request_log (at);

CREATE TABLE ip_ranges (
  id INTEGER PRIMARY KEY,
  ip_version INTEGER NOT NULL CHECK (ip_version IN (4, 6)),
  start_ip TEXT NOT NULL,
  end_ip TEXT NOT NULL,
  start_key TEXT NOT NULL,
  end_key TEXT NOT NULL,
  country_code TEXT NOT NULL,
  region TEXT,
  city TEXT,
  organization TEXT,
  is_manual INTEGER NOT NULL DEFAULT 0 CHECK (is_manual IN (0, 1)),
  modified_at INTEGER NOT NULL,
  CHECK (start_key <= end_key)
) STRICT;
CREATE INDEX ip_ranges_by_start ON ip_ranges (ip_version, start_key);

CREATE TABLE ip_database_updates (
  id INTEGER PRIMARY KEY,
  source TEXT NOT NULL CHECK (source IN ('Scheduled', 'Upload')),
  file_name TEXT,
  status TEXT NOT NULL CHECK (status IN ('Queued', 'Running', 'Succeeded', 'Failed', 'Cancelled')),
  range_count INTEGER,
  started_at INTEGER NOT NULL,
  ended_at INTEGER,
  started_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  error_message TEXT
) STRICT;

CREATE TABLE demo_retail_stores (
  id INTEGER PRIMARY KEY,
  country TEXT NOT NULL,
  region TEXT NOT NULL,
  city TEXT NOT NULL,
  channel TEXT NOT NULL
) STRICT;

CREATE TABLE demo_retail_sales (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL REFERENCES demo_retail_stores (id),
  sale_date TEXT NOT NULL,
  product TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  revenue REAL NOT NULL
) STRICT;

CREATE VIEW retail_stores AS SELECT id AS store_id, country, region, city, channel FROM demo_retail_stores;
CREATE VIEW retail_sales AS
SELECT s.id AS sale_id, s.sale_date, s.product, s.quantity, s.revenue, st.id AS store_id, st.country,
  st.region, st.city, st.channel
FROM demo_retail_sales s JOIN demo_retail_stores st ON st.id = s.store_id;
CREATE VIEW retail_revenue_by_country AS
SELECT st.country, COUNT(*) AS sales, SUM(s.quantity) AS units, ROUND(SUM(s.revenue), 2) AS revenue
FROM demo_retail_sales s JOIN demo_retail_stores st ON st.id = s.store_id GROUP BY st.country;
`;
