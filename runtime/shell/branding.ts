/**
 * §6: the account logo and title of the top menu bar. The logo hides for
 * white-label accounts without a menu logo, or when the logo style is none; the
 * title is the company name, a custom title, or empty.
 */
import type { ShellManifest } from "../../schemas/shell.ts";
import { apiUrl } from "../http/api-client.ts";

/** The account fields of the User session (§3) the branding reads. */
export interface AccountBranding {
  accountName: string;
  logoUID: string | null;
  isWhiteLabel: boolean;
  menuLogoIsSet: boolean;
  /** AccountMenuLogoStyle: wide, square or none, compared case-insensitively. */
  menuLogoStyle: string | null;
  /** AccountMenuDisplayTitleType: CompanyName, CustomTitle or None (or the manifest spellings). */
  menuDisplayTitleType: string | null;
  menuTitle: string | null;
}

/** The logo to show. */
export interface LogoView {
  src: string;
  style: "wide" | "square";
  link: string;
  altKey: string;
  altParams: { accountName: string };
}

/** The title to show: plain text from the session, or a text key of the manifest. */
export type TitleView = { text: string } | { key: string };

const LOGO_STYLES = ["wide", "square", "none"] as const;

/** The session's logo style when it is recognised, else the manifest default. */
function effectiveLogoStyle(
  logo: ShellManifest["logo"],
  account: AccountBranding,
): (typeof LOGO_STYLES)[number] {
  const wanted = account.menuLogoStyle?.toLowerCase();
  return LOGO_STYLES.find((style) => style === wanted) ?? logo.style;
}

/** §7: the account logo URL, {webservices}/account/logo/{logoUid}. */
export function accountLogoUrl(logoUID: string): string {
  return apiUrl("webservices", `account/logo/${encodeURIComponent(logoUID)}`);
}

/** §7: the user's avatar URL, {webservices}/user/avatar/{userUID}. */
export function userAvatarUrl(userUID: string): string {
  return apiUrl("webservices", `user/avatar/${encodeURIComponent(userUID)}`);
}

/** §6: the logo, or null when it is hidden (or the account has none to load). */
export function logoView(logo: ShellManifest["logo"], account: AccountBranding): LogoView | null {
  if (!logo.show || !account.logoUID) return null;
  const style = effectiveLogoStyle(logo, account);
  if (style === "none") return null;
  if (account.isWhiteLabel && !account.menuLogoIsSet) return null;
  return {
    src: accountLogoUrl(account.logoUID),
    style,
    link: logo.link,
    altKey: logo.altKey,
    altParams: { accountName: account.accountName },
  };
}

/** Session and manifest spellings of the title types, lower-cased. */
const TITLE_TYPES: Record<string, "companyName" | "custom" | "none"> = {
  companyname: "companyName",
  custom: "custom",
  customtitle: "custom",
  none: "none",
};

/** §6: the title next to the logo, or null for none. */
export function titleView(title: ShellManifest["title"], account: AccountBranding): TitleView | null {
  const type = TITLE_TYPES[account.menuDisplayTitleType?.toLowerCase() ?? ""] ?? title.type;
  if (type === "companyName") return account.accountName.trim() ? { text: account.accountName } : null;
  if (type === "none") return null;
  if (account.menuTitle?.trim()) return { text: account.menuTitle };
  return title.customTitleKey ? { key: title.customTitleKey } : null;
}
