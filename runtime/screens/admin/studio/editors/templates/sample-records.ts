/**
 * Sample server records (§3 Notification (server record)) for the template preview: for every variant
 * of a code's template (§4.3: deleted, trashed, expired, …, whatever the manifest declares) a record that
 * the real formatter (runtime/notifications/format-notification.ts) shows with that very variant, seen by
 * an administrator and by a member where the link depends on the role (§4.3 SupportTicketUpdated, §6),
 * and a record whose text fields carry hostile markup, so the preview shows what escaping and the
 * sanitiser make of it. The records are built from the fields the template reads and the record's JSON
 * Schema (schemas/payloads/notification-record.ts), so a new code or variant gets samples too. Pure.
 */

import type {
  NotificationRecordScalarField,
  NotificationsManifest,
  NotificationTemplate,
  NotificationVariant,
} from "../../../../../../schemas/notifications.ts";
import {
  type NotificationRecord,
  notificationRecordSchema,
} from "../../../../../../schemas/payloads/notification-record.ts";
import { findNotificationVariant } from "../../../../../notifications/format-notification.ts";

type Condition = NonNullable<NotificationVariant["when"]>[number];
type LinkAction = NonNullable<NotificationVariant["link"]>["action"];
type DirectAction = Exclude<LinkAction, { type: "byRole" }>;
type Scalar = string | number | boolean;
/** A record under construction: field → value; a missing key is an absent field. */
type Fields = Record<string, unknown>;

/** Who looks at the entry: only a `byRole` link differs between the two (§4.3, §6). */
export type SampleViewer = "admin" | "member";

/** One sample of a template variant. */
export interface SampleRecord {
  /** Unique within the template and stable across edits of its texts: a React key. */
  id: string;
  /** The variant this record is meant to be shown with (its `name`). */
  variant: string;
  variantIndex: number;
  /** The viewer, when the variant's link depends on the role; null when every viewer sees the same. */
  viewer: SampleViewer | null;
  /** The text fields the variant reads carry {@link HOSTILE_FIELD_HTML} instead of plain sample values. */
  markup: boolean;
  record: NotificationRecord;
  /**
   * False when no record can be shown with this variant: an earlier variant's conditions always hold
   * whenever this one's do (the record is then shown with another variant, or none).
   */
  reachable: boolean;
}

/** How a field's value reaches the entry's HTML (§4.3: escaped, or HTML as sent and sanitised). */
export type HtmlFieldTreatment = "raw" | "escaped" | "unescaped";

/** A record field the variant puts into HTML, and how. */
export interface HtmlField {
  field: NotificationRecordScalarField;
  treatment: HtmlFieldTreatment;
}

/**
 * The hostile markup of the markup samples: an event handler, a script, a javascript: link, and
 * harmless formatting — the sanitiser (runtime/notifications/notification-html.ts) must keep only the last.
 */
export const HOSTILE_FIELD_HTML =
  '<img src=x onerror=alert(1)><b>bold</b><script>alert(1)</script><a href="javascript:alert(1)">link</a>';

/** The date of every sample: fixed, so a preview never changes by itself. */
export const SAMPLE_DATE = "2024-05-01T09:30:00Z";

/** A 1×1 PNG in base64: a valid thumbnail (the record schema's base64 PNG pattern). */
export const SAMPLE_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/**
 * Plausible values of the record's text fields. A field without one (a field added to the record
 * schema later) gets a value derived from its schema by {@link sampleFieldValue}.
 */
const SAMPLE_TEXTS: Partial<Record<NotificationRecordScalarField, string>> = {
  AuthorFullName: "Ada Lovelace",
  AuthorUserUID: "u-ada-lovelace",
  TeamName: "Finance",
  AlertName: "Revenue below target",
  Message: "Revenue is 12% under the weekly target.",
  DataConnectionName: "Sales CRM",
  DataCloneName: "Orders 2024",
  DashboardName: "Quarterly revenue",
  CommentText: "Could we add the EMEA split?",
  DataLoaderName: "Nightly orders load",
  ExportName: "Orders export",
  FileUID: "f-7d1c2e90",
  InvoiceNumber: "INV-2024-0042",
  ScheduleName: "Morning refresh",
  ScheduleTaskName: "Refresh orders",
  SubscriptionType: "Premium",
  SupportTicketName: "Sign-in fails on mobile",
  BinderName: "Board pack",
  Title: "<b>Planned maintenance</b>",
  Body: "The service is unavailable on <i>Sunday</i> from 02:00 to 04:00.",
};

/** Fields whose sample is not a plain schema value: the identity every record carries. */
const IDENTITY_FIELDS = new Set(["Date", "IsNew", "RecId", "Code"]);

interface FieldSchema {
  type?: string | readonly string[];
  pattern?: string;
  format?: string;
  contentMediaType?: string;
}

function fieldSchema(field: string): FieldSchema | undefined {
  const properties = notificationRecordSchema.properties as Record<string, FieldSchema>;
  return Object.hasOwn(properties, field) ? properties[field] : undefined;
}

function schemaTypes(schema: FieldSchema | undefined): string[] {
  const type = schema?.type;
  if (type === undefined) return [];
  return (typeof type === "string" ? [type] : [...type]).filter((name) => name !== "null");
}

/**
 * Whether a field holds free text a user typed or named: a string the schema does not constrain by a
 * pattern, a format or a media type. Only such a field can carry markup into a description (§4.3).
 */
export function isFreeTextField(field: string): boolean {
  const schema = fieldSchema(field);
  return (
    schemaTypes(schema).includes("string") &&
    schema?.pattern === undefined &&
    schema?.format === undefined &&
    schema?.contentMediaType === undefined
  );
}

/** Record ids by field, distinct so a link's parameters can be told apart in the preview. */
function sampleRecId(field: string): number {
  let hash = 0;
  for (const char of field) hash = (hash * 31 + char.charCodeAt(0)) % 9000;
  return 1000 + hash;
}

/**
 * A value of `field` that its JSON Schema accepts: the plausible text when there is one, else one made
 * from the schema (a base64 PNG, a date-time, a record id, false, or a name that fits the pattern).
 */
export function sampleFieldValue(field: string): Scalar {
  const schema = fieldSchema(field);
  const types = schemaTypes(schema);
  if (schema?.contentMediaType === "image/png") return SAMPLE_PNG_BASE64;
  if (schema?.format === "date-time") return SAMPLE_DATE;
  if (types.includes("integer") || types.includes("number")) return sampleRecId(field);
  if (types.includes("boolean") && !types.includes("string")) return false;
  const known = SAMPLE_TEXTS[field as NotificationRecordScalarField];
  const pattern = schema?.pattern === undefined ? null : new RegExp(schema.pattern);
  if (known !== undefined && (pattern === null || pattern.test(known))) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2");
  if (pattern === null) return words;
  // A constrained string (an id, a code): the field's name in the characters such values use.
  const compact = field.replace(/[^A-Za-z0-9]/g, "");
  return pattern.test(compact) ? compact : `${compact}1`;
}

/** The record fields a path template names as {Field}. */
function pathFields(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((match) => match[1] as string);
}

function directActionFields(action: DirectAction): string[] {
  switch (action.type) {
    case "route":
      return [...pathFields(action.path), ...Object.values(action.query ?? {}).map((value) => value.field)];
    case "dialog":
      return Object.values(action.params).map((value) => value.field);
    case "download":
      return [action.fileUID.field];
    case "invoice":
      return [action.invoiceNumber.field];
  }
}

/** The direct actions of a link: both of a `byRole` link. */
function linkActions(action: LinkAction): DirectAction[] {
  return action.type === "byRole" ? [action.admin, action.member] : [action];
}

/** Every scalar record field the variant reads: conditions, source, values, raw HTML, link. */
export function fieldsReadBy(variant: NotificationVariant): string[] {
  const fields: string[] = (variant.when ?? []).map((condition) => condition.field);
  const source = variant.source;
  if (source.kind === "author") fields.push("AuthorFullName", "AuthorUserUID");
  else if (source.kind === "field") fields.push(source.field);
  for (const param of Object.values(variant.params ?? {})) fields.push(param.field);
  if (variant.descriptionRawHtmlField) fields.push(variant.descriptionRawHtmlField);
  if (variant.thumbnail && "field" in variant.thumbnail) fields.push(variant.thumbnail.field);
  if (variant.link)
    for (const action of linkActions(variant.link.action)) fields.push(...directActionFields(action));
  return [...new Set(fields)];
}

/**
 * The fields the variant puts into the entry's HTML and how (§4.3): a raw-HTML source or description
 * is shown as sent and sanitised; a description value is escaped or, when the template does not ask
 * for it, interpolated as it is and only sanitised. Only free-text fields are listed: a pattern-bound
 * field (an id, a code) cannot carry markup.
 */
export function htmlFieldsOf(variant: NotificationVariant): HtmlField[] {
  const fields: HtmlField[] = [];
  const add = (field: NotificationRecordScalarField, treatment: HtmlFieldTreatment) => {
    const known = fields.find((entry) => entry.field === field);
    // One field read twice is listed once, by its least safe treatment.
    const rank = { escaped: 0, unescaped: 1, raw: 2 } as const;
    if (!known) fields.push({ field, treatment });
    else if (rank[treatment] > rank[known.treatment]) known.treatment = treatment;
  };
  const source = variant.source;
  if (source.kind === "field" && source.rawHtml === true) add(source.field, "raw");
  if (variant.descriptionRawHtmlField) add(variant.descriptionRawHtmlField, "raw");
  else {
    for (const param of Object.values(variant.params ?? {})) {
      if (param.keyPrefix || !isFreeTextField(param.field)) continue;
      add(param.field, param.escape === true ? "escaped" : "unescaped");
    }
  }
  return fields;
}

function conditionHolds(fields: Fields, condition: Condition): boolean {
  const value = fields[condition.field];
  if ("present" in condition) {
    const present =
      value !== undefined && value !== null && (typeof value !== "string" || value.trim() !== "");
    return present === condition.present;
  }
  return value === condition.equals;
}

/** Makes `condition` hold on `fields`. */
function satisfy(fields: Fields, condition: Condition): void {
  if ("present" in condition) {
    if (condition.present) {
      if (!conditionHolds(fields, condition)) fields[condition.field] = sampleFieldValue(condition.field);
    } else delete fields[condition.field];
  } else fields[condition.field] = condition.equals;
}

/** Makes `condition` fail on `fields`. */
function falsify(fields: Fields, condition: Condition): void {
  if ("present" in condition) {
    if (condition.present) delete fields[condition.field];
    else fields[condition.field] = sampleFieldValue(condition.field);
    return;
  }
  const value = condition.equals;
  if (typeof value === "boolean") fields[condition.field] = !value;
  else if (typeof value === "number") fields[condition.field] = value + 1;
  else fields[condition.field] = value === "" ? sampleFieldValue(condition.field) : `${value}2`;
}

/** The value of a `keyPrefix` field that has a text (§9 SubscriptionType_{type}), when the texts hold one. */
function prefixedValue(prefix: string, texts: Readonly<Record<string, string>>): string | undefined {
  for (const key of Object.keys(texts).sort()) {
    if (!key.startsWith(prefix)) continue;
    const value = key.slice(prefix.length);
    if (/^[A-Za-z][A-Za-z0-9_]*$/.test(value)) return value;
  }
  return undefined;
}

/** The record's fields for `variant`: every field the template reads, then the variant's conditions. */
function variantFields(
  template: NotificationTemplate,
  variantIndex: number,
  texts: Readonly<Record<string, string>>,
): { fields: Fields; reachable: boolean } {
  const variant = template.variants[variantIndex] as NotificationVariant;
  const fields: Fields = {};
  for (const other of template.variants) {
    for (const field of fieldsReadBy(other)) {
      if (!IDENTITY_FIELDS.has(field)) fields[field] = sampleFieldValue(field);
    }
    for (const param of Object.values(other.params ?? {})) {
      const value = param.keyPrefix ? prefixedValue(param.keyPrefix, texts) : undefined;
      if (value !== undefined) fields[param.field] = value;
    }
    if (other.thumbnail && "firstOf" in other.thumbnail) {
      fields[other.thumbnail.firstOf] = [
        {
          DashboardRecId: sampleFieldValue("DashboardRecId"),
          DashboardName: sampleFieldValue("DashboardName"),
          [other.thumbnail.itemField]: SAMPLE_PNG_BASE64,
        },
      ];
    }
  }
  const constrained = new Set<string>();
  for (const condition of variant.when ?? []) {
    satisfy(fields, condition);
    constrained.add(condition.field);
  }
  // The first variant whose conditions hold is used: break every earlier one on a field this one leaves
  // free. Breaking one can make another hold again, so repeat until none does (or no field is left).
  let reachable = true;
  for (let pass = 0; pass <= template.variants.length; pass += 1) {
    let changed = false;
    for (const earlier of template.variants.slice(0, variantIndex)) {
      const conditions = earlier.when ?? [];
      if (!conditions.every((condition) => conditionHolds(fields, condition))) continue;
      const free = conditions.find((condition) => !constrained.has(condition.field));
      if (!free) {
        reachable = false;
        break;
      }
      falsify(fields, free);
      constrained.add(free.field);
      changed = true;
    }
    if (!reachable || !changed) break;
  }
  return { fields, reachable };
}

function hasRoleLink(variant: NotificationVariant): boolean {
  return variant.link?.action.type === "byRole";
}

/** Options of {@link sampleRecords}. */
export interface SampleRecordOptions {
  /**
   * Texts of the preview language: a `keyPrefix` value is one that has a text (a SubscriptionType_ with
   * a translation), so the sample shows the translation as the runtime would.
   */
  texts?: Readonly<Record<string, string>>;
}

/**
 * The samples of `template` (one of `manifest.templates`, as the draft holds them): per variant, one
 * record for every viewer whose entry differs (admin and member for a `byRole` link, else one), and one
 * more with {@link HOSTILE_FIELD_HTML} in the free-text fields it puts into HTML, when it has any. Each
 * record is checked with the real variant selection (findNotificationVariant) against `manifest`: a
 * variant no record reaches — shadowed by an earlier one, or by an earlier template of the same code —
 * is marked unreachable.
 */
export function sampleRecords(
  manifest: NotificationsManifest,
  template: NotificationTemplate,
  options: SampleRecordOptions = {},
): SampleRecord[] {
  const texts = options.texts ?? {};
  // Markup replaces only text that is there, in a field no variant compares by value: presence stays
  // as it was, so the record is still shown with the same variant.
  const comparedFields = new Set(
    template.variants.flatMap((variant) =>
      (variant.when ?? []).filter((condition) => "equals" in condition).map((condition) => condition.field),
    ),
  );
  const markupFields = (variant: NotificationVariant, fields: Fields) =>
    htmlFieldsOf(variant)
      .map(({ field }) => field)
      .filter((field) => !comparedFields.has(field) && typeof fields[field] === "string");
  const samples: SampleRecord[] = [];
  let recId = 9001;
  template.variants.forEach((variant, variantIndex) => {
    const built = variantFields(template, variantIndex, texts);
    const make = (viewer: SampleViewer | null, markup: boolean): SampleRecord => {
      const fields: Fields = { ...built.fields };
      if (markup) {
        for (const field of markupFields(variant, fields)) fields[field] = HOSTILE_FIELD_HTML;
      }
      const record = {
        Date: SAMPLE_DATE,
        IsNew: true,
        RecId: recId,
        Code: template.code,
        ...fields,
      } as NotificationRecord;
      recId += 1;
      const shownWith = built.reachable ? findNotificationVariant(record, manifest) : undefined;
      return {
        id:
          [variant.name, viewer ?? "", markup ? "markup" : ""].filter(Boolean).join(":") ||
          String(variantIndex),
        variant: variant.name,
        variantIndex,
        viewer,
        markup,
        record,
        reachable: shownWith === variant,
      };
    };
    if (hasRoleLink(variant)) samples.push(make("admin", false), make("member", false));
    else samples.push(make(null, false));
    if (markupFields(variant, built.fields).length > 0) {
      samples.push(make(hasRoleLink(variant) ? "member" : null, true));
    }
  });
  return samples;
}

/**
 * A record whose code has no template: the preview of the manifest's unknown-code entry
 * ('Unknown notification code!', §4.3, §8).
 */
export function unknownCodeSample(manifest: NotificationsManifest): NotificationRecord {
  const codes = new Set(manifest.templates.map((template) => template.code));
  let code = "UnlistedCode";
  for (let suffix = 2; codes.has(code); suffix += 1) code = `UnlistedCode${suffix}`;
  return { Date: SAMPLE_DATE, IsNew: true, RecId: 9000, Code: code };
}
