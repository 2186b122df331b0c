/**
 * Content staff publish (§2.4): help center articles (/admin/helpcenter: FAQ, tutorials, release
 * notes per language), the query function catalogue (/admin/queryfunctioncatalogue) and login
 * announcements (/admin/loginannouncements), which feed Common/LoginAnnouncement while active and
 * within their dates.
 */
import { badRequest } from "../http/errors.ts";
import { dateTime, flag, HTTPS_URL, integer, LANGUAGES, longText, oneOf, ref, text } from "./fields.ts";
import type { AdminResource } from "./resource.ts";
import { accountNameJoin, CREATED_MODIFIED, stamps } from "./resource-kit.ts";

const ARTICLE_TYPES = ["Faq", "Tutorial", "ReleaseNote", "Article"] as const;
const FUNCTION_CATEGORIES = ["Aggregate", "Date", "Math", "Text", "Logical", "Conversion", "Window"] as const;
const RETURN_TYPES = ["Text", "Number", "Date", "Boolean", "Any"] as const;
const SEVERITIES = ["Info", "Warning", "Maintenance"] as const;

/** /admin/helpcenter. */
export const helpCenter: AdminResource = {
  path: "HelpCenter",
  module: "HelpCenter",
  noun: "Help article",
  spec: {
    table: "help_articles",
    from: "help_articles t",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.modified_at DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Title: { sql: "t.title", type: "text", write: "title", search: true, sort: true },
      Code: { sql: "t.code", type: "text", write: "code", search: true, sort: true },
      Type: { sql: "t.type", type: "text", write: "type", sort: true },
      LanguageCode: { sql: "t.language_code", type: "text", write: "language_code", sort: true },
      SortOrder: { sql: "t.sort_order", type: "int", write: "sort_order", sort: true },
      IsPublished: { sql: "t.is_published", type: "bool", write: "is_published" },
      Summary: { sql: "t.summary", type: "text", write: "summary", search: true },
      Body: { sql: "t.body", type: "text", write: "body" },
      VideoUrl: { sql: "t.video_url", type: "text", write: "video_url" },
      PublishedAt: { sql: "t.published_at", type: "datetime", sort: true },
      ...CREATED_MODIFIED,
    },
    filters: {
      Type: { sql: "t.type", type: "text", op: "eq" },
      LanguageCode: { sql: "t.language_code", type: "text", op: "eq" },
      IsPublished: { sql: "t.is_published", type: "bool", op: "eq" },
    },
    ...stamps(),
    // First publication time; unpublishing clears it.
    afterWrite: [
      `UPDATE help_articles SET published_at = CASE WHEN is_published THEN COALESCE(published_at, @now) END
       WHERE id = @key`,
    ],
  },
  fields: {
    Title: { schema: text(200), required: true },
    Code: { schema: text(100, "^[a-z0-9][a-z0-9-]*$"), required: true },
    Type: { schema: oneOf(ARTICLE_TYPES), required: true },
    LanguageCode: { schema: oneOf(LANGUAGES), required: true },
    SortOrder: { schema: integer(0, 100_000) },
    IsPublished: { schema: flag() },
    Summary: { schema: longText(500) },
    Body: { schema: longText(200_000), required: true },
    VideoUrl: { schema: text(500, HTTPS_URL) },
  },
  filters: { Type: oneOf(ARTICLE_TYPES), LanguageCode: oneOf(LANGUAGES), IsPublished: flag() },
  create: true,
  update: true,
  remove: { bulk: true },
  bodyLimit: 1024 * 1024,
  duplicate: {
    code: "DuplicateRecord",
    message: "An article with this code already exists in this language.",
  },
};

/** /admin/queryfunctioncatalogue. */
export const queryFunctions: AdminResource = {
  path: "QueryFunctionCatalogue",
  module: "QueryFunctionCatalogue",
  noun: "Function",
  spec: {
    table: "query_functions",
    from: "query_functions t",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.name",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Name: { sql: "t.name", type: "text", write: "name", search: true, sort: true },
      Category: { sql: "t.category", type: "text", write: "category", sort: true },
      ReturnType: { sql: "t.return_type", type: "text", write: "return_type", sort: true },
      IsEnabled: { sql: "t.is_enabled", type: "bool", write: "is_enabled" },
      Syntax: { sql: "t.syntax", type: "text", write: "syntax", search: true },
      Description: { sql: "t.description", type: "text", write: "description", search: true },
      Parameters: { sql: "t.parameters", type: "text", write: "parameters" },
      Example: { sql: "t.example", type: "text", write: "example" },
      ...CREATED_MODIFIED,
    },
    filters: {
      Category: { sql: "t.category", type: "text", op: "eq" },
      IsEnabled: { sql: "t.is_enabled", type: "bool", op: "eq" },
    },
    ...stamps(),
  },
  fields: {
    Name: { schema: text(80, "^[A-Za-z_][A-Za-z0-9_]*$"), required: true, createOnly: true },
    Category: { schema: oneOf(FUNCTION_CATEGORIES), required: true },
    ReturnType: { schema: oneOf(RETURN_TYPES), required: true },
    IsEnabled: { schema: flag() },
    Syntax: { schema: text(300), required: true },
    Description: { schema: longText(4000), required: true },
    Parameters: {
      schema: longText(20_000, "Parameters as JSON (an array of { Name, Type, Description })."),
    },
    Example: { schema: longText(2000) },
  },
  filters: { Category: oneOf(FUNCTION_CATEGORIES), IsEnabled: flag() },
  create: true,
  update: true,
  remove: {},
  export: true,
  duplicate: { code: "NameTaken", message: "A function with this name already exists." },
  prepare: async (values) => {
    if (typeof values.Parameters === "string" && values.Parameters.trim() !== "") {
      try {
        JSON.parse(values.Parameters);
      } catch {
        throw badRequest("InvalidRequest", "Parameters must be valid JSON.");
      }
    }
    return values;
  },
};

/** /admin/loginannouncements (the login_announcements of Common/LoginAnnouncement, with their audience). */
export const loginAnnouncements: AdminResource = {
  path: "LoginAnnouncements",
  module: "LoginAnnouncements",
  noun: "Announcement",
  spec: {
    table: "login_announcements",
    from: `login_announcements t ${accountNameJoin("t.target_account_id")}`,
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.starts_at DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Title: { sql: "t.title", type: "text", write: "title", search: true, sort: true },
      Severity: { sql: "t.severity", type: "text", write: "severity", sort: true },
      Body: { sql: "t.body", type: "text", write: "body", search: true },
      FromDate: { sql: "t.starts_at", type: "datetime", write: "starts_at", sort: true },
      ToDate: { sql: "t.ends_at", type: "datetime", write: "ends_at", sort: true },
      TargetAccountRecId: { sql: "t.target_account_id", type: "int", write: "target_account_id" },
      TargetAccountName: { sql: "a.name", type: "text" },
      LanguageCode: { sql: "t.language_code", type: "text", write: "language_code" },
      IsActive: { sql: "t.is_active", type: "bool", write: "is_active" },
      CreatedAt: { sql: "t.created_at", type: "datetime", sort: true },
      ModifiedAt: { sql: "COALESCE(t.modified_at, t.created_at)", type: "datetime", sort: true },
    },
    filters: {
      IsActive: { sql: "t.is_active", type: "bool", op: "eq" },
      Severity: { sql: "t.severity", type: "text", op: "eq" },
    },
    ...stamps(),
  },
  fields: {
    Title: { schema: text(200), required: true },
    Severity: { schema: oneOf(SEVERITIES), required: true },
    Body: { schema: longText(4000), required: true },
    FromDate: { schema: dateTime(), required: true },
    ToDate: { schema: dateTime(), required: true },
    TargetAccountRecId: { schema: ref("Only this account sees it.") },
    LanguageCode: { schema: oneOf(LANGUAGES) },
    IsActive: { schema: flag() },
  },
  filters: { IsActive: flag(), Severity: oneOf(SEVERITIES) },
  create: true,
  update: true,
  remove: { bulk: true },
  prepare: async (values, current) => {
    const from = Date.parse(String(values.FromDate ?? current?.FromDate));
    const to = Date.parse(String(values.ToDate ?? current?.ToDate));
    if (!(to > from)) throw badRequest("InvalidRequest", "ToDate must be after FromDate.");
    return values;
  },
};
