/**
 * The rules of member-side user management beyond the route guards: who counts as a user
 * administrator (a role granting Users_rw, §6), and that nobody hands out — or takes away — more
 * rights than they hold themself, so Users_rw never escalates into the owner's permissions.
 */
import { grants, parsePermissionString, type RolePermissions } from "../identity/permission-string.ts";
import type { RoleRecord } from "../store/records.ts";
import type { AdministratorRoles } from "../store/types/account-users.ts";

/** The parsed permissions of a role (none when its stored string is unreadable). */
export function rolePermissions(role: RoleRecord): RolePermissions {
  const parsed = parsePermissionString(role.permissions);
  return parsed.ok ? parsed.permissions : new Map();
}

/** The account's roles whose holders may manage users. */
export function administratorRoles(roles: readonly RoleRecord[]): AdministratorRoles {
  return {
    roleIds: roles.filter((role) => grants(rolePermissions(role), "Users", "rw")).map((role) => role.recId),
  };
}

/** Whether every permission of `wanted` is also held by `holder` at the same or a higher level. */
export function withinPermissions(wanted: RolePermissions, holder: RolePermissions): boolean {
  for (const [key, level] of wanted) if (!grants(holder, key, level)) return false;
  return true;
}
