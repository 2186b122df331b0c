/**
 * The plain-language summary of a change (what an operator reads before approving or publishing):
 * "Menu entry 'Dashboards' renamed to 'Boards' (en, de)", "Menu entry 'Dashboards' now needs
 * Dashboards_r". Generated from the documents before and after as text keys and parameters, one
 * sentence per change, so the studio says it in the operator's language and the audit trail in
 * English (english-text.ts). Names of menu entries and widget kinds are given in every language as
 * they read before the change (NameInLanguages).
 */

import { jsonEqual, structuralDiff } from "../../../core/json/json-merge.ts";
import { isJsonObject, type JsonObject } from "../../../core/json/prototype-pollution.ts";
import type {
  ConfigKindName,
  MessageParam,
  NameInLanguages,
  SummarySentence,
  TextMessage,
} from "../../../schemas/config-answers.ts";
import { CONFIG_KIND_NAMES } from "../../../schemas/config-api.ts";
import type { ConfigContent, ConfigDocuments, Texts } from "./config-content.ts";
import { LANGUAGES, type Language, MANIFEST_LIKE_KINDS } from "./config-kinds.ts";

/** Every sentence a summary may hold; the text key of each is `StudioSummary_<name>` (locales/). */
export const SUMMARY_SENTENCES = [
  "MenuEntryAdded",
  "MenuEntryRenamed",
  "MenuEntryShows",
  "MenuEntryCustomName",
  "MenuEntryNeeds",
  "MenuEntryOpens",
  "MenuEntryAdminOnly",
  "MenuEntryNotAdminOnly",
  "MenuEntryCondition",
  "MenuEntryFeature",
  "MenuEntryNoFeature",
  "MenuEntryRemoved",
  "MenusReordered",
  "TemplateAdded",
  "TemplateChanged",
  "TemplateRemoved",
  "UnknownCodeChanged",
  "RouteAdded",
  "RouteMoved",
  "RouteAccess",
  "RouteScreen",
  "RouteChanged",
  "RouteWithdrawn",
  "MaintenanceOn",
  "MaintenanceOff",
  "ShellSetting",
  "WidgetAdded",
  "WidgetAddedDisabled",
  "WidgetEnabled",
  "WidgetDisabled",
  "WidgetRenderer",
  "WidgetPart",
  "WidgetRemoved",
  "KindChanged",
  "TextAdded",
  "TextRemoved",
  "TextChanged",
  "TextIn",
  "TextRemovedIn",
  "AccountLayerAdded",
  "AccountLayerRemoved",
  "AccountKindsChanged",
] as const;

/** The name of a summary sentence. */
export type SummarySentenceName = (typeof SUMMARY_SENTENCES)[number];

/** The text key of a kind's name (the studio's labels of the kinds). */
export function kindTextKey(kind: ConfigKindName): string {
  return `Studio_Kind_${kind.replace(".", "_")}`;
}

/** Every text key a summary may use: its sentences' and the kinds' names. */
export const SUMMARY_TEXT_KEYS: readonly string[] = [
  ...SUMMARY_SENTENCES.map((name) => `StudioSummary_${name}`),
  ...CONFIG_KIND_NAMES.map(kindTextKey),
];

const sentence = (name: SummarySentenceName, params: Record<string, MessageParam> = {}): SummarySentence => ({
  key: `StudioSummary_${name}`,
  params,
});

/** A kind's name as a message of its own, in the reader's language. */
const kindName = (kind: string): TextMessage => ({ key: kindTextKey(kind as ConfigKindName), params: {} });

/** Where a diff changed: at most three pointers, then "…". */
function places(pointers: readonly string[]): string[] {
  return pointers.length > 3 ? [...pointers.slice(0, 3), "…"] : [...pointers];
}

/** Every entry of an array property named `links` or `entries` anywhere in `document`, by id. */
function entriesById(document: unknown, arrays: readonly string[]): Map<string, JsonObject> {
  const found = new Map<string, JsonObject>();
  const visit = (value: unknown, property: string | null) => {
    if (Array.isArray(value)) {
      for (const item of value) {
        if (
          property !== null &&
          arrays.includes(property) &&
          isJsonObject(item) &&
          typeof item.id === "string"
        ) {
          found.set(item.id, item);
        }
        visit(item, property);
      }
    } else if (isJsonObject(value)) {
      for (const [key, child] of Object.entries(value)) visit(child, key);
    }
  };
  visit(document, null);
  return found;
}

function itemsBy(document: unknown, array: string, key: "id" | "code" | "kind"): Map<string, JsonObject> {
  const list = isJsonObject(document) && Array.isArray(document[array]) ? (document[array] as unknown[]) : [];
  const found = new Map<string, JsonObject>();
  for (const item of list)
    if (isJsonObject(item) && typeof item[key] === "string") found.set(item[key] as string, item);
  return found;
}

/** The text of `key` in each language of `documents` (else the key itself, as English). */
function namesOf(documents: ConfigDocuments, key: unknown): NameInLanguages {
  const fallback = String(key);
  const names: NameInLanguages = { en: fallback };
  if (typeof key !== "string") return names;
  for (const language of LANGUAGES) {
    const texts = documents[`texts.${language}`] as Texts | undefined;
    const text = texts && Object.hasOwn(texts, key) ? texts[key] : undefined;
    if (typeof text === "string") names[language] = text;
  }
  return names;
}

/** What changed in the texts of the seven languages, by key: language → new text. */
function textChanges(
  before: ConfigDocuments,
  after: ConfigDocuments,
): Map<string, Map<Language, string | null>> {
  const changes = new Map<string, Map<Language, string | null>>();
  for (const language of LANGUAGES) {
    const a = before[`texts.${language}`] as Texts;
    const b = after[`texts.${language}`] as Texts;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (a[key] === b[key]) continue;
      const entry = changes.get(key) ?? new Map<Language, string | null>();
      entry.set(language, typeof b[key] === "string" ? b[key] : null);
      changes.set(key, entry);
    }
  }
  return changes;
}

/** The new texts and the languages each is in: `'Boards' (en), 'Tafeln' (de)`. */
function renamedTo(changes: Map<Language, string | null>): TextMessage[] {
  const byText = new Map<string | null, Language[]>();
  for (const [language, text] of changes) byText.set(text, [...(byText.get(text) ?? []), language]);
  return [...byText].map(([text, languages]) =>
    text === null ? sentence("TextRemovedIn", { languages }) : sentence("TextIn", { text, languages }),
  );
}

function permissionOf(link: JsonObject): string {
  const level = link.permissionLevel === "rw" ? "rw" : "r";
  return `${String(link.key)}_${level}`;
}

function menuSentences(
  before: ConfigDocuments,
  after: ConfigDocuments,
  texts: Map<string, Map<Language, string | null>>,
): SummarySentence[] {
  const sentences: SummarySentence[] = [];
  const arrays = ["links", "entries"];
  const a = entriesById(before.menus, arrays);
  const b = entriesById(after.menus, arrays);
  const explainedKeys = new Set<string>();
  for (const [id, link] of b) {
    const old = a.get(id);
    if (!old) {
      sentences.push(
        sentence("MenuEntryAdded", {
          entry: namesOf(after, link.textKey),
          target: String(link.link ?? link.dialog ?? id),
        }),
      );
      continue;
    }
    const entry = namesOf(before, old.textKey);
    const about = (name: SummarySentenceName, params: Record<string, MessageParam> = {}) =>
      sentences.push(sentence(name, { entry, ...params }));
    const textKey = typeof link.textKey === "string" ? link.textKey : null;
    if (textKey && old.textKey === textKey && texts.has(textKey)) {
      about("MenuEntryRenamed", {
        renames: renamedTo(texts.get(textKey) as Map<Language, string | null>),
      });
      explainedKeys.add(textKey);
    } else if (textKey && old.textKey !== textKey) {
      about("MenuEntryShows", { text: namesOf(after, textKey) });
    }
    if (!jsonEqual(old.text, link.text) || !jsonEqual(old.textByLanguage, link.textByLanguage))
      about("MenuEntryCustomName");
    if (old.key !== link.key || old.permissionLevel !== link.permissionLevel)
      about("MenuEntryNeeds", { permission: permissionOf(link) });
    if (old.link !== link.link) about("MenuEntryOpens", { link: String(link.link) });
    if (old.adminOnly !== link.adminOnly)
      about(link.adminOnly ? "MenuEntryAdminOnly" : "MenuEntryNotAdminOnly");
    if (!jsonEqual(old.visibleWhen, link.visibleWhen)) about("MenuEntryCondition");
    if (old.feature !== link.feature) {
      if (link.feature) about("MenuEntryFeature", { feature: String(link.feature) });
      else about("MenuEntryNoFeature");
    }
  }
  for (const [id, old] of a) {
    if (!b.has(id)) sentences.push(sentence("MenuEntryRemoved", { entry: namesOf(before, old.textKey) }));
  }
  if (sentences.length === 0 && !jsonEqual(before.menus, after.menus))
    sentences.push(sentence("MenusReordered"));
  for (const key of explainedKeys) texts.delete(key);
  return sentences;
}

function templateSentences(before: ConfigDocuments, after: ConfigDocuments): SummarySentence[] {
  const sentences: SummarySentence[] = [];
  const a = itemsBy(before.notifications, "templates", "code");
  const b = itemsBy(after.notifications, "templates", "code");
  for (const [code, template] of b) {
    const old = a.get(code);
    if (!old) sentences.push(sentence("TemplateAdded", { code }));
    else if (!jsonEqual(old, template)) {
      const where = structuralDiff(old, template).map((change) => change.pointer || "/");
      sentences.push(sentence("TemplateChanged", { code, places: places(where) }));
    }
  }
  for (const code of a.keys()) if (!b.has(code)) sentences.push(sentence("TemplateRemoved", { code }));
  const unknownBefore = isJsonObject(before.notifications) ? before.notifications.unknownCode : undefined;
  const unknownAfter = isJsonObject(after.notifications) ? after.notifications.unknownCode : undefined;
  if (!jsonEqual(unknownBefore, unknownAfter)) sentences.push(sentence("UnknownCodeChanged"));
  return sentences;
}

function routeSentences(before: ConfigDocuments, after: ConfigDocuments): SummarySentence[] {
  const sentences: SummarySentence[] = [];
  const a = itemsBy(before.routes, "routes", "id");
  const b = itemsBy(after.routes, "routes", "id");
  for (const [id, route] of b) {
    const old = a.get(id);
    if (!old) sentences.push(sentence("RouteAdded", { path: String(route.path) }));
    else if (!jsonEqual(old, route)) {
      const path = String(old.path);
      const count = sentences.length;
      if (old.path !== route.path) sentences.push(sentence("RouteMoved", { path, to: String(route.path) }));
      if (!jsonEqual(old.access, route.access)) sentences.push(sentence("RouteAccess", { path }));
      if (!jsonEqual(old.screen, route.screen) || !jsonEqual(old.redirect, route.redirect))
        sentences.push(sentence("RouteScreen", { path }));
      if (sentences.length === count) sentences.push(sentence("RouteChanged", { path }));
    }
  }
  for (const [, old] of a)
    if (!b.has(String(old.id))) sentences.push(sentence("RouteWithdrawn", { path: String(old.path) }));
  return sentences;
}

function shellSentences(before: ConfigDocuments, after: ConfigDocuments): SummarySentence[] {
  const a = before.shell;
  const b = after.shell;
  const sentences: SummarySentence[] = [];
  const ma = isJsonObject(a.maintenance) ? a.maintenance.enabled : undefined;
  const mb = isJsonObject(b.maintenance) ? b.maintenance.enabled : undefined;
  if (ma !== mb) sentences.push(sentence(mb ? "MaintenanceOn" : "MaintenanceOff"));
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (key === "maintenance" || jsonEqual(a[key], b[key])) continue;
    sentences.push(sentence("ShellSetting", { setting: key }));
  }
  return sentences;
}

/**
 * What operators restrict or add in the widgets manifest, by kind: added, removed, enabled or disabled
 * (what the editor offers and what existing widgets of it show), and which parts of a kind changed.
 */
function widgetSentences(before: ConfigDocuments, after: ConfigDocuments): SummarySentence[] {
  const sentences: SummarySentence[] = [];
  const a = itemsBy(before.widgets, "kinds", "kind");
  const b = itemsBy(after.widgets, "kinds", "kind");
  const named = (documents: ConfigDocuments, kind: JsonObject) => ({
    name: namesOf(documents, kind.titleKey),
    kind: String(kind.kind),
  });
  for (const [id, kind] of b) {
    const old = a.get(id);
    if (!old) {
      sentences.push(
        sentence(kind.enabled === false ? "WidgetAddedDisabled" : "WidgetAdded", {
          ...named(after, kind),
          renderer: String(kind.renderer),
        }),
      );
      continue;
    }
    if (jsonEqual(old, kind)) continue;
    const which = named(before, old);
    if (old.enabled !== kind.enabled)
      sentences.push(sentence(kind.enabled ? "WidgetEnabled" : "WidgetDisabled", which));
    if (old.renderer !== kind.renderer)
      sentences.push(sentence("WidgetRenderer", { ...which, renderer: String(kind.renderer) }));
    for (const field of ["titleKey", "category", "data", "defaults", "settingsSchema", "settingsUi"]) {
      if (!jsonEqual(old[field], kind[field]))
        sentences.push(sentence("WidgetPart", { ...which, part: field }));
    }
  }
  for (const [id, old] of a) {
    if (!b.has(id)) sentences.push(sentence("WidgetRemoved", named(before, old)));
  }
  // Only the order or the header changed: where, as for the kinds without sentences of their own.
  return sentences.length > 0 ? sentences : genericSentences("widgets", before.widgets, after.widgets);
}

/** Sentences for every other kind: how many places changed, and the first of them. */
function genericSentences(kind: string, before: unknown, after: unknown): SummarySentence[] {
  const changes = structuralDiff(before, after);
  if (changes.length === 0) return [];
  return [
    sentence("KindChanged", {
      kind: kindName(kind),
      count: changes.length,
      places: places(changes.map((change) => change.pointer || "/")),
    }),
  ];
}

/** The summary of the operator layer's change from `before` to `after`, one sentence per change. */
export function summariseDocuments(before: ConfigDocuments, after: ConfigDocuments): SummarySentence[] {
  const texts = textChanges(before, after);
  const sentences = [
    ...menuSentences(before, after, texts),
    ...templateSentences(before, after),
    ...routeSentences(before, after),
    ...shellSentences(before, after),
    ...widgetSentences(before, after),
  ];
  for (const kind of MANIFEST_LIKE_KINDS)
    sentences.push(...genericSentences(kind, before[kind], after[kind]));
  const english = after["texts.en"] as Texts;
  const oldEnglish = before["texts.en"] as Texts;
  for (const [key, changes] of texts) {
    const languages = [...changes.keys()];
    if (!Object.hasOwn(oldEnglish, key)) sentences.push(sentence("TextAdded", { key, languages }));
    else if (!Object.hasOwn(english, key)) sentences.push(sentence("TextRemoved", { key, languages }));
    else sentences.push(sentence("TextChanged", { key, languages, renames: renamedTo(changes) }));
  }
  return sentences;
}

/** One sentence per account whose layer changed. */
export function summariseAccounts(before: ConfigContent, after: ConfigContent): SummarySentence[] {
  const sentences: SummarySentence[] = [];
  for (const account of new Set([...Object.keys(before.accounts), ...Object.keys(after.accounts)])) {
    const a = before.accounts[account];
    const b = after.accounts[account];
    if (jsonEqual(a, b)) continue;
    if (!a) {
      sentences.push(sentence("AccountLayerAdded", { account, kinds: Object.keys(b ?? {}).map(kindName) }));
    } else if (!b) sentences.push(sentence("AccountLayerRemoved", { account }));
    else {
      const kinds = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
        (kind) => !jsonEqual(a[kind as keyof typeof a], b[kind as keyof typeof b]),
      );
      sentences.push(sentence("AccountKindsChanged", { account, kinds: kinds.map(kindName) }));
    }
  }
  return sentences;
}
