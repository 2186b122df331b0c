/**
 * What a content route means, as pure functions of the routes manifest: the library area of an
 * explorer (its role permission key, §6) and its object types, the explorer path of a folder (§2.2
 * `:folderRecId?`, or the `folder` query of /files?folder= and of explorers without the parameter),
 * and where an object opens (its viewer or editor route, or the legacy frame the manifest maps).
 */

import type { RouteParams } from "../../../core/routes/match.ts";
import type { ClientRoute } from "../../../schemas/client-manifest.ts";
import { fillPathTemplate, legacyUrlFor } from "../../navigation/redirect-target.ts";
import { ROOT_KINDS, type RootKind } from "./content-types.ts";

/** Types whose objects come only from an upload (upstream: Media → 400 TypeNotCreatable). */
export const UPLOAD_ONLY_TYPES: readonly string[] = ["Media"];

/** The path parameter and the query parameter naming the explorer's folder. */
export const FOLDER_PARAM = "folderRecId";
export const FOLDER_QUERY = "folder";

/** The library area a route works on. */
export interface AreaConfig {
  /** The area: the route's role permission key (`Content/{area}/…`). */
  area: string;
  objectTypes: string[];
  /** Types the explorer can create by name. */
  creatableTypes: string[];
  /** The area's objects come from file uploads (documents and media). */
  uploads: boolean;
}

/** The area of a content route; null when the route names no permission or no object type. */
export function areaConfig(route: ClientRoute): AreaConfig | null {
  const area = route.access?.permission;
  const objectTypes = [...(route.screen?.objectTypes ?? [])];
  if (!area || objectTypes.length === 0) return null;
  return {
    area,
    objectTypes,
    creatableTypes: objectTypes.filter((type) => !UPLOAD_ONLY_TYPES.includes(type)),
    uploads: objectTypes.some((type) => UPLOAD_ONLY_TYPES.includes(type)),
  };
}

/** Names of the `:param` segments of a path pattern, in order. */
export function pathParamNames(pattern: string): string[] {
  return [...pattern.matchAll(/:([A-Za-z][A-Za-z0-9]*)\??/g)].map((match) => match[1] as string);
}

/** The explorer URL of a folder (null: the area's landing list), keeping the other query entries. */
export function explorerPath(route: ClientRoute, folderId: number | null, search = ""): string {
  const query = new URLSearchParams(search);
  query.delete(FOLDER_QUERY);
  const inPath = pathParamNames(route.path).includes(FOLDER_PARAM);
  const path = fillPathTemplate(
    route.path,
    inPath && folderId !== null ? { [FOLDER_PARAM]: String(folderId) } : {},
  );
  if (!inPath && folderId !== null) query.set(FOLDER_QUERY, String(folderId));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The folder a location names: the landing list, a folder id, or a malformed value. */
export type FolderRef = { kind: "all" } | { kind: "folder"; id: number } | { kind: "invalid"; raw: string };

/**
 * The folder of an explorer location and, when the folder came in the query of a route that has
 * the path parameter (the /media → /files?folder= redirect, §2.2), the canonical URL to replace it with.
 */
export function folderFromLocation(
  route: ClientRoute,
  params: RouteParams,
  search: string,
): { ref: FolderRef; canonical: string | null } {
  const fromPath = params[FOLDER_PARAM];
  const fromQuery = new URLSearchParams(search).get(FOLDER_QUERY);
  const raw = fromPath ?? fromQuery ?? "";
  if (raw === "") return { ref: { kind: "all" }, canonical: null };
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) return { ref: { kind: "invalid", raw }, canonical: null };
  const id = Number(raw);
  const canonical =
    fromPath === undefined && pathParamNames(route.path).includes(FOLDER_PARAM)
      ? explorerPath(route, id, search)
      : null;
  return { ref: { kind: "folder", id }, canonical };
}

/** A usable route: served as itself, not replaced by an upgrade redirect. */
const usable = (route: ClientRoute) => route.upgrade === undefined;
const lastSegment = (url: string) => url.split("?")[0]?.split("/").filter(Boolean).pop() ?? "";

/** Fills every parameter of a one-object route with the record id. */
function objectPath(route: ClientRoute, recId: number): string {
  const params = Object.fromEntries(pathParamNames(route.path).map((name) => [name, String(recId)]));
  return fillPathTemplate(route.path, params);
}

/** Where an object opens and where it is edited, among the routes the user was served. */
export interface ObjectLinks {
  view: string | null;
  edit: string | null;
}

/**
 * The viewer route of the type — a signed-in screen of view `viewer` with an exit button (not the
 * shared links' public routes, not the mobile report) — and the editor: a screen of view `editor`
 * of the type (the native editors: objectEditor, the dashboard designer, the insight editor), else
 * the legacy editor page the manifest maps for the area (e.g. /dashboard/editor/:id). Editing needs
 * `canWrite`.
 */
export function objectLinks(
  routes: readonly ClientRoute[],
  area: string,
  type: string,
  recId: number,
  canWrite: boolean,
): ObjectLinks {
  const ofType = (route: ClientRoute) =>
    usable(route) && route.access?.public !== true && route.screen?.objectTypes?.includes(type) === true;
  const viewer = routes.find(
    (route) => ofType(route) && route.screen?.view === "viewer" && route.screen.showExitButton !== false,
  );
  const editor =
    routes.find((route) => ofType(route) && route.screen?.view === "editor") ??
    routes.find(
      (route) =>
        usable(route) &&
        route.legacy !== undefined &&
        route.access?.permission === area &&
        lastSegment(route.legacy.url) === "editor",
    );
  return {
    view: viewer ? objectPath(viewer, recId) : null,
    edit: editor && canWrite ? objectPath(editor, recId) : null,
  };
}

/** The first place an object opens: its viewer, else its editor, else null (the explorer's details). */
export function openLink(links: ObjectLinks): string | null {
  return links.view ?? links.edit;
}

/**
 * The legacy page a viewer or editor frames (§2.3), when the manifest maps one for the area: a legacy
 * route of the same permission whose URL ends in the view (`…/viewer`, `…/editor`) or, for an editor,
 * in the type's name without its `Data` prefix (`/legacy/data/fusion` for DataFusion).
 */
export function legacyFrameUrl(
  routes: readonly ClientRoute[],
  screenRoute: ClientRoute,
  type: string,
  recId: number,
): string | null {
  const area = screenRoute.access?.permission;
  const view = screenRoute.screen?.view;
  if (!area || !view || view === "list") return null;
  const candidates = routes.filter(
    (route) => usable(route) && route.legacy !== undefined && route.access?.permission === area,
  );
  const suffix = type.replace(/^Data/, "").toLowerCase();
  const legacy =
    candidates.find((route) => lastSegment(route.legacy?.url ?? "") === view) ??
    (view === "editor"
      ? candidates.find((route) => lastSegment(route.legacy?.url ?? "") === suffix)
      : undefined);
  if (!legacy?.legacy) return null;
  const params = Object.fromEntries(pathParamNames(legacy.path).map((name) => [name, String(recId)]));
  return legacyUrlFor(legacy.legacy, params);
}

/** The query parameter of the history screens naming one schedule or alert. */
export const HISTORY_OBJECT_QUERY = "object";

/** The history of a schedule or an alert (§2.2 /scheduleshistory, /alertshistory) narrowed to it. */
export function historyLink(routes: readonly ClientRoute[], type: string, recId: number): string | null {
  const route = routes.find(
    (candidate) =>
      usable(candidate) &&
      (candidate.screen?.kind === "schedulesHistory" || candidate.screen?.kind === "alertsHistory") &&
      candidate.screen.objectTypes?.includes(type) === true,
  );
  return route ? `${fillPathTemplate(route.path, {})}?${HISTORY_OBJECT_QUERY}=${recId}` : null;
}

/** The explorer route of an area (for exit buttons, folder paths and the home screen). */
export function explorerRouteOf(routes: readonly ClientRoute[], area: string): ClientRoute | null {
  return (
    routes.find(
      (route) => usable(route) && route.screen?.kind === "explorer" && route.access?.permission === area,
    ) ?? null
  );
}

/** A positive record id from a path parameter, or null. */
export function recIdParam(value: string | undefined): number | null {
  return value !== undefined && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null;
}

/** The plugins tabs (§2.2 /plugins/{screenTab?}): `all` (no screenTab), then one per root by its lower-case name. */
export const PLUGIN_TABS: readonly string[] = ["all", ...ROOT_KINDS.map((kind) => kind.toLowerCase())];

/** The tab a screenTab parameter names (any case); null when it names none. */
export function pluginTab(screenTab: string | undefined): string | null {
  if (screenTab === undefined || screenTab === "") return "all";
  const tab = screenTab.toLowerCase();
  return PLUGIN_TABS.includes(tab) ? tab : null;
}

/** The root a plugins tab lists (null for all). */
export function rootOfTab(tab: string): RootKind | null {
  return ROOT_KINDS.find((kind) => kind.toLowerCase() === tab) ?? null;
}
