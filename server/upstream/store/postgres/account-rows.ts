/**
 * How an account is read from PostgreSQL: ../sqlite/account-rows.ts with the booleans the driver
 * already returns as booleans. Every family that returns an `AccountRecord` shares it.
 */
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
    isSystem: row.is_system as boolean,
    isWhiteLabel: row.is_white_label as boolean,
    signupAllowed: row.signup_allowed as boolean,
    showHelpLinks: row.show_help_links as boolean,
    twoFactorPolicy: row.two_factor_policy as AccountRecord["twoFactorPolicy"],
    menuLogoStyle: row.menu_logo_style as AccountRecord["menuLogoStyle"],
    menuTitleType: row.menu_title_type as AccountRecord["menuTitleType"],
    menuTitle: row.menu_title as string,
    subscriptionType: row.subscription_type as string,
    parentAccountId: (row.parent_account_id as number | null) ?? null,
    logoUid: row.logo_uid as string,
    hasPrimaryLogo: row.has_primary_logo as boolean,
    hasMenuLogo: row.has_menu_logo as boolean,
    brandPrimaryColor: (row.brand_primary_color as string | null) ?? null,
    brandAccentColor: (row.brand_accent_color as string | null) ?? null,
    disabled: row.disabled as boolean,
    createdAt: row.created_at as number,
  };
}

/** The SELECT that returns account rows for accountFromRow. */
export const SELECT_ACCOUNT = `SELECT ${ACCOUNT_COLUMNS} FROM accounts a`;
