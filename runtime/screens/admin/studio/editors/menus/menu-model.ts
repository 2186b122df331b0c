/**
 * The operator studio's menus editor as pure data (§2.5, §6, §9; schemas/menus.ts): every change the
 * editor makes to the menus document — moves within and between sections, moves of sections within
 * and between columns, hide and show, links added to existing routes — each a new document, and
 * what the editor shows about it: the column limits, the texts a rename changes and where else a
 * text key is used. menus-editor.tsx only carries these out.
 *
 * Items are addressed by id: the schema makes ids unique across the whole document (sections, links
 * and entries alike). The schema has no "hidden" flag, so hiding an item takes it out of the
 * operator layer's document (as an account layer hides, server/gateway/config/README.md); it stays
 * in the served document, from which showing puts it back where it was.
 */
import { produce } from "immer";
import { createRouteMatcher, routeOfLink } from "../../../../../../core/routes/match.ts";
import {
  type AdminMenuLink,
  type DropdownMenuEntry,
  type MainMenuLink,
  type MenusManifest,
  menusManifestSchema,
} from "../../../../../../schemas/menus.ts";
import type { RouteDefinition, RoutesManifest } from "../../../../../../schemas/routes.ts";
import { groupColumns, panelGeometry } from "../../../../../shell/menu-layout.ts";
import { type Language, STUDIO_LANGUAGES, type TextsByLanguage } from "../../studio-model.ts";

/** The menus document the editor edits. */
export type MenusDocument = MenusManifest;
/** The menus made of sections in columns: the navigation panel and the admin menu. */
export type SectionMenu = "main" | "admin";
/** The menus made of a list of entries: the user and help dropdowns. */
export type EntryMenu = "user" | "help";
export type MenuName = SectionMenu | EntryMenu;

export const SECTION_MENUS: readonly SectionMenu[] = ["main", "admin"];
export const ENTRY_MENUS: readonly EntryMenu[] = ["user", "help"];

type AnySection = MenusDocument[SectionMenu]["sections"][number];
type AnyLink = MainMenuLink | AdminMenuLink;

/** The columns a section may name per the schema (§2.5, §9: 2 for the panel, 4 for the admin menu). */
export const SCHEMA_COLUMNS: Readonly<Record<SectionMenu, readonly number[]>> = {
  main: menusManifestSchema.properties.main.properties.sections.items.properties.column.enum,
  admin: menusManifestSchema.properties.admin.properties.sections.items.properties.column.enum,
};

/** Where an item is in the document. */
export type ItemLocation =
  | { type: "section"; menu: SectionMenu; sectionIndex: number }
  | { type: "link"; menu: SectionMenu; sectionIndex: number; index: number }
  | { type: "entry"; menu: EntryMenu; index: number };

/** Why a change was not made; the editor says so (StudioMenus_Refusal_<refusal>). */
export type MenuRefusal =
  /** Already first of the menu (or of the column, for a section). */
  | "atStart"
  /** Already last. */
  | "atEnd"
  /** A section needs at least one link (schema: links minItems 1). */
  | "lastLinkOfSection"
  /** A menu needs at least one section (schema: sections minItems 1). */
  | "lastSection"
  /** A dropdown needs at least one entry (schema: entries minItems 1). */
  | "lastEntry"
  /** Links move between the sections of their own menu only (their fields differ). */
  | "otherMenu"
  /** The column is not one the schema allows for this menu. */
  | "columnOutOfRange"
  /** The item is in the document: there is nothing to show. */
  | "notHidden"
  /** Every link of the section is in another section now. */
  | "linksElsewhere"
  /** Only a link this draft added can be deleted; others are hidden. */
  | "notAdded"
  /** The English text is required (the texts' rule: no empty text). */
  | "englishRequired"
  /** The route cannot be linked from this menu. */
  | "notLinkable"
  /** A dragged item cannot go where it was dropped (a link in a column, an entry among sections). */
  | "notHere";

/** A change's outcome: the new document, or why there is none. */
export type MenuEditResult =
  | {
      ok: true;
      document: MenusDocument;
      /** A section that went with the change (hiding its last link hides it, §6). */
      sectionHidden?: string;
    }
  | { ok: false; refusal: MenuRefusal };

const refuse = (refusal: MenuRefusal): { ok: false; refusal: MenuRefusal } => ({ ok: false, refusal });

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The first place where `value` is not shaped like a menus document the editor can show (menus with
 * their sections, links and entries, each with an id), as an RFC 6901 pointer; null when it is. The
 * full schema is the validation's job; this only keeps the editor from misreading a broken draft.
 */
export function menusDocumentProblem(value: unknown): string | null {
  if (!isObject(value)) return "";
  for (const menu of SECTION_MENUS) {
    const sections = isObject(value[menu]) ? value[menu].sections : undefined;
    if (!Array.isArray(sections)) return `/${menu}/sections`;
    for (const [s, section] of sections.entries()) {
      if (!isObject(section) || typeof section.id !== "string") return `/${menu}/sections/${s}`;
      if (!Array.isArray(section.links)) return `/${menu}/sections/${s}/links`;
      for (const [l, link] of section.links.entries()) {
        if (!isObject(link) || typeof link.id !== "string") return `/${menu}/sections/${s}/links/${l}`;
      }
    }
  }
  for (const menu of ENTRY_MENUS) {
    const entries = isObject(value[menu]) ? value[menu].entries : undefined;
    if (!Array.isArray(entries)) return `/${menu}/entries`;
    for (const [e, entry] of entries.entries()) {
      if (!isObject(entry) || typeof entry.id !== "string") return `/${menu}/entries/${e}`;
    }
  }
  return null;
}

/** Where the item with `id` is, or null when the document has none. */
export function locateItem(document: MenusDocument, id: string): ItemLocation | null {
  for (const menu of SECTION_MENUS) {
    const sections = document[menu].sections as readonly AnySection[];
    for (const [sectionIndex, section] of sections.entries()) {
      if (section.id === id) return { type: "section", menu, sectionIndex };
      const index = (section.links as readonly AnyLink[]).findIndex((link) => link.id === id);
      if (index >= 0) return { type: "link", menu, sectionIndex, index };
    }
  }
  for (const menu of ENTRY_MENUS) {
    const index = document[menu].entries.findIndex((entry) => entry.id === id);
    if (index >= 0) return { type: "entry", menu, index };
  }
  return null;
}

function mustLocate(document: MenusDocument, id: string): ItemLocation {
  const location = locateItem(document, id);
  if (!location) throw new Error(`the menus document has no item "${id}"`);
  return location;
}

/** The RFC 6901 pointer of a location. */
export function locationPointer(location: ItemLocation): string {
  if (location.type === "entry") return `/${location.menu}/entries/${location.index}`;
  const section = `/${location.menu}/sections/${location.sectionIndex}`;
  return location.type === "section" ? section : `${section}/links/${location.index}`;
}

/**
 * The item a pointer into the document points into (the deepest section, link or entry on its way),
 * and the property of that item it names, if any: `/main/sections/1/links/3/textKey` →
 * `{ id: <that link's id>, field: "textKey" }`. Null when the pointer reaches no item.
 */
export function itemAtPointer(
  document: MenusDocument,
  pointer: string,
): { id: string; field: string | null } | null {
  const tokens = pointer
    .split("/")
    .slice(1)
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"));
  const [menu, list, first, nested, second, field] = tokens;
  if ((SECTION_MENUS as readonly string[]).includes(menu ?? "") && list === "sections") {
    const section = (document[menu as SectionMenu].sections as readonly AnySection[])[Number(first)];
    if (!section || first === undefined || first === "") return null;
    if (nested === "links" && second !== undefined) {
      const link = (section.links as readonly AnyLink[])[Number(second)];
      if (link) return { id: link.id, field: field ?? null };
    }
    return { id: section.id, field: nested === "links" ? null : (nested ?? null) };
  }
  if ((ENTRY_MENUS as readonly string[]).includes(menu ?? "") && list === "entries") {
    const entry = document[menu as EntryMenu].entries[Number(first)];
    if (!entry || first === undefined || first === "") return null;
    return { id: entry.id, field: nested ?? null };
  }
  return null;
}

/** Every id of the document, in document order (sections, their links, then the entries). */
export function allIds(document: MenusDocument): string[] {
  const ids: string[] = [];
  for (const menu of SECTION_MENUS) {
    for (const section of document[menu].sections as readonly AnySection[]) {
      ids.push(section.id);
      for (const link of section.links as readonly AnyLink[]) ids.push(link.id);
    }
  }
  for (const menu of ENTRY_MENUS) for (const entry of document[menu].entries) ids.push(entry.id);
  return ids;
}

/** The text key that names an item: a section's titleKey, a link's or entry's textKey. */
export function textKeyOf(document: MenusDocument, id: string): string {
  const location = mustLocate(document, id);
  if (location.type === "entry")
    return (document[location.menu].entries[location.index] as DropdownMenuEntry).textKey;
  const section = document[location.menu].sections[location.sectionIndex] as AnySection;
  if (location.type === "section") return section.titleKey;
  return (section.links[location.index] as AnyLink).textKey;
}

/**
 * A menu's sections in the order the editor shows them: column by column, each column in document
 * order. The navigation panel lays them out the same way (runtime/shell/menu-layout.ts), so a link
 * moved past the end of a section lands where the operator sees the next section.
 */
export function sectionsInDisplayOrder(document: MenusDocument, menu: SectionMenu): AnySection[] {
  return [...(document[menu].sections as readonly AnySection[])].sort((a, b) => a.column - b.column);
}

type Direction = "up" | "down";

/**
 * Moves an item one place: a link within its section, past an end into the neighbouring section
 * (in display order: last place of the one before, first place of the one after); a section past
 * its neighbour in the same column; an entry within its dropdown.
 */
export function moveItem(document: MenusDocument, id: string, direction: Direction): MenuEditResult {
  const location = mustLocate(document, id);
  const step = direction === "up" ? -1 : 1;
  if (location.type === "entry") {
    const target = location.index + step;
    if (target < 0) return refuse("atStart");
    if (target >= document[location.menu].entries.length) return refuse("atEnd");
    return moveEntryTo(document, id, target);
  }
  const sections = document[location.menu].sections as readonly AnySection[];
  if (location.type === "section") {
    const section = sections[location.sectionIndex] as AnySection;
    const sameColumn = sections.flatMap((s, index) => (s.column === section.column ? [index] : []));
    const at = sameColumn.indexOf(location.sectionIndex);
    const swapWith = sameColumn[at + step];
    if (swapWith === undefined) return refuse(step < 0 ? "atStart" : "atEnd");
    // Swapping the two keeps every other section (of any column) at its place in the array.
    const next = produce(document, (draft) => {
      const list = draft[location.menu].sections as AnySection[];
      const a = list[location.sectionIndex] as AnySection;
      list[location.sectionIndex] = list[swapWith] as AnySection;
      list[swapWith] = a;
    });
    return { ok: true, document: next };
  }
  const section = sections[location.sectionIndex] as AnySection;
  const target = location.index + step;
  if (target >= 0 && target < section.links.length) return moveLinkTo(document, id, section.id, target);
  const ordered = sectionsInDisplayOrder(document, location.menu);
  const neighbour = ordered[ordered.findIndex((s) => s.id === section.id) + step];
  if (!neighbour) return refuse(step < 0 ? "atStart" : "atEnd");
  return moveLinkTo(document, id, neighbour.id, step < 0 ? neighbour.links.length : 0);
}

/**
 * Moves a link to `index` of a section of its own menu (the index among the section's links once
 * the link left its place).
 */
export function moveLinkTo(
  document: MenusDocument,
  id: string,
  sectionId: string,
  index: number,
): MenuEditResult {
  const from = mustLocate(document, id);
  const to = mustLocate(document, sectionId);
  if (from.type !== "link" || to.type !== "section")
    throw new Error(`"${id}" is not a link or "${sectionId}" not a section`);
  if (from.menu !== to.menu) return refuse("otherMenu");
  const source = document[from.menu].sections[from.sectionIndex] as AnySection;
  if (from.sectionIndex !== to.sectionIndex && source.links.length === 1) return refuse("lastLinkOfSection");
  const next = produce(document, (draft) => {
    const list = draft[from.menu].sections as AnySection[];
    const [link] = (list[from.sectionIndex] as AnySection).links.splice(from.index, 1);
    const links = (list[to.sectionIndex] as AnySection).links as AnyLink[];
    links.splice(clamp(index, 0, links.length), 0, link as AnyLink);
  });
  return { ok: true, document: next };
}

/**
 * Moves a section to `column` at `index` among that column's sections (once it left its place);
 * columns are the schema's (§2.5: 1–2 for the panel, 1–4 for the admin menu).
 */
export function moveSectionTo(
  document: MenusDocument,
  id: string,
  column: number,
  index: number,
): MenuEditResult {
  const from = mustLocate(document, id);
  if (from.type !== "section") throw new Error(`"${id}" is not a section`);
  if (!SCHEMA_COLUMNS[from.menu].includes(column)) return refuse("columnOutOfRange");
  const next = produce(document, (draft) => {
    const list = draft[from.menu].sections as AnySection[];
    const [section] = list.splice(from.sectionIndex, 1) as [AnySection];
    section.column = column as AnySection["column"];
    const inColumn = list.flatMap((s, at) => (s.column === column ? [at] : []));
    const before = inColumn[clamp(index, 0, inColumn.length)];
    // After the column's last section when it goes last; at the end when the column is empty.
    const at = before ?? (inColumn.length > 0 ? (inColumn[inColumn.length - 1] as number) + 1 : list.length);
    list.splice(at, 0, section);
  });
  return { ok: true, document: next };
}

/** Moves a section to the next or previous column, at the same place in it as far as it has room. */
export function moveSectionAcross(
  document: MenusDocument,
  id: string,
  direction: "left" | "right",
): MenuEditResult {
  const location = mustLocate(document, id);
  if (location.type !== "section") throw new Error(`"${id}" is not a section`);
  const sections = document[location.menu].sections as readonly AnySection[];
  const section = sections[location.sectionIndex] as AnySection;
  const column = section.column + (direction === "left" ? -1 : 1);
  const columns = SCHEMA_COLUMNS[location.menu];
  if (column < (columns[0] as number)) return refuse("atStart");
  if (column > (columns[columns.length - 1] as number)) return refuse("atEnd");
  const at = sections.filter((s) => s.column === section.column).indexOf(section);
  return moveSectionTo(document, id, column, at);
}

/** Moves an entry of the user or help menu to `index`. */
export function moveEntryTo(document: MenusDocument, id: string, index: number): MenuEditResult {
  const from = mustLocate(document, id);
  if (from.type !== "entry") throw new Error(`"${id}" is not an entry`);
  const next = produce(document, (draft) => {
    const entries = draft[from.menu].entries;
    const [entry] = entries.splice(from.index, 1);
    entries.splice(clamp(index, 0, entries.length), 0, entry as DropdownMenuEntry);
  });
  return { ok: true, document: next };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/**
 * Hides an item: takes it out of the operator layer's document (see the module comment). Hiding a
 * section's last link hides the section with it — §6 hides a section without a visible link anyway,
 * and the schema allows no empty section.
 */
export function hideItem(document: MenusDocument, id: string): MenuEditResult {
  const location = mustLocate(document, id);
  if (location.type === "entry") {
    if (document[location.menu].entries.length === 1) return refuse("lastEntry");
    const next = produce(document, (draft) => {
      draft[location.menu].entries.splice(location.index, 1);
    });
    return { ok: true, document: next };
  }
  const sections = document[location.menu].sections as readonly AnySection[];
  const section = sections[location.sectionIndex] as AnySection;
  if (location.type === "link" && section.links.length > 1) {
    const next = produce(document, (draft) => {
      (draft[location.menu].sections[location.sectionIndex] as AnySection).links.splice(location.index, 1);
    });
    return { ok: true, document: next };
  }
  if (sections.length === 1) return refuse("lastSection");
  const next = produce(document, (draft) => {
    draft[location.menu].sections.splice(location.sectionIndex, 1);
  });
  return location.type === "link"
    ? { ok: true, document: next, sectionHidden: section.id }
    : { ok: true, document: next };
}

/** An item of the served document that the draft does not have. */
export interface HiddenItem {
  id: string;
  type: ItemLocation["type"];
  menu: MenuName;
  textKey: string;
  /** For a link: the section it was in. */
  sectionId?: string;
  /** For a section: its links that go with it (the ones not elsewhere in the draft). */
  linkIds?: string[];
}

/**
 * What the draft hides: every section, link and entry of the served document (`live`) that is not
 * in the draft. A link of a hidden section is listed with its section, not on its own.
 */
export function hiddenItems(document: MenusDocument, live: MenusDocument): HiddenItem[] {
  const present = new Set(allIds(document));
  const hidden: HiddenItem[] = [];
  for (const menu of SECTION_MENUS) {
    for (const section of live[menu].sections as readonly AnySection[]) {
      const missing = (section.links as readonly AnyLink[]).filter((link) => !present.has(link.id));
      if (!present.has(section.id)) {
        hidden.push({
          id: section.id,
          type: "section",
          menu,
          textKey: section.titleKey,
          linkIds: missing.map((link) => link.id),
        });
        continue;
      }
      for (const link of missing) {
        hidden.push({ id: link.id, type: "link", menu, textKey: link.textKey, sectionId: section.id });
      }
    }
  }
  for (const menu of ENTRY_MENUS) {
    for (const entry of live[menu].entries) {
      if (!present.has(entry.id)) hidden.push({ id: entry.id, type: "entry", menu, textKey: entry.textKey });
    }
  }
  return hidden;
}

/**
 * Shows a hidden item again: puts the served document's item back at its served place (or the
 * nearest the draft has). A link whose section is hidden too brings its section back with it alone;
 * a section comes back with those of its served links the draft does not have elsewhere.
 */
export function showItem(document: MenusDocument, live: MenusDocument, id: string): MenuEditResult {
  if (locateItem(document, id)) return refuse("notHidden");
  const served = locateItem(live, id);
  if (!served) throw new Error(`the served menus document has no item "${id}"`);
  if (served.type === "entry") {
    const entry = live[served.menu].entries[served.index] as DropdownMenuEntry;
    const next = produce(document, (draft) => {
      const entries = draft[served.menu].entries;
      entries.splice(Math.min(served.index, entries.length), 0, entry);
    });
    return { ok: true, document: next };
  }
  const servedSection = live[served.menu].sections[served.sectionIndex] as AnySection;
  const inDraft = locateItem(document, servedSection.id);
  if (served.type === "link" && inDraft?.type === "section") {
    const link = servedSection.links[served.index] as AnyLink;
    const next = produce(document, (draft) => {
      const links = (draft[served.menu].sections[inDraft.sectionIndex] as AnySection).links as AnyLink[];
      links.splice(Math.min(served.index, links.length), 0, link);
    });
    return { ok: true, document: next };
  }
  const present = new Set(allIds(document));
  const links =
    served.type === "link"
      ? [servedSection.links[served.index] as AnyLink]
      : (servedSection.links as readonly AnyLink[]).filter((link) => !present.has(link.id));
  if (links.length === 0) return refuse("linksElsewhere");
  const next = produce(document, (draft) => {
    const sections = draft[served.menu].sections as AnySection[];
    sections.splice(Math.min(served.sectionIndex, sections.length), 0, {
      ...servedSection,
      links,
    } as AnySection);
  });
  return { ok: true, document: next };
}

// ————————————————————————————————————————— texts

/** Properties whose name ends in `Key` hold text keys, except these (the manifests' cross checks' rule). */
const NOT_TEXT_KEYS = new Set(["key", "rowKey", "sortKey", "groupKey"]);

/** A place that uses a text key. */
export interface TextKeyUse {
  kind: "menus" | "routes";
  /** RFC 6901 pointer of the property holding the key. */
  pointer: string;
  /** For the menus: the item whose property it is. */
  itemId?: string;
  /** For the routes: the route's path. */
  routePath?: string;
}

function walkTextKeys(value: unknown, pointer: string, visit: (key: string, pointer: string) => void): void {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) walkTextKeys(item, `${pointer}/${index}`, visit);
    return;
  }
  if (!isObject(value)) return;
  for (const [property, child] of Object.entries(value)) {
    const at = `${pointer}/${property.replaceAll("~", "~0").replaceAll("/", "~1")}`;
    if (typeof child === "string" && property.endsWith("Key") && !NOT_TEXT_KEYS.has(property))
      visit(child, at);
    else walkTextKeys(child, at, visit);
  }
}

/** Every place of the menus and routes documents that uses `key` as a text key. */
export function textKeyUses(
  key: string,
  documents: { menus: MenusDocument; routes?: unknown },
): TextKeyUse[] {
  const uses: TextKeyUse[] = [];
  walkTextKeys(documents.menus, "", (value, pointer) => {
    if (value !== key) return;
    const item = itemAtPointer(documents.menus, pointer);
    uses.push(item ? { kind: "menus", pointer, itemId: item.id } : { kind: "menus", pointer });
  });
  walkTextKeys(documents.routes, "", (value, pointer) => {
    if (value !== key) return;
    const index = /^\/routes\/(\d+)\//.exec(pointer)?.[1];
    const route = index === undefined ? undefined : routesOf(documents.routes)?.[Number(index)];
    uses.push(
      typeof route?.path === "string"
        ? { kind: "routes", pointer, routePath: route.path }
        : { kind: "routes", pointer },
    );
  });
  return uses;
}

/** Text changes by language: key → text. */
export type TextChanges = Partial<Record<Language, Record<string, string>>>;

/** What renaming an item changes. */
export type RenameResult =
  | {
      ok: true;
      /** The item's text key, whose texts change. */
      key: string;
      changes: TextChanges;
      /** Every other place using the same key: a rename changes them too. */
      sharedWith: TextKeyUse[];
    }
  | { ok: false; refusal: "emptyText"; languages: Language[] };

/**
 * The text changes that rename an item: its text key's texts in the languages given. A rename never
 * writes an empty text (the texts' rule); it says which other menu items and routes share the key,
 * since they are renamed with it.
 */
export function renameItem(
  document: MenusDocument,
  id: string,
  texts: Partial<Record<Language, string>>,
  routes?: unknown,
): RenameResult {
  const key = textKeyOf(document, id);
  const own = locationPointer(mustLocate(document, id));
  const empty = STUDIO_LANGUAGES.filter(
    (language) => texts[language] !== undefined && texts[language]?.trim() === "",
  );
  if (empty.length > 0) return { ok: false, refusal: "emptyText", languages: empty };
  const changes: TextChanges = {};
  for (const language of STUDIO_LANGUAGES) {
    const text = texts[language];
    if (text !== undefined) changes[language] = { [key]: text };
  }
  const sharedWith = textKeyUses(key, { menus: document, routes }).filter(
    (use) => !(use.kind === "menus" && use.itemId === id && use.pointer.startsWith(`${own}/`)),
  );
  return { ok: true, key, changes, sharedWith };
}

/** A text key no text of any language has yet: `Menu_Custom_<id>`, with a number after it if taken. */
export function freshTextKey(id: string, texts: readonly TextsByLanguage[]): string {
  const taken = (key: string) =>
    texts.some((byLanguage) => STUDIO_LANGUAGES.some((l) => Object.hasOwn(byLanguage[l] ?? {}, key)));
  const base = `Menu_Custom_${id}`;
  let key = base;
  for (let n = 2; taken(key); n += 1) key = `${base}_${n}`;
  return key;
}

/**
 * Gives an item a text key of its own, so renaming it leaves the others that shared its key alone:
 * a fresh key holding the current texts of every language.
 */
export function detachTextKey(
  document: MenusDocument,
  id: string,
  texts: TextsByLanguage,
  liveTexts: TextsByLanguage,
): { document: MenusDocument; key: string; changes: TextChanges } {
  const location = mustLocate(document, id);
  const old = textKeyOf(document, id);
  const key = freshTextKey(id, [texts, liveTexts]);
  const changes: TextChanges = {};
  for (const language of STUDIO_LANGUAGES) {
    changes[language] = { [key]: texts[language]?.[old] ?? texts.en?.[old] ?? old };
  }
  const next = produce(document, (draft) => {
    if (location.type === "entry") {
      (draft[location.menu].entries[location.index] as DropdownMenuEntry).textKey = key;
      return;
    }
    const section = draft[location.menu].sections[location.sectionIndex] as AnySection;
    if (location.type === "section") section.titleKey = key;
    else (section.links[location.index] as AnyLink).textKey = key;
  });
  return { document: next, key, changes };
}

// ————————————————————————————————————————— adding links

/** A route a menu link may open, with the fields the new link takes from it. */
export interface LinkableRoute {
  routeId: string;
  menu: SectionMenu;
  /** The link: the route's path without its optional parameters. */
  link: string;
  titleKey?: string;
  /** The navigation panel link's role permission key (§6), from the route's permission. */
  key?: string;
  /** The navigation panel link's feature, from the route's first feature (it badges, never hides). */
  feature?: string;
  /** The admin link's module, from the route's first admin module. */
  adminModule?: string;
  /** Ids of the document's links that already open it. */
  linkedBy: string[];
}

function routesOf(routes: unknown): readonly Partial<RouteDefinition>[] | null {
  return isObject(routes) && Array.isArray(routes.routes)
    ? (routes.routes as Partial<RouteDefinition>[])
    : null;
}

const OPTIONAL_TAIL = /(\/:[A-Za-z][A-Za-z0-9]*\?)+$/;
/** The schema's admin link pattern (schemas/menus.ts adminPath). */
const ADMIN_LINK = /^\/admin(\/[a-z0-9]+)+$/;

/**
 * The routes the menus may link, by menu (null when `routes` is not a routes document): screens and
 * legacy pages of the app that need a signed-in user, whose path is static once its optional
 * parameters are dropped, and whose link opens that very route (core's matcher, as the cross checks
 * resolve links). The navigation panel takes those gated by a role permission (a panel link needs
 * its key, §6); the admin menu those gated by an admin module under /admin/ (§2.4, §2.5).
 */
export function linkableRoutes(
  routes: unknown,
  document: MenusDocument,
): Record<SectionMenu, LinkableRoute[]> | null {
  const list = routesOf(routes);
  if (!list) return null;
  const matcher = createRouteMatcher(routes as RoutesManifest, "app");
  const linkedBy = (menu: SectionMenu, link: string) =>
    (document[menu].sections as readonly AnySection[]).flatMap((section) =>
      (section.links as readonly AnyLink[]).filter((l) => l.link.toLowerCase() === link).map((l) => l.id),
    );
  const result: Record<SectionMenu, LinkableRoute[]> = { main: [], admin: [] };
  for (const route of list) {
    if (typeof route.id !== "string" || typeof route.path !== "string") continue;
    if ((route.mode ?? "app") !== "app" || !(route.screen || route.legacy)) continue;
    const access = route.access ?? {};
    if (access.public || access.notLoggedInOnly) continue;
    const link = route.path.replace(OPTIONAL_TAIL, "") || "/";
    if (/[:*?]/.test(link) || routeOfLink(link, matcher)?.route.id !== route.id) continue;
    const titleKey = typeof route.titleKey === "string" ? { titleKey: route.titleKey } : {};
    const adminModule = access.adminModules?.[0];
    if (adminModule !== undefined) {
      if (!ADMIN_LINK.test(link)) continue;
      result.admin.push({
        routeId: route.id,
        menu: "admin",
        link,
        adminModule,
        linkedBy: linkedBy("admin", link),
        ...titleKey,
      });
    } else if (access.permission !== undefined && !link.startsWith("/admin/")) {
      const feature = access.features?.[0];
      result.main.push({
        routeId: route.id,
        menu: "main",
        link,
        key: access.permission,
        ...(feature !== undefined ? { feature } : {}),
        linkedBy: linkedBy("main", link),
        ...titleKey,
      });
    }
  }
  return result;
}

/** An id no item of the draft or the served document has: `custom` + the route's id, numbered if taken. */
export function freshItemId(routeId: string, documents: readonly MenusDocument[]): string {
  const taken = new Set(documents.flatMap(allIds));
  const base = `custom${routeId.charAt(0).toUpperCase()}${routeId.slice(1)}`.replace(/[^A-Za-z0-9_]/g, "");
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}${n}`;
  return id;
}

/** The texts of a new link in every language: English is required, a language left empty takes it. */
export function newLinkTexts(texts: Partial<Record<Language, string>>): Record<Language, string> | null {
  const english = texts.en?.trim() ?? "";
  if (english === "") return null;
  return Object.fromEntries(
    STUDIO_LANGUAGES.map((language) => {
      const text = texts[language];
      return [language, text !== undefined && text.trim() !== "" ? text : (texts.en as string)];
    }),
  ) as Record<Language, string>;
}

/** What adding a link gives: the document, the new link's id and key, and its texts. */
export type AddLinkResult =
  | { ok: true; document: MenusDocument; id: string; textKey: string; changes: TextChanges }
  | { ok: false; refusal: MenuRefusal };

/**
 * Adds a link to an existing route at the end of a section (or at `index`): a fresh id, a fresh
 * text key `Menu_Custom_<id>`, and its texts in every language (English required).
 */
export function addLink(
  document: MenusDocument,
  context: { live: MenusDocument; texts: TextsByLanguage; liveTexts: TextsByLanguage },
  request: {
    sectionId: string;
    route: LinkableRoute;
    texts: Partial<Record<Language, string>>;
    index?: number;
  },
): AddLinkResult {
  const section = mustLocate(document, request.sectionId);
  if (section.type !== "section") throw new Error(`"${request.sectionId}" is not a section`);
  if (section.menu !== request.route.menu) return refuse("otherMenu");
  const { route } = request;
  if (route.menu === "main" ? route.key === undefined : route.adminModule === undefined)
    return refuse("notLinkable");
  const texts = newLinkTexts(request.texts);
  if (!texts) return refuse("englishRequired");
  const id = freshItemId(route.routeId, [document, context.live]);
  const textKey = freshTextKey(id, [context.texts, context.liveTexts]);
  const link: AnyLink =
    route.menu === "main"
      ? {
          id,
          textKey,
          link: route.link,
          key: route.key as string,
          ...(route.feature !== undefined ? { feature: route.feature } : {}),
          adminOnly: false,
        }
      : { id, textKey, link: route.link, adminModule: route.adminModule as string };
  const next = produce(document, (draft) => {
    const links = (draft[section.menu].sections[section.sectionIndex] as AnySection).links as AnyLink[];
    links.splice(clamp(request.index ?? links.length, 0, links.length), 0, link);
  });
  const changes: TextChanges = {};
  for (const language of STUDIO_LANGUAGES) changes[language] = { [textKey]: texts[language] };
  return { ok: true, document: next, id, textKey, changes };
}

/** Whether an item is one this draft added (the served document does not have it). */
export function isAddedItem(live: MenusDocument, id: string): boolean {
  return locateItem(live, id) === null;
}

/**
 * Deletes a link the draft added. `releasedTextKey` is its text key when nothing else in the draft
 * uses it and the served texts do not have it: its texts are to be taken out of the draft too.
 */
export function removeAddedLink(
  document: MenusDocument,
  context: { live: MenusDocument; liveTexts: TextsByLanguage },
  id: string,
):
  | { ok: true; document: MenusDocument; releasedTextKey: string | null; sectionHidden?: string }
  | { ok: false; refusal: MenuRefusal } {
  const location = mustLocate(document, id);
  if (location.type !== "link" || !isAddedItem(context.live, id)) return refuse("notAdded");
  const key = textKeyOf(document, id);
  const hidden = hideItem(document, id);
  if (!hidden.ok) return hidden;
  const stillUsed = textKeyUses(key, { menus: hidden.document }).length > 0;
  const served = Object.hasOwn(context.liveTexts.en ?? {}, key);
  return {
    ok: true,
    document: hidden.document,
    releasedTextKey: stillUsed || served ? null : key,
    ...(hidden.sectionHidden !== undefined ? { sectionHidden: hidden.sectionHidden } : {}),
  };
}

// ————————————————————————————————————————— column limits

/** One column of a menu as the draft fills it. */
export interface ColumnUsage {
  /** The column's number as the sections name it (1-based). */
  column: number;
  sectionIds: string[];
  /** Links in its sections. */
  linkCount: number;
  /** The column is past the menu's limit: the panel shows its sections in the last column. */
  over: boolean;
}

/** A menu's columns against its §9 limit. */
export interface MenuColumnLimits {
  menu: SectionMenu;
  /** §9: 2 columns for the navigation panel, 4 for the admin menu (constants.menuColumns, adminMenuColumns). */
  max: number;
  /** Columns 1 to max, then any column past the limit that sections name. */
  columns: ColumnUsage[];
  /** Columns the panel shows (empty ones are dropped, columns past the limit fold into the last). */
  shown: number;
  /** Columns within the limit that no section fills. */
  empty: number[];
  /** A section names a column past the limit. */
  over: boolean;
  /** The panel's width with the columns shown (§9: the full width with all of them), in CSS pixels. */
  widthPx: number;
}

/**
 * How a menu's sections fill its columns, against the limit of §2.5/§9: which sections are in
 * which column, how many links each column holds, which columns are empty and which are past the
 * limit, and how wide the panel is — by the navigation panel's own layout rule (menu-layout.ts).
 */
export function columnLimits(
  document: MenusDocument,
  menu: SectionMenu,
  max: number,
  fullWidthPx: number,
): MenuColumnLimits {
  const sections = document[menu].sections as readonly AnySection[];
  const highest = Math.max(max, ...sections.map((section) => section.column));
  const columns: ColumnUsage[] = [];
  for (let column = 1; column <= highest; column += 1) {
    const inColumn = sections.filter((section) => section.column === column);
    if (column > max && inColumn.length === 0) continue;
    columns.push({
      column,
      sectionIds: inColumn.map((section) => section.id),
      linkCount: inColumn.reduce((sum, section) => sum + section.links.length, 0),
      over: column > max,
    });
  }
  const shown = groupColumns(sections, max).length;
  const widthPx = panelGeometry({
    anchor: { left: 0, bottom: 0 },
    viewportWidth: Number.POSITIVE_INFINITY,
    fullWidth: fullWidthPx,
    columns: shown,
    maxColumns: max,
  }).width;
  return {
    menu,
    max,
    columns,
    shown,
    empty: columns.filter((c) => !c.over && c.sectionIds.length === 0).map((c) => c.column),
    over: columns.some((c) => c.over),
    widthPx,
  };
}

/** Where an item stands among its neighbours, as the editor announces it after a move (1-based). */
export type ItemPosition = { position: number; count: number } & (
  | { within: "section"; sectionId: string }
  | { within: "column"; menu: SectionMenu; column: number }
  | { within: "menu"; menu: EntryMenu }
);

/** An item's place: a link in its section, a section in its column, an entry in its dropdown. */
export function itemPosition(document: MenusDocument, id: string): ItemPosition {
  const location = mustLocate(document, id);
  if (location.type === "entry") {
    const count = document[location.menu].entries.length;
    return { position: location.index + 1, count, within: "menu", menu: location.menu };
  }
  const sections = document[location.menu].sections as readonly AnySection[];
  const section = sections[location.sectionIndex] as AnySection;
  if (location.type === "link") {
    return {
      position: location.index + 1,
      count: section.links.length,
      within: "section",
      sectionId: section.id,
    };
  }
  const column = sections.filter((s) => s.column === section.column);
  return {
    position: column.indexOf(section) + 1,
    count: column.length,
    within: "column",
    menu: location.menu,
    column: section.column,
  };
}

/** Where a dragged item is dropped: before or after an item, at the end of a section or of a column. */
export type DropTarget =
  | { at: "item"; id: string; place: "before" | "after" }
  | { at: "sectionEnd"; sectionId: string }
  | { at: "columnEnd"; menu: SectionMenu; column: number };

/**
 * The move a drop makes (drag and drop, §2.5 layout): a link goes before or after a link, to the
 * top of a section dropped on its title, or to a section's end; a section goes before or after a
 * section (or the section of the link it is dropped on) or to a column's end; an entry before or
 * after an entry of its dropdown. Anything else is refused with `notHere`.
 */
export function dropItem(document: MenusDocument, id: string, target: DropTarget): MenuEditResult {
  const from = mustLocate(document, id);
  if (target.at === "columnEnd") {
    if (from.type !== "section") return refuse("notHere");
    if (from.menu !== target.menu) return refuse("otherMenu");
    return moveSectionTo(document, id, target.column, Number.POSITIVE_INFINITY);
  }
  const onto =
    target.at === "item" ? mustLocate(document, target.id) : mustLocate(document, target.sectionId);
  const after = target.at === "sectionEnd" || target.place === "after";
  if (from.type === "entry") {
    if (onto.type !== "entry") return refuse("notHere");
    if (onto.menu !== from.menu) return refuse("otherMenu");
    return moveEntryTo(document, id, shifted(onto.index + (after ? 1 : 0), from.index));
  }
  if (onto.type === "entry") return refuse("notHere");
  if (onto.menu !== from.menu) return refuse("otherMenu");
  const sections = document[onto.menu].sections as readonly AnySection[];
  const ontoSection = sections[onto.sectionIndex] as AnySection;
  if (from.type === "link") {
    if (target.at === "sectionEnd") return moveLinkTo(document, id, ontoSection.id, Number.POSITIVE_INFINITY);
    if (onto.type === "section") return moveLinkTo(document, id, ontoSection.id, 0);
    const index = onto.index + (after ? 1 : 0);
    const sameSection = from.sectionIndex === onto.sectionIndex;
    return moveLinkTo(document, id, ontoSection.id, sameSection ? shifted(index, from.index) : index);
  }
  const column = sections.filter((s) => s.column === ontoSection.column);
  const index = column.indexOf(ontoSection) + (after ? 1 : 0);
  const dragged = sections[from.sectionIndex] as AnySection;
  const sameColumn = dragged.column === ontoSection.column;
  return moveSectionTo(
    document,
    id,
    ontoSection.column,
    sameColumn ? shifted(index, column.indexOf(dragged)) : index,
  );
}

/** An index counted with the moved item in the list, counted without it (the item was before it). */
function shifted(index: number, movedFrom: number): number {
  return movedFrom < index ? index - 1 : index;
}
