/**
 * Validation problems and warnings name their place as an RFC 6901 pointer into the kind's merged
 * document (server/gateway/config/README.md "Validation"). An operator reads it as a path of names
 * instead: a menu section and entry by their texts in the UI language, a route by its path, a
 * notification template by its code and variant, a dialog by its path, a screen by its title, a text by
 * its key, and properties by a human word where one exists. Pure data and one walk over the document;
 * the workspace joins the segments with " › " after the kind's name.
 */
import type { ConfigKindName, ManifestKindName } from "../studio-model.ts";

/** A text of the configuration (a manifest's text key → the text in the UI language). */
export type TextOf = (key: string) => string;
/** The UI's own texts (react-i18next's `t`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The studio tab a problem is fixed in. */
export type PointerTab = "menus" | "templates" | "texts" | "documents";

/** Where a problem jumps to: the tab, the kind to show there, and the pointer to bring into focus. */
export interface PointerTarget {
  tab: PointerTab;
  kind: ConfigKindName;
  focusPointer: string;
}

/** How an array element is named: the text of one of its text keys, or the value of one of its fields. */
type ElementName = { text: string } | { field: string };

/** Tried in order on any element, after its kind's own (ELEMENT_NAMES). */
const GENERIC_ELEMENT_NAMES: readonly ElementName[] = [
  { text: "textKey" },
  { text: "titleKey" },
  { text: "labelKey" },
  { text: "nameKey" },
  { field: "id" },
  { field: "key" },
  { field: "name" },
  { field: "code" },
  { field: "path" },
  { field: "field" },
  { field: "value" },
];

/** What names an element first, by kind: routes by path, templates by code, variants by name… */
const ELEMENT_NAMES: Readonly<Partial<Record<ManifestKindName, readonly ElementName[]>>> = {
  routes: [{ field: "path" }],
  notifications: [{ field: "code" }, { field: "name" }],
  dialogs: [{ field: "path" }, { field: "id" }],
  screens: [{ text: "titleKey" }, { field: "id" }],
  // Operators know permissions, features and admin modules by their keys (they are in every role).
  permissions: [{ field: "key" }, { field: "id" }, { field: "menu" }],
  widgets: [{ text: "titleKey" }, { field: "kind" }],
};

/**
 * Arrays whose elements stand for themselves: their property is left out before an element ("Main
 * menu › Analytics", not "Main menu › sections › Analytics"), and an element without a name — or one
 * no longer there — is numbered with a word of its own ("Section 3"). Other arrays keep their
 * property's name, then "Item n" for an element without a name.
 */
const COLLECTIONS: Readonly<Partial<Record<ManifestKindName, Readonly<Record<string, string>>>>> = {
  menus: {
    sections: "StudioPointer_NthSection",
    links: "StudioPointer_NthEntry",
    entries: "StudioPointer_NthEntry",
  },
  routes: { routes: "StudioPointer_NthRoute" },
  notifications: { templates: "StudioPointer_NthTemplate", variants: "StudioPointer_NthVariant" },
  dialogs: { dialogs: "StudioPointer_NthDialog" },
  screens: { screens: "StudioPointer_NthScreen" },
  widgets: { kinds: "StudioPointer_NthWidgetKind" },
};

/** Property names with a human word, in every kind. Any other property shows as it is spelled. */
const PROPERTY_LABELS: Readonly<Record<string, string>> = {
  textKey: "StudioPointer_Text",
  titleKey: "StudioPointer_Title",
  labelKey: "StudioPointer_Label",
  descriptionKey: "StudioPointer_Description",
  linkTextKey: "StudioPointer_LinkText",
  altKey: "StudioPointer_AltText",
  messageKey: "StudioPointer_Message",
  nameKey: "StudioPointer_Name",
  productNameKey: "StudioPointer_ProductName",
  fallbackKey: "StudioPointer_FallbackText",
  helpKey: "StudioPointer_Help",
  confirmKey: "StudioPointer_Confirmation",
  successKey: "StudioPointer_SuccessMessage",
  link: "StudioPointer_Link",
  access: "StudioPointer_Access",
  permission: "StudioPointer_Permission",
  permissionLevel: "StudioPointer_PermissionLevel",
  feature: "StudioPointer_Feature",
  adminModule: "StudioPointer_AdminModule",
  icon: "StudioPointer_Icon",
  visibleWhen: "StudioPointer_VisibleWhen",
  path: "StudioPointer_Path",
  screen: "StudioPointer_Screen",
  params: "StudioPointer_Parameters",
  dialog: "StudioPointer_Dialog",
};

/** Property words of one kind, over PROPERTY_LABELS. */
const KIND_PROPERTY_LABELS: Readonly<Partial<Record<ManifestKindName, Readonly<Record<string, string>>>>> = {
  menus: {
    main: "StudioPointer_MainMenu",
    admin: "StudioPointer_AdminMenu",
    user: "StudioPointer_UserMenu",
    help: "StudioPointer_HelpMenu",
  },
  notifications: { unknownCode: "StudioPointer_UnknownCode" },
  permissions: {
    rolePermissions: "StudioPointer_RolePermissions",
    features: "StudioPointer_Features",
    adminModules: "StudioPointer_AdminModules",
    homeRedirects: "StudioPointer_HomeRedirects",
  },
};

/** The studio tab that edits each manifest kind; texts.<language> go to the texts tab. */
const KIND_TABS: Readonly<Record<ManifestKindName, PointerTab>> = {
  menus: "menus",
  notifications: "templates",
  routes: "documents",
  permissions: "documents",
  dialogs: "documents",
  screens: "documents",
  shell: "documents",
  constants: "documents",
  widgets: "documents",
};

const NTH_ITEM = "StudioPointer_NthItem";
const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

/** The text key naming a kind ("Menus", "Routes", "Texts (German)" …). */
export function kindLabelKey(kind: ConfigKindName): string {
  return kind.startsWith("texts.")
    ? `Studio_Kind_texts_${kind.slice("texts.".length)}`
    : `Studio_Kind_${kind}`;
}

/** The tab and focus a problem at `pointer` in `kind` jumps to. */
export function pointerTarget(kind: ConfigKindName, pointer: string): PointerTarget {
  const tab = kind.startsWith("texts.") ? "texts" : KIND_TABS[kind as ManifestKindName];
  return { tab, kind, focusPointer: pointer };
}

/** The unescaped reference tokens of a pointer (RFC 6901 §4: ~1 is "/", then ~0 is "~"). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  // Not a pointer: shown as it came, as one segment (a problem's place is never lost).
  if (!pointer.startsWith("/")) return [pointer];
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The readable segments of `pointer` in the merged `document` of `kind` — without the kind's own name
 * (kindLabelKey), and empty for "" (the whole document). Where the document no longer has what the
 * pointer names (a stale problem after an edit), the rest is named from the raw segments. Never throws.
 */
export function readablePointer(
  kind: ConfigKindName,
  pointer: string,
  document: unknown,
  text: TextOf,
  t: Translate,
): string[] {
  const segments = pointerSegments(pointer);
  // A texts document is flat: its one segment is the key, which is how translators know a text.
  if (kind.startsWith("texts.")) return segments;
  const manifestKind = kind as ManifestKindName;
  const names = [...(ELEMENT_NAMES[manifestKind] ?? []), ...GENERIC_ELEMENT_NAMES];
  const collections = COLLECTIONS[manifestKind] ?? {};
  const labels = { ...PROPERTY_LABELS, ...KIND_PROPERTY_LABELS[manifestKind] };
  const propertyLabel = (name: string) => {
    const key = Object.hasOwn(labels, name) ? labels[name] : undefined;
    return key ? t(key) : name;
  };

  const out: string[] = [];
  let node: unknown = document;
  // The property the array at `node` was reached by, while its label waits for the index after it.
  let pendingArray: string | null = null;
  for (const segment of segments) {
    const arrayProperty = pendingArray;
    pendingArray = null;
    const indexed = Array.isArray(node) || (node === undefined && ARRAY_INDEX.test(segment));
    if (indexed && ARRAY_INDEX.test(segment)) {
      const index = Number(segment);
      const element = Array.isArray(node) ? node[index] : undefined;
      const name = elementName(element, names, text);
      const collection = arrayProperty !== null ? collections[arrayProperty] : undefined;
      if (arrayProperty !== null && collection === undefined) out.push(propertyLabel(arrayProperty));
      out.push(name ?? t(collection ?? NTH_ITEM, { number: index + 1 }));
      node = element;
      continue;
    }
    if (arrayProperty !== null) out.push(propertyLabel(arrayProperty));
    const child = isObject(node) && Object.hasOwn(node, segment) ? node[segment] : undefined;
    // An array's label waits for the segment after it: before an element of a collection it is left out.
    if (Array.isArray(child) || (child === undefined && Object.hasOwn(collections, segment))) {
      pendingArray = segment;
    } else {
      out.push(propertyLabel(segment));
    }
    node = child;
  }
  if (pendingArray !== null) out.push(propertyLabel(pendingArray));
  return out;
}

/** The first name `names` finds on an element, or null (not an object, or nothing to name it by). */
function elementName(element: unknown, names: readonly ElementName[], text: TextOf): string | null {
  if (!isObject(element)) return null;
  for (const name of names) {
    if ("text" in name) {
      const key = element[name.text];
      if (typeof key !== "string" || key === "") continue;
      const shown = text(key);
      if (shown !== "") return shown;
      continue;
    }
    const value = element[name.field];
    if (typeof value === "string" && value !== "") return value;
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
  }
  return null;
}
