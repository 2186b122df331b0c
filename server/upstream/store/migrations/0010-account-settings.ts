/**
 * SQL of migration 10: the account's own settings beyond the accounts row (§2.2 /accountsettings) —
 * the embedding allow-list the gateway turns into CSP frame-ancestors (DESIGN.md §4), and the
 * account's custom menu (DESIGN.md §3 account layer). Both are tenant tables keyed by account_id.
 */

/** Embedding origins and the custom menu layout. */
export const MIGRATION_010_ACCOUNT_SETTINGS = `
CREATE TABLE account_embedding_origins (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position >= 0),
  origin TEXT NOT NULL,
  PRIMARY KEY (account_id, origin),
  UNIQUE (account_id, position)
) STRICT;

CREATE TABLE account_menu_layouts (
  account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  definition TEXT NOT NULL,
  version INTEGER NOT NULL CHECK (version >= 1),
  modified_at INTEGER NOT NULL,
  modified_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL
) STRICT;
`;
