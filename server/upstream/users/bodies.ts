/** Request schemas and response shapes of the member user calls and the invoice list (PascalCase, §3). */

import { singleLineText } from "../../../schemas/text-rules.ts";
import { SUPPORTED_LANGUAGES } from "../account/languages.ts";
import { isoTime, listQueryProperties, listQuerySchema } from "../folders/list-query.ts";
import { emailSchema, recIdSchema } from "../http/schemas.ts";
import type { InvoiceRecord } from "../store/records-content.ts";
import { MEMBER_USER_SORTS, MEMBER_USER_STATUSES, type MemberUser } from "../store/types-people.ts";

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

/** GET Invoices: paging only; the order is always newest first. */
export const invoiceListQuery = {
  type: "object",
  properties: {
    page: listQueryProperties([], "").page,
    pageSize: listQueryProperties([], "").pageSize,
  },
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

/**
 * An invoice of the list: the fields of the staff invoice calls (jobs/admin-routes.ts) without the
 * lines; the PDF opens at the §7 path invoice/{InvoiceNumber}.
 */
export function invoiceBody(invoice: InvoiceRecord) {
  return {
    RecId: invoice.recId,
    InvoiceNumber: invoice.number,
    Status: invoice.status,
    IssuedAt: new Date(invoice.issuedAt).toISOString(),
    DueAt: new Date(invoice.dueAt).toISOString(),
    Currency: invoice.currency,
    Total: invoice.totalCents / 100,
    DownloadPath: `invoice/${encodeURIComponent(invoice.number)}`,
  };
}
