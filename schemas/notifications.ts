import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { appPath, identifier, manifestHeaderProperties, textKey } from "./common.ts";
import type { DialogParam, DialogsManifest } from "./dialogs.ts";
import { notificationRecordSchema } from "./payloads/notification-record.ts";

/*
 * Notification templates (§4.3). A server record (§3 Notification (server record)) is turned into what the
 * dropdown shows (§3 Notification (as displayed)) by runtime/notifications/format-notification.ts, driven
 * entirely by the template of its Code. Everything a template refers to is data: record field names are
 * closed enums, so a template cannot read a field the server never sends.
 */

/**
 * Scalar fields of the server record (§3, schemas/payloads/notification-record.ts) a template may read:
 * every field but the Dashboards list, which only a thumbnail source reads.
 */
export const notificationRecordScalarFields = [
  "Date",
  "IsNew",
  "RecId",
  "Code",
  "AuthorFullName",
  "AuthorUserUID",
  "TeamName",
  "AlertName",
  "Message",
  "DataConnectionName",
  "DataConnectionRecId",
  "DataCloneName",
  "DataCloneRecId",
  "WorkerTaskHistoryRecId",
  "DashboardName",
  "DashboardRecId",
  "DashboardThumbnail",
  "CommentText",
  "IsRelatedObjectDeleted",
  "IsDataCloneTrashed",
  "DataLoaderName",
  "ExportName",
  "ExportRecId",
  "FileUID",
  "InvoiceNumber",
  "ScheduleName",
  "ScheduleRecId",
  "ScheduleTaskName",
  "SubscriptionType",
  "SupportTicketName",
  "SupportTicketRecId",
  "BinderName",
  "Title",
  "Body",
] as const satisfies readonly (keyof (typeof notificationRecordSchema)["properties"])[];

/** A scalar field of the server record. */
export type NotificationRecordScalarField = (typeof notificationRecordScalarFields)[number];

const recordField = {
  enum: notificationRecordScalarFields,
  description: "Name of a scalar field of the server record (§3 Notification (server record)).",
} as const;

/** A path template: a same-origin path whose `{Field}` placeholders name record fields. */
const pathTemplate = {
  type: "string",
  pattern: `^/(?![/\\\\])([A-Za-z0-9._~!$&'()*+,;=:@/-]|\\{(${notificationRecordScalarFields.join("|")})\\})*$`,
  maxLength: 300,
  description:
    "Same-origin path starting with a single '/'; each {Field} placeholder is replaced by the URI-encoded " +
    "value of that record field (e.g. /dashboard/viewer/{DashboardRecId}).",
} as const;

/** A condition on one record field; a variant applies when all its conditions hold. */
const condition = {
  oneOf: [
    {
      type: "object",
      description: "The field strictly equals the value (an absent or null field equals nothing).",
      properties: {
        field: recordField,
        equals: {
          oneOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }],
          description: "The value to compare with.",
        },
      },
      required: ["field", "equals"],
      additionalProperties: false,
    },
    {
      type: "object",
      description:
        "The field is present (true) or absent (false). Absent means missing, null, a blank string or an empty list.",
      properties: {
        field: recordField,
        present: { type: "boolean", description: "Whether the field must be present." },
      },
      required: ["field", "present"],
      additionalProperties: false,
    },
  ],
} as const;

/** A value copied from a record field. */
const fieldValue = {
  type: "object",
  description: "The value of a record field; when it is absent the link that needs it is left out.",
  properties: { field: recordField },
  required: ["field"],
  additionalProperties: false,
} as const;

/** Where an interpolation value of a description comes from. */
const descriptionParam = {
  type: "object",
  description:
    "An interpolation value: a record field, optionally translated, escaped, or replaced when absent.",
  properties: {
    field: recordField,
    escape: {
      type: "boolean",
      description:
        "HTML-escape the value before interpolation (descriptions are HTML fragments); required for any text " +
        "the user typed, e.g. SupportTicketName (§4.3).",
    },
    keyPrefix: {
      ...identifier,
      description:
        "Show the translation of keyPrefix + value instead of the raw value (e.g. SubscriptionType_, §9); " +
        "the raw value is shown when no such key exists.",
    },
    fallbackKey: { ...textKey, description: "Translation key used when the field is absent." },
  },
  required: ["field"],
  additionalProperties: false,
} as const;

/** How the source line (name, icon, picture) is chosen. */
const source = {
  oneOf: [
    {
      type: "object",
      description:
        "The author: AuthorFullName as the name and the avatar of AuthorUserUID ({webservices}/user/avatar, §7) " +
        "as the picture; the icon stands in when there is no AuthorUserUID.",
      properties: {
        kind: { const: "author", description: "Source is the notification's author." },
        fallbackKey: {
          ...textKey,
          description: "Translation key of the name when AuthorFullName is absent.",
        },
      },
      required: ["kind"],
      additionalProperties: false,
    },
    {
      type: "object",
      description: "A named record field as the name; no picture.",
      properties: {
        kind: { const: "field", description: "Source is a record field." },
        field: recordField,
        fallbackKey: { ...textKey, description: "Translation key of the name when the field is absent." },
        rawHtml: {
          type: "boolean",
          description: "The field holds HTML shown as sent (Custom Title); the renderer must sanitise it.",
        },
      },
      required: ["kind", "field"],
      additionalProperties: false,
    },
    {
      type: "object",
      description: "A fixed, translated name; no picture.",
      properties: {
        kind: { const: "fixed", description: "Source is a fixed text." },
        nameKey: { ...textKey, description: "Translation key of the name." },
      },
      required: ["kind", "nameKey"],
      additionalProperties: false,
    },
  ],
} as const;

/** Where the thumbnail (base64 PNG) comes from. */
const thumbnail = {
  oneOf: [
    {
      type: "object",
      description: "A scalar record field holding the base64 PNG.",
      properties: { field: { enum: ["DashboardThumbnail"], description: "The record field." } },
      required: ["field"],
      additionalProperties: false,
    },
    {
      type: "object",
      description: "The first non-empty value of a field across the items of a record list.",
      properties: {
        firstOf: { enum: ["Dashboards"], description: "The record list." },
        itemField: { enum: ["DashboardThumbnail"], description: "The field of each item." },
      },
      required: ["firstOf", "itemField"],
      additionalProperties: false,
    },
  ],
} as const;

const routeAction = {
  type: "object",
  description: "Navigate inside the app to a path built from record fields, with an optional query.",
  properties: {
    type: { const: "route", description: "In-app navigation." },
    path: pathTemplate,
    query: {
      type: "object",
      description: "Query parameters keyed by name, each taken from a record field.",
      propertyNames: { pattern: "^[A-Za-z][A-Za-z0-9_]*$" },
      additionalProperties: fieldValue,
    },
  },
  required: ["type", "path"],
  additionalProperties: false,
} as const;

const dialogAction = {
  type: "object",
  description:
    "Open a dialog of the dialog registry (manifests/dialogs.json) with parameters from record fields.",
  properties: {
    type: { const: "dialog", description: "Open a registered dialog." },
    dialogId: { ...identifier, description: "Id of the dialog in the dialog registry." },
    params: {
      type: "object",
      description:
        "Dialog parameters keyed by the registry's parameter name, each taken from a record field.",
      propertyNames: { pattern: "^[A-Za-z][A-Za-z0-9_]*$" },
      additionalProperties: fieldValue,
    },
  },
  required: ["type", "dialogId", "params"],
  additionalProperties: false,
} as const;

const downloadAction = {
  type: "object",
  description: "Download a file: {webservices}/File/{fileSystemItemType}/{fileUID} (§7).",
  properties: {
    type: { const: "download", description: "File download." },
    fileSystemItemType: { ...identifier, description: "The fileSystemItemType path segment (a literal)." },
    fileUID: fieldValue,
  },
  required: ["type", "fileSystemItemType", "fileUID"],
  additionalProperties: false,
} as const;

const invoiceAction = {
  type: "object",
  description: "Open the invoice at the user's domain path invoice/{invoiceNumber} (§7).",
  properties: {
    type: { const: "invoice", description: "Invoice download." },
    invoiceNumber: fieldValue,
  },
  required: ["type", "invoiceNumber"],
  additionalProperties: false,
} as const;

/** A link action that does not depend on the viewer's role. */
const directAction = { oneOf: [routeAction, dialogAction, downloadAction, invoiceAction] } as const;

const byRoleAction = {
  type: "object",
  description: "One action for administrators (User.IsAdmin), another for everyone else (§4.3, §6).",
  properties: {
    type: { const: "byRole", description: "Choose the action by the viewer's role." },
    admin: { ...directAction, description: "Action for administrators." },
    member: { ...directAction, description: "Action for everyone else." },
  },
  required: ["type", "admin", "member"],
  additionalProperties: false,
} as const;

const link = {
  type: "object",
  description: "The entry's link: its text and what it does. Left out when a field it needs is absent.",
  properties: {
    linkTextKey: { ...textKey, description: "Translation key of the link text." },
    action: {
      oneOf: [routeAction, dialogAction, downloadAction, invoiceAction, byRoleAction],
      description: "What clicking the link does; returned as data by the formatter, never executed there.",
    },
  },
  required: ["linkTextKey", "action"],
  additionalProperties: false,
} as const;

const status = {
  enum: ["success", "failure", "warning", "info"],
  description: "Outcome shown by the entry; success sets isSuccess, failure sets isFailure.",
} as const;

const icon = {
  type: "string",
  pattern: "^[a-z0-9]+(-[a-z0-9]+)*$",
  maxLength: 60,
  description: "Source icon name in kebab-case (the icon set of §9).",
} as const;

const params = {
  type: "object",
  description: "Interpolation values of the description, keyed by the {{name}} used in the text.",
  propertyNames: { pattern: "^[A-Za-z][A-Za-z0-9_]*$" },
  additionalProperties: descriptionParam,
} as const;

/** One way of showing a notification; the first variant whose conditions all hold is used. */
export const notificationVariantSchema = {
  type: "object",
  description: "A way of showing a notification, used when all its conditions hold.",
  properties: {
    name: { ...identifier, description: "Name of the variant, for editors and tests (e.g. deleted)." },
    when: {
      type: "array",
      items: condition,
      description: "Conditions on record fields, all of which must hold; absent or empty always holds.",
    },
    icon,
    source: { ...source, description: "How sourceName and sourcePicture are chosen." },
    descriptionKey: {
      ...textKey,
      description: "Translation key of the description, an HTML fragment with {{name}} interpolations.",
    },
    params,
    descriptionRawHtmlField: {
      enum: ["Body"],
      description:
        "Show this record field as the description, as sent (Custom); the renderer must sanitise it.",
    },
    status,
    thumbnail: { ...thumbnail, description: "Where the thumbnail comes from; no thumbnail when absent." },
    link,
  },
  required: ["name", "icon", "source", "status"],
  oneOf: [{ required: ["descriptionKey"] }, { required: ["descriptionRawHtmlField"] }],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** The template of one notification code. */
export const notificationTemplateSchema = {
  type: "object",
  description: "How to show the notifications of one code (§4.3).",
  properties: {
    code: { ...identifier, description: "The notification Code sent by the server." },
    variants: {
      type: "array",
      items: notificationVariantSchema,
      minItems: 1,
      description: "Variants tried in order; the last one has no conditions so that one always applies.",
    },
  },
  required: ["code", "variants"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** The error-like entry shown for a code without a template (§4.3, §8). */
const unknownCode = {
  type: "object",
  description: "The entry shown for a code that has no template: 'Unknown notification code!' (§4.3, §8).",
  properties: {
    icon,
    source: { ...source, description: "How sourceName is chosen." },
    descriptionKey: { ...textKey, description: "Translation key of 'Unknown notification code!'." },
    status,
  },
  required: ["icon", "source", "descriptionKey", "status"],
  additionalProperties: false,
} as const;

export const notificationsManifestSchema = {
  $id: "notifications",
  type: "object",
  description: "Notification templates, one per code of §4.3, and the unknown-code entry.",
  properties: {
    ...manifestHeaderProperties,
    templates: {
      type: "array",
      items: notificationTemplateSchema,
      minItems: 1,
      description: "One template per notification code; codes are unique.",
    },
    unknownCode,
  },
  required: ["version", "templates", "unknownCode"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** A link action resolved against a record: what the runtime executes when the link is clicked. */
export const resolvedNotificationActionSchema = {
  oneOf: [
    {
      type: "object",
      description: "Navigate in the app.",
      properties: {
        type: { const: "route", description: "In-app navigation." },
        to: { ...appPath, description: "Path with query string, values URI-encoded." },
      },
      required: ["type", "to"],
      additionalProperties: false,
    },
    {
      type: "object",
      description: "Open a registered dialog.",
      properties: {
        type: { const: "dialog", description: "Open a registered dialog." },
        dialogId: { ...identifier, description: "Id in the dialog registry." },
        params: {
          type: "object",
          description: "Parameter values, as sent by the server.",
          additionalProperties: {
            oneOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }],
            description: "One parameter value.",
          },
        },
      },
      required: ["type", "dialogId", "params"],
      additionalProperties: false,
    },
    {
      type: "object",
      description: "Download a file from the webservices base.",
      properties: {
        type: { const: "download", description: "File download." },
        fileSystemItemType: { ...identifier, description: "The fileSystemItemType segment." },
        fileUID: { type: "string", description: "The file UID." },
        webservicesPath: {
          type: "string",
          description: "Path relative to {webservices}: File/{fileSystemItemType}/{fileUID}, URI-encoded.",
        },
      },
      required: ["type", "fileSystemItemType", "fileUID", "webservicesPath"],
      additionalProperties: false,
    },
    {
      type: "object",
      description: "Open an invoice on the user's domain.",
      properties: {
        type: { const: "invoice", description: "Invoice download." },
        invoiceNumber: { type: "string", description: "The invoice number." },
        domainPath: {
          type: "string",
          description: "Path relative to the user's domain: invoice/{invoiceNumber}.",
        },
      },
      required: ["type", "invoiceNumber", "domainPath"],
      additionalProperties: false,
    },
  ],
} as const satisfies JSONSchema;

/** One entry of the notification dropdown (§3 Notification (as displayed)). */
export const displayedNotificationSchema = {
  type: "object",
  description: "A notification as displayed (§3 Notification (as displayed)).",
  properties: {
    recId: { type: "integer", description: "Record id of the notification." },
    code: { type: "string", description: "The server's notification code." },
    isNew: { type: "boolean", description: "New flag: unread until the dropdown is opened." },
    date: { type: "string", description: "Date as sent by the server." },
    sourceName: { type: "string", description: "Name of the source: plain text unless rawHtml.sourceName." },
    sourceIcon: { ...icon, description: "Icon of the source." },
    sourcePicture: {
      type: "object",
      description: "Picture of the source: the author's avatar.",
      properties: {
        kind: { const: "userAvatar", description: "A user's avatar." },
        userUID: { type: "string", description: "The user's UID." },
        webservicesPath: {
          type: "string",
          description: "Path relative to {webservices}: user/avatar/{userUID}, URI-encoded.",
        },
      },
      required: ["kind", "userUID", "webservicesPath"],
      additionalProperties: false,
    },
    description: {
      type: "string",
      description:
        "HTML fragment (translation with escaped values, or raw server HTML); always sanitised on render.",
    },
    status,
    isSuccess: { type: "boolean", description: "The entry reports a success." },
    isFailure: { type: "boolean", description: "The entry reports a failure." },
    thumbnail: { type: "string", description: "Thumbnail, base64 PNG without data: prefix." },
    linkText: { type: "string", description: "Text of the link; present exactly when link is." },
    link: resolvedNotificationActionSchema,
    rawHtml: {
      type: "object",
      description: "Which fields are HTML exactly as the server sent it (Custom) and must be sanitised.",
      properties: {
        sourceName: { type: "boolean", description: "sourceName is raw server HTML." },
        description: { type: "boolean", description: "description is raw server HTML." },
      },
      required: ["sourceName", "description"],
      additionalProperties: false,
    },
  },
  required: [
    "recId",
    "code",
    "isNew",
    "date",
    "sourceName",
    "sourceIcon",
    "description",
    "status",
    "isSuccess",
    "isFailure",
    "rawHtml",
  ],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type NotificationsManifest = FromSchema<typeof notificationsManifestSchema>;
export type NotificationTemplate = FromSchema<typeof notificationTemplateSchema>;
export type NotificationVariant = FromSchema<typeof notificationVariantSchema>;
export type NotificationUnknownCodeEntry = NotificationsManifest["unknownCode"];
export type ResolvedNotificationAction = FromSchema<typeof resolvedNotificationActionSchema>;
export type DisplayedNotification = FromSchema<typeof displayedNotificationSchema>;

/** JSON types a record field may carry, read from the record schema (schemas/payloads/notification-record.ts). */
function recordFieldTypes(field: NotificationRecordScalarField): string[] {
  const type = (notificationRecordSchema.properties[field] as { type?: string | readonly string[] }).type;
  return type === undefined ? [] : typeof type === "string" ? [type] : [...type];
}

/** Whether every non-null value of the record field is a valid value of the dialog parameter. */
function fieldFitsParam(field: NotificationRecordScalarField, param: DialogParam): boolean {
  const types = recordFieldTypes(field).filter((type) => type !== "null");
  if (types.length === 0) return false;
  const accepted = param.type === "number" ? ["number", "integer"] : [param.type];
  return types.every((type) => accepted.includes(type));
}

/** One inconsistency of the templates: the rule it breaks, what it names, and the reason in English. */
export interface TemplateProblem {
  rule:
    | "TemplateTwice"
    | "VariantTwice"
    | "LastVariantConditions"
    | "VariantUnknownDialog"
    | "VariantParamNotAccepted"
    | "VariantParamType"
    | "VariantParamMissing";
  /** The template's `code` and, as the rule needs them, `variant`, `dialog`, `param`, `field`, `type`. */
  params: Record<string, string>;
  reason: string;
}

/**
 * Cross checks ajv cannot express: codes are unique; variant names are unique per template and the last
 * variant has no conditions, so every known code is shown; every dialog link names a dialog of the
 * registry, maps each of its required parameters, no unknown one, and from a record field whose type
 * fits the parameter's type. Returns one entry per problem; empty when the manifest is consistent.
 */
export function notificationTemplateProblems(
  manifest: NotificationsManifest,
  dialogs: DialogsManifest,
): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const dialogsById = new Map(dialogs.dialogs.map((dialog) => [dialog.id, dialog]));
  const codes = new Set<string>();
  for (const template of manifest.templates) {
    const code = template.code;
    const where = `template "${code}"`;
    if (codes.has(code))
      problems.push({ rule: "TemplateTwice", params: { code }, reason: `${where} is defined twice` });
    codes.add(code);
    const names = new Set<string>();
    template.variants.forEach((variant, index) => {
      const at = `${where}, variant "${variant.name}"`;
      const of = { code, variant: variant.name };
      if (names.has(variant.name))
        problems.push({ rule: "VariantTwice", params: of, reason: `${at} is defined twice` });
      names.add(variant.name);
      if (index === template.variants.length - 1 && (variant.when?.length ?? 0) > 0) {
        problems.push({
          rule: "LastVariantConditions",
          params: of,
          reason: `${at} is the last variant but has conditions: some records would match no variant`,
        });
      }
      const action = variant.link?.action;
      if (!action) return;
      const actions = action.type === "byRole" ? [action.admin, action.member] : [action];
      for (const direct of actions) {
        if (direct.type !== "dialog") continue;
        const dialog = dialogsById.get(direct.dialogId);
        if (!dialog) {
          problems.push({
            rule: "VariantUnknownDialog",
            params: { ...of, dialog: direct.dialogId },
            reason: `${at} links to dialog "${direct.dialogId}", which is not in the dialog registry`,
          });
          continue;
        }
        for (const [name, value] of Object.entries(direct.params)) {
          const param = dialog.params.find((candidate) => candidate.name === name);
          if (!param) {
            problems.push({
              rule: "VariantParamNotAccepted",
              params: { ...of, dialog: dialog.id, param: name },
              reason: `${at} passes "${name}", which dialog "${dialog.id}" does not accept`,
            });
          } else if (!fieldFitsParam(value.field, param)) {
            problems.push({
              rule: "VariantParamType",
              params: { ...of, dialog: dialog.id, param: name, field: value.field, type: param.type },
              reason: `${at} passes record field ${value.field} as ${param.type} parameter "${name}" of "${dialog.id}"`,
            });
          }
        }
        for (const param of dialog.params) {
          if (param.required && !Object.hasOwn(direct.params, param.name)) {
            problems.push({
              rule: "VariantParamMissing",
              params: { ...of, dialog: dialog.id, param: param.name },
              reason: `${at} does not pass the required parameter "${param.name}" of dialog "${dialog.id}"`,
            });
          }
        }
      }
    });
  }
  return problems;
}
