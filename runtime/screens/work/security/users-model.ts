/**
 * Users (server/upstream/people/users-routes.ts): the shapes of the account's users, which actions a
 * row offers (§6: changes need Users at rw; the server enforces them again), the status tones and
 * the invite request. Pure.
 */
import type { Tone } from "../common/list-parts.tsx";

/** A user's status: Invited until the first password is chosen from the invitation. */
export type UserStatus = "Active" | "Invited" | "Disabled";

/** The statuses, in the order the filter offers them. */
export const USER_STATUSES: readonly UserStatus[] = ["Active", "Invited", "Disabled"];

/** Longest full name the upstream accepts. */
export const FULL_NAME_MAX_LENGTH = 200;

/** A user of the account as GET Users returns it. */
export interface AccountUser {
  RecId: number;
  UserUID: string;
  FullName: string;
  Email: string;
  RoleRecId: number | null;
  RoleName: string | null;
  Status: UserStatus;
  LockedBySupport: boolean;
  LastLoginAt: string | null;
  TwoFactorEnabled: boolean;
  CreatedAt: string | null;
  /** When the open invitation link expires; null when there is none (accepted, or expired). */
  InvitationExpiresAt: string | null;
  IsCurrentUser: boolean;
}

/** A role the signed-in user may hand out (GET Users/AssignableRoles). */
export interface AssignableRole {
  RecId: number;
  Name: string;
  IsOwner: boolean;
}

/** What can be done to a user from the list. */
export type UserAction = "changeRole" | "disable" | "enable" | "resendInvitation" | "withdrawInvitation";

/**
 * The actions a row offers: none without Users at rw; an invited user can be re-invited, withdrawn
 * or given another role; nobody disables themself; a user locked by support is enabled by staff only.
 */
export function userActions(user: AccountUser, canWrite: boolean): UserAction[] {
  if (!canWrite) return [];
  switch (user.Status) {
    case "Invited":
      return ["changeRole", "resendInvitation", "withdrawInvitation"];
    case "Active":
      return user.IsCurrentUser ? ["changeRole"] : ["changeRole", "disable"];
    case "Disabled":
      return user.LockedBySupport ? ["changeRole"] : ["changeRole", "enable"];
  }
}

/** The badge tone of a status (the text always says it too). */
export function statusTone(status: UserStatus): Tone {
  return { Active: "success", Invited: "info", Disabled: "neutral" }[status] as Tone;
}

/** The button text of each action. */
export const ACTION_LABELS: Readonly<Record<UserAction, string>> = {
  changeRole: "Users_ChangeRole",
  disable: "Users_Disable",
  enable: "Users_Enable",
  resendInvitation: "Users_ResendInvitation",
  withdrawInvitation: "Users_WithdrawInvitation",
};

/** The confirmed actions: the call, its confirmation texts and the success text. */
export const CONFIRMED_ACTIONS = {
  disable: {
    path: "Disable",
    method: "POST",
    title: "Users_Disable",
    ask: "Users_DisableConfirm",
    done: "Users_Disabled",
  },
  enable: {
    path: "Enable",
    method: "POST",
    title: "Users_Enable",
    ask: "Users_EnableConfirm",
    done: "Users_Enabled",
  },
  withdrawInvitation: {
    path: "Invitation",
    method: "DELETE",
    title: "Users_WithdrawInvitation",
    ask: "Users_WithdrawInvitationConfirm",
    done: "Users_InvitationWithdrawn",
  },
} as const;

/** An action confirmed first. */
export type ConfirmedAction = keyof typeof CONFIRMED_ACTIONS;

/** Whether an action is confirmed first. */
export function isConfirmed(kind: UserAction): kind is ConfirmedAction {
  return Object.hasOwn(CONFIRMED_ACTIONS, kind);
}

/** Whether an Invited user's link can no longer be used (a resend is needed). */
export function invitationExpired(user: AccountUser): boolean {
  return user.Status === "Invited" && user.InvitationExpiresAt === null;
}

/** The role choices, sorted by name. */
export function roleOptions(roles: readonly AssignableRole[]): Array<{ value: number; label: string }> {
  return [...roles]
    .sort((a, b) => a.Name.localeCompare(b.Name))
    .map((role) => ({ value: role.RecId, label: role.Name }));
}

/** The invite form's values. */
export interface InviteValues {
  email: string;
  fullName: string;
  roleId: number | null;
}

/** The body of POST Users (trimmed); null while the form is incomplete. */
export function inviteRequest(
  values: InviteValues,
): { Email: string; FullName: string; RoleRecId: number } | null {
  const email = values.email.trim();
  const fullName = values.fullName.trim();
  if (email === "" || fullName === "" || values.roleId === null) return null;
  return { Email: email, FullName: fullName, RoleRecId: values.roleId };
}
