/**
 * SQL of migration 8: the admin resources of §2.4 (staff side). This file holds the identity and
 * business records (subscription templates, account and user admin profiles, internal staff
 * profiles, blocked IPs, prospects, credit notes, admin views of tickets and projects, time
 * tracking); ./0008-admin-operations.ts the operations records and ./0008-admin-catalogue.ts the
 * catalogue and distribution records. `MIGRATION_008_ADMIN` is all three, applied as one step.
 */
import { MIGRATION_008_ADMIN_CONTENT } from "./0008-admin-catalogue.ts";
import { MIGRATION_008_ADMIN_OPS } from "./0008-admin-operations.ts";

const IDENTITY_AND_BUSINESS = `
CREATE TABLE subscription_templates (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  subscription_type TEXT NOT NULL,
  description TEXT,
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  currency TEXT NOT NULL DEFAULT 'EUR',
  monthly_price_cents INTEGER NOT NULL CHECK (monthly_price_cents >= 0),
  yearly_price_cents INTEGER NOT NULL CHECK (yearly_price_cents >= 0),
  trial_days INTEGER NOT NULL DEFAULT 14,
  max_users INTEGER NOT NULL,
  max_storage_gb INTEGER NOT NULL,
  max_data_rows INTEGER,
  included_features TEXT NOT NULL DEFAULT '[]',
  optional_features TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL
) STRICT;

CREATE TABLE account_admin_profiles (
  account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('Trial', 'Active', 'Suspended', 'Cancelled')),
  template_id INTEGER REFERENCES subscription_templates (id) ON DELETE SET NULL,
  trial_ends_at TEXT,
  language_code TEXT NOT NULL DEFAULT 'en',
  modified_at INTEGER NOT NULL
) STRICT;

CREATE VIEW admin_accounts AS
SELECT a.id, a.name, a.domain, a.is_system, a.is_white_label, a.menu_title, a.two_factor_policy,
  a.subscription_type, a.disabled, a.created_at, a.parent_account_id,
  COALESCE(p.status, CASE WHEN a.disabled = 1 THEN 'Suspended' ELSE 'Active' END) AS status,
  COALESCE(p.template_id, (SELECT s.id FROM subscription_templates s
    WHERE s.subscription_type = a.subscription_type ORDER BY s.is_default DESC, s.id LIMIT 1)) AS template_id,
  p.trial_ends_at, COALESCE(p.language_code, 'en') AS language_code,
  COALESCE(p.modified_at, a.created_at) AS modified_at
FROM accounts a LEFT JOIN account_admin_profiles p ON p.account_id = a.id;

CREATE TABLE user_admin_profiles (
  user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  locked INTEGER NOT NULL DEFAULT 0 CHECK (locked IN (0, 1)),
  must_setup_2fa INTEGER NOT NULL DEFAULT 0 CHECK (must_setup_2fa IN (0, 1)),
  modified_at INTEGER NOT NULL
) STRICT;

CREATE VIEW admin_users AS
SELECT u.id, u.uid, u.account_id, u.email, u.full_name, u.language_code, u.is_staff, u.is_internal_support,
  u.disabled, u.created_at, u.totp_secret IS NOT NULL AS two_factor_enabled,
  CASE WHEN COALESCE(p.locked, 0) = 1 THEN 'Locked' WHEN u.disabled = 1 THEN 'Disabled'
    WHEN u.password_hash IS NULL THEN 'Invited' ELSE 'Active' END AS status,
  COALESCE(p.must_setup_2fa, 0) AS must_setup_2fa,
  (SELECT MAX(s.created_at) FROM sessions s
    WHERE s.user_id = u.id AND s.impersonator_user_id IS NULL) AS last_login_at,
  COALESCE(p.modified_at, u.created_at) AS modified_at
FROM users u LEFT JOIN user_admin_profiles p ON p.user_id = u.id;

CREATE TABLE internal_user_profiles (
  user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  display_name TEXT,
  max_concurrent_chats INTEGER NOT NULL DEFAULT 3 CHECK (max_concurrent_chats BETWEEN 1 AND 20),
  spoken_languages TEXT NOT NULL DEFAULT '[]',
  modified_at INTEGER NOT NULL
) STRICT;

CREATE TABLE blocked_ips (
  id INTEGER PRIMARY KEY,
  ip_address TEXT NOT NULL UNIQUE,
  ip_version INTEGER NOT NULL CHECK (ip_version IN (4, 6)),
  start_key TEXT NOT NULL,
  end_key TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('FailedLogins', 'Manual', 'Abuse')),
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  last_attempt_at INTEGER,
  last_attempt_email TEXT,
  country_code TEXT,
  blocked_at INTEGER NOT NULL,
  blocked_until INTEGER,
  blocked_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  note TEXT
) STRICT;

CREATE TABLE prospects (
  id INTEGER PRIMARY KEY,
  company_name TEXT NOT NULL,
  contact_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT,
  country_code TEXT,
  language_code TEXT,
  source TEXT NOT NULL CHECK (source IN ('Signup', 'ContactForm', 'Referral', 'Event', 'Partner')),
  status TEXT NOT NULL CHECK (status IN ('New', 'Contacted', 'Qualified', 'Converted', 'Lost')),
  assigned_to_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  converted_account_id INTEGER REFERENCES accounts (id) ON DELETE SET NULL,
  notes TEXT,
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL
) STRICT;

CREATE TABLE credit_notes (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  invoice_number TEXT NOT NULL COLLATE NOCASE,
  number TEXT UNIQUE,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  currency TEXT NOT NULL,
  reason TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Draft', 'Issued', 'Refunded', 'Void')),
  issued_at INTEGER,
  created_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL
) STRICT;

CREATE TABLE support_ticket_admin (
  object_id INTEGER PRIMARY KEY REFERENCES objects (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  workflow_status TEXT NOT NULL CHECK (workflow_status IN ('New', 'Open', 'WaitingForCustomer', 'Resolved')),
  assigned_to_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL
) STRICT;

CREATE TABLE project_admin (
  object_id INTEGER PRIMARY KEY REFERENCES objects (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  manager_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  estimated_hours REAL,
  is_billable INTEGER NOT NULL DEFAULT 1 CHECK (is_billable IN (0, 1))
) STRICT;

CREATE TABLE time_entries (
  id INTEGER PRIMARY KEY,
  internal_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  project_id INTEGER NOT NULL REFERENCES objects (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  support_ticket_id INTEGER REFERENCES objects (id) ON DELETE SET NULL,
  entry_date TEXT NOT NULL,
  hours REAL NOT NULL CHECK (hours > 0 AND hours <= 24),
  is_billable INTEGER NOT NULL DEFAULT 1 CHECK (is_billable IN (0, 1)),
  description TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL
) STRICT;
CREATE INDEX time_entries_by_project ON time_entries (project_id);
`;

/** Migration 8, the whole admin area. */
export const MIGRATION_008_ADMIN = [
  IDENTITY_AND_BUSINESS,
  MIGRATION_008_ADMIN_OPS,
  MIGRATION_008_ADMIN_CONTENT,
].join("\n");
