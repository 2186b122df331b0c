/**
 * SQL of migration 12: the account's shell colours (DESIGN.md: white-label accounts have their own
 * shell's colours) — the top menu bar's primary colour and the accent, `#rrggbb` in lower case or
 * NULL for the product's own. The contrast rule (core/branding/contrast.ts) is applied by the
 * routes that write them; the table keeps only the form. The admin_accounts view is rebuilt to
 * carry them to /admin/accounts.
 */

const BRAND_COLOUR = (column: string) =>
  `${column} TEXT CHECK (${column} IS NULL OR (length(${column}) = 7 AND ${column} GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'))`;

/** Brand colour columns on accounts; the admin view with them. */
export const MIGRATION_012_BRAND_COLOURS = `
ALTER TABLE accounts ADD COLUMN ${BRAND_COLOUR("brand_primary_color")};
ALTER TABLE accounts ADD COLUMN ${BRAND_COLOUR("brand_accent_color")};

DROP VIEW admin_accounts;
CREATE VIEW admin_accounts AS
SELECT a.id, a.name, a.domain, a.is_system, a.is_white_label, a.menu_title, a.two_factor_policy,
  a.subscription_type, a.disabled, a.created_at, a.parent_account_id,
  a.brand_primary_color, a.brand_accent_color,
  COALESCE(p.status, CASE WHEN a.disabled = 1 THEN 'Suspended' ELSE 'Active' END) AS status,
  COALESCE(p.template_id, (SELECT s.id FROM subscription_templates s
    WHERE s.subscription_type = a.subscription_type ORDER BY s.is_default DESC, s.id LIMIT 1)) AS template_id,
  p.trial_ends_at, COALESCE(p.language_code, 'en') AS language_code,
  COALESCE(p.modified_at, a.created_at) AS modified_at
FROM accounts a LEFT JOIN account_admin_profiles p ON p.account_id = a.id;
`;
