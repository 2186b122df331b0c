/**
 * Whom Preview as previews (DESIGN.md §3 "previewed as a given role/account"), as the gateway's
 * `POST /gw/config/preview` takes it (server/gateway/config/README.md): a user of the account — what
 * their own session carries, their account's layer — or a role of the account composed from the
 * permission catalogue, with the subscription's Included features (staff cannot list an account's
 * roles: the upstream lets only the account's members read them). Pure: the chooser carries it out.
 */
import type { ConfigPreviewBody } from "../../../../../schemas/config-api.ts";
import type { PermissionsManifest } from "../../../../../schemas/permissions.ts";
import type { Language } from "../studio-model.ts";

/** An account of the admin accounts list (manifests/screens.json `adminAccounts`), as the chooser needs it. */
export interface PreviewAccount {
  recId: number;
  name: string;
  domain: string;
  isWhiteLabel: boolean;
  menuTitle: string | null;
  subscriptionTemplateRecId: number | null;
}

/** A user of the admin users list (`adminUsers`). */
export interface PreviewUser {
  recId: number;
  fullName: string;
  email: string;
  accountRecId: number;
}

/** Whom to preview as. */
export type PreviewPerson =
  | { kind: "user"; user: PreviewUser }
  /** A role: its permission strings (`Key_r`, `Key_rw`) and the catalogue features Included. */
  | { kind: "role"; rolePermissions: readonly string[]; includedFeatures: readonly string[] };

/** The whole choice of the chooser. */
export interface PreviewChoice {
  account: PreviewAccount | null;
  person: PreviewPerson | null;
  language: Language;
  theme: PreviewTheme;
}

/** The themes a preview shows (§9 light and dark). */
export const PREVIEW_THEMES = ["light", "dark"] as const;
export type PreviewTheme = (typeof PREVIEW_THEMES)[number];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const recId = (value: unknown): number | null =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null;
const string = (value: unknown): string => (typeof value === "string" ? value : "");

/** The items of an admin list answer (`{ items, total }`, server/upstream/admin/README.md). */
function listItems(body: unknown): Record<string, unknown>[] {
  return isRecord(body) && Array.isArray(body.items) ? body.items.filter(isRecord) : [];
}

/** The accounts of an `Admin/Accounts` answer; rows without a usable RecId are left out. */
export function accountsFrom(body: unknown): PreviewAccount[] {
  return listItems(body).flatMap((row) => {
    const id = recId(row.RecId);
    if (id === null) return [];
    return [
      {
        recId: id,
        name: string(row.Name) || String(id),
        domain: string(row.Domain),
        isWhiteLabel: row.IsWhiteLabel === true,
        menuTitle: string(row.MenuTitle) || null,
        subscriptionTemplateRecId: recId(row.SubscriptionTemplateRecId),
      },
    ];
  });
}

/** The users of an `Admin/Users` answer; rows without a usable RecId or account are left out. */
export function usersFrom(body: unknown): PreviewUser[] {
  return listItems(body).flatMap((row) => {
    const id = recId(row.RecId);
    const account = recId(row.AccountRecId);
    if (id === null || account === null) return [];
    return [
      {
        recId: id,
        fullName: string(row.FullName) || String(id),
        email: string(row.Email),
        accountRecId: account,
      },
    ];
  });
}

/** The list calls of the chooser, under the application base (the admin screens' own endpoints). */
export const PREVIEW_LIST_PAGE_SIZE = 50;

/** `Admin/Accounts` searched by name or domain, by name. */
export function accountsPath(search: string): string {
  const query = new URLSearchParams({ page: "1", pageSize: String(PREVIEW_LIST_PAGE_SIZE), sort: "Name" });
  if (search.trim()) query.set("search", search.trim());
  return `Admin/Accounts?${query.toString()}`;
}

/** `Admin/Users` of one account, searched by name or e-mail, by name. */
export function usersPath(accountRecId: number, search: string): string {
  const query = new URLSearchParams({
    page: "1",
    pageSize: String(PREVIEW_LIST_PAGE_SIZE),
    sort: "FullName",
    AccountRecId: String(accountRecId),
  });
  if (search.trim()) query.set("search", search.trim());
  return `Admin/Users?${query.toString()}`;
}

/** One permission string of the catalogue at one level, as the role chooser offers it. */
export interface PermissionChoice {
  value: string;
  key: string;
  titleKey: string;
  level: "r" | "rw";
}

/** Every catalogue permission at read and at read-and-write (§6: `Key_r`, `Key_rw`). */
export function permissionChoices(catalogue: PermissionsManifest["rolePermissions"]): PermissionChoice[] {
  return catalogue.flatMap((permission) =>
    (["r", "rw"] as const).map((level) => ({
      value: `${permission.key}_${level}`,
      key: permission.key,
      titleKey: permission.titleKey,
      level,
    })),
  );
}

/**
 * The catalogue features a subscription template includes (its `IncludedFeatures`, feature ids of
 * manifests/permissions.json); ids the catalogue does not know are left out.
 */
export function includedFeaturesOf(template: unknown, catalogue: PermissionsManifest["features"]): string[] {
  if (!isRecord(template) || !Array.isArray(template.IncludedFeatures)) return [];
  const known = new Set(catalogue.map((feature) => feature.id));
  return template.IncludedFeatures.filter((id): id is string => typeof id === "string" && known.has(id));
}

/**
 * The audience of a role preview: its permission strings as chosen, and every catalogue feature
 * under the name the session sends it by (its session flag, else its configuration name) —
 * Included when chosen, else Optional (core/access/access-profile.ts reads a missing one as Optional too).
 */
export function roleAudience(
  person: Extract<PreviewPerson, { kind: "role" }>,
  catalogue: PermissionsManifest["features"],
): NonNullable<ConfigPreviewBody["audience"]> {
  const included = new Set(person.includedFeatures);
  const features: Record<string, "Included" | "Optional"> = {};
  for (const feature of catalogue) {
    const name = feature.sessionFlag ?? feature.configName;
    if (name) features[name] = included.has(feature.id) ? "Included" : "Optional";
  }
  return { rolePermissions: [...new Set(person.rolePermissions)].sort(), features };
}

/** Why the choice cannot be previewed yet (a text key), or null when it can. */
export function choiceProblem(choice: PreviewChoice): string | null {
  if (!choice.account) return "StudioPreview_ChooseAccount";
  if (!choice.person) return "StudioPreview_ChooseUser";
  return null;
}

/** What each column previews: the draft's saved change set, and the served version. */
export interface PreviewSources {
  /** The change set holding the draft; null while there is none (nothing to preview as the draft). */
  changeSetId: number | null;
  servingVersion: number;
}

/**
 * The two preview requests of a complete choice: the draft (null without a change set) and what is
 * live. A user is previewed as their session would carry them, in their own account; a role in
 * the chosen account.
 */
export function previewBodies(
  choice: PreviewChoice,
  sources: PreviewSources,
  catalogue: PermissionsManifest["features"],
): { draft: ConfigPreviewBody | null; live: ConfigPreviewBody } | null {
  if (choiceProblem(choice) !== null || !choice.account || !choice.person) return null;
  const who: Pick<ConfigPreviewBody, "accountRecId" | "audience" | "userRecId"> =
    choice.person.kind === "user"
      ? { accountRecId: choice.account.recId, userRecId: choice.person.user.recId }
      : { accountRecId: choice.account.recId, audience: roleAudience(choice.person, catalogue) };
  const base = { language: choice.language, ...who };
  return {
    draft: sources.changeSetId === null ? null : { ...base, changeSet: sources.changeSetId },
    live: { ...base, version: sources.servingVersion },
  };
}
