/**
 * The menus manifest's visibility conditions (schemas/menus.ts, §6), evaluated on the server for
 * the per-user manifest. The runtime evaluates the same vocabulary (runtime/access/menu-conditions.ts,
 * which server code may not import); both read the atoms exactly as the schema describes them.
 * Anything malformed — no kind, two kinds, stray keys, nesting beyond three combinators — is false,
 * so an entry is never sent by accident.
 */
import type { MenuCondition, MenusManifest } from "../../../schemas/menus.ts";
import { holdsPermission, type SessionFlagName, type UserAccess } from "./filter-access.ts";

/** Everything a condition reads besides the user. */
export interface ConditionContext {
  access: UserAccess;
  /** The shell manifest's boolean settings the shellFlag atom may name. */
  shellFlags: { videoTutorials: boolean; signupAllowed: boolean };
  sessionValues: MenusManifest["sessionValues"];
}

/** Combinators nest at most this deep (the schema's three levels). */
const MAX_COMBINATOR_DEPTH = 3;

type Node = Record<string, unknown>;
type Atom = (node: Node, context: ConditionContext) => boolean | null;

/** Case-insensitive membership; an absent value never matches. */
function listed(value: string | null, list: readonly string[]): boolean {
  if (value === null) return false;
  const wanted = value.toLowerCase();
  return list.some((entry) => entry.toLowerCase() === wanted);
}

/** Each atom by its key: the keys it may hold, and its value (null when its values are malformed). */
const ATOMS: Record<string, { keys: readonly string[]; evaluate: Atom }> = {
  permission: {
    keys: ["permission", "level"],
    evaluate: (c, { access }) =>
      typeof c.permission === "string" && (c.level === undefined || c.level === "r" || c.level === "rw")
        ? holdsPermission(access, c.permission, (c.level as "r" | "rw" | undefined) ?? "r")
        : null,
  },
  feature: {
    keys: ["feature"],
    evaluate: (c, { access }) =>
      typeof c.feature === "string" ? access.includedFeatures.has(c.feature) : null,
  },
  sessionFlag: {
    keys: ["sessionFlag"],
    evaluate: (c, { access }) =>
      typeof c.sessionFlag === "string" && Object.hasOwn(access.flags, c.sessionFlag)
        ? access.flags[c.sessionFlag as SessionFlagName] === true
        : null,
  },
  impersonating: {
    keys: ["impersonating"],
    evaluate: (c, { access }) =>
      typeof c.impersonating === "boolean" ? access.impersonating === c.impersonating : null,
  },
  twoFactorPolicyAllowsSettings: {
    keys: ["twoFactorPolicyAllowsSettings"],
    evaluate: (c, { access, sessionValues }) =>
      typeof c.twoFactorPolicyAllowsSettings === "boolean"
        ? listed(access.twoFactorPolicy, sessionValues.twoFactorPoliciesAllowingSettings) ===
          c.twoFactorPolicyAllowsSettings
        : null,
  },
  passwordSignOn: {
    keys: ["passwordSignOn"],
    evaluate: (c, { access, sessionValues }) =>
      typeof c.passwordSignOn === "boolean"
        ? listed(access.authenticationProtocol, sessionValues.passwordAuthenticationProtocols) ===
          c.passwordSignOn
        : null,
  },
  shellFlag: {
    keys: ["shellFlag"],
    evaluate: (c, { shellFlags }) =>
      c.shellFlag === "videoTutorials" || c.shellFlag === "signupAllowed"
        ? shellFlags[c.shellFlag] === true
        : null,
  },
  adminModule: {
    keys: ["adminModule", "access"],
    evaluate: (c, { access }) => {
      if (
        typeof c.adminModule !== "string" ||
        (c.access !== undefined && c.access !== "read" && c.access !== "write")
      ) {
        return null;
      }
      const grant = access.adminModules.get(c.adminModule);
      return c.access === "write" ? grant?.write === true : grant?.read === true;
    },
  },
};

const COMBINATORS = new Set(["allOf", "anyOf", "not"]);

/** Evaluates a node; null when it (or anything below it) is malformed. */
function evaluateNode(node: unknown, context: ConditionContext, depth: number): boolean | null {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return null;
  const keys = Object.keys(node);
  const kinds = keys.filter((key) => Object.hasOwn(ATOMS, key) || COMBINATORS.has(key));
  if (kinds.length !== 1) return null;
  const kind = kinds[0] as string;
  const atom = Object.hasOwn(ATOMS, kind) ? ATOMS[kind] : undefined;
  const allowedKeys = atom ? atom.keys : [kind];
  if (!keys.every((key) => allowedKeys.includes(key))) return null;
  if (atom) return atom.evaluate(node as Node, context);
  if (depth + 1 > MAX_COMBINATOR_DEPTH) return null;
  const operand = (node as Node)[kind];
  if (kind === "not") {
    const inner = evaluateNode(operand, context, depth + 1);
    return inner === null ? null : !inner;
  }
  if (!Array.isArray(operand) || operand.length === 0) return null;
  // Every operand is evaluated, so a malformed one anywhere makes the whole condition false.
  const values = operand.map((item) => evaluateNode(item, context, depth + 1));
  if (values.some((value) => value === null)) return null;
  return kind === "allOf" ? values.every(Boolean) : values.some(Boolean);
}

/** A visibility condition: absent holds, malformed never does. */
export function conditionHolds(condition: MenuCondition | undefined, context: ConditionContext): boolean {
  if (condition === undefined) return true;
  return evaluateNode(condition, context, 0) === true;
}
