/**
 * The member side of user management (/users, §2.2 Security): one store family, every method scoped
 * to the caller's account. Staff and internal support users are managed in the admin area
 * (./admin-identity.ts) and never appear here.
 */
import type { ListQuery, Page } from "./list-page.ts";

/** A member's status as the Users screen shows it: Invited until a password is set. */
export type MemberUserStatus = "Active" | "Invited" | "Disabled";
/** The statuses, for schemas. */
export const MEMBER_USER_STATUSES = ["Active", "Invited", "Disabled"] as const;
/** The sort fields of the member list. */
export const MEMBER_USER_SORTS = ["FullName", "Email", "RoleName", "Status", "LastLoginAt"] as const;

/** One user of the account as the Users screen lists it. */
export interface MemberUser {
  recId: number;
  uid: string;
  fullName: string;
  email: string;
  roleId: number | null;
  roleName: string | null;
  status: MemberUserStatus;
  /** Disabled by staff (locked); only staff can lift it. */
  lockedBySupport: boolean;
  /** The latest sign-in of the user themself (impersonations do not count). */
  lastLoginAt: number | null;
  twoFactorEnabled: boolean;
  createdAt: number;
  /** When the newest open invitation link expires (Invited users only). */
  invitationExpiresAt: number | null;
}

/** The member list query: paging, search on name and e-mail, sort, optional status. */
export interface MemberUserQuery extends ListQuery {
  status?: MemberUserStatus;
}

/** A single-use invitation link (its token is only ever stored hashed). */
export interface InvitationLink {
  tokenHash: string;
  issuedByUserId: number;
  expiresAt: number;
}

/**
 * The roles whose holders may manage users (Users_rw): the account must keep at least one active
 * user holding one of them.
 */
export interface AdministratorRoles {
  roleIds: readonly number[];
}

/** The outcome of a guarded change of a member. */
export type MemberChange =
  | { result: "ok"; user: MemberUser; revoked: boolean }
  | { result: "missing" }
  | { result: "unknownRole" }
  | { result: "lastAdministrator" }
  | { result: "locked" };

/** The member-side user calls and the account's invoices. */
export interface AccountUserStoreFamily {
  listUsers(accountId: number, query: MemberUserQuery, now: number): Promise<Page<MemberUser>>;
  getUser(accountId: number, userId: number, now: number): Promise<MemberUser | undefined>;
  /**
   * Creates an Invited user (no password) with a role of the account and their first invitation
   * link, in one step. StoreConflictError("email") when the e-mail is taken in the account.
   */
  invite(
    accountId: number,
    input: { email: string; fullName: string; roleId: number; languageCode: string },
    link: InvitationLink,
    now: number,
  ): Promise<MemberUser | "unknownRole">;
  /** Replaces every open link of an Invited user with `link`. */
  renewInvitation(
    accountId: number,
    userId: number,
    link: InvitationLink,
    now: number,
  ): Promise<MemberUser | "missing" | "notInvited">;
  /** Deletes an Invited user (and with it their links). */
  cancelInvitation(accountId: number, userId: number): Promise<"ok" | "missing" | "notInvited">;
  /** Gives the user a role of the account, unless that leaves no active administrator. */
  setRole(
    accountId: number,
    userId: number,
    roleId: number,
    administrators: AdministratorRoles,
    now: number,
  ): Promise<MemberChange>;
  /**
   * Disables (ending every session in the same step) or enables the user, unless disabling leaves
   * no active administrator; a user locked by staff cannot be enabled here.
   */
  setDisabled(
    accountId: number,
    userId: number,
    disabled: boolean,
    administrators: AdministratorRoles,
    now: number,
  ): Promise<MemberChange>;
}
