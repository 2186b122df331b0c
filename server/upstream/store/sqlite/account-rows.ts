/**
 * How an account is read from SQLite: the columns (with the logo flags) and the row mapping every
 * family that returns an `AccountRecord` shares — the account, user, session and account settings
 * families.
 */
import { bool } from "../database.ts";
import type { AccountRecord } from "../records.ts";

const ACCOUNT_COLUMNS = `a.*,
  EXISTS (SELECT 1 FROM account_logos l WHERE l.account_id = a.id AND l.kind = 'Primary') AS has_primary_logo,
  EXISTS (SELECT 1 FROM account_logos l WHERE l.account_id = a.id AND l.kind = 'Menu') AS has_menu_logo`;

/** Maps an `accounts` row (selected with ACCOUNT_COLUMNS) to a record. */
export function accountFromRow(row: Record<string, unknown>): AccountRecord {
  return {
    recId: row.id as number,
    uid: row.uid as string,
    name: row.name as string,
    domain: row.domain as string,
    domainType: row.domain_type as AccountRecord["domainType"],
    isSystem: bool(row.is_system),
    isWhiteLabel: bool(row.is_white_label),
    signupAllowed: bool(row.signup_allowed),
    showHelpLinks: bool(row.show_help_links),
    twoFactorPolicy: row.two_factor_policy as AccountRecord["twoFactorPolicy"],
    menuLogoStyle: row.menu_logo_style as AccountRecord["menuLogoStyle"],
    menuTitleType: row.menu_title_type as AccountRecord["menuTitleType"],
    menuTitle: row.menu_title as string,
    subscriptionType: row.subscription_type as string,
    parentAccountId: (row.parent_account_id as number | null) ?? null,
    logoUid: row.logo_uid as string,
    hasPrimaryLogo: bool(row.has_primary_logo),
    hasMenuLogo: bool(row.has_menu_logo),
    brandPrimaryColor: (row.brand_primary_color as string | null) ?? null,
    brandAccentColor: (row.brand_accent_color as string | null) ?? null,
    disabled: bool(row.disabled),
    createdAt: row.created_at as number,
  };
}

/** The SELECT that returns account rows for accountFromRow. */
export const SELECT_ACCOUNT = `SELECT ${ACCOUNT_COLUMNS} FROM accounts a`;
