/**
 * What the per-user manifest filters read about a user (DESIGN.md §3). Two stages:
 * - AccessFacts: the access-relevant fields of the upstream's LoggedInConfig (§3 User, §7), kept in
 *   the gateway session and independent of the manifests; their fingerprint keys the manifest cache.
 * - UserAccess: the facts interpreted with the permissions manifest (permission aliases, feature
 *   names), as the §5 access checks and §6 rules need them — the same reading as the runtime's
 *   session-profile.ts, so the gateway and the runtime agree on every decision.
 */
import { createHash } from "node:crypto";
import { loggedInConfigSchema, userSessionSchema } from "../../../schemas/payloads/user-session.ts";
import type { PermissionsManifest } from "../../../schemas/permissions.ts";

/** The boolean User fields (§3) menu conditions may test. */
export const SESSION_FLAG_NAMES = [
  "ShowHelpLinks",
  "IsAdmin",
  "MustSetup2FA",
  "AccountIsWhiteLabel",
  "AccountMenuLogoIsSet",
] as const;

/** A boolean User field menu conditions may test. */
export type SessionFlagName = (typeof SESSION_FLAG_NAMES)[number];

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
  flags: Record<SessionFlagName, boolean>;
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
  const flags = Object.fromEntries(SESSION_FLAG_NAMES.map((name) => [name, user[name] === true]));
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
    flags: flags as Record<SessionFlagName, boolean>,
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

/** Read/Write flags of one admin module. */
export interface AdminGrant {
  read: boolean;
  write: boolean;
}

/** The facts interpreted with the permissions manifest. */
export interface UserAccess {
  /** Canonical permission key → highest level held. */
  permissions: ReadonlyMap<string, "r" | "rw">;
  /** Feature id → availability is Included. */
  includedFeatures: ReadonlySet<string>;
  /** Admin module grants; empty while impersonating (no admin area then, §4.2). */
  adminModules: ReadonlyMap<string, AdminGrant>;
  isAdmin: boolean;
  impersonating: boolean;
  flags: Readonly<Record<SessionFlagName, boolean>>;
  twoFactorPolicy: string | null;
  authenticationProtocol: string | null;
}

/** Interprets facts with the manifest's permission keys, aliases and feature names. */
export function userAccessOf(
  facts: AccessFacts,
  catalogue: Pick<PermissionsManifest, "rolePermissions" | "features">,
): UserAccess {
  const canonical = new Map<string, string>();
  for (const { key, aliases } of catalogue.rolePermissions) {
    canonical.set(key.toLowerCase(), key);
    for (const alias of aliases ?? []) canonical.set(alias.toLowerCase(), key);
  }
  const permissions = new Map<string, "r" | "rw">();
  for (const entry of facts.rolePermissions) {
    const cut = entry.lastIndexOf("_");
    const key = cut > 0 ? canonical.get(entry.slice(0, cut).toLowerCase()) : undefined;
    const level = entry.slice(cut + 1).toLowerCase();
    // Unknown keys and levels grant nothing; a repeated key keeps its highest level.
    if (!key || (level !== "r" && level !== "rw")) continue;
    if (permissions.get(key) !== "rw") permissions.set(key, level);
  }
  const includedFeatures = new Set<string>();
  for (const feature of catalogue.features) {
    // The session flag on User wins; the Features… name covers config-only features (§3).
    const value =
      (feature.sessionFlag !== undefined ? facts.features[feature.sessionFlag] : undefined) ??
      (feature.configName !== undefined ? facts.features[feature.configName] : undefined);
    if (value === "Included") includedFeatures.add(feature.id);
  }
  const adminModules = new Map<string, AdminGrant>();
  if (!facts.impersonating) {
    for (const [module, read, write] of facts.adminPermissions) adminModules.set(module, { read, write });
  }
  return {
    permissions,
    includedFeatures,
    adminModules,
    isAdmin: facts.isAdmin && !facts.impersonating,
    impersonating: facts.impersonating,
    flags: { ...facts.flags, IsAdmin: facts.isAdmin && !facts.impersonating },
    twoFactorPolicy: facts.twoFactorPolicy,
    authenticationProtocol: facts.authenticationProtocol,
  };
}

/** §5: the role permission is held at `level` or higher (rw includes r). */
export function holdsPermission(access: UserAccess, key: string, level: "r" | "rw" = "r"): boolean {
  const held = access.permissions.get(key);
  return held === "rw" || (held === "r" && level === "r");
}

/** §5 access checks, §6: Read on at least one of the admin modules. */
export function readsAnyAdminModule(access: UserAccess, modules: readonly string[]): boolean {
  return modules.some((module) => access.adminModules.get(module)?.read === true);
}
