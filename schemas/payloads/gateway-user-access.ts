/**
 * What the gateway's per-user manifest filters read of one user (DESIGN.md §3 "previewed as a given
 * role/account"): the answer of the gateway's service call `GET {webservices}/Gateway/UserAccess/{userRecId}`,
 * for the configuration plane's preview as that user. It is LoggedInConfig (§7) cut down to the
 * fields that decide access — the account, staff flag, role and admin permissions, the features under
 * both their names, the session flags menu conditions test, the 2FA policy and the sign-on protocol —
 * plus the name and e-mail the preview shows. Each field has LoggedInConfig's schema, so the gateway
 * reads it as it reads a session's (server/gateway/manifests/filter-access.ts `accessFactsFrom`).
 */
import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { configFeatureFlags, sessionFeatureFlags, userSessionSchema } from "./user-session.ts";

const user = userSessionSchema.properties;

/** Answer of the gateway's user access call. */
export const gatewayUserAccessSchema = {
  $id: "gatewayUserAccess",
  type: "object",
  description: "The access-relevant part of one user's LoggedInConfig, as if they signed in now.",
  properties: {
    User: {
      type: "object",
      description: "The user's session User (§3), only the fields that decide access and who they are.",
      properties: {
        RecId: user.RecId,
        FullName: user.FullName,
        Email: user.Email,
        AccountRecId: user.AccountRecId,
        IsAdmin: user.IsAdmin,
        RolePermissions: user.RolePermissions,
        AdminPermissions: user.AdminPermissions,
        ShowHelpLinks: user.ShowHelpLinks,
        MustSetup2FA: user.MustSetup2FA,
        AccountIsWhiteLabel: user.AccountIsWhiteLabel,
        AccountMenuLogoIsSet: user.AccountMenuLogoIsSet,
        AccountTwoFactorAuthenticationPolicy: user.AccountTwoFactorAuthenticationPolicy,
        AuthenticationProtocol: user.AuthenticationProtocol,
        ...sessionFeatureFlags,
      },
      required: [
        "RecId",
        "FullName",
        "Email",
        "AccountRecId",
        "IsAdmin",
        "RolePermissions",
        "AdminPermissions",
        "ShowHelpLinks",
        "MustSetup2FA",
        "AccountIsWhiteLabel",
        "AccountMenuLogoIsSet",
        "AccountTwoFactorAuthenticationPolicy",
        "AuthenticationProtocol",
        "SupportChat",
        "TablesAndView",
        "Connection",
        "DataLoader",
        "DataFlow",
        "DataHook",
        "DataScript",
        "DataStream",
        "DocumentsAndMedia",
        "Dashboard",
        "Report",
        "LiveDocs",
        "Insight",
        "Binder",
        "Addons",
        "Schedules",
        "AutomationAlert",
      ],
      additionalProperties: false,
    },
    ...configFeatureFlags,
  },
  required: [
    "User",
    "FeaturesDashboard",
    "FeaturesBinder",
    "FeaturesTablesAndView",
    "FeaturesDataHook",
    "FeaturesDataStream",
    "FeaturesConnection",
    "FeaturesDataFlow",
    "FeaturesDataLoader",
    "FeaturesDataScript",
    "FeaturesInsight",
    "FeaturesLiveDoc",
    "FeaturesReport",
    "FeaturesAutomationAlert",
    "FeaturesSchedule",
    "FeaturesAddon",
    "FeaturesIntegrationAPI",
    "FeaturesDocumentsAndMedia",
  ],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type GatewayUserAccess = FromSchema<typeof gatewayUserAccessSchema>;
