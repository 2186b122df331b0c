/**
 * The access decisions of §4.1 (steps 9, 11, 12 and the admin-module rule), §5 access checks and
 * §6, each returning the reason when access is refused. The gateway filters the per-user manifest
 * with them (a route refused for a feature becomes an upgrade route, any other refusal drops it) and
 * the runtime's guard redirects with them — so both sides refuse the same things for the same reason.
 *
 * The order of the gates, for a route:
 * 1. the admin area (a path under /admin, or admin modules): closed while impersonating (DESIGN.md
 *    §3, §4.2), then §4.1 step 9 (no admin permission at all), then Read on one of the route's modules;
 * 2. the role permission at the route's level (§4.1 step 12, §5);
 * 3. the subscription feature (§4.1 step 11, §5). §6 makes the permission the first gate and the
 *    feature "a second gate": the upgrade page is offered only to a user whose role would open the
 *    screen once the feature is included; without the permission the user is sent home — which is
 *    also where the gateway's manifest sends such a user, since it never sends the route.
 */
import type { PermissionsManifest } from "../../schemas/permissions.ts";
import type { RouteDefinition } from "../../schemas/routes.ts";
import {
  type AccessSubject,
  canReadAnyAdminModule,
  hasAnyAdminPermission,
  isFeatureIncluded,
} from "./access-profile.ts";
import type { PermissionLevel } from "./permission-string.ts";

/** Why access is refused. */
export type AccessRefusal =
  /** §4.1 step 11: a feature of the route is not Included; /upgrade shows its first object type. */
  | { reason: "featureNotIncluded"; feature: string; objectType: string | null }
  /** §4.1 step 12, §6: the role permission is missing (`held` null) or too low (`held` "r" for "rw"). */
  | { reason: "permissionMissing"; permission: string; level: PermissionLevel; held: PermissionLevel | null }
  /** §4.1 step 9: an /admin path without any admin permission. */
  | { reason: "adminWithoutPermission" }
  /** §4.1 additional rule, §5, §6: no Read on any of the admin modules. */
  | { reason: "adminModuleMissing"; modules: readonly string[] }
  /** §6: a link marked adminOnly, for a user who is not an admin. */
  | { reason: "adminOnly" }
  /** DESIGN.md §3: the admin area (routes, links, dialogs, screens) is closed while impersonating. */
  | { reason: "impersonating" }
  /** DESIGN.md §3 account layer: the account's custom menu hides the link's key. */
  | { reason: "hiddenByAccount"; key: string }
  /** schemas/menus.ts: the entry's visibleWhen condition does not hold. */
  | { reason: "conditionNotMet" };

/** Allowed, or refused with the reason. */
export type AccessDecision = { allowed: true } | ({ allowed: false } & AccessRefusal);

/** The allowed decision (one object: decisions are compared by value anyway). */
export const ALLOWED: AccessDecision = Object.freeze({ allowed: true });

const refused = (refusal: AccessRefusal): AccessDecision => ({ allowed: false, ...refusal });

/** §4.1 step 9: /admin or a path below it, in any case (routes match case-insensitively). */
export function isAdminPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === "/admin" || lower.startsWith("/admin/");
}

/** §5, §6: an admin module gate — closed while impersonating, else Read on one of the modules. */
export function decideAdminModuleAccess(modules: readonly string[], subject: AccessSubject): AccessDecision {
  if (modules.length === 0) return ALLOWED;
  if (subject.impersonating) return refused({ reason: "impersonating" });
  if (!canReadAnyAdminModule(subject, modules)) return refused({ reason: "adminModuleMissing", modules });
  return ALLOWED;
}

/** The object type §4.1 step 11 shows on /upgrade: the first type of the feature. */
function upgradeObjectType(features: PermissionsManifest["features"], feature: string): string | null {
  return features.find((candidate) => candidate.id === feature)?.objectTypes[0] ?? null;
}

/**
 * Whether a signed-in user may open a route (the gates in the module comment's order). Session
 * gates (public, notLoggedInOnly, signupGate) are the guard's: they depend on the session's state,
 * not on who the user is.
 */
export function decideRouteAccess(
  route: Pick<RouteDefinition, "path" | "access">,
  subject: AccessSubject,
  features: PermissionsManifest["features"],
): AccessDecision {
  const access = route.access ?? {};
  const modules = access.adminModules ?? [];
  const adminPath = isAdminPath(route.path);
  if (adminPath || modules.length > 0) {
    if (subject.impersonating) return refused({ reason: "impersonating" });
    if (adminPath && !hasAnyAdminPermission(subject)) return refused({ reason: "adminWithoutPermission" });
    const moduleDecision = decideAdminModuleAccess(modules, subject);
    if (!moduleDecision.allowed) return moduleDecision;
  }
  if (access.permission) {
    const level = access.permissionLevel ?? "r";
    const held = subject.permissions.get(access.permission) ?? null;
    if (held === null || (level === "rw" && held !== "rw")) {
      return refused({ reason: "permissionMissing", permission: access.permission, level, held });
    }
  }
  const missing = (access.features ?? []).find((feature) => !isFeatureIncluded(subject, feature));
  if (missing !== undefined) {
    return refused({
      reason: "featureNotIncluded",
      feature: missing,
      objectType: upgradeObjectType(features, missing),
    });
  }
  return ALLOWED;
}

/** §5: a dialog tied to an admin module opens only with Read on it (and never while impersonating). */
export function decideDialogAccess(
  dialog: { adminModule?: string | undefined },
  subject: AccessSubject,
): AccessDecision {
  return dialog.adminModule === undefined ? ALLOWED : decideAdminModuleAccess([dialog.adminModule], subject);
}
