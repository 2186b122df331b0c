/**
 * PostgreSQL translation of ../../migrations/0012-account-brand-colours.ts (the conversion rules: ../README.md).
 */

const BRAND_COLOUR = (column: string) =>
  `${column} TEXT COLLATE "C" CHECK (${column} IS NULL OR (${column} ~ '^#[0-9a-f]{6}$'))`;

/** Brand colour columns on accounts; the admin view with them. */
export const PG_MIGRATION_012_BRAND_COLOURS = `
ALTER TABLE accounts ADD COLUMN ${BRAND_COLOUR("brand_primary_color")};
ALTER TABLE accounts ADD COLUMN ${BRAND_COLOUR("brand_accent_color")};

DROP VIEW admin_accounts;
CREATE VIEW admin_accounts AS
SELECT a.id, a.name, a.domain, a.is_system, a.is_white_label, a.menu_title, a.two_factor_policy,
  a.subscription_type, a.disabled, a.created_at, a.parent_account_id,
  a.brand_primary_color, a.brand_accent_color,
  COALESCE(p.status, CASE WHEN a.disabled THEN 'Suspended' ELSE 'Active' END) AS status,
  COALESCE(p.template_id, (SELECT s.id FROM subscription_templates s
    WHERE s.subscription_type = a.subscription_type ORDER BY s.is_default DESC, s.id LIMIT 1)) AS template_id,
  p.trial_ends_at, COALESCE(p.language_code, 'en') AS language_code,
  COALESCE(p.modified_at, a.created_at) AS modified_at
FROM accounts a LEFT JOIN account_admin_profiles p ON p.account_id = a.id;
`;
