/**
 * What the template preview shows for the selected code (§4.3): each sample record formatted by the
 * runtime's own formatter (runtime/notifications/format-notification.ts) with the draft document and
 * the draft texts, what its link would do, and the HTML of the entry as the sanitiser leaves it. Pure:
 * the sanitiser is passed in (DOMPurify needs a DOM), and nothing here renders.
 */
import {
  type DisplayedNotification,
  formatNotification,
  type NotificationTranslate,
  type ResolvedNotificationAction,
} from "../../../../../notifications/format-notification.ts";
import {
  type HtmlField,
  htmlFieldsOf,
  type SampleRecord,
  sampleRecords,
  unknownCodeSample,
} from "./sample-records.ts";
import type { NotificationsDocument, TemplateSelection } from "./template-form-model.ts";

/** One sample and the entry it gives. */
export interface PreviewEntry {
  /** The sample; for the unknown-code entry, a sample of no variant. */
  sample: SampleRecord;
  /** Null when the sample's variant cannot be reached (no record is shown with it). */
  entry: DisplayedNotification | null;
  /** The fields the variant puts into HTML (§4.3 Custom, escaped fields). */
  htmlFields: HtmlField[];
  /** The variant has a link, so a missing one means a field it needs is absent. */
  hasLink: boolean;
}

/** The outcome of previewing a selection: its entries, or why the draft cannot be previewed. */
export type PreviewResult = { ok: true; entries: PreviewEntry[] } | { ok: false; message: string };

/**
 * The entries of the selection's samples, formatted with `t` (the preview language's texts). A draft
 * the formatter cannot read (a raw JSON edit under way) gives the error's message instead of throwing.
 */
export function previewEntries(
  document: NotificationsDocument,
  selection: TemplateSelection,
  t: NotificationTranslate,
  texts: Readonly<Record<string, string>>,
): PreviewResult {
  try {
    if (selection.kind === "unknownCode") {
      const record = unknownCodeSample(document);
      const sample: SampleRecord = {
        id: "unknownCode",
        variant: "",
        variantIndex: -1,
        viewer: null,
        markup: false,
        record,
        reachable: true,
      };
      const entry = formatNotification(record, document, { isAdmin: false, t });
      return { ok: true, entries: [{ sample, entry, htmlFields: [], hasLink: false }] };
    }
    const template = document.templates[selection.index];
    if (!template) return { ok: false, message: `no template ${selection.index}` };
    const entries = sampleRecords(document, template, { texts }).map((sample): PreviewEntry => {
      const variant = template.variants[sample.variantIndex];
      const entry = sample.reachable
        ? formatNotification(sample.record, document, { isAdmin: sample.viewer === "admin", t })
        : null;
      return {
        sample,
        entry,
        htmlFields: variant ? htmlFieldsOf(variant) : [],
        hasLink: variant?.link !== undefined,
      };
    });
    return { ok: true, entries };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The entry's HTML as it reaches the page: the description, and the source name when it is raw HTML. */
export interface SanitisedHtml {
  description: string;
  sourceName: string | null;
}

/** What `sanitize` (the runtime's sanitizeNotificationHtml) keeps of the entry's HTML fields. */
export function sanitisedHtml(
  entry: DisplayedNotification,
  sanitize: (html: string) => string,
): SanitisedHtml {
  return {
    description: sanitize(entry.description),
    sourceName: entry.rawHtml.sourceName ? sanitize(entry.sourceName) : null,
  };
}

/** What clicking a resolved link does, as the preview words it. */
export type LinkWording =
  | { kind: "route"; target: string }
  | { kind: "dialog"; target: string; params: string }
  | { kind: "download"; target: string }
  | { kind: "invoice"; target: string };

/** The wording of a resolved link: where it goes, with a dialog's parameters as `name: value` pairs. */
export function linkWording(action: ResolvedNotificationAction): LinkWording {
  switch (action.type) {
    case "route":
      return { kind: "route", target: action.to };
    case "dialog":
      return {
        kind: "dialog",
        target: action.dialogId,
        params: Object.entries(action.params)
          .map(([name, value]) => `${name}: ${String(value)}`)
          .join(", "),
      };
    case "download":
      return { kind: "download", target: action.webservicesPath };
    case "invoice":
      return { kind: "invoice", target: action.domainPath };
  }
}
