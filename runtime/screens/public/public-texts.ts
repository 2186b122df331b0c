/**
 * What the informational public screens say, decided from their query parameters as pure functions:
 * only known values pick a text, anything else falls back to the general one (a query parameter is
 * never shown as such).
 */
import type { AccessProfile } from "../../../core/access/access-profile.ts";
import { hasRolePermission } from "../../../core/access/access-profile.ts";

/** The reasons /disconnect?reason= knows, and their texts. */
export const DISCONNECT_REASON_KEYS: Readonly<Record<string, string>> = {
  inactivity: "Disconnect_ReasonInactivity",
  expired: "Disconnect_ReasonExpired",
  revoked: "Disconnect_ReasonRevoked",
  disabled: "Disconnect_ReasonDisabled",
};

/** The text of a disconnection without a known reason. */
export const DISCONNECT_GENERAL_KEY = "Disconnect_Message";

/** The text for `/disconnect?reason=…`: a known reason's text, else the general one. */
export function disconnectReasonKey(search: string): string {
  const reason = new URLSearchParams(search).get("reason");
  return reason !== null && Object.hasOwn(DISCONNECT_REASON_KEYS, reason)
    ? (DISCONNECT_REASON_KEYS[reason] as string)
    : DISCONNECT_GENERAL_KEY;
}

/** The role permission that opens the subscription screen (§6). */
export const BILLING_PERMISSION = "BillingAndSubscription";
/** The subscription screen (§2.2). */
export const SUBSCRIPTION_PATH = "/subscription";

/** What /upgrade shows. */
export interface UpgradeView {
  /** The ObjectType_* key of the feature's object type, when the type is known. */
  objectTypeKey: string | null;
  /** The user may open the subscription screen; otherwise the account owner is named. */
  canManageSubscription: boolean;
}

/**
 * /upgrade?objectType= (§4.1 step 11, §6): the object type is shown only when it is one of the
 * features' object types (permissions manifest) and has a text; the subscription link needs the
 * BillingAndSubscription permission.
 */
export function upgradeView(options: {
  search: string;
  knownObjectTypes: ReadonlySet<string>;
  hasText: (key: string) => boolean;
  profile: AccessProfile | null;
}): UpgradeView {
  const type = new URLSearchParams(options.search).get("objectType");
  const key = type !== null && options.knownObjectTypes.has(type) ? `ObjectType_${type}` : null;
  return {
    objectTypeKey: key && options.hasText(key) ? key : null,
    canManageSubscription: options.profile !== null && hasRolePermission(options.profile, BILLING_PERMISSION),
  };
}

/** The object types of every feature (the ones the guard can send to /upgrade). */
export function featureObjectTypes(features: ReadonlyArray<{ objectTypes: readonly string[] }>): Set<string> {
  return new Set(features.flatMap((feature) => feature.objectTypes));
}

/** §4.2: /logout?ws=0 — the session ended on the server's side; the saved redirect is kept. */
export function endedByServer(search: string): boolean {
  return new URLSearchParams(search).get("ws") === "0";
}
