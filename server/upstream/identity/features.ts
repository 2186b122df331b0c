/**
 * Subscription features (§3): each account's subscription makes every feature Included or Optional;
 * only Included opens the feature (§5 "Access checks"). A feature is known on the session under its
 * flag name and in the logged-in configuration under its `Features…` name.
 */

/** Availability of a feature in a subscription (§6). */
export type FeatureAvailability = "Included" | "Optional";

/** Every availability value, for schemas. */
export const FEATURE_AVAILABILITIES = [
  "Included",
  "Optional",
] as const satisfies readonly FeatureAvailability[];

/** A feature: its canonical id (= session flag name, when it has one) and its config name. */
export interface FeatureDefinition {
  id: string;
  /** Name of the flag on the session User (§3); absent for config-only features. */
  sessionFlag?: string;
  /** Name in the logged-in configuration (§3); absent for SupportChat, which §3 lists only as a flag. */
  configName?: string;
}

/** The features of §3, in the order of the session flag list. */
export const FEATURES = [
  { id: "SupportChat", sessionFlag: "SupportChat" },
  { id: "TablesAndView", sessionFlag: "TablesAndView", configName: "FeaturesTablesAndView" },
  { id: "Connection", sessionFlag: "Connection", configName: "FeaturesConnection" },
  { id: "DataLoader", sessionFlag: "DataLoader", configName: "FeaturesDataLoader" },
  { id: "DataFlow", sessionFlag: "DataFlow", configName: "FeaturesDataFlow" },
  { id: "DataHook", sessionFlag: "DataHook", configName: "FeaturesDataHook" },
  { id: "DataScript", sessionFlag: "DataScript", configName: "FeaturesDataScript" },
  { id: "DataStream", sessionFlag: "DataStream", configName: "FeaturesDataStream" },
  { id: "DocumentsAndMedia", sessionFlag: "DocumentsAndMedia", configName: "FeaturesDocumentsAndMedia" },
  { id: "Dashboard", sessionFlag: "Dashboard", configName: "FeaturesDashboard" },
  { id: "Report", sessionFlag: "Report", configName: "FeaturesReport" },
  { id: "LiveDocs", sessionFlag: "LiveDocs", configName: "FeaturesLiveDoc" },
  { id: "Insight", sessionFlag: "Insight", configName: "FeaturesInsight" },
  { id: "Binder", sessionFlag: "Binder", configName: "FeaturesBinder" },
  { id: "Addons", sessionFlag: "Addons", configName: "FeaturesAddon" },
  { id: "Schedules", sessionFlag: "Schedules", configName: "FeaturesSchedule" },
  { id: "AutomationAlert", sessionFlag: "AutomationAlert", configName: "FeaturesAutomationAlert" },
  { id: "IntegrationAPI", configName: "FeaturesIntegrationAPI" },
] as const satisfies readonly FeatureDefinition[];

/** A canonical feature id. */
export type FeatureId = (typeof FEATURES)[number]["id"];

/** Features with a session flag, in §3 order. */
export const SESSION_FLAG_FEATURES: readonly { id: FeatureId; sessionFlag: string }[] = FEATURES.flatMap(
  (feature) => ("sessionFlag" in feature ? [{ id: feature.id, sessionFlag: feature.sessionFlag }] : []),
);

/** Features with a `Features…` configuration name. */
export const CONFIG_NAME_FEATURES: readonly { id: FeatureId; configName: string }[] = FEATURES.flatMap(
  (feature) => ("configName" in feature ? [{ id: feature.id, configName: feature.configName }] : []),
);

/** Every feature id, for schemas and iteration. */
export const FEATURE_IDS: readonly FeatureId[] = FEATURES.map((feature) => feature.id);

/** Whether `name` is a known feature id. */
export function isFeatureId(name: string): name is FeatureId {
  return (FEATURE_IDS as readonly string[]).includes(name);
}

/** A subscription: availability per feature. Features missing from the map count as Optional. */
export type FeatureAvailabilityMap = ReadonlyMap<FeatureId, FeatureAvailability>;

/** Whether a feature is open to the account: only Included opens it (§5). */
export function featureIncluded(features: FeatureAvailabilityMap, feature: FeatureId): boolean {
  return features.get(feature) === "Included";
}
