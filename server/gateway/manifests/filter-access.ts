/**
 * What the per-user manifest filters read about a user (DESIGN.md §3). Two stages:
 * - AccessFacts: the access-relevant fields of the upstream's LoggedInConfig (§3 User, §7), kept in
 *   the gateway session and independent of the manifests; their fingerprint keys the manifest cache.
 * - UserAccess: the facts read with the permissions manifest by core/access/access-profile.ts — the
 *   reading the runtime applies to the same LoggedInConfig — plus the session values menu conditions
 *   test, so the gateway and the runtime agree on every decision.
 */
import { createHash } from "node:crypto";
import {
  type AccessCatalogue,
  type AccessSubject,
  accessSubjectOf,
} from "../../../core/access/access-profile.ts";
import {
  MENU_SESSION_FLAGS,
  type MenuConditionSession,
  type MenuSessionFlag,
} from "../../../core/menus/conditions.ts";
import { loggedInConfigSchema, userSessionSchema } from "../../../schemas/payloads/user-session.ts";

/** The access-relevant facts of a signed-in user; plain JSON (stored sealed in the session). */
export interface AccessFacts {
  accountRecId: number;
  isAdmin: boolean;
  impersonating: boolean;
  /** RolePermissions entries (`Key_r`, `Key_rw`) as sent, de-duplicated and sorted. */
  rolePermissions: string[];
  /** AdminPermissions as [module, Read, Write], sorted by module. */
  adminPermissions: [string, boolean, boolean][];
  /** Feature availability by the name it was sent under: User session flags and Features… names (sorted). */
  features: Record<string, string>;
  flags: Record<MenuSessionFlag, boolean>;
  twoFactorPolicy: string | null;
  authenticationProtocol: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isAvailability = (value: unknown) => value === "Included" || value === "Optional";

/** Names of the properties whose schema is a feature availability (§3), from the payload schemas. */
function availabilityProperties(properties: Record<string, unknown>): readonly string[] {
  return Object.entries(properties)
    .filter(
      ([, schema]) => isRecord(schema) && Array.isArray(schema.enum) && schema.enum.includes("Included"),
    )
    .map(([name]) => name);
}

/** The session flags on User (§3) and the Features… names of the configuration that carry features. */
const USER_FEATURE_FLAGS = availabilityProperties(userSessionSchema.properties);
const CONFIG_FEATURE_NAMES = availabilityProperties(loggedInConfigSchema.properties);

/**
 * The facts of a LoggedInConfig body, or null when it has no usable User. `impersonating` is true
 * when either the upstream says so or the gateway session holds a staff grant to restore.
 */
export function accessFactsFrom(config: unknown, gatewayImpersonating: boolean): AccessFacts | null {
  if (!isRecord(config) || !isRecord(config.User)) return null;
  const user = config.User;
  if (typeof user.AccountRecId !== "number" || !Number.isSafeInteger(user.AccountRecId)) return null;
  const features: Record<string, string> = {};
  for (const name of CONFIG_FEATURE_NAMES)
    if (isAvailability(config[name])) features[name] = config[name] as string;
  for (const name of USER_FEATURE_FLAGS)
    if (isAvailability(user[name])) features[name] = user[name] as string;
  const roles = Array.isArray(user.RolePermissions) ? user.RolePermissions : [];
  const admin = Array.isArray(user.AdminPermissions) ? user.AdminPermissions : [];
  const flags = Object.fromEntries(MENU_SESSION_FLAGS.map((name) => [name, user[name] === true]));
  return {
    accountRecId: user.AccountRecId,
    isAdmin: user.IsAdmin === true,
    impersonating: gatewayImpersonating || user.Impersonating === true,
    rolePermissions: [...new Set(roles.filter((e): e is string => typeof e === "string"))].sort(),
    adminPermissions: admin
      .filter(
        (e): e is { Key: string; Value: Record<string, unknown> } =>
          isRecord(e) && typeof e.Key === "string" && isRecord(e.Value),
      )
      .map((e): [string, boolean, boolean] => [e.Key, e.Value.Read === true, e.Value.Write === true])
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
    features: Object.fromEntries(Object.entries(features).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    flags: flags as Record<MenuSessionFlag, boolean>,
    twoFactorPolicy:
      typeof user.AccountTwoFactorAuthenticationPolicy === "string"
        ? user.AccountTwoFactorAuthenticationPolicy
        : null,
    authenticationProtocol:
      typeof user.AuthenticationProtocol === "string" ? user.AuthenticationProtocol : null,
  };
}

/**
 * The permission fingerprint of the facts: equal for users the filters cannot tell apart. The
 * account is not part of it (the cache key names the account separately).
 */
export function accessFingerprint(facts: AccessFacts): string {
  const { accountRecId: _account, ...rest } = facts;
  return createHash("sha256").update(JSON.stringify(rest)).digest("base64url").slice(0, 22);
}

/** The facts as the filters read them: the access subject and the session values of menu conditions. */
export interface UserAccess {
  profile: AccessSubject;
  session: MenuConditionSession;
}

/** Interprets facts with the manifest's permission keys, aliases and feature names (core's reading). */
export function userAccessOf(facts: AccessFacts, catalogue: AccessCatalogue): UserAccess {
  const sent = (name: string) => (Object.hasOwn(facts.features, name) ? facts.features[name] : undefined);
  const profile = accessSubjectOf(
    {
      rolePermissions: facts.rolePermissions,
      adminPermissions: facts.adminPermissions.map(([key, read, write]) => ({ key, read, write })),
      isAdmin: facts.isAdmin,
      impersonating: facts.impersonating,
      sessionFlag: sent,
      configValue: sent,
    },
    catalogue,
  );
  return {
    profile,
    session: {
      flags: facts.flags,
      twoFactorPolicy: facts.twoFactorPolicy,
      authenticationProtocol: facts.authenticationProtocol,
      impersonating: facts.impersonating,
    },
  };
}
