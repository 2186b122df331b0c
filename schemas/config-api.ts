/**
 * The request bodies of the configuration API (server/gateway/config/README.md): drafts and their
 * edits, review requests, approvals and refusals, publications, rollbacks, previews and the maintenance switch. Validated as sent
 * (unknown properties refused) by the precompiled validators.
 */
import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { multiLineText, nonBlank } from "./text-rules.ts";

/** The manifest kinds (DESIGN.md §3), one document manifests/<kind>.json each. */
export const MANIFEST_KIND_NAMES = [
  "routes",
  "menus",
  "permissions",
  "notifications",
  "dialogs",
  "screens",
  "shell",
  "constants",
  "widgets",
] as const;

/** Every kind a change set may edit: the manifest kinds, then each language's texts. */
export const CONFIG_KIND_NAMES = [
  ...MANIFEST_KIND_NAMES,
  "texts.en",
  "texts.de",
  "texts.es",
  "texts.fr",
  "texts.nl",
  "texts.pt",
  "texts.it",
] as const;

const version = {
  type: "integer",
  minimum: 0,
  maximum: 2 ** 31 - 1,
  description: "A version number (0: the base).",
} as const;
const revision = {
  type: "integer",
  minimum: 1,
  maximum: 2 ** 31 - 1,
  description: "The change set's revision as last read (optimistic concurrency).",
} as const;
const accountRecId = {
  type: "integer",
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  description: "AccountRecId (§3).",
} as const;
const comment = {
  ...multiLineText,
  maxLength: 2000,
  description: "Why: shown in the history and the audit.",
} as const;
const instant = {
  type: "string",
  format: "date-time",
  maxLength: 40,
  description: "An RFC 3339 date-time.",
} as const;
const languageCode = {
  enum: ["en", "de", "es", "fr", "nl", "pt", "it"],
  description: "UI language (§1).",
} as const;

const configEditSchema = {
  type: "object",
  description:
    "One edit: a JSON Merge Patch of, or the whole replacement for, one layer's document of one kind.",
  properties: {
    kind: { enum: CONFIG_KIND_NAMES, description: "The manifest kind, or texts.<language>." },
    account: { ...accountRecId, description: "The account layer edited; absent: the operator layer." },
    merge: { type: "object", description: "JSON Merge Patch (RFC 7386) of the layer's document." },
    document: { type: "object", description: "The whole document." },
  },
  required: ["kind"],
  oneOf: [{ required: ["merge"] }, { required: ["document"] }],
  additionalProperties: false,
} as const satisfies JSONSchema;

const edits = {
  type: "array",
  maxItems: 200,
  items: configEditSchema,
  description: "The edits, applied in order.",
} as const;

export const configChangeSetCreateSchema = {
  $id: "configChangeSetCreate",
  type: "object",
  properties: { comment, baseVersion: version, edits },
  required: ["comment", "baseVersion", "edits"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export const configChangeSetUpdateSchema = {
  $id: "configChangeSetUpdate",
  type: "object",
  properties: { revision, comment, baseVersion: version, edits },
  required: ["revision"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export const configValidateSchema = {
  $id: "configValidate",
  type: "object",
  properties: { baseVersion: version, edits },
  required: ["edits"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export const configApproveSchema = {
  $id: "configApprove",
  type: "object",
  properties: {
    revision,
    comment: { ...comment, description: "The reviewer's remark, shown to the author and in the audit." },
  },
  required: ["revision"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export const configRequestReviewSchema = {
  $id: "configRequestReview",
  type: "object",
  properties: {
    revision,
    comment: { ...comment, description: "What the reviewer should look at (kept in the audit)." },
  },
  required: ["revision"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export const configRefuseSchema = {
  $id: "configRefuse",
  type: "object",
  properties: {
    revision,
    comment: {
      ...nonBlank(multiLineText),
      maxLength: 2000,
      description: "Why the change set goes back to its author: required, shown to them and in the audit.",
    },
  },
  required: ["revision", "comment"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export const configPublishSchema = {
  $id: "configPublish",
  type: "object",
  properties: {
    at: { ...instant, description: "Publish at this time instead of now (survives a restart)." },
    accounts: {
      type: "array",
      maxItems: 1000,
      uniqueItems: true,
      items: accountRecId,
      description: "Publish to these accounts first (a canary); promote to everyone later.",
    },
  },
  additionalProperties: false,
} as const satisfies JSONSchema;

export const configRollbackSchema = {
  $id: "configRollback",
  type: "object",
  properties: { comment },
  additionalProperties: false,
} as const satisfies JSONSchema;

export const configPreviewSchema = {
  $id: "configPreview",
  type: "object",
  description: "Whose manifest to preview, from which configuration.",
  properties: {
    changeSet: {
      type: "integer",
      minimum: 1,
      maximum: 2 ** 31 - 1,
      description: "A change set, applied on the newest version.",
    },
    version: { ...version, description: "A published version (0: the base)." },
    accountRecId: {
      ...accountRecId,
      description:
        "The account (its layer and, for the audience, its account id); with userRecId, the user's own or absent.",
    },
    language: languageCode,
    userRecId: {
      type: "integer",
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description:
        "The user to preview as, as their session would carry them (the upstream's answer); instead of audience.",
    },
    audience: {
      type: "object",
      description:
        "The user to preview as: a role's permissions, the subscription's features, admin modules.",
      properties: {
        rolePermissions: {
          type: "array",
          maxItems: 200,
          items: { type: "string", pattern: "^[A-Za-z][A-Za-z0-9]*_(r|rw)$", maxLength: 80 },
          description: "The role's permission entries, e.g. Dashboards_r.",
        },
        features: {
          type: "object",
          maxProperties: 200,
          additionalProperties: { enum: ["Included", "Optional"] },
          description: "Feature availability by the name the session sends it under.",
        },
        isAdmin: { type: "boolean", description: "User.IsAdmin." },
        adminModules: {
          type: "array",
          maxItems: 200,
          items: {
            type: "object",
            properties: {
              key: { type: "string", pattern: "^[A-Za-z][A-Za-z0-9]*$", maxLength: 80 },
              read: { type: "boolean" },
              write: { type: "boolean" },
            },
            required: ["key", "read", "write"],
            additionalProperties: false,
          },
          description: "Admin modules with Read and Write.",
        },
      },
      required: ["rolePermissions"],
      additionalProperties: false,
    },
  },
  required: ["language"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export const configMaintenanceSchema = {
  $id: "configMaintenance",
  type: "object",
  properties: {
    enabled: { type: "boolean", description: "Maintenance on or off (now, or from startsAt)." },
    messages: {
      type: "object",
      description: "The maintenance page's message, by language.",
      propertyNames: languageCode,
      additionalProperties: { ...multiLineText, minLength: 1, maxLength: 1000 },
    },
    startsAt: { ...instant, description: "Switch on at this time (a window)." },
    endsAt: { ...instant, description: "Switch off at this time." },
  },
  required: ["enabled"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type ConfigEditBody = FromSchema<typeof configEditSchema>;
export type ConfigChangeSetCreateBody = FromSchema<typeof configChangeSetCreateSchema>;
export type ConfigChangeSetUpdateBody = FromSchema<typeof configChangeSetUpdateSchema>;
export type ConfigValidateBody = FromSchema<typeof configValidateSchema>;
export type ConfigApproveBody = FromSchema<typeof configApproveSchema>;
export type ConfigRequestReviewBody = FromSchema<typeof configRequestReviewSchema>;
export type ConfigRefuseBody = FromSchema<typeof configRefuseSchema>;
export type ConfigPublishBody = FromSchema<typeof configPublishSchema>;
export type ConfigRollbackBody = FromSchema<typeof configRollbackSchema>;
export type ConfigPreviewBody = FromSchema<typeof configPreviewSchema>;
export type ConfigMaintenanceBody = FromSchema<typeof configMaintenanceSchema>;
