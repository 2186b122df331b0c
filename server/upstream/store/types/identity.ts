/**
 * The upstream store, one small interface per family. Methods are async so a PostgreSQL
 * implementation can follow the SQLite one; each method is atomic on its own (one transaction), so
 * no call ever leaves a half-written change.
 *
 * Tenancy: every method that reads or changes account data takes the caller's account id and
 * filters on it. The only exceptions are the lookups that establish who the caller is — named
 * `resolve…` (by domain, by logo UID, by token hash, by e-mail at login) — and the cross-account
 * reads of the admin area, named `…ForAdmin`, which routes call only after an admin permission check
 * or the gateway's service token.
 */
import type { AdminPermissionMap } from "../../identity/admin-modules.ts";
import type { FeatureAvailabilityMap } from "../../identity/features.ts";
import type {
  AccountRecord,
  DomainType,
  HomePageType,
  LogoImage,
  MenuLogoStyle,
  MenuTitleType,
  OneTimeTokenKind,
  OneTimeTokenRecord,
  RoleRecord,
  SessionEndReason,
  SessionRecord,
  SubscriptionRecord,
  TeamRecord,
  TwoFactorPolicy,
  UserRecord,
  UserWithAccount,
} from "../records.ts";

/** Thrown when a change would break a uniqueness rule; `field` says which. */
export class StoreConflictError extends Error {
  readonly field: "domain" | "email" | "name" | "uid";
  constructor(field: "domain" | "email" | "name" | "uid") {
    super(`${field} already taken`);
    this.field = field;
  }
}

export interface NewUserInput {
  email: string;
  fullName: string;
  passwordHash: string | null;
  languageCode?: string;
  roleId?: number | null;
  homePageType?: HomePageType;
  homePageRedirectionMenu?: string | null;
  isStaff?: boolean;
  isInternalSupport?: boolean;
  totpSecret?: string | null;
}

/** A new account with its subscription, owner role and owner user, created in one step. */
export interface NewAccountInput {
  name: string;
  domain: string;
  domainType?: DomainType;
  isSystem?: boolean;
  isWhiteLabel?: boolean;
  signupAllowed?: boolean;
  showHelpLinks?: boolean;
  twoFactorPolicy?: TwoFactorPolicy;
  menuLogoStyle?: MenuLogoStyle;
  menuTitleType?: MenuTitleType;
  menuTitle?: string;
  subscriptionType: string;
  features: FeatureAvailabilityMap;
  parentAccountId?: number | null;
  ownerRole: { name: string; permissions: string };
  owner: NewUserInput;
}

/** Accounts (tenants), their subscription and logos. */
export interface AccountStoreFamily {
  /** Pre-authentication: the account serving a domain. */
  resolveByDomain(domain: string): Promise<AccountRecord | undefined>;
  /** Capability lookup: the account owning a logo UID (logo URLs are public, §7). */
  resolveByLogoUid(logoUid: string): Promise<AccountRecord | undefined>;
  /** The operator's own account (home of staff and support agents). */
  resolveSystemAccount(): Promise<AccountRecord | undefined>;
  get(accountId: number): Promise<AccountRecord | undefined>;
  subscription(accountId: number): Promise<SubscriptionRecord>;
  logo(accountId: number, kind: "Primary" | "Menu"): Promise<LogoImage | undefined>;
  setLogo(accountId: number, kind: "Primary" | "Menu", image: LogoImage): Promise<void>;
  /** Creates account, features, owner role and owner user atomically; StoreConflictError on a taken domain. */
  create(input: NewAccountInput, now: number): Promise<UserWithAccount>;
  /** Whether any account exists (the demo seed runs only on an empty store). */
  isEmpty(): Promise<boolean>;
}

export interface UserStoreFamily {
  /** Pre-authentication: enabled users with this e-mail, optionally only in the account of `domain`. */
  resolveLoginCandidates(email: string, domain?: string): Promise<UserWithAccount[]>;
  get(accountId: number, userId: number): Promise<UserRecord | undefined>;
  getByUid(accountId: number, userUid: string): Promise<UserRecord | undefined>;
  /** StoreConflictError("email") when the e-mail is taken in the account. */
  create(accountId: number, input: NewUserInput, now: number): Promise<UserRecord>;
  setInterfacePreferences(accountId: number, userId: number, json: string): Promise<void>;
  setLanguage(accountId: number, userId: number, languageCode: string): Promise<void>;
  setHomePage(accountId: number, userId: number, type: HomePageType, menu: string | null): Promise<void>;
  avatar(accountId: number, userId: number): Promise<LogoImage | undefined>;
  setAvatar(accountId: number, userId: number, image: LogoImage): Promise<void>;
}

/** Passwords and second factors; each change that must revoke sessions does so in the same step. */
export interface CredentialStoreFamily {
  /** Sets the password hash and revokes the user's other sessions. */
  setPassword(
    accountId: number,
    userId: number,
    hash: string,
    keepSessionId: number | null,
    now: number,
  ): Promise<void>;
  /** Consumes a PasswordReset token, sets the hash, revokes every session; the user, or undefined. */
  resetPassword(tokenHash: string, hash: string, now: number): Promise<UserRecord | undefined>;
  setPendingTotpSecret(accountId: number, userId: number, secret: string): Promise<void>;
  /** Turns the pending secret into the active one, recording the step the confirming code used. */
  enableTotp(accountId: number, userId: number, step: number): Promise<boolean>;
  disableTotp(accountId: number, userId: number): Promise<void>;
  /** Consumes a DisableTwoFactor token and removes the user's second factor. */
  disableTotpWithToken(tokenHash: string, now: number): Promise<UserRecord | undefined>;
  /** Records a used TOTP step; false when it is not newer than the last one (replay). */
  acceptTotpStep(accountId: number, userId: number, step: number): Promise<boolean>;
}

/** Roles (permission strings). */
export interface RoleStoreFamily {
  list(accountId: number): Promise<RoleRecord[]>;
  get(accountId: number, roleId: number): Promise<RoleRecord | undefined>;
  /** StoreConflictError("name") when the name is taken. */
  create(
    accountId: number,
    input: { name: string; permissions: string; isOwner?: boolean },
    now: number,
  ): Promise<RoleRecord>;
  update(
    accountId: number,
    roleId: number,
    change: { name?: string; permissions?: string },
    now: number,
  ): Promise<RoleRecord | undefined>;
  /** Deletes an unassigned, non-owner role. */
  delete(accountId: number, roleId: number): Promise<"deleted" | "notFound" | "inUse" | "owner">;
  /** How many users hold the role. */
  userCount(accountId: number, roleId: number): Promise<number>;
  /** Admin read: the distinct permission strings of every role of every account, as stored. */
  permissionStringsForAdmin(): Promise<string[]>;
}

/** Teams and custom menus (their screens follow; the seed and the store shape are here now). */
export interface TeamStoreFamily {
  create(accountId: number, name: string, memberUserIds: number[], now: number): Promise<TeamRecord>;
  list(accountId: number): Promise<TeamRecord[]>;
  createMenu(accountId: number, name: string, definition: unknown, now: number): Promise<number>;
}

/** Staff: admin permissions per module. */
export interface StaffStoreFamily {
  adminPermissions(accountId: number, userId: number): Promise<AdminPermissionMap>;
  setAdminPermissions(accountId: number, userId: number, permissions: AdminPermissionMap): Promise<void>;
  /** Admin read: any user of any account, for impersonation. */
  getUserForAdmin(userId: number): Promise<UserWithAccount | undefined>;
}

export interface SessionStoreFamily {
  create(
    input: {
      tokenHash: string;
      accountId: number;
      userId: number;
      impersonatorAccountId?: number | null;
      impersonatorUserId?: number | null;
      impersonatorSessionId?: number | null;
      expiresAt: number;
      readOnly?: boolean;
    },
    now: number,
  ): Promise<SessionRecord>;
  /** Identity resolution: the session a bearer token hashes to, whatever its state. */
  resolveByTokenHash(tokenHash: string): Promise<SessionRecord | undefined>;
  get(accountId: number, sessionId: number): Promise<SessionRecord | undefined>;
  touch(accountId: number, sessionId: number, at: number): Promise<void>;
  /** Ends a live session; `endedBy` says why when a logout or a stopped impersonation ends it. */
  revoke(accountId: number, sessionId: number, at: number, endedBy?: SessionEndReason): Promise<void>;
  revokeAllForUser(
    accountId: number,
    userId: number,
    at: number,
    exceptSessionId?: number | null,
  ): Promise<number>;
}

/** Single-use tokens. */
export interface TokenStoreFamily {
  issue(
    input: {
      kind: OneTimeTokenKind;
      tokenHash: string;
      accountId: number;
      userId: number;
      issuedByUserId?: number | null;
      expiresAt: number;
    },
    now: number,
  ): Promise<void>;
  /** Identity resolution: marks an unexpired, unused token used and returns it — at most once. */
  resolveAndConsume(
    kind: OneTimeTokenKind,
    tokenHash: string,
    now: number,
  ): Promise<OneTimeTokenRecord | undefined>;
}
