/**
 * The studio's template preview (§4.3): every code of the manifest gets a sample record for every
 * variant that the runtime's own formatter shows with that very variant; the formatted description is
 * the template's text with its values filled (escaped where the template says so); the admin and
 * member samples of a role-dependent link go to different places (§4.3, §6); hostile markup in a
 * Custom or escaped field comes out of the real sanitiser harmless; and a text changed in the draft
 * shows in the next formatting — the "updates as you type" path, at the function level.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { JSDOM } from "jsdom";
import {
  findNotificationVariant,
  formatNotification,
} from "../../../../../../runtime/notifications/format-notification.ts";
import {
  createPreviewI18n,
  previewTranslate,
} from "../../../../../../runtime/screens/admin/studio/editors/templates/preview-i18n.ts";
import {
  HOSTILE_FIELD_HTML,
  htmlFieldsOf,
  isFreeTextField,
  sampleFieldValue,
  sampleRecords,
  unknownCodeSample,
} from "../../../../../../runtime/screens/admin/studio/editors/templates/sample-records.ts";
import {
  previewEntries,
  sanitisedHtml,
} from "../../../../../../runtime/screens/admin/studio/editors/templates/template-preview.ts";
import {
  STUDIO_LANGUAGES,
  type TextsByLanguage,
} from "../../../../../../runtime/screens/admin/studio/studio-model.ts";
import {
  type NotificationsManifest,
  type NotificationTemplate,
  type NotificationVariant,
  notificationRecordScalarFields,
} from "../../../../../../schemas/notifications.ts";
import {
  NOTIFICATION_CODES,
  type NotificationRecord,
  notificationRecordSchema,
} from "../../../../../../schemas/payloads/notification-record.ts";
import { ROOT } from "../../../../../helpers/manifest-fixtures.ts";

const readJson = (path: string): unknown => JSON.parse(readFileSync(join(ROOT, path), "utf8"));
const manifest = readJson("manifests/notifications.json") as NotificationsManifest;
const texts = Object.fromEntries(
  STUDIO_LANGUAGES.map((language) => [language, readJson(`locales/${language}.json`)]),
) as TextsByLanguage;
const en = texts.en;
const t = previewTranslate(createPreviewI18n(texts, "en"));

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validRecord = ajv.compile(notificationRecordSchema);

// DOMPurify sanitises in a DOM: the page's own in the browser, jsdom's here (a devDependency).
(globalThis as { window?: unknown }).window = new JSDOM("<!doctype html><html><body></body></html>").window;
/** What of `html` could run, once parsed as the page would: script and image elements, event handlers, javascript: links. */
function activeParts(html: string): string[] {
  const { DOMParser } = (globalThis as unknown as { window: { DOMParser: typeof globalThis.DOMParser } })
    .window;
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const parts: string[] = [];
  for (const element of parsed.body.querySelectorAll("*")) {
    const name = element.tagName.toLowerCase();
    if (name === "script" || name === "img") parts.push(`<${name}>`);
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name)) parts.push(`${name} ${attribute.name}`);
      if (/^\s*javascript:/i.test(attribute.value))
        parts.push(`${name} ${attribute.name}=${attribute.value}`);
    }
  }
  return parts;
}
const { sanitizeNotificationHtml } = await import(
  "../../../../../../runtime/notifications/notification-html.ts"
);

/** HTML escaping as §4.3 asks for user text: written out here, not taken from the formatter. */
function escaped(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "");
}

/** The description a variant's text gives for a record, from the English texts and the template alone. */
function expectedDescription(variant: NotificationVariant, record: NotificationRecord): string {
  if (variant.descriptionRawHtmlField) return String(record[variant.descriptionRawHtmlField] ?? "");
  const text = en[variant.descriptionKey as string];
  assert.ok(text !== undefined, `${variant.descriptionKey} is in locales/en.json`);
  const values: Record<string, string> = {};
  for (const [name, param] of Object.entries(variant.params ?? {})) {
    const value = (record as Record<string, unknown>)[param.field];
    let shown: string;
    if (!present(value)) shown = param.fallbackKey ? (en[param.fallbackKey] as string) : "";
    else if (param.keyPrefix) shown = en[`${param.keyPrefix}${String(value)}`] ?? String(value);
    else shown = String(value);
    values[name] = param.escape ? escaped(shown) : shown;
  }
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

function variantOf(template: NotificationTemplate, name: string): NotificationVariant {
  const variant = template.variants.find((candidate) => candidate.name === name);
  assert.ok(variant, `${template.code} has a variant ${name}`);
  return variant;
}

describe("sample records: every §4.3 code and variant of manifests/notifications.json", () => {
  test("the manifest holds every §4.3 code (so covering the manifest covers §4.3)", () => {
    assert.deepEqual(
      [...manifest.templates.map((template) => template.code)].sort(),
      [...NOTIFICATION_CODES].sort(),
    );
  });

  for (const template of manifest.templates) {
    test(`${template.code}: one reachable sample per variant, shown with that variant`, () => {
      const samples = sampleRecords(manifest, template, { texts: en });
      for (const variant of template.variants) {
        const own = samples.filter((sample) => sample.variant === variant.name);
        assert.ok(own.length > 0, `variant ${variant.name} has a sample`);
        for (const sample of own) {
          assert.equal(sample.reachable, true, `${sample.id} is reachable`);
          assert.equal(sample.record.Code, template.code);
          assert.equal(
            findNotificationVariant(sample.record, manifest),
            variant,
            `${sample.id} selects ${variant.name}`,
          );
          assert.ok(validRecord(sample.record), `${sample.id}: ${ajv.errorsText(validRecord.errors)}`);
        }
      }
      assert.equal(new Set(samples.map((sample) => sample.id)).size, samples.length, "sample ids are unique");
    });

    test(`${template.code}: the formatted description is the template's text with its values filled`, () => {
      for (const sample of sampleRecords(manifest, template, { texts: en })) {
        const variant = template.variants[sample.variantIndex] as NotificationVariant;
        const entry = formatNotification(sample.record, manifest, { isAdmin: sample.viewer === "admin", t });
        assert.equal(entry.description, expectedDescription(variant, sample.record), sample.id);
        assert.doesNotMatch(entry.description, /\{\{/, `${sample.id}: no placeholder is left`);
        assert.equal(entry.sourceIcon, variant.icon);
        assert.equal(entry.status, variant.status);
        // A sample fills every field a link needs, so every link of the template is shown.
        assert.equal(entry.link !== undefined, variant.link !== undefined, `${sample.id}: link shown`);
      }
    });
  }

  test("the variants §4.3 names: deleted, trashed, expired", () => {
    const names = (code: string) =>
      sampleRecords(
        manifest,
        manifest.templates.find((template) => template.code === code) as NotificationTemplate,
      ).map((sample) => sample.variant);
    assert.deepEqual([...new Set(names("DataShared"))], ["deleted", "trashed", "default"]);
    assert.deepEqual([...new Set(names("ExportSucceeded"))], ["expired", "default"]);
    assert.deepEqual([...new Set(names("ScheduleError"))], ["deleted", "default"]);
    assert.deepEqual(
      [...new Set(names("RemovedFromTeam"))],
      ["unnamedTeamDeleted", "teamDeleted", "default"],
    );
  });

  test("SupportTicketUpdated: an administrator goes to /admin/support?id=, a member opens the ticket dialog (§4.3)", () => {
    const template = manifest.templates.find(
      (candidate) => candidate.code === "SupportTicketUpdated",
    ) as NotificationTemplate;
    const samples = sampleRecords(manifest, template);
    const admin = samples.find((sample) => sample.viewer === "admin" && !sample.markup);
    const member = samples.find((sample) => sample.viewer === "member" && !sample.markup);
    assert.ok(admin && member);
    const adminEntry = formatNotification(admin.record, manifest, { isAdmin: true, t });
    const memberEntry = formatNotification(member.record, manifest, { isAdmin: false, t });
    assert.deepEqual(adminEntry.link, {
      type: "route",
      to: `/admin/support?id=${admin.record.SupportTicketRecId}`,
    });
    assert.equal(memberEntry.link?.type, "dialog");
  });

  test("only a role-dependent link gives an administrator's and a member's sample", () => {
    for (const template of manifest.templates) {
      for (const sample of sampleRecords(manifest, template)) {
        const variant = template.variants[sample.variantIndex] as NotificationVariant;
        assert.equal(
          sample.viewer !== null,
          variant.link?.action.type === "byRole",
          `${template.code} ${sample.id}`,
        );
      }
    }
  });
});

describe("sample records: derived from the template and the record schema", () => {
  test("every scalar field of the record has a sample value its schema accepts", () => {
    for (const field of notificationRecordScalarFields) {
      const record = {
        Date: "2024-05-01T09:30:00Z",
        IsNew: true,
        RecId: 1,
        Code: "Custom",
        [field]: sampleFieldValue(field),
      };
      assert.ok(validRecord(record), `${field}: ${ajv.errorsText(validRecord.errors)}`);
    }
  });

  test("free text is a string the schema leaves unconstrained; ids, codes and pictures are not", () => {
    assert.equal(isFreeTextField("SupportTicketName"), true);
    assert.equal(isFreeTextField("Title"), true);
    assert.equal(isFreeTextField("AuthorUserUID"), false);
    assert.equal(isFreeTextField("SubscriptionType"), false);
    assert.equal(isFreeTextField("DashboardThumbnail"), false);
    assert.equal(isFreeTextField("ScheduleRecId"), false);
  });

  const newCode: NotificationTemplate = {
    code: "ReportPublished",
    variants: [
      {
        name: "deleted",
        when: [{ field: "IsRelatedObjectDeleted", equals: true }],
        icon: "file",
        source: { kind: "author" },
        descriptionKey: "Notification_DashboardShared",
        params: {
          author: { field: "AuthorFullName", escape: true },
          dashboard: { field: "DashboardName", escape: true },
        },
        status: "info",
      },
      {
        name: "unnamed",
        when: [{ field: "DashboardName", present: false }],
        icon: "file",
        source: { kind: "author" },
        descriptionKey: "Notification_DashboardShared",
        params: {
          author: { field: "AuthorFullName", escape: true },
          dashboard: { field: "DashboardName", escape: true, fallbackKey: "NotificationFallback_Unnamed" },
        },
        status: "info",
      },
      {
        name: "default",
        icon: "file",
        source: { kind: "author" },
        descriptionKey: "Notification_DashboardShared",
        params: {
          author: { field: "AuthorFullName", escape: true },
          dashboard: { field: "DashboardName", escape: true },
        },
        status: "success",
        link: {
          linkTextKey: "NotificationLink_ViewDashboard",
          action: { type: "route", path: "/dashboard/viewer/{DashboardRecId}" },
        },
      },
    ],
  };
  const withNewCode: NotificationsManifest = { ...manifest, templates: [...manifest.templates, newCode] };

  test("a code added to the manifest gets a sample for each variant, each shown with it", () => {
    const samples = sampleRecords(withNewCode, newCode);
    assert.deepEqual(
      [...new Set(samples.map((sample) => sample.variant))],
      ["deleted", "unnamed", "default"],
    );
    for (const sample of samples) {
      assert.equal(sample.reachable, true, sample.id);
      assert.equal(findNotificationVariant(sample.record, withNewCode), variantOf(newCode, sample.variant));
    }
    const unnamed = samples.find(
      (sample) => sample.variant === "unnamed" && !sample.markup,
    ) as (typeof samples)[number];
    const entry = formatNotification(unnamed.record, withNewCode, { isAdmin: false, t });
    assert.equal(entry.description, "Ada Lovelace shared the dashboard (unnamed) with you.");
    const linked = samples.find(
      (sample) => sample.variant === "default" && !sample.markup,
    ) as (typeof samples)[number];
    assert.deepEqual(formatNotification(linked.record, withNewCode, { isAdmin: false, t }).link, {
      type: "route",
      to: `/dashboard/viewer/${linked.record.DashboardRecId}`,
    });
  });

  test("a variant an earlier one always catches is reported unreachable", () => {
    const [first, , last] = newCode.variants as [
      NotificationVariant,
      NotificationVariant,
      NotificationVariant,
    ];
    const shadowed: NotificationTemplate = {
      code: "ReportPublished",
      variants: [first, { ...first, name: "deletedAgain" }, last],
    };
    const document = { ...manifest, templates: [...manifest.templates, shadowed] };
    const reachability = new Map(
      sampleRecords(document, shadowed).map((sample) => [sample.id, sample.reachable]),
    );
    assert.equal(reachability.get("deleted"), true);
    assert.equal(reachability.get("deletedAgain"), false);
    assert.equal(reachability.get("default"), true);
  });

  test("a second template of a code is never used: its samples are unreachable", () => {
    const custom = manifest.templates.find((template) => template.code === "Custom") as NotificationTemplate;
    const copy: NotificationTemplate = {
      ...custom,
      variants: custom.variants.map((variant) => ({ ...variant })),
    };
    const document = { ...manifest, templates: [...manifest.templates, copy] };
    assert.ok(sampleRecords(document, copy).every((sample) => !sample.reachable));
  });

  test("the unknown-code sample has a code no template has, and gives 'Unknown notification code!'", () => {
    const record = unknownCodeSample(manifest);
    assert.ok(!manifest.templates.some((template) => template.code === record.Code));
    assert.equal(
      formatNotification(record, manifest, { isAdmin: false, t }).description,
      "Unknown notification code!",
    );
  });
});

describe("markup in fields: escaped, or sanitised as the runtime renders it (§4.3)", () => {
  const custom = manifest.templates.find((template) => template.code === "Custom") as NotificationTemplate;
  const ticket = manifest.templates.find(
    (template) => template.code === "SupportTicketUpdated",
  ) as NotificationTemplate;

  test("Custom's Title and Body are raw HTML; SupportTicketName is escaped", () => {
    assert.deepEqual(htmlFieldsOf(custom.variants[0] as NotificationVariant), [
      { field: "Title", treatment: "raw" },
      { field: "Body", treatment: "raw" },
    ]);
    assert.deepEqual(htmlFieldsOf(ticket.variants[0] as NotificationVariant), [
      { field: "SupportTicketName", treatment: "escaped" },
    ]);
  });

  test("every variant that puts free text into HTML has a markup sample carrying the hostile HTML", () => {
    for (const template of manifest.templates) {
      for (const [index, variant] of template.variants.entries()) {
        if (htmlFieldsOf(variant).length === 0) continue;
        const markup = sampleRecords(manifest, template).find(
          (sample) => sample.variantIndex === index && sample.markup,
        );
        assert.ok(markup, `${template.code} ${variant.name} has a markup sample`);
        const carried = htmlFieldsOf(variant).filter(
          ({ field }) => (markup.record as Record<string, unknown>)[field] === HOSTILE_FIELD_HTML,
        );
        assert.ok(carried.length > 0, `${template.code} ${variant.name}: a field carries the markup`);
      }
    }
  });

  test("an escaped field's markup reaches the description as text, not as elements", () => {
    const sample = sampleRecords(manifest, ticket).find((candidate) => candidate.markup);
    assert.ok(sample);
    const entry = formatNotification(sample.record, manifest, { isAdmin: false, t });
    assert.ok(entry.description.includes(escaped(HOSTILE_FIELD_HTML)));
    assert.ok(!entry.description.includes("<img"));
  });

  test("the sanitiser strips the handler, the script and the javascript: link of Custom, keeps <b>", {}, () => {
    const sample = sampleRecords(manifest, custom).find((candidate) => candidate.markup);
    assert.ok(sample);
    const entry = formatNotification(sample.record, manifest, { isAdmin: false, t });
    assert.equal(entry.rawHtml.description, true);
    assert.equal(entry.rawHtml.sourceName, true);
    const html = sanitisedHtml(entry, sanitizeNotificationHtml);
    // The unsanitised HTML does hold all of it: the check below can fail.
    assert.deepEqual(activeParts(entry.description), [
      "<img>",
      "img onerror",
      "<script>",
      "a href=javascript:alert(1)",
    ]);
    for (const shown of [html.description, html.sourceName as string]) {
      assert.deepEqual(activeParts(shown), []);
      assert.doesNotMatch(shown, /onerror|<script|javascript:|<img/i);
      assert.match(shown, /<b>bold<\/b>/);
    }
  });

  test("no markup sample of any code keeps an element or attribute that runs, once sanitised", {}, () => {
    for (const template of manifest.templates) {
      for (const sample of sampleRecords(manifest, template)) {
        if (!sample.markup) continue;
        const entry = formatNotification(sample.record, manifest, { isAdmin: false, t });
        const html = sanitisedHtml(entry, sanitizeNotificationHtml);
        assert.deepEqual(activeParts(html.description), [], `${template.code} ${sample.id}`);
        if (html.sourceName !== null)
          assert.deepEqual(activeParts(html.sourceName), [], `${template.code} ${sample.id}`);
      }
    }
  });

  test("the preview lists the same entries with their HTML fields", () => {
    const index = manifest.templates.indexOf(custom);
    const result = previewEntries(manifest, { kind: "template", index }, t, en);
    assert.ok(result.ok);
    assert.deepEqual(
      result.entries.map((item) => [item.sample.id, item.htmlFields.map(({ field }) => field)]),
      [
        ["default", ["Title", "Body"]],
        ["default:markup", ["Title", "Body"]],
      ],
    );
  });
});

describe("the preview follows the draft's texts as they are typed", () => {
  const shared = manifest.templates.find(
    (template) => template.code === "DashboardShared",
  ) as NotificationTemplate;
  const index = manifest.templates.indexOf(shared);
  const descriptionKey = (shared.variants[0] as NotificationVariant).descriptionKey as string;

  function descriptions(draft: TextsByLanguage, language: (typeof STUDIO_LANGUAGES)[number]): string[] {
    const result = previewEntries(
      manifest,
      { kind: "template", index },
      previewTranslate(createPreviewI18n(draft, language)),
      draft[language],
    );
    assert.ok(result.ok);
    return result.entries.map((item) => item.entry?.description ?? "");
  }

  test("a changed English text shows in the next formatting, its placeholders filled", () => {
    const before = descriptions(texts, "en");
    assert.equal(before[0], "Ada Lovelace shared the dashboard Quarterly revenue with you.");
    const typed = {
      ...texts,
      en: { ...texts.en, [descriptionKey]: "Now {{dashboard}} is yours too, from {{author}}" },
    };
    assert.equal(descriptions(typed, "en")[0], "Now Quarterly revenue is yours too, from Ada Lovelace");
  });

  test("the preview language's draft text is used, English where that language lacks the key", () => {
    const typed = { ...texts, de: { ...texts.de, [descriptionKey]: "{{author}} teilt {{dashboard}}" } };
    assert.equal(descriptions(typed, "de")[0], "Ada Lovelace teilt Quarterly revenue");
    const { [descriptionKey]: _removed, ...withoutKey } = texts.de;
    const missing = { ...texts, de: withoutKey };
    assert.equal(
      descriptions(missing, "de")[0],
      "Ada Lovelace shared the dashboard Quarterly revenue with you.",
    );
  });

  test("every language formats every code's samples without a key showing as such", () => {
    for (const language of STUDIO_LANGUAGES) {
      const translate = previewTranslate(createPreviewI18n(texts, language));
      for (const [templateIndex, template] of manifest.templates.entries()) {
        const result = previewEntries(
          manifest,
          { kind: "template", index: templateIndex },
          translate,
          texts[language],
        );
        assert.ok(result.ok, `${language} ${template.code}`);
        for (const item of result.entries) {
          const entry = item.entry;
          assert.ok(entry, `${language} ${template.code} ${item.sample.id}`);
          assert.doesNotMatch(
            entry.description,
            /Notification_/,
            `${language} ${template.code} ${item.sample.id}`,
          );
          assert.doesNotMatch(
            entry.sourceName,
            /^Notification/,
            `${language} ${template.code} ${item.sample.id}`,
          );
        }
      }
    }
  });

  test("a draft the formatter cannot read gives a message, not an exception", () => {
    const broken = {
      ...manifest,
      templates: [{ code: "Custom", variants: null }],
    } as unknown as NotificationsManifest;
    const result = previewEntries(broken, { kind: "template", index: 0 }, t, en);
    assert.equal(result.ok, false);
  });
});
