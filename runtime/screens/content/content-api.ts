/**
 * The library calls of the content screens, through the gateway relay (`/api/…`, CSRF added by
 * apiRequest): folders and objects of an area (`Content/{area}/…`, the area being the route's role
 * permission key), schedule and alert history, teams and media downloads.
 */
import { apiRequest, apiUrl } from "../../http/api-client.ts";
import type { ApiCall } from "../../http/api-client-context.ts";
import type {
  FolderBody,
  FolderDetail,
  HistoryEntry,
  ListPage,
  ObjectBody,
  ObjectDetail,
  TeamBody,
} from "./content-types.ts";

const enc = encodeURIComponent;
const base = (area: string) => `Content/${enc(area)}`;
const folder = (area: string, recId: number) => `${base(area)}/Folders/${recId}`;
const object = (area: string, recId: number) => `${base(area)}/Objects/${recId}`;

/** The calls on one area's folders and objects, made with `request` (a view's useApiClient). */
export function contentApi(area: string, signal?: AbortSignal, request: ApiCall = apiRequest) {
  const get = <T>(path: string) => request<T>(path, { signal });
  const send = <T>(method: "POST" | "PUT" | "DELETE", path: string, body?: unknown) =>
    request<T>(path, { method, body, signal });
  return {
    /** The five roots with their live subtrees. */
    folders: () => get<FolderBody[]>(`${base(area)}/Folders`),
    folder: (recId: number) => get<FolderDetail>(folder(area, recId)),
    createFolder: (name: string, parentRecId: number) =>
      send<FolderBody>("POST", `${base(area)}/Folders`, { Name: name, ParentRecId: parentRecId }),
    renameFolder: (recId: number, name: string) =>
      send<FolderBody>("PUT", folder(area, recId), { Name: name }),
    moveFolder: (recId: number, parentRecId: number) =>
      send<FolderBody>("POST", `${folder(area, recId)}/Move`, { ParentRecId: parentRecId }),
    deleteFolder: (recId: number) => send<null>("DELETE", folder(area, recId)),
    restoreFolder: (recId: number) => send<FolderBody>("POST", `${folder(area, recId)}/Restore`),
    purgeFolder: (recId: number) => send<null>("POST", `${folder(area, recId)}/Purge`),

    /** A page of objects; `query` is the list query string without the leading `?`. */
    objects: (query: string) => get<ListPage<ObjectBody>>(`${base(area)}/Objects${query ? `?${query}` : ""}`),
    object: (recId: number) => get<ObjectDetail>(object(area, recId)),
    createObject: (body: { Type: string; Name: string; FolderRecId?: number }) =>
      send<ObjectDetail>("POST", `${base(area)}/Objects`, body),
    updateObject: (recId: number, body: { Name?: string; Properties?: Record<string, unknown> }) =>
      send<ObjectDetail>("PUT", object(area, recId), body),
    duplicate: (recId: number) => send<ObjectDetail>("POST", `${object(area, recId)}/Duplicate`, {}),
    moveObject: (recId: number, folderRecId: number) =>
      send<ObjectDetail>("POST", `${object(area, recId)}/Move`, { FolderRecId: folderRecId }),
    deleteObject: (recId: number) => send<null>("DELETE", object(area, recId)),
    restoreObject: (recId: number) => send<ObjectDetail>("POST", `${object(area, recId)}/Restore`),
    purgeObject: (recId: number) => send<null>("POST", `${object(area, recId)}/Purge`),
    favourite: (recId: number, on: boolean) =>
      send<ObjectDetail>(on ? "PUT" : "DELETE", `${object(area, recId)}/Favourite`),
    share: (recId: number, teamRecId: number, on: boolean) =>
      send<ObjectDetail>(on ? "PUT" : "DELETE", `${object(area, recId)}/Shares/${teamRecId}`),
  };
}

/** The calls of one area, as `contentApi` returns them. */
export type ContentApi = ReturnType<typeof contentApi>;

/** The account's teams (needs the Teams permission at r). */
export function listTeams(signal?: AbortSignal): Promise<TeamBody[]> {
  return apiRequest<TeamBody[]>("Teams", { signal });
}

/** A page of schedule runs or alert evaluations. */
export function listHistory(
  area: "Schedules" | "Alerts",
  query: string,
  signal?: AbortSignal,
): Promise<ListPage<HistoryEntry>> {
  return apiRequest<ListPage<HistoryEntry>>(`Content/${area}/History${query ? `?${query}` : ""}`, { signal });
}

/** The download URL of a media object; `inline` asks for an inline preview (images, PDF, text). */
export function mediaDownloadUrl(recId: number, inline = false): string {
  return apiUrl("app", `Media/${recId}/Download${inline ? "?inline=true" : ""}`);
}
