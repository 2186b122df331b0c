/**
 * The plain-language summary of a change (what an operator reads before approving or publishing):
 * "Menu entry 'Dashboards' renamed to 'Boards' (en, de); now needs Dashboards_r". Generated from the
 * documents before and after, in English (the operators' working language, like the audit trail).
 */

import { jsonEqual, structuralDiff } from "../../../core/json/json-merge.ts";
import { isJsonObject, type JsonObject } from "../../../core/json/prototype-pollution.ts";
import type { ConfigContent, ConfigDocuments, Texts } from "./config-content.ts";
import { LANGUAGES, type Language, MANIFEST_LIKE_KINDS } from "./config-kinds.ts";

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

const quote = (text: string) => `'${text}'`;

/** The English text of a key (else the key itself). */
function englishOf(texts: Texts | undefined, key: unknown): string {
  if (typeof key !== "string") return String(key);
  return texts && typeof texts[key] === "string" ? texts[key] : key;
}

/** "(en, de)" — the languages a text change touched. */
const inLanguages = (languages: readonly string[]) => `(${languages.join(", ")})`;

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

/** One sentence per new text: `'Boards' (en), 'Tafeln' (de)`. */
function renamedTo(changes: Map<Language, string | null>): string {
  const byText = new Map<string, Language[]>();
  for (const [language, text] of changes) {
    const key = text ?? "(removed)";
    byText.set(key, [...(byText.get(key) ?? []), language]);
  }
  return [...byText].map(([text, languages]) => `${quote(text)} ${inLanguages(languages)}`).join(", ");
}

function permissionOf(link: JsonObject): string {
  const level = link.permissionLevel === "rw" ? "rw" : "r";
  return `${String(link.key)}_${level}`;
}

function menuSentences(
  before: ConfigDocuments,
  after: ConfigDocuments,
  texts: Map<string, Map<Language, string | null>>,
): string[] {
  const sentences: string[] = [];
  const oldTexts = before["texts.en"] as Texts;
  const arrays = ["links", "entries"];
  const a = entriesById(before.menus, arrays);
  const b = entriesById(after.menus, arrays);
  const explainedKeys = new Set<string>();
  for (const [id, link] of b) {
    const old = a.get(id);
    const name = quote(englishOf(oldTexts, (old ?? link).textKey));
    if (!old) {
      sentences.push(
        `Menu entry ${quote(englishOf(after["texts.en"] as Texts, link.textKey))} added (${String(link.link ?? link.dialog ?? id)})`,
      );
      continue;
    }
    const parts: string[] = [];
    const textKey = typeof link.textKey === "string" ? link.textKey : null;
    if (textKey && old.textKey === textKey && texts.has(textKey)) {
      parts.push(`renamed to ${renamedTo(texts.get(textKey) as Map<Language, string | null>)}`);
      explainedKeys.add(textKey);
    } else if (textKey && old.textKey !== textKey) {
      parts.push(`now shows ${quote(englishOf(after["texts.en"] as Texts, textKey))}`);
    }
    if (!jsonEqual(old.text, link.text) || !jsonEqual(old.textByLanguage, link.textByLanguage))
      parts.push("custom name changed");
    if (old.key !== link.key || old.permissionLevel !== link.permissionLevel)
      parts.push(`now needs ${permissionOf(link)}`);
    if (old.link !== link.link) parts.push(`now opens ${String(link.link)}`);
    if (old.adminOnly !== link.adminOnly)
      parts.push(link.adminOnly ? "now for admins only" : "no longer for admins only");
    if (!jsonEqual(old.visibleWhen, link.visibleWhen)) parts.push("its condition changed");
    if (old.feature !== link.feature)
      parts.push(
        link.feature ? `now badged for feature ${String(link.feature)}` : "no longer tied to a feature",
      );
    if (parts.length > 0) sentences.push(`Menu entry ${name} ${parts.join("; ")}`);
  }
  for (const [id, old] of a) {
    if (!b.has(id)) sentences.push(`Menu entry ${quote(englishOf(oldTexts, old.textKey))} removed`);
  }
  if (sentences.length === 0 && !jsonEqual(before.menus, after.menus))
    sentences.push("Menus reordered or regrouped");
  for (const key of explainedKeys) texts.delete(key);
  return sentences;
}

function templateSentences(before: ConfigDocuments, after: ConfigDocuments): string[] {
  const sentences: string[] = [];
  const a = itemsBy(before.notifications, "templates", "code");
  const b = itemsBy(after.notifications, "templates", "code");
  for (const [code, template] of b) {
    const old = a.get(code);
    if (!old) sentences.push(`Notification template ${quote(code)} added`);
    else if (!jsonEqual(old, template)) {
      const where = structuralDiff(old, template).map((change) => change.pointer || "/");
      sentences.push(
        `Notification template ${quote(code)} changed (${where.slice(0, 3).join(", ")}${where.length > 3 ? ", …" : ""})`,
      );
    }
  }
  for (const code of a.keys())
    if (!b.has(code)) sentences.push(`Notification template ${quote(code)} removed`);
  const unknownBefore = isJsonObject(before.notifications) ? before.notifications.unknownCode : undefined;
  const unknownAfter = isJsonObject(after.notifications) ? after.notifications.unknownCode : undefined;
  if (!jsonEqual(unknownBefore, unknownAfter)) sentences.push("The unknown-code notification changed");
  return sentences;
}

function routeSentences(before: ConfigDocuments, after: ConfigDocuments): string[] {
  const sentences: string[] = [];
  const a = itemsBy(before.routes, "routes", "id");
  const b = itemsBy(after.routes, "routes", "id");
  for (const [id, route] of b) {
    const old = a.get(id);
    if (!old) sentences.push(`Route ${String(route.path)} added`);
    else if (!jsonEqual(old, route)) {
      const parts: string[] = [];
      if (old.path !== route.path) parts.push(`moved to ${String(route.path)}`);
      if (!jsonEqual(old.access, route.access)) parts.push("its access changed");
      if (!jsonEqual(old.screen, route.screen) || !jsonEqual(old.redirect, route.redirect))
        parts.push("its screen changed");
      sentences.push(`Route ${String(old.path)} ${parts.length ? parts.join("; ") : "changed"}`);
    }
  }
  for (const [, old] of a) if (!b.has(String(old.id))) sentences.push(`Route ${String(old.path)} withdrawn`);
  return sentences;
}

function shellSentences(before: ConfigDocuments, after: ConfigDocuments): string[] {
  const a = before.shell;
  const b = after.shell;
  const sentences: string[] = [];
  const ma = isJsonObject(a.maintenance) ? a.maintenance.enabled : undefined;
  const mb = isJsonObject(b.maintenance) ? b.maintenance.enabled : undefined;
  if (ma !== mb) sentences.push(mb ? "Maintenance switched on" : "Maintenance switched off");
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (key === "maintenance" || jsonEqual(a[key], b[key])) continue;
    sentences.push(`Shell setting ${quote(key)} changed`);
  }
  return sentences;
}

/**
 * What operators restrict or add in the widgets manifest, by kind: added, removed, enabled or disabled
 * (what the editor offers and what existing widgets of it show), and which parts of a kind changed.
 */
function widgetSentences(before: ConfigDocuments, after: ConfigDocuments): string[] {
  const sentences: string[] = [];
  const a = itemsBy(before.widgets, "kinds", "kind");
  const b = itemsBy(after.widgets, "kinds", "kind");
  const name = (texts: unknown, kind: JsonObject) =>
    `${quote(englishOf(texts as Texts, kind.titleKey))} (${String(kind.kind)})`;
  for (const [id, kind] of b) {
    const old = a.get(id);
    if (!old) {
      sentences.push(
        `Widget kind ${name(after["texts.en"], kind)} added, drawn by ${String(kind.renderer)}${kind.enabled === false ? ", disabled" : ""}`,
      );
      continue;
    }
    if (jsonEqual(old, kind)) continue;
    const parts: string[] = [];
    if (old.enabled !== kind.enabled) parts.push(kind.enabled ? "enabled" : "disabled");
    if (old.renderer !== kind.renderer) parts.push(`now drawn by ${String(kind.renderer)}`);
    for (const field of ["titleKey", "category", "data", "defaults", "settingsSchema", "settingsUi"]) {
      if (!jsonEqual(old[field], kind[field])) parts.push(`its ${field} changed`);
    }
    sentences.push(`Widget kind ${name(before["texts.en"], old)} ${parts.join("; ")}`);
  }
  for (const [id, old] of a) {
    if (!b.has(id)) sentences.push(`Widget kind ${name(before["texts.en"], old)} removed`);
  }
  // Only the order or the header changed: where, as for the kinds without sentences of their own.
  return sentences.length > 0 ? sentences : genericSentences("widgets", before.widgets, after.widgets);
}

/** Sentences for every other kind: how many places changed, and the first of them. */
function genericSentences(kind: string, before: unknown, after: unknown): string[] {
  const changes = structuralDiff(before, after);
  if (changes.length === 0) return [];
  const first = changes.slice(0, 3).map((change) => change.pointer || "/");
  return [
    `${kind[0]?.toUpperCase()}${kind.slice(1)}: ${changes.length} change(s) at ${first.join(", ")}${changes.length > 3 ? ", …" : ""}`,
  ];
}

/** The summary of the operator layer's change from `before` to `after`, one sentence a line. */
export function summariseDocuments(before: ConfigDocuments, after: ConfigDocuments): string[] {
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
  for (const [key, languages] of texts) {
    const added = !Object.hasOwn(oldEnglish, key);
    const removed = !Object.hasOwn(english, key);
    const verb = added ? "added" : removed ? "removed" : "changed";
    sentences.push(
      `Text ${quote(key)} ${verb} ${inLanguages([...languages.keys()])}${added || removed ? "" : `: ${renamedTo(languages)}`}`,
    );
  }
  return sentences;
}

/** One sentence per account whose layer changed. */
export function summariseAccounts(before: ConfigContent, after: ConfigContent): string[] {
  const sentences: string[] = [];
  for (const account of new Set([...Object.keys(before.accounts), ...Object.keys(after.accounts)])) {
    const a = before.accounts[account];
    const b = after.accounts[account];
    if (jsonEqual(a, b)) continue;
    if (!a) sentences.push(`Account ${account}: layer added (${Object.keys(b ?? {}).join(", ")})`);
    else if (!b) sentences.push(`Account ${account}: layer removed`);
    else {
      const kinds = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
        (kind) => !jsonEqual(a[kind as keyof typeof a], b[kind as keyof typeof b]),
      );
      sentences.push(`Account ${account}: ${kinds.join(", ")} changed`);
    }
  }
  return sentences;
}
