/**
 * PostgreSQL translation of ../../migrations/0010-account-settings.ts (the conversion rules: ../README.md).
 */

/** Embedding origins and the custom menu layout. */
export const PG_MIGRATION_010_ACCOUNT_SETTINGS = `
CREATE TABLE account_embedding_origins (
  account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  position BIGINT NOT NULL CHECK (position >= 0),
  origin TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (account_id, origin),
  UNIQUE (account_id, position)
);

CREATE TABLE account_menu_layouts (
  account_id BIGINT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  definition TEXT COLLATE "C" NOT NULL,
  version BIGINT NOT NULL CHECK (version >= 1),
  modified_at BIGINT NOT NULL,
  modified_by_user_id BIGINT REFERENCES users (id) ON DELETE SET NULL
);
`;
