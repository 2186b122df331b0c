/**
 * Admin store families of identity and network records (see ./admin-records.ts for the rules): the
 * real accounts and users behind /admin/accounts, /admin/users and /admin/internalusers, prospect
 * conversion, and the blocked IPs and IP database.
 */
import type { AdminChangeResult } from "./admin-records.ts";

/** Account fields staff set (the account screen's form, §2.4 /admin/accounts). */
export interface AdminAccountInput {
  name: string;
  domain: string;
  status: "Trial" | "Active" | "Suspended" | "Cancelled";
  templateId: number;
  trialEndsAt: string | null;
  languageCode: string;
  isWhiteLabel: boolean;
  menuTitle: string | null;
  twoFactorPolicy: "Disabled" | "Optional" | "Required";
  /** `#rrggbb` lower case, null for the product's own; absent: unchanged (new accounts: null). */
  brandPrimaryColor?: string | null;
  brandAccentColor?: string | null;
}

/**
 * Converting a prospect (/admin/prospects): the account is created with the contact as its first
 * user (owner role, invited) and the prospect marked Converted — all in one transaction, refused
 * ("ProspectNotConvertible") when the prospect is gone or no longer open.
 */
export interface AdminProspectConversion {
  prospectId: number;
  owner: AdminUserInput;
}

/** Thrown when a prospect is missing or already converted or lost. */
export class ProspectNotConvertibleError extends Error {
  constructor() {
    super("prospect not convertible");
  }
}

/** A user staff create in an account (no password: the user sets it from the invitation). */
export interface AdminUserInput {
  email: string;
  fullName: string;
  languageCode: string;
  disabled: boolean;
  mustSetup2fa: boolean;
}

/** The user statuses of the admin screens; Invited = no password set yet. */
export type AdminUserStatus = "Invited" | "Active" | "Disabled" | "Locked";

/** A user change; `revoked` says whether the user's sessions were ended (disable, lock). */
export type AdminUserChange = { result: "ok"; revoked: boolean } | { result: "missing" | "blocked" };

/** An internal user's staff profile and admin permissions. */
export interface AdminStaffProfile {
  isSupportAgent: boolean;
  displayName: string | null;
  maxConcurrentChats: number;
  spokenLanguages: string[];
  /** Module → access; Write implies Read. */
  permissions: Map<string, { Read: boolean; Write: boolean }>;
}

/**
 * The real identity records behind the accounts, users and internal users screens. Changes that
 * disable a user or an account revoke their sessions in the same transaction and return whose.
 */
export interface AdminIdentityStoreFamily {
  /** Account, subscription features from the template, owner role, admin profile; StoreConflictError("domain"). */
  createAccount(
    input: AdminAccountInput,
    ownerRole: { name: string; permissions: string },
    now: number,
    conversion?: AdminProspectConversion,
  ): Promise<number>;
  /** "blocked" when the change would suspend or cancel the operator's own account. */
  updateAccount(
    accountId: number,
    change: Partial<AdminAccountInput>,
    now: number,
  ): Promise<{ result: AdminChangeResult; revokedUserIds: number[] }>;
  /** "blocked" for the operator account and for accounts that still manage other accounts. */
  deleteAccount(accountId: number): Promise<AdminChangeResult>;
  /** Creates a member (or, with `staff`, an internal user of the operator account); StoreConflictError("email"). */
  createUser(
    accountId: number,
    input: AdminUserInput,
    now: number,
    staff?: AdminStaffProfile,
  ): Promise<{ recId: number; uid: string }>;
  /** Changes a member's identity and status; "blocked" when the status cannot be reached (e.g. Active without a password). */
  updateUser(
    userId: number,
    change: Partial<AdminUserInput> & { status?: AdminUserStatus },
    now: number,
  ): Promise<AdminUserChange>;
  /** Changes an internal user (staff only); StoreConflictError("email"). */
  updateStaff(
    userId: number,
    change: Partial<AdminUserInput> & { isActive?: boolean },
    profile: Partial<AdminStaffProfile>,
    now: number,
  ): Promise<AdminUserChange>;
  /** Deletes a user with everything that cascades from it. */
  deleteUser(userId: number, staff: boolean): Promise<AdminChangeResult>;
  /** Unlocks a locked user ("blocked" when not locked). */
  unlockUser(userId: number, now: number): Promise<AdminChangeResult>;
  /** Whether staff flagged the user of the account as having to set up 2FA (/admin/users MustSetup2FA). */
  mustSetup2fa(accountId: number, userId: number): Promise<boolean>;
}
