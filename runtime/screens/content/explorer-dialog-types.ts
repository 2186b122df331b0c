/** The dialogs of the explorer and what they act on. */
import type { ObjectBody } from "./content-types.ts";
import type { TreeNode } from "./folder-tree.ts";

/** An object or a folder. */
export type ExplorerTarget = { kind: "object"; item: ObjectBody } | { kind: "folder"; node: TreeNode };

/** The open dialog. */
export type ExplorerDialog =
  | { kind: "createFolder"; parentId: number }
  | { kind: "createObject"; type: string; folderId: number | null }
  | { kind: "rename"; target: ExplorerTarget }
  | { kind: "move"; target: ExplorerTarget }
  | { kind: "delete"; target: ExplorerTarget }
  | { kind: "purge"; target: ExplorerTarget }
  | { kind: "share"; item: ObjectBody }
  | { kind: "upload"; folderId: number | null };

/** What changed after an action: what to reload and the success text. */
export interface ExplorerChange {
  /** The folder tree changed (folder created, renamed, moved, deleted, restored, purged). */
  tree: boolean;
  /** Success banner text key and values. */
  messageKey: string;
  values?: Record<string, string | number>;
}

/** The name of a target (a root's name is never shown here: roots are locked). */
export function targetName(target: ExplorerTarget): string {
  return target.kind === "object" ? target.item.Name : target.node.name;
}
