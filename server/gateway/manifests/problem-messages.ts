/**
 * The reasons of validation problems and warnings in the reader's language (DESIGN.md §3 publishing:
 * the studio shows each problem with its readable pointer and why): one text key per rule,
 * `StudioProblem_<name>` in locales/, beside the English `reason` that logs and
 * `npm run check:manifests` print. Schema errors are told by ajv's keyword and parameters.
 */
import type { ErrorObject } from "ajv";
import type { MessageParam, TextMessage } from "../../../schemas/config-answers.ts";

/** Every problem or warning message; the text key of each is `StudioProblem_<name>`. */
export const PROBLEM_MESSAGES = [
  // Schema errors (ajv keywords), then the fallback for a keyword without its own.
  "SchemaRequired",
  "SchemaUnknownProperty",
  "SchemaType",
  "SchemaEnum",
  "SchemaConst",
  "SchemaMinLength",
  "SchemaMaxLength",
  "SchemaPattern",
  "SchemaFormat",
  "SchemaMinimum",
  "SchemaExclusiveMinimum",
  "SchemaMaximum",
  "SchemaExclusiveMaximum",
  "SchemaMultipleOf",
  "SchemaMinItems",
  "SchemaMaxItems",
  "SchemaUniqueItems",
  "SchemaMinProperties",
  "SchemaMaxProperties",
  "SchemaOneOf",
  "SchemaAnyOf",
  "SchemaNot",
  "SchemaIf",
  "SchemaPropertyName",
  "SchemaDependentRequired",
  "SchemaContains",
  "SchemaFalse",
  "SchemaInvalid",
  // Loading and reading documents.
  "NoSchema",
  "NotJson",
  "MissingFile",
  "UnknownKind",
  "PatchNotObject",
  "MergedNotObject",
  "ForbiddenKey",
  "NotContent",
  "AccountLayerNotObject",
  "VersionMissing",
  "HashMismatch",
  // Change sets.
  "EditMergeOrDocument",
  "EditNotObject",
  "EditedNotObject",
  // Texts.
  "TextsNotObject",
  "NotEnglishKey",
  "TextEmpty",
  "TextTooLong",
  "TextControlCharacters",
  "TextPlaceholders",
  "TextMissing",
  // References, links and text keys (check-references.ts, check-texts-and-links.ts).
  "Duplicate",
  "UnknownPermission",
  "UnknownFeature",
  "UnknownAdminModule",
  "UnknownDialog",
  "UnknownScreen",
  "LinkUnresolved",
  "RedirectUnresolved",
  "TextKeyMissing",
  "SchemeNotAllowed",
  "MalformedUrl",
  "ExternalOriginNotAllowed",
  "ProtocolRelative",
  // Routes (check-routes.ts).
  "DuplicateRouteId",
  "DuplicatePath",
  "ParamNotInPath",
  "InvalidRegex",
  "NotLoggedInOnlyPublic",
  "AdminRouteNeedsModule",
  "AdminModulesOutsideAdmin",
  // Templates and dialogs (check-templates.ts, schemas/notifications.ts, schemas/dialogs.ts).
  "NoTemplateForCode",
  "TemplateTwice",
  "VariantTwice",
  "LastVariantConditions",
  "VariantUnknownDialog",
  "VariantParamNotAccepted",
  "VariantParamType",
  "VariantParamMissing",
  "DialogIdTwice",
  "DialogPathTwice",
  "DialogParamTwice",
  // Widget kinds (check-widgets.ts).
  "DuplicateWidgetKind",
  "FilterRendererOwnName",
  "FilterKindRenderer",
  "FilterRendererGroup",
  "OnlyFiltersInGroup",
  "RendererDrawsNoQuery",
  "RendererDrawsQuery",
  "RequiredSettingUndeclared",
  "SettingUndeclared",
  "TextAreaString",
  "SettingsSchemaNoCompile",
  "WidgetDefaults",
  "WidgetDefaultUndeclared",
  // Account layers (validate-config.ts) and the shell settings kept elsewhere (config-plane.ts).
  "AccountKinds",
  "AccountShellBranding",
  "AccountAddsEntry",
  "AccountChangesAccess",
  "DerivedShellSetting",
  // Warnings (config-plane.ts).
  "EntryUnseen",
  "RouteUnseen",
  "RendererUnknown",
  "DialogComponentUnknown",
  "SchemaVersionUnknown",
] as const;

/** The name of a problem's message. */
export type ProblemMessageName = (typeof PROBLEM_MESSAGES)[number];

/** Every text key a problem or warning may use. */
export const PROBLEM_TEXT_KEYS: readonly string[] = PROBLEM_MESSAGES.map((name) => `StudioProblem_${name}`);

/** The message `name` with its parameters (a `count` picks the plural form). */
export function problemMessage(
  name: ProblemMessageName,
  params: Record<string, MessageParam> = {},
): TextMessage {
  return { key: `StudioProblem_${name}`, params };
}

const json = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** ajv's keywords with a message of their own, and the parameters each message takes from the error's. */
const SCHEMA_MESSAGES: Record<
  string,
  (params: Record<string, unknown>) => [ProblemMessageName, Record<string, MessageParam>]
> = {
  required: (p) => ["SchemaRequired", { property: String(p.missingProperty) }],
  additionalProperties: (p) => ["SchemaUnknownProperty", { property: String(p.additionalProperty) }],
  unevaluatedProperties: (p) => ["SchemaUnknownProperty", { property: String(p.unevaluatedProperty) }],
  type: (p) => ["SchemaType", { type: Array.isArray(p.type) ? p.type.map(String) : String(p.type) }],
  enum: (p) => [
    "SchemaEnum",
    { values: Array.isArray(p.allowedValues) ? p.allowedValues.map(json) : [json(p.allowedValues)] },
  ],
  const: (p) => ["SchemaConst", { value: json(p.allowedValue) }],
  minLength: (p) => ["SchemaMinLength", { count: Number(p.limit) }],
  maxLength: (p) => ["SchemaMaxLength", { count: Number(p.limit) }],
  pattern: (p) => ["SchemaPattern", { pattern: String(p.pattern) }],
  format: (p) => ["SchemaFormat", { format: String(p.format) }],
  minimum: (p) => ["SchemaMinimum", { limit: Number(p.limit) }],
  exclusiveMinimum: (p) => ["SchemaExclusiveMinimum", { limit: Number(p.limit) }],
  maximum: (p) => ["SchemaMaximum", { limit: Number(p.limit) }],
  exclusiveMaximum: (p) => ["SchemaExclusiveMaximum", { limit: Number(p.limit) }],
  multipleOf: (p) => ["SchemaMultipleOf", { factor: Number(p.multipleOf) }],
  minItems: (p) => ["SchemaMinItems", { count: Number(p.limit) }],
  maxItems: (p) => ["SchemaMaxItems", { count: Number(p.limit) }],
  additionalItems: (p) => ["SchemaMaxItems", { count: Number(p.limit) }],
  items: (p) => ["SchemaMaxItems", { count: Number(p.limit) }],
  // ajv names the later item `i` and the earlier `j`, from 0; people count from 1.
  uniqueItems: (p) => ["SchemaUniqueItems", { first: Number(p.j) + 1, second: Number(p.i) + 1 }],
  minProperties: (p) => ["SchemaMinProperties", { count: Number(p.limit) }],
  maxProperties: (p) => ["SchemaMaxProperties", { count: Number(p.limit) }],
  oneOf: () => ["SchemaOneOf", {}],
  anyOf: () => ["SchemaAnyOf", {}],
  not: () => ["SchemaNot", {}],
  if: () => ["SchemaIf", {}],
  propertyNames: (p) => ["SchemaPropertyName", { property: String(p.propertyName) }],
  dependentRequired: (p) => [
    "SchemaDependentRequired",
    { property: String(p.property), missing: String(p.missingProperty) },
  ],
  dependencies: (p) => [
    "SchemaDependentRequired",
    { property: String(p.property), missing: String(p.missingProperty) },
  ],
  contains: () => ["SchemaContains", {}],
  "false schema": () => ["SchemaFalse", {}],
};

/** An ajv error in the reader's language: by its keyword, else the generic message naming the keyword. */
export function schemaErrorMessage(error: Pick<ErrorObject, "keyword" | "params">): TextMessage {
  const messageOf = Object.hasOwn(SCHEMA_MESSAGES, error.keyword)
    ? SCHEMA_MESSAGES[error.keyword]
    : undefined;
  if (!messageOf) return problemMessage("SchemaInvalid", { keyword: error.keyword });
  const [name, params] = messageOf(error.params as Record<string, unknown>);
  return problemMessage(name, params);
}

/** An ajv error's reason in English, as logs and `npm run check:manifests` print it. */
export function schemaErrorReason(error: Pick<ErrorObject, "keyword" | "params" | "message">): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "additionalProperties")
    return `schema: unknown property "${String(params.additionalProperty)}"`;
  const reason = error.message ?? "is invalid";
  if (error.keyword === "enum") return `schema: ${reason}: ${JSON.stringify(params.allowedValues)}`;
  return `schema: ${reason}`;
}
