/**
 * Which explorer actions are offered where (§2.2 explorers, §6): changes need the route's permission
 * at rw and an object the caller may change (not one shared with them read-only); favourites need
 * only r; Shared, Favourites and Deleted are virtual folders nothing is created in; deleted items can
 * only be restored or purged. The server enforces the same rules.
 */
import type { RootKind } from "./content-types.ts";
import type { ObjectLinks } from "./explorer-area.ts";
import { findNode, type TreeNode } from "./folder-tree.ts";
import type { FolderRef } from "./explorer-area.ts";

/** Where the list is: the landing list, a root, a live folder or a deleted one. */
export type ListPlace = "All" | RootKind | "Folder" | "DeletedFolder" | "Unknown";

/** The place a folder reference names in the tree. */
export function placeOf(tree: readonly TreeNode[], ref: FolderRef): ListPlace {
  if (ref.kind === "all") return "All";
  if (ref.kind === "invalid") return "Unknown";
  const node = findNode(tree, ref.id);
  if (!node) return "Unknown";
  if (node.kind === "Folder") return node.deleted ? "DeletedFolder" : "Folder";
  return node.kind === "All" ? "All" : node.kind;
}

/** Actions on the list as a whole. */
export interface ContextActions {
  createObject: boolean;
  createFolder: boolean;
  upload: boolean;
}

const CREATE_PLACES: readonly ListPlace[] = ["All", "Personal", "Team", "Folder"];
const FOLDER_PLACES: readonly ListPlace[] = ["Personal", "Team", "Folder"];

/** What may be created where; the landing list creates objects in the Personal root (upstream default). */
export function contextActions(input: {
  canWrite: boolean;
  place: ListPlace;
  creatable: boolean;
  uploads: boolean;
}): ContextActions {
  const { canWrite, place } = input;
  return {
    createObject: canWrite && input.creatable && CREATE_PLACES.includes(place),
    createFolder: canWrite && FOLDER_PLACES.includes(place),
    upload: canWrite && input.uploads && CREATE_PLACES.includes(place),
  };
}

/** An action on one object. */
export type ObjectAction =
  | "view"
  | "edit"
  | "details"
  | "favourite"
  | "unfavourite"
  | "rename"
  | "duplicate"
  | "move"
  | "share"
  | "delete"
  | "restore"
  | "purge";

/** The object fields the decision reads. */
export interface ActionItem {
  IsDeleted: boolean;
  CanChange: boolean;
  IsFavourite: boolean;
}

/** The actions offered on an object, in menu order. */
export function objectActions(input: {
  canWrite: boolean;
  item: ActionItem;
  links: ObjectLinks;
}): ObjectAction[] {
  const { canWrite, item, links } = input;
  const change = canWrite && item.CanChange;
  if (item.IsDeleted) return change ? ["details", "restore", "purge"] : ["details"];
  const actions: ObjectAction[] = [];
  if (links.view) actions.push("view");
  if (links.edit && change) actions.push("edit");
  actions.push("details", item.IsFavourite ? "unfavourite" : "favourite");
  if (change) actions.push("rename");
  // Duplicating an object shared read-only is allowed: the copy is the caller's.
  if (canWrite) actions.push("duplicate");
  if (change) actions.push("move", "share", "delete");
  return actions;
}

/** An action on a folder row. */
export type FolderAction = "open" | "rename" | "move" | "delete" | "restore" | "purge";

/** The actions offered on a folder: roots are locked (upstream 409 RootFolderLocked). */
export function folderActions(input: { canWrite: boolean; node: TreeNode }): FolderAction[] {
  const { canWrite, node } = input;
  if (node.kind !== "Folder") return ["open"];
  if (node.deleted) return canWrite ? ["open", "restore", "purge"] : ["open"];
  return canWrite ? ["open", "rename", "move", "delete"] : ["open"];
}

/** The share calls turning the teams an object is shared with into the chosen ones. */
export function shareChanges(
  current: readonly number[],
  chosen: readonly number[],
): { share: number[]; unshare: number[] } {
  return {
    share: chosen.filter((id) => !current.includes(id)),
    unshare: current.filter((id) => !chosen.includes(id)),
  };
}
