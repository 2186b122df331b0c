import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { appPath, identifier, manifestHeaderProperties, textKey } from "./common.ts";

const rolePermission = {
  type: "object",
  description: "A role permission key (§6); a role grants it at level r or rw, or not at all.",
  properties: {
    key: { ...identifier, description: "Key as it appears in permission strings (Key_r;Key_rw)." },
    aliases: {
      type: "array",
      items: identifier,
      uniqueItems: true,
      description: "Other spellings accepted when parsing permission strings (e.g. DataHook for DataHooks).",
    },
    titleKey: {
      ...textKey,
      description: "Translation key of the permission's name in the permission editor.",
    },
    objectTypes: {
      type: "array",
      items: identifier,
      uniqueItems: true,
      description: "User-area object types (§3) the permission governs.",
    },
    menu: {
      type: "boolean",
      description: "Whether the key is a menu key shown in the permission editor (§3).",
    },
  },
  required: ["key", "titleKey", "menu"],
  additionalProperties: false,
} as const;

const feature = {
  type: "object",
  description: "A subscription feature (§3), known under a session flag and/or a Features… config name.",
  properties: {
    id: { ...identifier, description: "Feature id used by routes and menus." },
    sessionFlag: { ...identifier, description: "Name of the flag on the User session (§3)." },
    configName: {
      type: "string",
      pattern: "^Features[A-Za-z]+$",
      description: "Name in the logged-in configuration (§3), e.g. FeaturesDashboard.",
    },
    objectTypes: {
      type: "array",
      items: identifier,
      uniqueItems: true,
      description:
        "Object types the feature covers; the first is used for /upgrade?objectType= (§4.1 step 11).",
    },
    titleKey: { ...textKey, description: "Translation key of the feature's name." },
  },
  required: ["id", "objectTypes", "titleKey"],
  anyOf: [{ required: ["sessionFlag"] }, { required: ["configName"] }],
  additionalProperties: false,
} as const;

const adminModule = {
  type: "object",
  description: "An admin module: staff hold Read and Write on it in AdminPermissions (§3, §6).",
  properties: {
    key: { ...identifier, description: "Module key as sent in AdminPermissions." },
    titleKey: { ...textKey, description: "Translation key of the module's name." },
    objectType: { ...identifier, description: "Admin object type (§3) the module manages, when it has one." },
  },
  required: ["key", "titleKey"],
  additionalProperties: false,
} as const;

const homeRedirect = {
  type: "object",
  description: "Home page type go-to-menu: which menu sends / to which path (§4.1 step 10).",
  properties: {
    menu: { ...identifier, description: "Value of HomePageRedirectionMenu." },
    permission: { ...identifier, description: "Role permission key the user must hold for the redirect." },
    feature: { ...identifier, description: "Feature id that must be Included for the redirect." },
    to: appPath,
  },
  required: ["menu", "permission", "to"],
  additionalProperties: false,
} as const;

export const permissionsManifestSchema = {
  $id: "permissions",
  type: "object",
  description: "Role permission keys, features, admin modules and the home-page redirect map (§3, §4.1, §6).",
  properties: {
    ...manifestHeaderProperties,
    rolePermissions: {
      type: "array",
      items: rolePermission,
      minItems: 1,
      description: "Role permission keys.",
    },
    features: { type: "array", items: feature, minItems: 1, description: "Subscription features." },
    adminModules: { type: "array", items: adminModule, minItems: 1, description: "Admin modules." },
    homePageTypes: {
      type: "object",
      description: "Values of the session's HomePageType.",
      properties: {
        goToMenu: { type: "string", description: "The HomePageType value meaning 'go to a menu'." },
      },
      required: ["goToMenu"],
      additionalProperties: false,
    },
    homeRedirects: {
      type: "array",
      items: homeRedirect,
      description: "Go-to-menu redirects of §4.1 step 10.",
    },
  },
  required: ["version", "rolePermissions", "features", "adminModules", "homePageTypes", "homeRedirects"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type PermissionsManifest = FromSchema<typeof permissionsManifestSchema>;
export type RolePermissionDefinition = FromSchema<typeof rolePermission>;
export type FeatureDefinition = FromSchema<typeof feature>;
export type AdminModuleDefinition = FromSchema<typeof adminModule>;
