/**
 * The decisions of the notification templates editor (§4.3), as data: which entry of the code list a
 * JSON pointer selects and which control it focuses, the list filtered by code and text, the text keys
 * a variant shows and who else shows them, the placeholders a text uses against those the variant
 * fills, how a condition reads, and the whole new document after an edit. Pure: templates-editor.tsx
 * carries them out.
 */

import { placeholderNames } from "../../../../../../core/texts/placeholders.ts";
import type {
  NotificationsManifest,
  NotificationTemplate,
  NotificationUnknownCodeEntry,
  NotificationVariant,
} from "../../../../../../schemas/notifications.ts";
import { foldText } from "../../../../../components/select/select-options.ts";

/** The notifications document the editor edits (manifests/notifications.json). */
export type NotificationsDocument = NotificationsManifest;

/** What the editor shows: one template by its index in `templates`, or the unknown-code entry. */
export type TemplateSelection = { kind: "template"; index: number } | { kind: "unknownCode" };

/** The RFC 6901 pointer of a selection in the document. */
export function selectionPointer(selection: TemplateSelection): string {
  return selection.kind === "template" ? `/templates/${selection.index}` : "/unknownCode";
}

function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** A pointer of segments, escaped (RFC 6901: ~ as ~0, / as ~1). */
export function pointerOf(...segments: ReadonlyArray<string | number>): string {
  return segments
    .map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`)
    .join("");
}

/**
 * The selection a pointer into the document lies in (`/templates/12/variants/0/…` → template 12,
 * `/unknownCode/…` → the unknown-code entry); null for a pointer elsewhere or past the templates.
 */
export function selectionOfPointer(
  document: NotificationsDocument,
  pointer: string | null,
): TemplateSelection | null {
  if (pointer === null || !pointer.startsWith("/")) return null;
  const [first, second] = pointerSegments(pointer);
  if (first === "unknownCode") return { kind: "unknownCode" };
  if (first !== "templates" || second === undefined || !/^(0|[1-9][0-9]*)$/.test(second)) return null;
  const index = Number(second);
  return index < document.templates.length ? { kind: "template", index } : null;
}

/** Whether `inner` is `outer` or lies inside it, segment by segment (`/a/1` is not inside `/a/10`). */
export function pointerContains(outer: string, inner: string): boolean {
  return inner === outer || inner.startsWith(`${outer}/`);
}

/**
 * The control to focus for `target`: the deepest control pointer containing it (a problem in a link's
 * action focuses the variant when the action has no control of its own), else the first control inside
 * it (a pointer to a whole template focuses its first field); null when none relates to it.
 */
export function focusTarget(controls: readonly string[], target: string): string | null {
  let best: string | null = null;
  for (const control of controls) {
    if (pointerContains(control, target) && (best === null || control.length > best.length)) best = control;
  }
  return best ?? controls.find((control) => pointerContains(target, control)) ?? null;
}

/** One entry of the code list. */
export interface CodeListEntry {
  selection: TemplateSelection;
  /** The code, or null for the unknown-code entry. */
  code: string | null;
  /** The text of the template's description in the preview language without markup; null for raw HTML. */
  title: string | null;
}

/** The description key of the variant shown when no other applies (the last), else of the first that has one. */
function titleKey(variants: readonly NotificationVariant[]): string | undefined {
  for (let index = variants.length - 1; index >= 0; index -= 1) {
    const key = variants[index]?.descriptionKey;
    if (key !== undefined) return key;
  }
  return undefined;
}

/** Text without tags, whitespace collapsed: a description's HTML fragment as a one-line label. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The translation of `key`: the language's text, else the English one (the runtime's fallback). */
export function textOf(
  texts: Readonly<Record<string, string>>,
  english: Readonly<Record<string, string>>,
  key: string,
): string | undefined {
  return Object.hasOwn(texts, key) ? texts[key] : Object.hasOwn(english, key) ? english[key] : undefined;
}

/**
 * The code list: every template in document order, then the unknown-code entry, keeping those whose
 * code or title contains `query` (case- and accent-insensitive; the unknown entry matches its label).
 */
export function codeListEntries(
  document: NotificationsDocument,
  texts: Readonly<Record<string, string>>,
  english: Readonly<Record<string, string>>,
  query: string,
  unknownLabel: string,
): CodeListEntry[] {
  const needle = foldText(query.trim());
  const matches = (...parts: Array<string | null>) =>
    needle === "" || parts.some((part) => part !== null && foldText(part).includes(needle));
  const entries: CodeListEntry[] = [];
  document.templates.forEach((template, index) => {
    const key = titleKey(template.variants);
    const text = key === undefined ? undefined : textOf(texts, english, key);
    const title = text === undefined ? null : plainText(text);
    if (matches(template.code, title))
      entries.push({ selection: { kind: "template", index }, code: template.code, title });
  });
  const unknownText = textOf(texts, english, document.unknownCode.descriptionKey);
  const unknownTitle = unknownText === undefined ? null : plainText(unknownText);
  if (matches(unknownLabel, unknownTitle))
    entries.push({ selection: { kind: "unknownCode" }, code: null, title: unknownTitle });
  return entries;
}

/** What a text key is for in a variant. */
export type TextRole = "description" | "sourceName" | "sourceFallback" | "paramFallback" | "linkText";

/** A text the variant shows, by key, with the pointer of the property naming the key. */
export interface VariantText {
  role: TextRole;
  key: string;
  pointer: string;
  /** The interpolation value whose fallback this is (paramFallback). */
  param?: string;
  /** The record field whose absence shows this text (sourceFallback, paramFallback). */
  field?: string;
}

type TextSource = Pick<NotificationVariant, "source" | "descriptionKey" | "params" | "link">;

/** The texts a variant (or the unknown-code entry) shows, each key once, in the order the form lists them. */
export function variantTexts(variant: TextSource, base: string): VariantText[] {
  const texts: VariantText[] = [];
  if (variant.descriptionKey !== undefined) {
    texts.push({ role: "description", key: variant.descriptionKey, pointer: `${base}/descriptionKey` });
  }
  const source = variant.source;
  if (source.kind === "fixed") {
    texts.push({ role: "sourceName", key: source.nameKey, pointer: `${base}/source/nameKey` });
  } else if (source.fallbackKey !== undefined) {
    texts.push({
      role: "sourceFallback",
      key: source.fallbackKey,
      pointer: `${base}/source/fallbackKey`,
      field: source.kind === "author" ? "AuthorFullName" : source.field,
    });
  }
  for (const [name, param] of Object.entries(variant.params ?? {})) {
    if (param.fallbackKey === undefined) continue;
    texts.push({
      role: "paramFallback",
      key: param.fallbackKey,
      pointer: `${base}${pointerOf("params", name, "fallbackKey")}`,
      param: name,
      field: param.field,
    });
  }
  if (variant.link)
    texts.push({ role: "linkText", key: variant.link.linkTextKey, pointer: `${base}/link/linkTextKey` });
  // One field per key: a key the variant shows twice (the author's name and its value) is one text.
  return texts.filter((text, index) => texts.findIndex((other) => other.key === text.key) === index);
}

/** Where a text key is shown: "Code › variant" for a template's, the unknown label for the unknown entry. */
export function keyUsage(document: NotificationsDocument, unknownLabel: string): Map<string, string[]> {
  const usage = new Map<string, string[]>();
  const add = (key: string, where: string) => {
    const places = usage.get(key) ?? [];
    if (!places.includes(where)) places.push(where);
    usage.set(key, places);
  };
  for (const template of document.templates) {
    for (const variant of template.variants) {
      for (const text of variantTexts(variant, "")) add(text.key, `${template.code} › ${variant.name}`);
    }
  }
  for (const text of variantTexts(document.unknownCode, "")) add(text.key, unknownLabel);
  return usage;
}

/** A text's placeholders against the values its variant fills. */
export interface PlaceholderCheck {
  /** Used in the text but not filled by the variant: i18next shows them as typed. */
  unknown: string[];
  /** Filled by the variant but not used in the text. */
  unused: string[];
}

/** Compares the placeholders of a description with the variant's `params`. */
export function checkPlaceholders(text: string, params: NotificationVariant["params"]): PlaceholderCheck {
  const used = [...new Set(placeholderNames(text))];
  const filled = Object.keys(params ?? {});
  return {
    unknown: used.filter((name) => !filled.includes(name)),
    unused: filled.filter((name) => !used.includes(name)),
  };
}

/** A condition of a variant as the form words it. */
export type ConditionWording =
  | { kind: "equals"; field: string; value: string }
  | { kind: "present"; field: string }
  | { kind: "absent"; field: string };

/** The wording of a variant's conditions, in order. */
export function conditionWordings(variant: NotificationVariant): ConditionWording[] {
  return (variant.when ?? []).map((condition) =>
    "present" in condition
      ? { kind: condition.present ? "present" : "absent", field: condition.field }
      : { kind: "equals", field: condition.field, value: JSON.stringify(condition.equals) },
  );
}

/** The document with one variant of one template replaced by `update`'s result; the rest is shared. */
export function withVariant(
  document: NotificationsDocument,
  templateIndex: number,
  variantIndex: number,
  update: (variant: NotificationVariant) => NotificationVariant,
): NotificationsDocument {
  const template = document.templates[templateIndex];
  const variant = template?.variants[variantIndex];
  if (!template || !variant) throw new RangeError(`no variant ${variantIndex} in template ${templateIndex}`);
  const variants = template.variants.map((other, index) => (index === variantIndex ? update(other) : other));
  const next: NotificationTemplate = { ...template, variants };
  return {
    ...document,
    templates: document.templates.map((other, index) => (index === templateIndex ? next : other)),
  };
}

/** The document with the unknown-code entry replaced by `update`'s result. */
export function withUnknownCode(
  document: NotificationsDocument,
  update: (entry: NotificationUnknownCodeEntry) => NotificationUnknownCodeEntry,
): NotificationsDocument {
  return { ...document, unknownCode: update(document.unknownCode) };
}

/** A variant with one interpolation value changed (`field` or `escape`). */
export function withParam(
  variant: NotificationVariant,
  name: string,
  change: { field?: NonNullable<NotificationVariant["params"]>[string]["field"]; escape?: boolean },
): NotificationVariant {
  const params = variant.params ?? {};
  const param = params[name];
  if (!param) throw new RangeError(`no value "${name}" in variant "${variant.name}"`);
  return { ...variant, params: { ...params, [name]: { ...param, ...change } } };
}
