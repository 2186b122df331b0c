/**
 * The data of an explorer: the area's folder tree, the current folder's place and path (§3: root
 * down to the folder; from the tree, or from the folder call for folders the tree does not list),
 * its subfolders and a page of its objects.
 */
import { useMemo } from "react";
import { useApiClient } from "../../http/api-client-context.ts";
import { type ContentApi, contentApi } from "./content-api.ts";
import { LIST_PAGE_SIZE } from "./content-limits.ts";
import type { FolderBody, FolderDetail, ListPage, ObjectBody } from "./content-types.ts";
import { type ListPlace, placeOf } from "./explorer-actions.ts";
import type { FolderRef } from "./explorer-area.ts";
import { buildTree, findNode, pathTo, type TreeNode } from "./folder-tree.ts";
import { type ListState, listRequestQuery } from "./list-state.ts";
import { type Resource, useResource } from "./use-resource.ts";

/** Everything an explorer shows. */
export interface ExplorerData {
  api: ContentApi;
  treeResource: Resource<FolderBody[]>;
  tree: TreeNode[];
  place: ListPlace;
  /** The current folder (null on the landing list). */
  current: TreeNode | null;
  path: TreeNode[];
  /** Subfolder rows of the list (page 1, filtered by the search, sorted like the names). */
  subfolders: TreeNode[];
  list: Resource<ListPage<ObjectBody>>;
}

/** A path step of a folder the tree does not list. */
const stepNode = (folder: FolderBody): TreeNode => ({
  id: folder.RecId,
  name: folder.Name,
  kind: folder.Type,
  parentId: folder.RecParentId,
  deleted: folder.IsDeleted,
  children: [],
});

/** The subfolders listed above the objects. */
export function subfolderRows(current: TreeNode | null, state: ListState): TreeNode[] {
  if (!current || state.page !== 1) return [];
  const needle = state.search.toLocaleLowerCase();
  const rows = current.children.filter((node) => node.name.toLocaleLowerCase().includes(needle));
  return state.sort === "-Name" ? [...rows].reverse() : rows;
}

/** The folder to list, or how to find it in the tree ("pending": not known yet). */
export type FolderChoice = FolderRef | "pending" | ((tree: TreeNode[]) => FolderRef | "pending");

/** Loads the explorer of `area` at `choice`. */
export function useExplorerData(
  area: string,
  choice: FolderChoice,
  state: ListState,
): ExplorerData & { folder: FolderRef | "pending" } {
  const request = useApiClient();
  const api = useMemo(() => contentApi(area, undefined, request), [area, request]);
  const treeResource = useResource<FolderBody[]>(`tree:${area}`, (signal) =>
    contentApi(area, signal, request).folders(),
  );
  const tree = useMemo(() => buildTree(treeResource.data ?? [], { includeAll: true }), [treeResource.data]);
  const folder = typeof choice === "function" ? choice(tree) : choice;
  const folderId = folder !== "pending" && folder.kind === "folder" ? folder.id : null;
  const inTree = folderId !== null && findNode(tree, folderId) !== null;
  const treeReady = treeResource.data !== null;

  // A folder the tree does not list (inside a deleted folder): ask for its path.
  const detail = useResource<FolderDetail>(
    folderId !== null && treeReady && !inTree ? `folder:${area}:${folderId}` : null,
    (signal) => contentApi(area, signal, request).folder(folderId as number),
  );

  const query =
    folder === "pending" || folder.kind === "invalid"
      ? null
      : listRequestQuery(state, LIST_PAGE_SIZE, { folderRecId: folderId });
  const list = useResource<ListPage<ObjectBody>>(query === null ? null : `list:${area}:${query}`, (signal) =>
    contentApi(area, signal, request).objects(query ?? ""),
  );

  const fallbackPath = detail.data ? detail.data.Path.map(stepNode) : [];
  const path = folderId === null ? [] : inTree ? pathTo(tree, folderId) : fallbackPath;
  const current = folderId === null ? null : (path[path.length - 1] ?? null);
  let place: ListPlace = folder === "pending" ? "Unknown" : placeOf(tree, folder);
  if (place === "Unknown" && current && detail.data) place = current.deleted ? "DeletedFolder" : "Folder";
  return {
    folder,
    api,
    treeResource,
    tree,
    place,
    current,
    path,
    subfolders: subfolderRows(inTree ? current : null, state),
    list,
  };
}
