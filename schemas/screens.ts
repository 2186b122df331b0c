/**
 * The screens manifest: manifest-defined screens, notably every admin screen of SPEC §2.4
 * (DESIGN.md §3). A screen is a paged list backed by one upstream resource, an optional detail form
 * and the actions allowed on the resource.
 *
 * Upstream contract shared by every screen (the reference upstream implements it per endpoint):
 * - `GET {list.endpoint}?page=&pageSize=&search=&sort=&<filter>=…` → `{ "items": [row…], "total": n }`;
 *   `page` starts at 1; `sort` is a field name, prefixed with `-` for descending order.
 * - `GET {list.endpoint}/{rowKey}` → one record with every detail field (write-only fields left out).
 * - Create `POST {list.endpoint}`, edit `PUT {list.endpoint}/{rowKey}`, delete `DELETE {list.endpoint}/{rowKey}`,
 *   bulk delete `POST {list.endpoint}/Delete` with `{ "ids": [rowKey…] }`; bodies are the form values.
 * - Every call needs Read on the screen's admin module; every call an action makes needs Write on it,
 *   except actions marked `readOnly` (§6). The gateway and the upstream enforce the same rule.
 */
import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { appPath, identifier, manifestHeaderProperties, textKey } from "./common.ts";

/** The name of a field of the resource's records (PascalCase by the upstream's convention, e.g. RecId). */
const fieldName = {
  ...identifier,
  description: "Name of a field of the resource's records, as the upstream sends it (e.g. RecId, FullName).",
} as const;

/**
 * An upstream path relative to the application service base (§7), e.g. `Admin/Accounts` or
 * `Admin/EmailOutbound/{RecId}/Resend`. `{Field}` segments are replaced by the URL-encoded value of that
 * field of the row the action runs on. No leading slash, no query string and no `.` segments, so the
 * gateway relay can never be steered outside the application base.
 */
const endpoint = {
  type: "string",
  pattern: "^[A-Za-z][A-Za-z0-9_-]*(/([A-Za-z0-9_-]+|\\{[A-Za-z][A-Za-z0-9_]*\\}))*$",
  maxLength: 200,
  description:
    "Upstream path relative to the application service base (§7), e.g. Admin/Accounts; '{Field}' segments take the row's field value.",
} as const;

/** A scalar a field, filter or option may hold. */
const scalarValue = {
  anyOf: [{ type: "string", maxLength: 500 }, { type: "number" }, { type: "boolean" }],
  description: "A scalar value: text, number or boolean.",
} as const;

/** Tone of a status badge. */
const tone = {
  enum: ["neutral", "info", "success", "warning", "danger"],
  description: "Colour of the badge a status value is shown with (default neutral).",
} as const;

/** One allowed value of a select, a status column or a filter, with its translated label. */
const option = {
  type: "object",
  description: "An allowed value and its label.",
  properties: {
    value: {
      anyOf: [{ type: "string", maxLength: 200 }, { type: "integer" }, { type: "boolean" }],
      description: "The value as the upstream sends and receives it.",
    },
    labelKey: { ...textKey, description: "Translation key of the value's label." },
    tone,
  },
  required: ["value", "labelKey"],
  additionalProperties: false,
} as const;

const options = {
  type: "array",
  items: option,
  minItems: 1,
  description: "The allowed values, in display order.",
} as const;

/**
 * Options loaded from another list endpoint (e.g. the accounts a user may belong to). The runtime calls
 * `GET {endpoint}?search=&pageSize=&<query>` as the user types and offers `labelField` of each row,
 * storing `valueField`. The labels are data (names), not translation keys.
 */
const optionsSource = {
  type: "object",
  description:
    "Load the options from a list endpoint (same response shape as a screen list) as the user types.",
  properties: {
    endpoint: { ...endpoint, description: "List endpoint returning { items, total }." },
    valueField: { ...fieldName, description: "Field of each row stored as the value." },
    labelField: { ...fieldName, description: "Field of each row shown as the option's label." },
    query: {
      type: "object",
      description: "Fixed query parameters added to every options request, e.g. { ItemType: 'Package' }.",
      propertyNames: { pattern: "^[A-Za-z][A-Za-z0-9_]*$" },
      additionalProperties: { type: "string", maxLength: 100 },
    },
  },
  required: ["endpoint", "valueField", "labelField"],
  additionalProperties: false,
} as const;

/** A condition on the row an action would run on: the action is enabled only when it holds. */
const rowCondition = {
  type: "object",
  description:
    "Enable the action only for rows whose field holds one of the values (e.g. resend only failed e-mails); list rows carry the field even when no column shows it.",
  properties: {
    field: { ...fieldName, description: "Field of the row that is tested." },
    values: {
      type: "array",
      items: scalarValue,
      minItems: 1,
      description: "The action is enabled when the field equals one of these values.",
    },
  },
  required: ["field", "values"],
  additionalProperties: false,
} as const;

/** Formats a list column may render its values with. */
const columnFormats = [
  "text",
  "number",
  "date",
  "datetime",
  "boolean",
  "bytes",
  "currency",
  "status",
  "email",
] as const;

/** One column of a screen's list. */
export const screenColumnSchema = {
  type: "object",
  description: "A column of the list.",
  properties: {
    field: { ...fieldName, description: "Field of the row shown in the column." },
    labelKey: { ...textKey, description: "Translation key of the column header." },
    format: {
      enum: columnFormats,
      description:
        "How the value is rendered (default text): number and currency with the UI language's separators, date and datetime in the user's locale, bytes as KB/MB/GB, boolean as a check mark, status as a badge from `options`, email as a mailto link.",
    },
    sortable: {
      type: "boolean",
      description:
        "Whether clicking the header sorts the list by this field (sent as sort=Field or sort=-Field).",
    },
    width: {
      type: "integer",
      minimum: 40,
      maximum: 800,
      description: "Initial width in CSS pixels; absent means the column shares the remaining width.",
    },
    options: {
      ...options,
      description:
        "Label and tone of each value, for format status (required there); unknown values show raw.",
    },
    currencyField: {
      ...fieldName,
      description: "For format currency: the row field holding the ISO 4217 currency code of the amount.",
    },
  },
  required: ["field", "labelKey"],
  allOf: [
    {
      if: { properties: { format: { const: "status" } }, required: ["format"] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: { required: ["options"] },
    },
    {
      if: { properties: { format: { const: "currency" } }, required: ["format"] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: { required: ["currencyField"] },
    },
  ],
  additionalProperties: false,
} as const satisfies JSONSchema;

/**
 * Query parameter names the list protocol and the deep links already use; a filter cannot take them.
 * `id` opens a record's detail and `delete=true` with it asks to delete that record (§2.4, §4.3).
 */
const reservedQueryNames = ["page", "pageSize", "search", "sort", "id", "delete"] as const;

/** One filter of a screen's list. */
export const screenFilterSchema = {
  type: "object",
  description:
    "A filter above the list. Its value is sent to the list endpoint as query parameter `name` (and kept in the browser URL); an empty filter is left out.",
  properties: {
    name: {
      ...identifier,
      not: { enum: reservedQueryNames },
      description: "Query parameter name; never one of page, pageSize, search, sort, id, delete.",
    },
    labelKey: { ...textKey, description: "Translation key of the filter's label." },
    type: {
      enum: ["select", "text", "date", "boolean"],
      description:
        "Control: select (one of `options` or `optionsSource`), text (free text the upstream matches, usually as contains), date (ISO date YYYY-MM-DD; names ending in From/To are inclusive bounds), boolean (yes / no / any, sent as true or false).",
    },
    options: { ...options, description: "Static choices of a select filter." },
    optionsSource,
    default: {
      ...scalarValue,
      description: "Value applied when the screen opens without this filter in its URL.",
    },
    pathParam: {
      ...identifier,
      description:
        "Keep the filter in this path parameter of the screen's route (e.g. screenTab, folderRecId) instead of the browser URL's query string; changing it navigates. The list request still sends it as `name`.",
    },
    display: {
      enum: ["control", "tabs", "hidden"],
      description:
        "control (default): a control in the filter bar; tabs: a select shown as tabs above the list; hidden: not shown, set only by the URL (e.g. the current folder).",
    },
  },
  required: ["name", "labelKey", "type"],
  allOf: [
    {
      if: { properties: { type: { const: "select" } }, required: ["type"] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: { oneOf: [{ required: ["options"] }, { required: ["optionsSource"] }] },
      else: { not: { anyOf: [{ required: ["options"] }, { required: ["optionsSource"] }] } },
    },
    {
      if: { properties: { display: { const: "tabs" } }, required: ["display"] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: { properties: { type: { const: "select" } }, required: ["options"] },
    },
  ],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** The list part of a screen. */
export const screenListSchema = {
  type: "object",
  description: "The paged, sortable, filterable list of the resource's records.",
  properties: {
    endpoint: {
      ...endpoint,
      description:
        "List endpoint, by convention Admin/<ModuleKey>. GET with page, pageSize, search, sort and the filters → { items, total }; records live under {endpoint}/{rowKey}.",
    },
    rowKey: {
      ...fieldName,
      description:
        "Field that identifies a row (unique within the resource, e.g. RecId); every list row carries it.",
    },
    titleField: {
      ...fieldName,
      description:
        "Field that names a record: the detail dialog's title and the {{name}} of confirmation texts (default: rowKey); list rows carry it.",
    },
    columns: {
      type: "array",
      items: screenColumnSchema,
      minItems: 1,
      description: "Columns, in display order.",
    },
    filters: {
      type: "array",
      items: screenFilterSchema,
      description: "Filters, in display order.",
    },
    paging: {
      type: "object",
      description: "Page sizes.",
      properties: {
        defaultPageSize: {
          type: "integer",
          minimum: 1,
          maximum: 500,
          description: "Page size when the screen opens; one of pageSizes.",
        },
        pageSizes: {
          type: "array",
          items: { type: "integer", minimum: 1, maximum: 500 },
          minItems: 1,
          uniqueItems: true,
          description: "Page sizes the user may choose, ascending.",
        },
      },
      required: ["defaultPageSize", "pageSizes"],
      additionalProperties: false,
    },
    defaultSort: {
      type: "object",
      description: "Sort order when the screen opens.",
      properties: {
        field: { ...fieldName, description: "Field sorted by; a sortable column's field." },
        direction: { enum: ["asc", "desc"], description: "Ascending or descending." },
      },
      required: ["field", "direction"],
      additionalProperties: false,
    },
    searchable: {
      type: "boolean",
      description:
        "Whether a search box is shown; its text is sent as search (the upstream decides which fields match).",
    },
    autoRefreshSeconds: {
      type: "integer",
      minimum: 5,
      maximum: 3600,
      description:
        "Reload the visible page this often while the screen is shown (live resources such as tasks and workers); absent means never.",
    },
  },
  required: ["endpoint", "rowKey", "columns", "paging", "defaultSort", "searchable"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** Field types of the form vocabulary. */
const formFieldTypes = [
  "string",
  "text",
  "integer",
  "number",
  "boolean",
  "date",
  "datetime",
  "email",
  "password",
  "select",
  "multiselect",
  "json",
] as const;

/**
 * One field of the constrained form vocabulary. The runtime derives, per field, the JSON Schema property
 * and uiSchema entry that @rjsf/core renders; the vocabulary is closed so every manifest stays fully
 * validated and the derived schema can be validated without compiling code at run time (no eval under
 * the CSP, DESIGN.md §6).
 */
export const screenFormFieldSchema = {
  type: "object",
  description:
    "A form field. Derived JSON Schema by type — string: {type:'string'}; text: string + ui:widget textarea; integer / number: {type:'integer'|'number'}; boolean: boolean + checkbox; date: string, format date; datetime: string, format date-time; email: string, format email, checked with the product's e-mail pattern (§5 ValidationErrorMessage_InvalidEmail); password: string + ui:widget password (§5 password placeholder rule); select: enum of option values (oneOf const/title) or a searchable remote select for optionsSource; multiselect: array of those values, uniqueItems; json: string holding JSON + code-editor widget, rejected when it does not parse. labelKey → title, helpKey → ui:help, the constraints → the same JSON Schema keywords.",
  properties: {
    name: {
      ...fieldName,
      description: "Field of the record the input reads and writes; unique within the form.",
    },
    labelKey: { ...textKey, description: "Translation key of the label (the derived schema's title)." },
    type: { enum: formFieldTypes, description: "Kind of input; see the derivation above." },
    required: {
      type: "boolean",
      description:
        "Listed in the derived schema's required; checked with the §5 rule (non-blank after trimming, non-empty array) and message ValidationErrorMessage_Required.",
    },
    readOnly: {
      type: "boolean",
      description:
        "Shown, never edited (readOnly + ui:readonly), never sent; left out of the create form. Without Write on the module every field is read-only anyway (§6).",
    },
    createOnly: {
      type: "boolean",
      description: "Set when the record is created, read-only afterwards (e.g. an account's domain).",
    },
    writeOnly: {
      type: "boolean",
      description:
        "Secret (writeOnly in the derived schema): the upstream never returns it, the input starts empty and the value is sent only when the user types one; leaving it empty keeps the stored secret.",
    },
    maxLength: {
      type: "integer",
      minimum: 1,
      maximum: 1000000,
      description: "Maximum length of a text value.",
    },
    minimum: { type: "number", description: "Smallest allowed number (inclusive)." },
    maximum: { type: "number", description: "Largest allowed number (inclusive)." },
    pattern: {
      type: "string",
      format: "regex",
      maxLength: 500,
      description: "ECMAScript regular expression (unicode mode) a non-empty text value must match.",
    },
    options: { ...options, description: "Choices of a select or multiselect." },
    optionsSource,
    helpKey: { ...textKey, description: "Translation key of a help text shown under the input (ui:help)." },
    default: {
      ...scalarValue,
      description: "Initial value in the create form (the derived schema's default).",
    },
  },
  required: ["name", "labelKey", "type"],
  allOf: [
    {
      if: { properties: { type: { enum: ["select", "multiselect"] } }, required: ["type"] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: { oneOf: [{ required: ["options"] }, { required: ["optionsSource"] }] },
      else: { not: { anyOf: [{ required: ["options"] }, { required: ["optionsSource"] }] } },
    },
    {
      if: {
        properties: { type: { enum: ["string", "text", "email", "password", "json"] } },
        required: ["type"],
      },
      else: { not: { anyOf: [{ required: ["maxLength"] }, { required: ["pattern"] }] } },
    },
    {
      if: { properties: { type: { enum: ["integer", "number"] } }, required: ["type"] },
      else: { not: { anyOf: [{ required: ["minimum"] }, { required: ["maximum"] }] } },
    },
    {
      // A field is either shown-only or secret, and a shown-only field cannot be demanded of the user.
      not: {
        anyOf: [
          {
            properties: { readOnly: { const: true }, writeOnly: { const: true } },
            required: ["readOnly", "writeOnly"],
          },
          {
            properties: { readOnly: { const: true }, required: { const: true } },
            required: ["readOnly", "required"],
          },
          {
            properties: { readOnly: { const: true }, createOnly: { const: true } },
            required: ["readOnly", "createOnly"],
          },
        ],
      },
    },
  ],
  additionalProperties: false,
} as const satisfies JSONSchema;

const formFields = {
  type: "array",
  items: screenFormFieldSchema,
  minItems: 1,
  description: "Fields, in display order.",
} as const;

/** A layout group of the detail form. */
const formGroup = {
  type: "object",
  description:
    "A titled section of the form. The record stays flat: groups only order and arrange fields (ui:order, plus ui:options.groups for the runtime's ObjectFieldTemplate).",
  properties: {
    id: { ...identifier, description: "Group id, unique within the form." },
    titleKey: {
      ...textKey,
      description: "Translation key of the section title; absent for an untitled section.",
    },
    columns: {
      enum: [1, 2],
      description:
        "Fields per row on wide screens (default 1); text, json and multiselect fields span the row.",
    },
    fields: formFields,
  },
  required: ["id", "fields"],
  additionalProperties: false,
} as const;

/** A panel under the detail form, rendered by the runtime's panel registry (editors loaded lazily). */
const detailPanel = {
  type: "object",
  description:
    "A related view under the form (e.g. a ticket's comments, a task's log) rendered by the panel registry; unknown kinds render a visible fallback.",
  properties: {
    id: { ...identifier, description: "Panel id, unique within the detail." },
    kind: {
      enum: ["comments", "chatTranscript", "taskLog", "emailBody", "brandColours"],
      description:
        "comments: §3 Comment list (internal ones marked); chatTranscript: §3 support chat messages; taskLog: log lines with severity 1–3 (§9); emailBody: the message as sanitised HTML (DOMPurify); brandColours: an account's shell colours (BrandPrimaryColor, BrandAccentColor) with their WCAG 2.2 AA contrast in the light and dark theme and a preview, saved with PUT to the endpoint; needs Write on the module (§6).",
    },
    titleKey: { ...textKey, description: "Translation key of the panel title." },
    endpoint: {
      ...endpoint,
      description: "GET endpoint of the panel's content, usually {list endpoint}/{RecId}/….",
    },
  },
  required: ["id", "kind", "titleKey", "endpoint"],
  additionalProperties: false,
} as const;

/** The detail part of a screen. */
export const screenDetailSchema = {
  type: "object",
  description:
    "The record's form, opened by a row click or ?id=<rowKey>: loaded with GET {list endpoint}/{rowKey}, editable only with the edit action and Write on the module (§6), used empty (read-only fields left out) by the create action.",
  properties: {
    groups: {
      type: "array",
      items: formGroup,
      minItems: 1,
      description: "Sections of the form, in display order; field names are unique across all groups.",
    },
    panels: {
      type: "array",
      items: detailPanel,
      description:
        "Related views under the form; read-only except brandColours, an editor with its own save.",
    },
  },
  required: ["groups"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** Condition met by an action marked readOnly. */
const readOnlyAction = { properties: { readOnly: { const: true } }, required: ["readOnly"] } as const;

export const screenCustomActionSchema = {
  type: "object",
  description:
    "An action beyond create/edit/delete. It calls `endpoint` — body: the input `fields` as JSON, plus `ids` (the selected rowKeys) for bulk scope; screen-scope calls also carry the list's current search, sort and filters as query string, so an export matches the list and a new folder lands in the folder shown — or opens `navigateTo`. Needs Write on the screen's module unless readOnly.",
  properties: {
    id: { ...identifier, description: "Action id, unique within the screen." },
    labelKey: { ...textKey, description: "Translation key of the button or menu item." },
    scope: {
      enum: ["row", "bulk", "screen"],
      description:
        "row: in each row's menu and the detail footer; bulk: on the selected rows; screen: in the list toolbar.",
    },
    variant: {
      enum: ["primary", "secondary", "danger"],
      description:
        "Button style (default primary). Secondary exactly for readOnly actions: §6 keeps secondary dialog-footer buttons enabled without Write and disables the others, so this makes §6 and the readOnly rule agree.",
    },
    readOnly: {
      type: "boolean",
      description:
        "The action changes nothing (export, view, download, test): Read on the module is enough. Requires variant secondary.",
    },
    endpoint: {
      ...endpoint,
      description: "Upstream endpoint called; '{Field}' segments take the row's values.",
    },
    method: {
      enum: ["GET", "POST", "PUT", "PATCH", "DELETE"],
      description: "HTTP method of the call; GET only for readOnly actions.",
    },
    navigateTo: {
      ...appPath,
      description:
        "In-app path opened instead of a call, '{Field}' replaced by the row's value (URL-encoded).",
    },
    confirmKey: {
      ...textKey,
      description:
        "Translation key of a confirmation asked first; interpolates {{name}} (the row's titleField) or {{count}} (bulk).",
    },
    successKey: {
      ...textKey,
      description:
        "Translation key of the success banner (§4.5) shown when the call succeeds; none when absent.",
    },
    enabledWhen: rowCondition,
    fields: {
      ...formFields,
      description:
        "Inputs asked in a dialog before the call (same vocabulary as the detail form); sent as the body.",
    },
    upload: {
      type: "object",
      description:
        "Pick files and send them as a multipart request with the files in the repeated field file[] (§7 uploads), with the §5 file rules.",
      properties: {
        accept: {
          type: "array",
          items: { type: "string", pattern: "^[a-z0-9]{1,10}$" },
          minItems: 1,
          uniqueItems: true,
          description:
            "Allowed extensions, lower case without the dot, compared case-insensitively (§5 WrongFileType).",
        },
        maxBytes: {
          type: "integer",
          minimum: 1,
          description: "Maximum total size; larger selections show MaxSizeExceeded (§5).",
        },
        multiple: { type: "boolean", description: "Allow several files (§5: only the first one otherwise)." },
      },
      required: ["accept", "maxBytes"],
      additionalProperties: false,
    },
    result: {
      enum: ["refresh", "download", "table"],
      description:
        "What follows a successful call (default refresh): refresh reloads the list and open detail; download saves the response as a file; table shows a response { columns: [name…], rows: [[value…]…] } in a read-only grid dialog.",
    },
  },
  required: ["id", "labelKey", "scope"],
  allOf: [
    {
      oneOf: [
        { required: ["endpoint", "method"], not: { required: ["navigateTo"] } },
        {
          required: ["navigateTo"],
          not: { anyOf: [{ required: ["endpoint"] }, { required: ["method"] }, { required: ["fields"] }] },
        },
      ],
    },
    { not: { required: ["fields", "upload"] } },
    {
      if: { required: ["navigateTo"] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: {
        properties: { scope: { const: "row" } },
        not: { anyOf: [{ required: ["upload"] }, { required: ["result"] }] },
      },
    },
    {
      if: { required: ["upload"] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: { properties: { method: { enum: ["POST", "PUT"] }, scope: { const: "screen" } } },
    },
    // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
    { if: { properties: { method: { const: "GET" } }, required: ["method"] }, then: readOnlyAction },
    {
      if: { properties: { variant: { const: "secondary" } }, required: ["variant"] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: readOnlyAction,
    },
    {
      if: readOnlyAction,
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: { properties: { variant: { const: "secondary" } }, required: ["variant"] },
    },
    {
      if: { not: { properties: { scope: { const: "row" } } } },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: { not: { required: ["enabledWhen"] } },
    },
  ],
  additionalProperties: false,
} as const;

/** The actions of a screen. Each needs Write on the screen's admin module unless marked readOnly (§6). */
export const screenActionsSchema = {
  type: "object",
  description: "What may be done with the records; an absent action is not offered.",
  properties: {
    create: {
      type: "object",
      description: "Offer a create button opening the detail form empty; POST {list endpoint}. Needs Write.",
      properties: { labelKey: { ...textKey, description: "Translation key of the create button." } },
      required: ["labelKey"],
      additionalProperties: false,
    },
    edit: {
      type: "object",
      description: "Make the detail form editable and savable; PUT {list endpoint}/{rowKey}. Needs Write.",
      properties: {
        labelKey: { ...textKey, description: "Translation key of the edit button / save button." },
        enabledWhen: rowCondition,
      },
      required: ["labelKey"],
      additionalProperties: false,
    },
    delete: {
      type: "object",
      description:
        "Offer deletion; DELETE {list endpoint}/{rowKey}, bulk POST {list endpoint}/Delete. Needs Write.",
      properties: {
        labelKey: { ...textKey, description: "Translation key of the delete button." },
        confirmKey: {
          ...textKey,
          description: "Translation key of the confirmation; interpolates {{name}}.",
        },
        bulk: { type: "boolean", description: "Whether the selected rows can be deleted at once." },
        bulkConfirmKey: {
          ...textKey,
          description:
            "Translation key of the bulk confirmation; interpolates {{count}}. Required with bulk.",
        },
        enabledWhen: rowCondition,
      },
      required: ["labelKey", "confirmKey"],
      if: { properties: { bulk: { const: true } }, required: ["bulk"] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: { required: ["bulkConfirmKey"] },
      additionalProperties: false,
    },
    custom: {
      type: "array",
      items: screenCustomActionSchema,
      description: "Other actions, in display order.",
    },
  },
  additionalProperties: false,
} as const;

/** One manifest-defined screen. */
export const screenSchema = {
  type: "object",
  description:
    "A manifest-defined screen. Deep links: ?id=<rowKey> opens that record's detail; with delete=true it asks to delete it (§2.4 /admin/support).",
  properties: {
    id: { ...identifier, description: "Screen id = the id of the route that shows it (e.g. adminAccounts)." },
    titleKey: { ...textKey, description: "Translation key of the screen title (also the page title, §4.1)." },
    adminModule: {
      ...identifier,
      description:
        "Admin module (§3 AdminPermissions) whose Read opens the screen and whose Write allows its actions.",
    },
    objectType: { ...identifier, description: "Admin object type of the records (§3), when there is one." },
    list: screenListSchema,
    detail: screenDetailSchema,
    actions: screenActionsSchema,
  },
  required: ["id", "titleKey", "adminModule", "list", "actions"],
  if: {
    properties: { actions: { type: "object", anyOf: [{ required: ["create"] }, { required: ["edit"] }] } },
    required: ["actions"],
  },
  // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
  then: { required: ["detail"] },
  additionalProperties: false,
} as const;

export const screensManifestSchema = {
  $id: "screens",
  type: "object",
  description: "Manifest-defined screens: every admin screen of SPEC §2.4 (DESIGN.md §3).",
  properties: {
    ...manifestHeaderProperties,
    screens: { type: "array", items: screenSchema, minItems: 1, description: "The screens; ids are unique." },
  },
  required: ["version", "screens"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type ScreensManifest = FromSchema<typeof screensManifestSchema>;
export type ScreenDefinition = FromSchema<typeof screenSchema>;
export type ScreenColumn = FromSchema<typeof screenColumnSchema>;
export type ScreenFilter = FromSchema<typeof screenFilterSchema>;
export type ScreenList = FromSchema<typeof screenListSchema>;
export type ScreenFormField = FromSchema<typeof screenFormFieldSchema>;
export type ScreenDetail = FromSchema<typeof screenDetailSchema>;
export type ScreenActions = FromSchema<typeof screenActionsSchema>;
export type ScreenCustomAction = FromSchema<typeof screenCustomActionSchema>;
