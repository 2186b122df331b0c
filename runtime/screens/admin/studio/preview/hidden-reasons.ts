/**
 * The "why hidden" list of Preview as (DESIGN.md §3 "previewed as a given role/account"): each entry
 * the gateway's preview reports hidden (server/gateway/config/preview.ts, whose reasons are the
 * decisions of core/access/decide.ts and core/menus/menu-links.ts) as a sentence naming the gate and
 * its details, grouped by kind and sorted by name, and searched by name, id or sentence. Pure: the
 * panel translates the sentences and renders the groups.
 */
import type { HiddenEntry } from "../config-client.ts";

/** A hidden entry as the preview answers it: the server adds the text key that names the entry. */
export type PreviewHiddenEntry = HiddenEntry & { labelKey?: string };

/** A sentence to translate: its text key and the values of its placeholders. */
export interface ReasonSentence {
  labelKey: string;
  values: Record<string, string>;
}

/** The sentence of a reason the core does not return (a newer gateway): the raw reason, never an error. */
export const UNKNOWN_REASON_KEY = "StudioPreview_ReasonUnknown";

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value : null;

const unknown = (reason: unknown): ReasonSentence => ({
  labelKey: UNKNOWN_REASON_KEY,
  values: { reason: text(reason) ?? "?" },
});

/** §4.1 step 12, §6: a permission as the role's permission strings spell it (`Users_r`). */
function permissionString(permission: string, level: unknown): string {
  return `${permission}_${level === "rw" ? "rw" : "r"}`;
}

/**
 * The sentence of one hidden entry's reason with its details (the gate that hides it). A reason whose
 * details lack what its sentence names reads as an unknown reason, so nothing is ever made up.
 */
export function hiddenReason(entry: Pick<HiddenEntry, "reason" | "details">): ReasonSentence {
  const details: Record<string, unknown> =
    typeof entry.details === "object" && entry.details !== null ? entry.details : {};
  switch (entry.reason) {
    case "featureNotIncluded": {
      // §4.1 step 11: the route is served as an upgrade route; /upgrade opens in place of its screen.
      const feature = text(details.feature);
      return feature
        ? { labelKey: "StudioPreview_ReasonFeatureNotIncluded", values: { feature } }
        : unknown(entry.reason);
    }
    case "permissionMissing": {
      const permission = text(details.permission);
      if (!permission) return unknown(entry.reason);
      const wanted = permissionString(permission, details.level);
      const held = details.held === "r" || details.held === "rw" ? details.held : null;
      return held === null
        ? { labelKey: "StudioPreview_ReasonPermissionMissing", values: { permission: wanted } }
        : {
            labelKey: "StudioPreview_ReasonPermissionTooLow",
            values: { permission: wanted, held: permissionString(permission, held) },
          };
    }
    case "adminWithoutPermission":
      return { labelKey: "StudioPreview_ReasonAdminWithoutPermission", values: {} };
    case "adminModuleMissing": {
      const modules = Array.isArray(details.modules)
        ? details.modules.filter((m): m is string => text(m) !== null)
        : [];
      if (modules.length === 0) return unknown(entry.reason);
      return modules.length === 1
        ? { labelKey: "StudioPreview_ReasonAdminModuleMissing", values: { module: modules[0] as string } }
        : { labelKey: "StudioPreview_ReasonAdminModulesMissing", values: { modules: modules.join(", ") } };
    }
    case "adminOnly":
      return { labelKey: "StudioPreview_ReasonAdminOnly", values: {} };
    case "impersonating":
      return { labelKey: "StudioPreview_ReasonImpersonating", values: {} };
    case "hiddenByAccount":
      return { labelKey: "StudioPreview_ReasonHiddenByAccount", values: {} };
    case "conditionNotMet": {
      const section = text(details.section);
      return section
        ? { labelKey: "StudioPreview_ReasonSectionConditionNotMet", values: { section } }
        : { labelKey: "StudioPreview_ReasonConditionNotMet", values: {} };
    }
    case "routeNotOpen": {
      const link = text(details.link);
      return link
        ? { labelKey: "StudioPreview_ReasonRouteNotOpen", values: { link } }
        : { labelKey: "StudioPreview_ReasonRouteNotOpenUnnamed", values: {} };
    }
    case "signedOutOnly":
      return { labelKey: "StudioPreview_ReasonSignedOutOnly", values: {} };
    default:
      return unknown(entry.reason);
  }
}

/** The kinds of hidden entries, in the order the list shows their groups. */
export const HIDDEN_KINDS = ["route", "menuLink", "adminMenuLink", "dialog", "screen"] as const;

/** A group's kind: one of the preview's, or `other` for a kind this build does not know. */
export type HiddenGroupKind = (typeof HIDDEN_KINDS)[number] | "other";

/** The heading of each group. */
export const HIDDEN_GROUP_KEYS: Readonly<Record<HiddenGroupKind, string>> = {
  route: "StudioPreview_GroupRoutes",
  menuLink: "StudioPreview_GroupMenuLinks",
  adminMenuLink: "StudioPreview_GroupAdminMenuLinks",
  dialog: "StudioPreview_GroupDialogs",
  screen: "StudioPreview_GroupScreens",
  other: "StudioPreview_GroupOther",
};

/** One line of the list: the entry, the name it is shown under, and its reason's sentence. */
export interface HiddenItem {
  entry: PreviewHiddenEntry;
  name: string;
  reason: ReasonSentence;
}

/** The entries of one kind, sorted. */
export interface HiddenGroup {
  kind: HiddenGroupKind;
  labelKey: string;
  items: HiddenItem[];
}

const groupKind = (kind: unknown): HiddenGroupKind =>
  (HIDDEN_KINDS as readonly unknown[]).includes(kind) ? (kind as HiddenGroupKind) : "other";

/**
 * The entries grouped by kind (groups in HIDDEN_KINDS order, empty groups left out), each group sorted
 * by `compare` over the names `nameOf` gives (then by id, so the order is total).
 */
export function groupHidden(
  entries: readonly PreviewHiddenEntry[],
  nameOf: (entry: PreviewHiddenEntry) => string,
  compare: (a: string, b: string) => number = (a, b) => a.localeCompare(b),
): HiddenGroup[] {
  const byKind = new Map<HiddenGroupKind, HiddenItem[]>();
  for (const entry of entries) {
    const kind = groupKind(entry.kind);
    const items = byKind.get(kind) ?? [];
    items.push({ entry, name: nameOf(entry), reason: hiddenReason(entry) });
    byKind.set(kind, items);
  }
  const order: HiddenGroupKind[] = [...HIDDEN_KINDS, "other"];
  return order.flatMap((kind) => {
    const items = byKind.get(kind);
    if (!items) return [];
    items.sort(
      (a, b) => compare(a.name, b.name) || (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0),
    );
    return [{ kind, labelKey: HIDDEN_GROUP_KEYS[kind], items }];
  });
}

/** Lower case without diacritics, so "benutzer" finds "Benutzer" and "ecran" finds "Écran". */
function folded(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The groups with only the items whose name, id or translated sentence (`sentenceOf`) holds every
 * word of `query`; a blank query keeps everything, a group left empty goes.
 */
export function searchHidden(
  groups: readonly HiddenGroup[],
  query: string,
  sentenceOf: (item: HiddenItem) => string,
): HiddenGroup[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  return groups.flatMap((group) => {
    const items = group.items.filter((item) => {
      const haystack = folded(`${item.name} ${item.entry.id} ${sentenceOf(item)}`);
      return words.every((word) => haystack.includes(word));
    });
    return items.length > 0 ? [{ ...group, items }] : [];
  });
}

/** How many items the groups hold. */
export function hiddenCount(groups: readonly HiddenGroup[]): number {
  return groups.reduce((sum, group) => sum + group.items.length, 0);
}

/** An entry's identity across two previews: its kind and id. */
export function hiddenKey(entry: Pick<HiddenEntry, "kind" | "id">): string {
  return `${entry.kind}:${entry.id}`;
}

/** The entries `hidden` lists and `other` does not (what the draft hides that is shown now). */
export function hiddenKeysOnlyIn(
  hidden: readonly Pick<HiddenEntry, "kind" | "id">[],
  other: readonly Pick<HiddenEntry, "kind" | "id">[],
): Set<string> {
  const elsewhere = new Set(other.map(hiddenKey));
  return new Set(hidden.map(hiddenKey).filter((key) => !elsewhere.has(key)));
}
