/**
 * Records as the store hands them to the service layer: plain data, camelCase, times in epoch
 * milliseconds. The HTTP layer turns them into the PascalCase shapes of §3.
 */
import type { FeatureAvailabilityMap } from "../identity/features.ts";

/** How the account's domain is served. */
export type DomainType = "Subdomain" | "CustomDomain";
/** The account's 2FA policy (§3 AccountTwoFactorAuthenticationPolicy). */
export type TwoFactorPolicy = "Disabled" | "Optional" | "Required";
/** How the menu logo shows; None hides it (§6). */
export type MenuLogoStyle = "Standard" | "Wide" | "None";
/** What the menu title shows (§6: the company name, a custom title, or nothing). */
export type MenuTitleType = "CompanyName" | "Custom" | "None";
/** Whether / is the home screen or redirects to a menu (§4.1 step 10). */
export type HomePageType = "Default" | "GoToMenu";

/** Value lists for schemas. */
export const TWO_FACTOR_POLICIES = ["Disabled", "Optional", "Required"] as const;
export const MENU_LOGO_STYLES = ["Standard", "Wide", "None"] as const;
export const MENU_TITLE_TYPES = ["CompanyName", "Custom", "None"] as const;
export const HOME_PAGE_TYPES = ["Default", "GoToMenu"] as const;

/** An account (tenant). */
export interface AccountRecord {
  recId: number;
  uid: string;
  name: string;
  domain: string;
  domainType: DomainType;
  /** The operator's own account, home of staff and internal support users. */
  isSystem: boolean;
  isWhiteLabel: boolean;
  signupAllowed: boolean;
  showHelpLinks: boolean;
  twoFactorPolicy: TwoFactorPolicy;
  menuLogoStyle: MenuLogoStyle;
  menuTitleType: MenuTitleType;
  menuTitle: string;
  subscriptionType: string;
  parentAccountId: number | null;
  /** Stable UID of the account's logo set, used in logo URLs. */
  logoUid: string;
  hasPrimaryLogo: boolean;
  hasMenuLogo: boolean;
  /** The top menu bar's colour, `#rrggbb` lower case; null: the product's own. */
  brandPrimaryColor: string | null;
  /** The accent colour, `#rrggbb` lower case; null: the product's own. */
  brandAccentColor: string | null;
  disabled: boolean;
  createdAt: number;
}

/** A stored logo image. */
export interface LogoImage {
  contentType: string;
  data: Buffer;
  updatedAt: number;
}

/** A user of an account (members, staff and internal support users alike). */
export interface UserRecord {
  recId: number;
  uid: string;
  accountId: number;
  email: string;
  fullName: string;
  passwordHash: string | null;
  languageCode: string;
  homePageType: HomePageType;
  homePageRedirectionMenu: string | null;
  /** Stored JSON of the client preferences, or null when never saved. */
  interfacePreferences: string | null;
  roleId: number | null;
  isStaff: boolean;
  isInternalSupport: boolean;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpLastStep: number | null;
  hasAvatar: boolean;
  disabled: boolean;
  createdAt: number;
}

/** A user together with its account, as login and session lookups return them. */
export interface UserWithAccount {
  user: UserRecord;
  account: AccountRecord;
}

/** A role: a named permission string (§3). */
export interface RoleRecord {
  recId: number;
  accountId: number;
  name: string;
  /** Canonical permission string. */
  permissions: string;
  /** The owner role holds every permission and cannot be changed or deleted. */
  isOwner: boolean;
  createdAt: number;
  modifiedAt: number;
}

export interface TeamRecord {
  recId: number;
  accountId: number;
  name: string;
  memberUserIds: number[];
}

/** An ending that is not a revocation: each sends the browser somewhere of its own (§4.2). */
export type SessionEndReason = "logout" | "impersonationStopped";

/** A session: who, since when, and who is really behind it when impersonating. */
export interface SessionRecord {
  id: number;
  accountId: number;
  userId: number;
  impersonatorAccountId: number | null;
  impersonatorUserId: number | null;
  impersonatorSessionId: number | null;
  createdAt: number;
  lastSeenAt: number;
  /** Absolute expiry; the inactivity expiry is lastSeenAt + the idle window. */
  expiresAt: number;
  revokedAt: number | null;
  /**
   * Why an ended session ended, when a logout or a stopped impersonation ended it; null while live
   * and for every other revocation (§4.2: what its hub connections are told).
   */
  endedBy: SessionEndReason | null;
  /**
   * A preview's session (auth/preview-session-routes.ts): the session guard refuses it every call
   * but GET and HEAD, and the hubs refuse it.
   */
  readOnly: boolean;
}

/** Kinds of single-use tokens. */
export type OneTimeTokenKind =
  | "LoginWithRDS"
  | "Impersonation"
  | "PasswordReset"
  | "TwoFactorLogin"
  | "DisableTwoFactor";

/** A single-use token as consumed. */
export interface OneTimeTokenRecord {
  kind: OneTimeTokenKind;
  accountId: number;
  userId: number;
  issuedByUserId: number | null;
  createdAt: number;
  expiresAt: number;
}

/** The subscription of an account. */
export interface SubscriptionRecord {
  subscriptionType: string;
  features: FeatureAvailabilityMap;
}

/** A recorded outgoing mail. */
export interface OutboxMail {
  recId: number;
  accountId: number | null;
  kind: string;
  to: string;
  subject: string;
  body: string;
  createdAt: number;
}

/** An application log entry; audit entries use category "Audit". */
export interface ApplicationLogEntry {
  recId: number;
  at: number;
  level: "Info" | "Warning" | "Error";
  category: string;
  action: string;
  message: string;
  actorAccountId: number | null;
  actorUserId: number | null;
  targetAccountId: number | null;
  targetUserId: number | null;
  details: Record<string, unknown> | null;
}
