/** SQL of migration 4: objects, files, invoices and the data cache. */

/** Objects of the user-area types, stored files, invoices, the connector result cache. */
export const MIGRATION_004_CONTENT = `
CREATE TABLE objects (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  name TEXT NOT NULL,
  owner_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  properties TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL,
  deleted_at INTEGER
) STRICT;
CREATE INDEX objects_by_type ON objects (account_id, type);

CREATE TABLE files (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  owner_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  item_type TEXT NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  data BLOB NOT NULL,
  related_object_id INTEGER REFERENCES objects (id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER
) STRICT;
CREATE INDEX files_by_account ON files (account_id, item_type);

CREATE TABLE invoices (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  number TEXT NOT NULL UNIQUE COLLATE NOCASE,
  issued_at INTEGER NOT NULL,
  due_at INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Due', 'Paid', 'Failed', 'Void')),
  currency TEXT NOT NULL,
  total_cents INTEGER NOT NULL,
  lines TEXT NOT NULL
) STRICT;

CREATE TABLE data_cache (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  cache_key TEXT NOT NULL,
  value TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, cache_key)
) STRICT;
`;
