/**
 * Part of migration 8 (see ./0008-admin.ts): catalogue and distribution records — help
 * center articles, the query function catalogue, login announcement audience columns, system media,
 * configuration metadata, the package manager, distribution environments and object deployments.
 */

/** Catalogue and distribution tables. */
export const MIGRATION_008_ADMIN_CONTENT = `
CREATE TABLE help_articles (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  code TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('Faq', 'Tutorial', 'ReleaseNote', 'Article')),
  language_code TEXT NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0,
  is_published INTEGER NOT NULL DEFAULT 0 CHECK (is_published IN (0, 1)),
  summary TEXT,
  body TEXT NOT NULL,
  video_url TEXT,
  published_at INTEGER,
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL,
  UNIQUE (code, language_code)
) STRICT;

CREATE TABLE query_functions (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  category TEXT NOT NULL CHECK (category IN ('Aggregate', 'Date', 'Math', 'Text', 'Logical', 'Conversion', 'Window')),
  return_type TEXT NOT NULL CHECK (return_type IN ('Text', 'Number', 'Date', 'Boolean', 'Any')),
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1)),
  syntax TEXT NOT NULL,
  description TEXT NOT NULL,
  parameters TEXT,
  example TEXT,
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL
) STRICT;

ALTER TABLE login_announcements ADD COLUMN severity TEXT NOT NULL DEFAULT 'Info'
  CHECK (severity IN ('Info', 'Warning', 'Maintenance'));
ALTER TABLE login_announcements ADD COLUMN target_account_id INTEGER REFERENCES accounts (id) ON DELETE CASCADE;
ALTER TABLE login_announcements ADD COLUMN language_code TEXT;
ALTER TABLE login_announcements ADD COLUMN is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1));
ALTER TABLE login_announcements ADD COLUMN modified_at INTEGER;

CREATE TABLE system_media (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  file_name TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('LoginBackground', 'EmailAsset', 'Logo', 'Icon', 'Document', 'Other')),
  alt_text TEXT,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  data BLOB NOT NULL,
  uploaded_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  uploaded_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL
) STRICT;

CREATE TABLE config_settings_meta (
  key TEXT PRIMARY KEY,
  section TEXT NOT NULL CHECK (section IN ('general', 'security', 'email', 'storage', 'billing', 'integrations')),
  is_secret INTEGER NOT NULL DEFAULT 0 CHECK (is_secret IN (0, 1)),
  description TEXT,
  modified_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  modified_at INTEGER NOT NULL
) STRICT;

CREATE TABLE package_items (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES package_items (id),
  item_type TEXT NOT NULL CHECK (item_type IN ('Folder', 'Package')),
  name TEXT NOT NULL,
  version TEXT,
  description TEXT,
  object_count INTEGER,
  size_bytes INTEGER,
  data BLOB,
  created_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL,
  CHECK ((item_type = 'Package') = (data IS NOT NULL))
) STRICT;
CREATE UNIQUE INDEX package_item_names ON package_items (IFNULL(parent_id, 0), item_type, name COLLATE NOCASE, IFNULL(version, ''));

CREATE TABLE distribution_environments (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  type TEXT NOT NULL CHECK (type IN ('Development', 'Staging', 'Production', 'Customer')),
  url TEXT NOT NULL,
  api_key_secret TEXT,
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  description TEXT,
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL
) STRICT;

CREATE TABLE object_deployments (
  id INTEGER PRIMARY KEY,
  package_id INTEGER REFERENCES package_items (id) ON DELETE SET NULL,
  environment_id INTEGER NOT NULL REFERENCES distribution_environments (id) ON DELETE CASCADE,
  package_name TEXT NOT NULL,
  package_version TEXT,
  status TEXT NOT NULL CHECK (status IN ('Pending', 'Running', 'Succeeded', 'Failed', 'RolledBack')),
  notes TEXT,
  object_count INTEGER,
  deployed_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  deployed_at INTEGER NOT NULL,
  error_message TEXT,
  modified_at INTEGER NOT NULL
) STRICT;

CREATE TABLE deployment_log_lines (
  id INTEGER PRIMARY KEY,
  deployment_id INTEGER NOT NULL REFERENCES object_deployments (id) ON DELETE CASCADE,
  at INTEGER NOT NULL,
  severity INTEGER NOT NULL CHECK (severity IN (1, 2, 3)),
  message TEXT NOT NULL
) STRICT;
`;
