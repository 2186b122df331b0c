import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { clientPreferences } from "./client-preferences.ts";
import {
  codeName,
  featureAvailability,
  jsonObjectText,
  languageCode,
  nullableCodeName,
  nullableUid,
  recId,
  uid,
  uiLanguageCodes,
} from "./fields.ts";

/**
 * One role permission entry, `Key_r` or `Key_rw` (§3 Permission string). RolePermissions is the
 * user's permission string split on ';' and merged over all of the user's roles, so a key may appear
 * more than once; the highest level wins. Keys are not restricted to the known list so that a key
 * the upstream adds does not break sign-in; unknown keys grant nothing in the runtime.
 */
export const rolePermissionEntry = {
  type: "string",
  pattern: "^[A-Za-z][A-Za-z0-9]*_(?:r|rw)$",
  maxLength: 80,
  description: "Role permission entry Key_level, level r (read) or rw (read-write) (§3, §6).",
} as const;

/**
 * One entry of AdminPermissions (§3): the key/value pair a .NET dictionary serialises to, keyed by
 * admin module. The runtime turns the list into a map keyed by module.
 */
export const adminPermissionEntry = {
  type: "object",
  description: "Access of a staff member to one admin module (§3, §6).",
  properties: {
    Key: { ...codeName, description: "Admin module key, e.g. Accounts or SupportSessions (§2.4)." },
    Value: {
      type: "object",
      description: "Read and Write flags on the module.",
      properties: {
        Read: {
          type: "boolean",
          description: "May open the module's screens and dialogs (§5 access checks).",
        },
        Write: {
          type: "boolean",
          description:
            "May change data: without it inputs and buttons of the module's dialogs are disabled (§6).",
        },
      },
      required: ["Read", "Write"],
      additionalProperties: false,
    },
  },
  required: ["Key", "Value"],
  additionalProperties: false,
} as const;

/** The subscription feature flags carried by the session (§3), one per session flag name. */
export const sessionFeatureFlags = {
  SupportChat: { ...featureAvailability, description: "In-app support chat (§3, §6)." },
  TablesAndView: { ...featureAvailability, description: "Tables, fusions, merges and views (§3)." },
  Connection: { ...featureAvailability, description: "Data connections and connection brokers (§3)." },
  DataLoader: { ...featureAvailability, description: "Data loaders (§3)." },
  DataFlow: { ...featureAvailability, description: "Data flows (§3)." },
  DataHook: { ...featureAvailability, description: "Data hooks (§3)." },
  DataScript: { ...featureAvailability, description: "Data scripts (§3)." },
  DataStream: { ...featureAvailability, description: "Data streams (§3)." },
  DocumentsAndMedia: { ...featureAvailability, description: "Documents and media (files) (§3)." },
  Dashboard: { ...featureAvailability, description: "Dashboards (§3)." },
  Report: { ...featureAvailability, description: "Reports (§3)." },
  LiveDocs: { ...featureAvailability, description: "Live documents (§3)." },
  Insight: { ...featureAvailability, description: "Insights (§3)." },
  Binder: { ...featureAvailability, description: "Binders (§3)." },
  Addons: { ...featureAvailability, description: "External add-ons (plugins) (§3)." },
  Schedules: { ...featureAvailability, description: "Schedules (§3)." },
  AutomationAlert: { ...featureAvailability, description: "Alerts (§3)." },
} as const;

/** The user session (§3 User), without `$id` so it can be inlined in the logged-in configuration. */
const userSession = {
  type: "object",
  description: "The signed-in user: identity, account, shell settings, permissions and feature flags (§3).",
  properties: {
    FullName: { type: "string", minLength: 1, description: "Full name shown in the user menu." },
    Email: { type: "string", format: "email", maxLength: 254, description: "E-mail address of the user." },
    UserUID: {
      ...uid,
      description: "Unique id of the user; names the avatar {webservices}/user/avatar/{userUID} (§7).",
    },
    RecId: { ...recId, description: "Record id of the user." },
    AccountRecId: { ...recId, description: "Record id of the user's account (tenant)." },
    Domain: {
      type: "string",
      pattern: "^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$",
      description: "The account's domain; invoices open at the domain path invoice/{invoiceNumber} (§7).",
    },
    DomainType: { ...codeName, description: "Kind of the account's domain, as named by the upstream." },
    LanguageCode: { ...languageCode, description: "The user's UI language; login switches to it (§4.2)." },
    ImpersonatorLanguageCode: {
      type: ["string", "null"],
      enum: [...uiLanguageCodes, null],
      description: "Language of the impersonating administrator; null when not impersonating (§4.2).",
    },
    Impersonating: {
      type: "boolean",
      description: "An administrator is signed in as this user: badge, stop button, no sign-out (§4.2).",
    },
    IsAdmin: { type: "boolean", description: "Staff member with per-module AdminPermissions (§6)." },
    RolePermissions: {
      type: "array",
      items: rolePermissionEntry,
      description:
        "Role permission entries Key_r or Key_rw from all of the user's roles; absent key = no access (§3).",
    },
    AdminPermissions: {
      type: "array",
      items: adminPermissionEntry,
      description: "Per admin module Read/Write flags as key/value pairs; empty for non-staff (§3, §6).",
    },
    ShowHelpLinks: {
      type: "boolean",
      description: "Show help links: the help menu and, with video tutorials, Welcome (§6).",
    },
    MustSetup2FA: {
      type: "boolean",
      description: "The user must set up two-factor authentication; My Settings opens automatically (§4.2).",
    },
    AccountLogoUID: {
      ...nullableUid,
      description:
        "Logo of the account, {webservices}/account/logo/{logoUid} (§7); null when none is uploaded.",
    },
    AccountName: { type: "string", description: "Company name of the account; the default menu title (§6)." },
    AccountIsWhiteLabel: { type: "boolean", description: "White-label account (§6)." },
    AccountMenuLogoIsSet: {
      type: "boolean",
      description: "A menu logo is set; a white-label account without one shows no logo (§6).",
    },
    AccountMenuLogoStyle: {
      ...codeName,
      description: "Style of the menu logo; the value None hides the logo (§6).",
    },
    AccountMenuDisplayTitleType: {
      type: "string",
      enum: ["CompanyName", "Custom", "None"],
      description: "Menu title: the company name, the custom AccountMenuTitle, or empty (§6).",
    },
    AccountMenuTitle: {
      type: ["string", "null"],
      description: "Custom menu title, used when AccountMenuDisplayTitleType is Custom; null when unset.",
    },
    AccountBrandPrimaryColor: {
      type: ["string", "null"],
      pattern: "^#[0-9A-Fa-f]{6}$",
      description:
        "The account's top menu bar colour (#rrggbb, white text on it); null or absent: the product's own.",
    },
    AccountBrandAccentColor: {
      type: ["string", "null"],
      pattern: "^#[0-9A-Fa-f]{6}$",
      description:
        "The account's accent (#rrggbb: links, primary buttons, focus, selection); null or absent: the product's own.",
    },
    AccountTwoFactorAuthenticationPolicy: {
      type: "string",
      enum: ["Disabled", "Optional", "Required"],
      description: "The account's 2FA policy; unless Disabled, password users get My Settings (§6).",
    },
    AuthenticationProtocol: {
      type: "string",
      enum: ["Password", "SAML", "OpenIDConnect"],
      description: "How the user signs on; My Settings for 2FA needs Password (§6).",
    },
    InterfacePreferences: {
      anyOf: [
        clientPreferences,
        {
          ...jsonObjectText,
          description: "The same preferences serialised as a JSON string; parsed on login.",
        },
        { type: "null", description: "No preference stored: defaults apply." },
      ],
      description:
        "Interface preferences (§3 Client preferences); may arrive as a JSON string and is parsed (§3).",
    },
    HomePageType: {
      ...nullableCodeName,
      description:
        "Home page preference; the go-to-menu value is named in the permissions manifest (§4.1 step 10).",
    },
    HomePageRedirectionMenu: {
      ...nullableCodeName,
      description:
        "Menu that / redirects to when HomePageType is go-to-menu, e.g. Dashboards (§4.1 step 10).",
    },
    ...sessionFeatureFlags,
  },
  required: [
    "FullName",
    "Email",
    "UserUID",
    "RecId",
    "AccountRecId",
    "Domain",
    "DomainType",
    "LanguageCode",
    "ImpersonatorLanguageCode",
    "Impersonating",
    "IsAdmin",
    "RolePermissions",
    "AdminPermissions",
    "ShowHelpLinks",
    "MustSetup2FA",
    "AccountLogoUID",
    "AccountName",
    "AccountIsWhiteLabel",
    "AccountMenuLogoIsSet",
    "AccountMenuLogoStyle",
    "AccountMenuDisplayTitleType",
    "AccountMenuTitle",
    "AccountTwoFactorAuthenticationPolicy",
    "AuthenticationProtocol",
    "InterfacePreferences",
    "HomePageType",
    "HomePageRedirectionMenu",
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
  allOf: [
    {
      // §4.2: an impersonation switches between the impersonator's and the user's language.
      if: {
        properties: { Impersonating: { const: true, description: "Impersonating." } },
        required: ["Impersonating"],
      },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: {
        properties: {
          ImpersonatorLanguageCode: { type: "string", description: "Set while impersonating." },
        },
      },
    },
    {
      // §6: the title is the custom title when that type is chosen.
      if: {
        properties: {
          AccountMenuDisplayTitleType: { const: "Custom", description: "Custom title chosen." },
        },
        required: ["AccountMenuDisplayTitleType"],
      },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: {
        properties: {
          AccountMenuTitle: { type: "string", description: "Set when the custom title is shown." },
        },
      },
    },
  ],
  additionalProperties: false,
} as const;

/** The User session (§3), as carried by the logged-in configuration. */
export const userSessionSchema = {
  $id: "userSession",
  ...userSession,
} as const satisfies JSONSchema;

/** The subscription features under their logged-in configuration names (§3). */
export const configFeatureFlags = {
  FeaturesDashboard: { ...featureAvailability, description: "Dashboards (§3)." },
  FeaturesBinder: { ...featureAvailability, description: "Binders (§3)." },
  FeaturesTablesAndView: { ...featureAvailability, description: "Tables, fusions, merges and views (§3)." },
  FeaturesDataHook: { ...featureAvailability, description: "Data hooks (§3)." },
  FeaturesDataStream: { ...featureAvailability, description: "Data streams (§3)." },
  FeaturesConnection: {
    ...featureAvailability,
    description: "Data connections and connection brokers (§3).",
  },
  FeaturesDataFlow: { ...featureAvailability, description: "Data flows (§3)." },
  FeaturesDataLoader: { ...featureAvailability, description: "Data loaders (§3)." },
  FeaturesDataScript: { ...featureAvailability, description: "Data scripts (§3)." },
  FeaturesInsight: { ...featureAvailability, description: "Insights (§3)." },
  FeaturesLiveDoc: { ...featureAvailability, description: "Live documents (§3)." },
  FeaturesReport: { ...featureAvailability, description: "Reports (§3)." },
  FeaturesAutomationAlert: { ...featureAvailability, description: "Alerts (§3)." },
  FeaturesSchedule: { ...featureAvailability, description: "Schedules (§3)." },
  FeaturesAddon: { ...featureAvailability, description: "External add-ons (plugins) (§3)." },
  FeaturesIntegrationAPI: {
    ...featureAvailability,
    description: "Integration API; a configuration-only feature with no session flag (§3).",
  },
  FeaturesDocumentsAndMedia: { ...featureAvailability, description: "Documents and media (files) (§3)." },
} as const;

/** Response of GET Common/LoggedInConfig (§7): the session and the account-wide configuration. */
export const loggedInConfigSchema = {
  $id: "loggedInConfig",
  type: "object",
  description: "Response of GET Common/LoggedInConfig: the signed-in user and the configuration (§3, §7).",
  properties: {
    User: { ...userSession, description: "The signed-in user (§3 User)." },
    ...configFeatureFlags,
    ShowLoginAnnouncement: { type: "boolean", description: "Open the login announcement dialog (§4.2)." },
    DesktopVersion: {
      type: ["string", "null"],
      pattern: "^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$",
      description:
        "Application version the server announces; a difference from the running version sets the new-version flag (§4.2). Null: none announced.",
    },
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
    "ShowLoginAnnouncement",
    "DesktopVersion",
  ],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type RolePermissionEntry = FromSchema<typeof rolePermissionEntry>;
export type AdminPermissionEntry = FromSchema<typeof adminPermissionEntry>;
export type UserSession = FromSchema<typeof userSessionSchema>;
export type LoggedInConfig = FromSchema<typeof loggedInConfigSchema>;
/** Session flag name of a subscription feature (§3). */
export type SessionFeatureFlag = keyof typeof sessionFeatureFlags;
/** Logged-in configuration name of a subscription feature (§3). */
export type ConfigFeatureName = keyof typeof configFeatureFlags;
