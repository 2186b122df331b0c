/** Request schemas and response shapes of the member user calls (PascalCase, §3). */

import { singleLineText } from "../../../schemas/text-rules.ts";
import { SUPPORTED_LANGUAGES } from "../account/languages.ts";
import { isoTime, listQuerySchema } from "../folders/list-query.ts";
import { emailSchema, recIdSchema } from "../http/schemas.ts";
import { MEMBER_USER_SORTS, MEMBER_USER_STATUSES, type MemberUser } from "../store/types/account-users.ts";

/** Longest full name a member may have. */
export const FULL_NAME_MAX_LENGTH = 200;

/** GET Users: paging, search on name and e-mail, sort, status. */
export const userListQuery = listQuerySchema(MEMBER_USER_SORTS, "FullName", {
  status: { enum: MEMBER_USER_STATUSES, description: "Only users in this state." },
});

/** POST Users: invite someone. */
export const inviteBody = {
  type: "object",
  properties: {
    Email: emailSchema,
    FullName: {
      ...singleLineText,
      minLength: 1,
      maxLength: FULL_NAME_MAX_LENGTH,
      description: "The invited user's full name.",
    },
    RoleRecId: recIdSchema,
    LanguageCode: {
      enum: SUPPORTED_LANGUAGES.map((language) => language.code),
      description: "The invited user's interface language (default: the inviting user's).",
    },
  },
  required: ["Email", "FullName", "RoleRecId"],
  additionalProperties: false,
} as const;

/** PUT Users/{recId}/Role. */
export const roleBody = {
  type: "object",
  properties: { RoleRecId: recIdSchema },
  required: ["RoleRecId"],
  additionalProperties: false,
} as const;

/** A member as the Users calls return it. */
export function userBody(user: MemberUser, callerUserId: number) {
  return {
    RecId: user.recId,
    UserUID: user.uid,
    FullName: user.fullName,
    Email: user.email,
    RoleRecId: user.roleId,
    RoleName: user.roleName,
    Status: user.status,
    LockedBySupport: user.lockedBySupport,
    LastLoginAt: isoTime(user.lastLoginAt),
    TwoFactorEnabled: user.twoFactorEnabled,
    CreatedAt: isoTime(user.createdAt),
    InvitationExpiresAt: isoTime(user.invitationExpiresAt),
    IsCurrentUser: user.recId === callerUserId,
  };
}
