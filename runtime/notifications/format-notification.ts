/**
 * Turns a server notification record (§3 Notification (server record)) into the entry the
 * notification dropdown shows (§3 Notification (as displayed)), driven by the template of its code
 * in the notifications manifest (§4.3). Pure: no DOM, no I/O; the link is returned as data and
 * executed by the caller.
 */
import type {
  DisplayedNotification,
  NotificationsManifest,
  NotificationTemplate,
  NotificationVariant,
  ResolvedNotificationAction,
} from "../../schemas/notifications.ts";
import type { NotificationRecord } from "../../schemas/payloads/notification-record.ts";

export type { DisplayedNotification, ResolvedNotificationAction };

/** Options the formatter passes to the translation function; a subset of i18next's `t` options. */
export interface NotificationTranslateOptions {
  /** Interpolation values, already escaped where the template asks for it. */
  replace?: Record<string, string>;
  /** Always `{ escapeValue: false }`: the formatter escapes per template, never twice. */
  interpolation?: { escapeValue: boolean };
  /** Text returned when the key does not exist (used for SubscriptionType_{type}, §9). */
  defaultValue?: string;
}

/** Translation function: i18next's `t`, or anything that honours the same options. */
export type NotificationTranslate = (key: string, options?: NotificationTranslateOptions) => string;

/** What the formatter needs to know about the viewer. */
export interface NotificationFormatContext {
  /** User.IsAdmin: administrators and members are routed differently (§4.3, §6). */
  isAdmin: boolean;
  /** Translates a key of locales/<lang>.json. */
  t: NotificationTranslate;
}

type Variant = NotificationVariant;
type Condition = NonNullable<Variant["when"]>[number];
type Source = Variant["source"];
type Thumbnail = NonNullable<Variant["thumbnail"]>;
type LinkAction = NonNullable<Variant["link"]>["action"];
type DirectAction = Exclude<LinkAction, { type: "byRole" }>;
type FieldValue = { field: string };
type ScalarValue = string | number | boolean;

const templateIndexCache = new WeakMap<NotificationsManifest, Map<string, NotificationTemplate>>();

/** Templates by code; the first template of a code wins (duplicates are refused by the manifest checks). */
function templateIndex(manifest: NotificationsManifest): Map<string, NotificationTemplate> {
  let index = templateIndexCache.get(manifest);
  if (!index) {
    index = new Map();
    for (const template of manifest.templates) {
      if (!index.has(template.code)) index.set(template.code, template);
    }
    templateIndexCache.set(manifest, index);
  }
  return index;
}

/** HTML-escapes text for interpolation into an HTML fragment. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function readField(record: NotificationRecord, field: string): unknown {
  return Object.hasOwn(record, field) ? (record as Record<string, unknown>)[field] : undefined;
}

/** Absent means missing, null, a blank string or an empty list (the `present` condition). */
function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** A present scalar value of a record field, or undefined when it is absent or not a scalar. */
function scalarField(record: NotificationRecord, field: string): ScalarValue | undefined {
  const value = readField(record, field);
  if (!isPresent(value)) return undefined;
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number" && Number.isFinite(value)) return value;
  return undefined;
}

function conditionHolds(record: NotificationRecord, condition: Condition): boolean {
  const value = readField(record, condition.field);
  if ("present" in condition) return isPresent(value) === condition.present;
  return value === condition.equals;
}

function selectVariant(record: NotificationRecord, template: NotificationTemplate): Variant | undefined {
  return template.variants.find((variant) =>
    (variant.when ?? []).every((condition) => conditionHolds(record, condition)),
  );
}

/**
 * The template variant a record is shown with: the first variant of its code's template whose conditions
 * all hold; undefined when the code has no template (or no variant matches), i.e. the unknown-code entry.
 */
export function findNotificationVariant(
  record: NotificationRecord,
  manifest: NotificationsManifest,
): NotificationVariant | undefined {
  const template = typeof record.Code === "string" ? templateIndex(manifest).get(record.Code) : undefined;
  return template ? selectVariant(record, template) : undefined;
}

/** Translates `prefix + value` (§9 SubscriptionType_{type}), falling back to the raw value. */
function translatePrefixed(t: NotificationTranslate, prefix: string, value: string): string {
  if (!/^[A-Za-z0-9_]+$/.test(value)) return value;
  return t(`${prefix}${value}`, { defaultValue: value });
}

function interpolationValues(
  record: NotificationRecord,
  params: NonNullable<Variant["params"]>,
  t: NotificationTranslate,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, param] of Object.entries(params)) {
    const value = scalarField(record, param.field);
    let text: string;
    if (value === undefined) text = param.fallbackKey ? t(param.fallbackKey) : "";
    else if (param.keyPrefix) text = translatePrefixed(t, param.keyPrefix, String(value));
    else text = String(value);
    // §4.3: descriptions are HTML fragments; user text such as SupportTicketName must not become markup.
    values[name] = param.escape ? escapeHtml(text) : text;
  }
  return values;
}

interface ResolvedSource {
  sourceName: string;
  sourcePicture?: DisplayedNotification["sourcePicture"];
  sourceNameIsRawHtml: boolean;
}

function resolveSource(record: NotificationRecord, source: Source, t: NotificationTranslate): ResolvedSource {
  const named = (field: string, fallbackKey: string | undefined): string => {
    const value = scalarField(record, field);
    if (value !== undefined) return String(value);
    return fallbackKey ? t(fallbackKey) : "";
  };
  switch (source.kind) {
    case "author": {
      const userUID = scalarField(record, "AuthorUserUID");
      return {
        sourceName: named("AuthorFullName", source.fallbackKey),
        sourceNameIsRawHtml: false,
        ...(typeof userUID === "string"
          ? {
              sourcePicture: {
                kind: "userAvatar" as const,
                userUID,
                webservicesPath: `user/avatar/${encodeURIComponent(userUID)}`,
              },
            }
          : {}),
      };
    }
    case "field":
      return {
        sourceName: named(source.field, source.fallbackKey),
        sourceNameIsRawHtml: source.rawHtml === true,
      };
    case "fixed":
      return { sourceName: t(source.nameKey), sourceNameIsRawHtml: false };
  }
}

const BASE64_PNG_DATA_URL_PREFIX = /^data:image\/png;base64,/i;

/** A base64 PNG without data: prefix, or undefined when the value is not base64 (never put in an URL as is). */
function normaliseThumbnail(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const base64 = value.replace(BASE64_PNG_DATA_URL_PREFIX, "").replace(/\s+/g, "");
  if (base64 === "" || base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return undefined;
  return base64;
}

function resolveThumbnail(record: NotificationRecord, thumbnail: Thumbnail): string | undefined {
  if ("field" in thumbnail) return normaliseThumbnail(readField(record, thumbnail.field));
  const items = readField(record, thumbnail.firstOf);
  if (!Array.isArray(items)) return undefined;
  for (const item of items) {
    if (item === null || typeof item !== "object") continue;
    const value = Object.hasOwn(item, thumbnail.itemField)
      ? (item as Record<string, unknown>)[thumbnail.itemField]
      : undefined;
    if (isPresent(value)) return normaliseThumbnail(value);
  }
  return undefined;
}

/** The string form of a present field, or undefined. */
function fieldText(record: NotificationRecord, value: FieldValue): string | undefined {
  const scalar = scalarField(record, value.field);
  return scalar === undefined ? undefined : String(scalar);
}

function resolveDirectAction(
  record: NotificationRecord,
  action: DirectAction,
): ResolvedNotificationAction | undefined {
  switch (action.type) {
    case "route": {
      let missing = false;
      const path = action.path.replace(/\{([A-Za-z]+)\}/g, (_placeholder, field: string) => {
        const text = fieldText(record, { field });
        if (text === undefined) missing = true;
        return encodeURIComponent(text ?? "");
      });
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(action.query ?? {})) {
        const text = fieldText(record, value);
        if (text === undefined) missing = true;
        else query.append(name, text);
      }
      if (missing) return undefined;
      const search = query.toString();
      return { type: "route", to: search ? `${path}?${search}` : path };
    }
    case "dialog": {
      const params: Record<string, ScalarValue> = {};
      for (const [name, value] of Object.entries(action.params)) {
        const scalar = scalarField(record, value.field);
        if (scalar === undefined) return undefined;
        params[name] = scalar;
      }
      return { type: "dialog", dialogId: action.dialogId, params };
    }
    case "download": {
      const fileUID = fieldText(record, action.fileUID);
      if (fileUID === undefined) return undefined;
      return {
        type: "download",
        fileSystemItemType: action.fileSystemItemType,
        fileUID,
        webservicesPath: `File/${encodeURIComponent(action.fileSystemItemType)}/${encodeURIComponent(fileUID)}`,
      };
    }
    case "invoice": {
      const invoiceNumber = fieldText(record, action.invoiceNumber);
      if (invoiceNumber === undefined) return undefined;
      return { type: "invoice", invoiceNumber, domainPath: `invoice/${encodeURIComponent(invoiceNumber)}` };
    }
  }
}

function resolveAction(
  record: NotificationRecord,
  action: LinkAction,
  isAdmin: boolean,
): ResolvedNotificationAction | undefined {
  // §4.3, §6: ticket notifications route administrators and members to different screens.
  if (action.type === "byRole") return resolveDirectAction(record, isAdmin ? action.admin : action.member);
  return resolveDirectAction(record, action);
}

function statusFlags(
  status: DisplayedNotification["status"],
): Pick<DisplayedNotification, "isSuccess" | "isFailure"> {
  return { isSuccess: status === "success", isFailure: status === "failure" };
}

function recordIdentity(
  record: NotificationRecord,
): Pick<DisplayedNotification, "recId" | "code" | "isNew" | "date"> {
  return {
    recId: record.RecId,
    code: typeof record.Code === "string" ? record.Code : String(record.Code ?? ""),
    isNew: record.IsNew === true,
    date: typeof record.Date === "string" ? record.Date : "",
  };
}

/** The error-like entry with 'Unknown notification code!' (§4.3, §8). */
function formatUnknownCode(
  record: NotificationRecord,
  manifest: NotificationsManifest,
  t: NotificationTranslate,
): DisplayedNotification {
  const entry = manifest.unknownCode;
  const source = resolveSource(record, entry.source, t);
  return {
    ...recordIdentity(record),
    sourceName: source.sourceName,
    sourceIcon: entry.icon,
    ...(source.sourcePicture ? { sourcePicture: source.sourcePicture } : {}),
    description: t(entry.descriptionKey),
    status: entry.status,
    ...statusFlags(entry.status),
    rawHtml: { sourceName: source.sourceNameIsRawHtml, description: false },
  };
}

/**
 * Formats one notification record for display.
 *
 * Picks the template of `record.Code` and its first variant whose conditions hold, then fills the
 * displayed fields of §3: the source (author with avatar, a field or a fixed text), the description
 * (an HTML fragment: the translation of the variant's key with its values, escaped where the template
 * says so — or, for Custom, the Body exactly as sent, flagged in `rawHtml`), the status flags, the
 * thumbnail and the link. The link is left out when a field it needs is absent, so no broken link is
 * ever shown. A code without a template (or, with a broken manifest, without a matching variant) gives
 * the error-like 'Unknown notification code!' entry.
 *
 * The caller renders `description` (and a `rawHtml` sourceName) through DOMPurify, and executes `link`.
 */
export function formatNotification(
  record: NotificationRecord,
  manifest: NotificationsManifest,
  context: NotificationFormatContext,
): DisplayedNotification {
  const { t, isAdmin } = context;
  const variant = findNotificationVariant(record, manifest);
  if (!variant) return formatUnknownCode(record, manifest, t);

  const source = resolveSource(record, variant.source, t);
  let description: string;
  let descriptionIsRawHtml = false;
  if (variant.descriptionRawHtmlField) {
    // §4.3 Custom: the Body is shown as sent; the renderer sanitises it.
    description = fieldText(record, { field: variant.descriptionRawHtmlField }) ?? "";
    descriptionIsRawHtml = true;
  } else {
    const replace = interpolationValues(record, variant.params ?? {}, t);
    description = t(variant.descriptionKey ?? "", { replace, interpolation: { escapeValue: false } });
  }
  const thumbnail = variant.thumbnail ? resolveThumbnail(record, variant.thumbnail) : undefined;
  const link = variant.link ? resolveAction(record, variant.link.action, isAdmin) : undefined;

  return {
    ...recordIdentity(record),
    sourceName: source.sourceName,
    sourceIcon: variant.icon,
    ...(source.sourcePicture ? { sourcePicture: source.sourcePicture } : {}),
    description,
    status: variant.status,
    ...statusFlags(variant.status),
    ...(thumbnail ? { thumbnail } : {}),
    ...(link && variant.link ? { linkText: t(variant.link.linkTextKey), link } : {}),
    rawHtml: { sourceName: source.sourceNameIsRawHtml, description: descriptionIsRawHtml },
  };
}
