/**
 * SQL of migration 1: identity and tenancy. Tables are STRICT; every tenant table carries account_id
 * so each query can (and must) filter on it.
 */

/** Accounts, subscriptions, logos, users, roles, teams, menus, staff permissions. */
export const MIGRATION_001_IDENTITY = `
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  domain TEXT NOT NULL UNIQUE COLLATE NOCASE,
  domain_type TEXT NOT NULL CHECK (domain_type IN ('Subdomain', 'CustomDomain')),
  is_system INTEGER NOT NULL DEFAULT 0 CHECK (is_system IN (0, 1)),
  is_white_label INTEGER NOT NULL DEFAULT 0 CHECK (is_white_label IN (0, 1)),
  signup_allowed INTEGER NOT NULL DEFAULT 0 CHECK (signup_allowed IN (0, 1)),
  show_help_links INTEGER NOT NULL DEFAULT 1 CHECK (show_help_links IN (0, 1)),
  two_factor_policy TEXT NOT NULL CHECK (two_factor_policy IN ('Disabled', 'Optional', 'Required')),
  menu_logo_style TEXT NOT NULL CHECK (menu_logo_style IN ('Standard', 'Wide', 'None')),
  menu_title_type TEXT NOT NULL CHECK (menu_title_type IN ('CompanyName', 'Custom', 'None')),
  menu_title TEXT NOT NULL DEFAULT '',
  subscription_type TEXT NOT NULL,
  parent_account_id INTEGER REFERENCES accounts (id),
  logo_uid TEXT NOT NULL UNIQUE,
  disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE account_features (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  feature TEXT NOT NULL,
  availability TEXT NOT NULL CHECK (availability IN ('Included', 'Optional')),
  PRIMARY KEY (account_id, feature)
) STRICT;

CREATE TABLE account_logos (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('Primary', 'Menu')),
  content_type TEXT NOT NULL,
  data BLOB NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, kind)
) STRICT;

CREATE TABLE roles (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name TEXT NOT NULL COLLATE NOCASE,
  permissions TEXT NOT NULL,
  is_owner INTEGER NOT NULL DEFAULT 0 CHECK (is_owner IN (0, 1)),
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL,
  UNIQUE (account_id, name)
) STRICT;

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  email TEXT NOT NULL COLLATE NOCASE,
  full_name TEXT NOT NULL,
  password_hash TEXT,
  language_code TEXT NOT NULL DEFAULT 'en',
  home_page_type TEXT NOT NULL DEFAULT 'Default' CHECK (home_page_type IN ('Default', 'GoToMenu')),
  home_page_menu TEXT,
  interface_preferences TEXT,
  role_id INTEGER REFERENCES roles (id),
  is_staff INTEGER NOT NULL DEFAULT 0 CHECK (is_staff IN (0, 1)),
  is_internal_support INTEGER NOT NULL DEFAULT 0 CHECK (is_internal_support IN (0, 1)),
  totp_secret TEXT,
  totp_pending_secret TEXT,
  totp_last_step INTEGER,
  avatar_content_type TEXT,
  avatar BLOB,
  disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
  created_at INTEGER NOT NULL,
  UNIQUE (account_id, email)
) STRICT;
CREATE INDEX users_by_email ON users (email);
CREATE INDEX users_by_role ON users (account_id, role_id);

CREATE TABLE teams (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name TEXT NOT NULL COLLATE NOCASE,
  created_at INTEGER NOT NULL,
  UNIQUE (account_id, name)
) STRICT;

CREATE TABLE team_members (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, user_id)
) STRICT;

CREATE TABLE menus (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name TEXT NOT NULL COLLATE NOCASE,
  definition TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL,
  UNIQUE (account_id, name)
) STRICT;

CREATE TABLE admin_permissions (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  module TEXT NOT NULL,
  can_read INTEGER NOT NULL CHECK (can_read IN (0, 1)),
  can_write INTEGER NOT NULL CHECK (can_write IN (0, 1)),
  CHECK (can_read = 1 OR can_write = 0),
  PRIMARY KEY (user_id, module)
) STRICT;
`;
