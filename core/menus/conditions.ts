/**
 * The menus manifest's condition vocabulary (schemas/menus.ts) as a pure function of the session —
 * one evaluation for the gateway's per-user menus and the runtime's shell. Malformed conditions
 * (no kind, two kinds, stray keys or bad values, nesting beyond three combinators) are false: a menu
 * entry is never shown by accident.
 */
import type { MenuCondition, MenusManifest } from "../../schemas/menus.ts";
import { type AccessSubject, hasRolePermission, isFeatureIncluded } from "../access/access-profile.ts";

/** The boolean User fields (§3) the sessionFlag atom may name. */
export const MENU_SESSION_FLAGS = [
  "ShowHelpLinks",
  "IsAdmin",
  "MustSetup2FA",
  "AccountIsWhiteLabel",
  "AccountMenuLogoIsSet",
] as const;

/** A boolean User field (§3) the sessionFlag atom may name. */
export type MenuSessionFlag = (typeof MENU_SESSION_FLAGS)[number];

/** The session values the atoms read (§3 User). */
export interface MenuConditionSession {
  flags: Partial<Record<MenuSessionFlag, boolean>>;
  twoFactorPolicy: string | null;
  authenticationProtocol: string | null;
  impersonating: boolean;
}

/** Everything a condition is evaluated against. */
export interface MenuConditionInput {
  profile: AccessSubject;
  session: MenuConditionSession;
  /** The boolean settings of the resolved shell manifest the shellFlag atom may name. */
  shellFlags: { videoTutorials: boolean; signupAllowed: boolean };
  /** `sessionValues` of the menus manifest. */
  sessionValues: MenusManifest["sessionValues"];
}

/** The schema nests combinators at most three levels deep; deeper is malformed. */
const MAX_COMBINATOR_DEPTH = 3;

type Node = Record<string, unknown>;
const isBoolean = (v: unknown) => typeof v === "boolean";
const isName = (v: unknown) => typeof v === "string" && v.length > 0;

/** Each atom's keys and the check of their values (the schema forbids anything else). */
const ATOMS: Record<string, (c: Node) => boolean> = {
  permission: (c) => isName(c.permission) && (c.level === undefined || c.level === "r" || c.level === "rw"),
  feature: (c) => isName(c.feature),
  sessionFlag: (c) => (MENU_SESSION_FLAGS as readonly unknown[]).includes(c.sessionFlag),
  impersonating: (c) => isBoolean(c.impersonating),
  twoFactorPolicyAllowsSettings: (c) => isBoolean(c.twoFactorPolicyAllowsSettings),
  passwordSignOn: (c) => isBoolean(c.passwordSignOn),
  shellFlag: (c) => c.shellFlag === "videoTutorials" || c.shellFlag === "signupAllowed",
  adminModule: (c) =>
    isName(c.adminModule) && (c.access === undefined || c.access === "read" || c.access === "write"),
};
const ATOM_KEYS: Record<string, readonly string[]> = {
  permission: ["permission", "level"],
  adminModule: ["adminModule", "access"],
};
const COMBINATORS: readonly string[] = ["allOf", "anyOf", "not"];

/** The node's single kind (atom or combinator), or null when it has none, several, or stray keys. */
function kindOf(node: unknown): string | null {
  if (!node || typeof node !== "object" || Array.isArray(node)) return null;
  const keys = Object.keys(node);
  const kinds = keys.filter((key) => Object.hasOwn(ATOMS, key) || COMBINATORS.includes(key));
  if (kinds.length !== 1) return null;
  const kind = kinds[0] as string;
  const allowed = ATOM_KEYS[kind] ?? [kind];
  return keys.every((key) => allowed.includes(key)) ? kind : null;
}

/** Structure and value checks; `depth` counts the combinators above the node. */
function isWellFormed(node: unknown, depth: number): boolean {
  const kind = kindOf(node);
  if (!kind) return false;
  const c = node as Node;
  const atom = Object.hasOwn(ATOMS, kind) ? ATOMS[kind] : undefined;
  if (atom) return atom(c);
  if (depth + 1 > MAX_COMBINATOR_DEPTH) return false;
  if (kind === "not") return isWellFormed(c.not, depth + 1);
  const operands = c[kind];
  return Array.isArray(operands) && operands.length > 0 && operands.every((o) => isWellFormed(o, depth + 1));
}

/** Case-insensitive membership of a session value in a manifest list; absent never matches. */
function listed(value: string | null, list: readonly string[]): boolean {
  if (value === null) return false;
  const wanted = value.toLowerCase();
  return list.some((entry) => entry.toLowerCase() === wanted);
}

/** The sessionFlag atom's value; IsAdmin is false while impersonating (no admin area then, DESIGN.md §3). */
function sessionFlag(session: MenuConditionSession, flag: MenuSessionFlag): boolean {
  if (flag === "IsAdmin" && session.impersonating) return false;
  return session.flags[flag] === true;
}

/** Evaluates a well-formed node (see schemas/menus.ts for each atom's meaning). */
function evaluate(c: Node, input: MenuConditionInput): boolean {
  const { profile, session, sessionValues } = input;
  switch (kindOf(c)) {
    case "permission":
      return hasRolePermission(profile, c.permission as string, (c.level as "r" | "rw" | undefined) ?? "r");
    case "feature":
      return isFeatureIncluded(profile, c.feature as string);
    case "sessionFlag":
      return sessionFlag(session, c.sessionFlag as MenuSessionFlag);
    case "impersonating":
      return session.impersonating === c.impersonating;
    case "twoFactorPolicyAllowsSettings":
      return (
        listed(session.twoFactorPolicy, sessionValues.twoFactorPoliciesAllowingSettings) ===
        c.twoFactorPolicyAllowsSettings
      );
    case "passwordSignOn":
      return (
        listed(session.authenticationProtocol, sessionValues.passwordAuthenticationProtocols) ===
        c.passwordSignOn
      );
    case "shellFlag":
      return input.shellFlags[c.shellFlag as "videoTutorials" | "signupAllowed"] === true;
    case "adminModule": {
      const grant = profile.adminModules.get(c.adminModule as string);
      return c.access === "write" ? grant?.write === true : grant?.read === true;
    }
    case "allOf":
      return (c.allOf as Node[]).every((o) => evaluate(o, input));
    case "anyOf":
      return (c.anyOf as Node[]).some((o) => evaluate(o, input));
    case "not":
      return !evaluate(c.not as Node, input);
    default:
      return false;
  }
}

/** Evaluates a visibility condition; an absent condition holds, a malformed one never does. */
export function evaluateCondition(condition: MenuCondition | undefined, input: MenuConditionInput): boolean {
  if (condition === undefined) return true;
  return isWellFormed(condition, 0) && evaluate(condition as Node, input);
}
