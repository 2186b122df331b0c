/**
 * The folder tree of an area as data (§3 Folder; roots Personal, Team, Shared, Favourites and
 * Deleted, plus the area's landing list "All items"), the folder path from the root down, the rows a
 * tree view shows, and its keyboard (WAI-ARIA APG tree view: arrows, Home/End, * and typeahead).
 */
import { type FolderBody, type FolderType, ROOT_KINDS, type RootKind } from "./content-types.ts";

/** Id of the pseudo root listing every live object of the area (record ids start at 1). */
export const ALL_ITEMS_ID = 0;

/** What a tree node is. */
export type TreeKind = FolderType | "All";

export interface TreeNode {
  id: number;
  name: string;
  kind: TreeKind;
  parentId: number | null;
  deleted: boolean;
  children: TreeNode[];
}

const byName = (a: TreeNode, b: TreeNode) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: "base", numeric: true });

function toNode(folder: FolderBody): TreeNode {
  return {
    id: folder.RecId,
    name: folder.Name,
    kind: folder.Type,
    parentId: folder.RecParentId,
    deleted: folder.IsDeleted,
    children: (folder.Children ?? []).map(toNode).sort(byName),
  };
}

/** The tree of the roots the upstream sent, in the order of §3, optionally under "All items". */
export function buildTree(roots: readonly FolderBody[], options: { includeAll: boolean }): TreeNode[] {
  const order = (kind: TreeKind) => ROOT_KINDS.indexOf(kind as RootKind);
  const nodes = roots
    .filter((root) => order(root.Type) >= 0)
    .map(toNode)
    .sort((a, b) => order(a.kind) - order(b.kind));
  if (!options.includeAll) return nodes;
  return [
    { id: ALL_ITEMS_ID, name: "", kind: "All", parentId: null, deleted: false, children: [] },
    ...nodes,
  ];
}

/** The node with `id`, or null. */
export function findNode(nodes: readonly TreeNode[], id: number): TreeNode | null {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return null;
}

/** §3: the folder path from the root down to `id` (inclusive); empty when the tree lacks it. */
export function pathTo(nodes: readonly TreeNode[], id: number): TreeNode[] {
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = pathTo(node.children, id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/** The root (or "All") a node lives under; null when the tree lacks it. */
export function rootKindOf(nodes: readonly TreeNode[], id: number): RootKind | "All" | null {
  const kind = pathTo(nodes, id)[0]?.kind;
  return kind === undefined || kind === "Folder" ? null : kind;
}

/** Ids of the ancestors of `id`, which must be expanded to show it. */
export function ancestorIds(nodes: readonly TreeNode[], id: number): number[] {
  return pathTo(nodes, id)
    .slice(0, -1)
    .map((node) => node.id);
}

/** One row the tree view shows, with its APG attributes. */
export interface TreeRow {
  node: TreeNode;
  level: number;
  posinset: number;
  setsize: number;
  expandable: boolean;
  expanded: boolean;
  parentId: number | null;
}

/** The rows visible when the nodes in `expanded` are open, in display order. */
export function visibleRows(nodes: readonly TreeNode[], expanded: ReadonlySet<number>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (list: readonly TreeNode[], level: number, parentId: number | null) => {
    list.forEach((node, index) => {
      const expandable = node.children.length > 0;
      const open = expandable && expanded.has(node.id);
      rows.push({
        node,
        level,
        posinset: index + 1,
        setsize: list.length,
        expandable,
        expanded: open,
        parentId,
      });
      if (open) walk(node.children, level + 1, node.id);
    });
  };
  walk(nodes, 1, null);
  return rows;
}

/** What a key does in the tree. */
export type TreeKeyResult =
  | { type: "focus"; id: number }
  | { type: "expand"; ids: number[] }
  | { type: "collapse"; id: number }
  | { type: "activate"; id: number }
  | null;

/** APG tree view keyboard: the outcome of `key` with `focusedId` focused. */
export function treeKey(rows: readonly TreeRow[], focusedId: number, key: string): TreeKeyResult {
  const index = rows.findIndex((row) => row.node.id === focusedId);
  const row = rows[index];
  if (!row) return rows[0] ? { type: "focus", id: rows[0].node.id } : null;
  const at = (i: number) => rows[i]?.node.id;
  switch (key) {
    case "ArrowDown":
      return index + 1 < rows.length ? { type: "focus", id: at(index + 1) as number } : null;
    case "ArrowUp":
      return index > 0 ? { type: "focus", id: at(index - 1) as number } : null;
    case "Home":
      return { type: "focus", id: at(0) as number };
    case "End":
      return { type: "focus", id: at(rows.length - 1) as number };
    case "ArrowRight":
      if (row.expandable && !row.expanded) return { type: "expand", ids: [row.node.id] };
      if (row.expanded) return { type: "focus", id: at(index + 1) as number };
      return null;
    case "ArrowLeft":
      if (row.expanded) return { type: "collapse", id: row.node.id };
      return row.parentId !== null ? { type: "focus", id: row.parentId } : null;
    case "Enter":
    case " ":
      return { type: "activate", id: row.node.id };
    case "*": {
      const siblings = rows.filter((r) => r.parentId === row.parentId && r.expandable && !r.expanded);
      return siblings.length > 0 ? { type: "expand", ids: siblings.map((r) => r.node.id) } : null;
    }
    default:
      return null;
  }
}

/** Typeahead: the next row after the focused one whose label starts with `char` (wrapping). */
export function treeTypeahead(
  rows: readonly TreeRow[],
  labels: readonly string[],
  focusedId: number,
  char: string,
): number | null {
  const start = rows.findIndex((row) => row.node.id === focusedId);
  const wanted = char.toLocaleLowerCase();
  for (let step = 1; step <= rows.length; step++) {
    const i = (start + step) % rows.length;
    if ((labels[i] ?? "").toLocaleLowerCase().startsWith(wanted)) return rows[i]?.node.id ?? null;
  }
  return null;
}

/** The ids of `node` and everything below it. */
function subtreeIds(node: TreeNode): number[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}

/**
 * Where something may be moved: the Personal and Team roots and the live folders under them; a
 * folder never into itself or its subtree (upstream 409 FolderCycle).
 */
export function moveTargets(nodes: readonly TreeNode[], movingFolderId: number | null): Set<number> {
  const excluded = new Set<number>();
  if (movingFolderId !== null) {
    const moving = findNode(nodes, movingFolderId);
    if (moving) for (const id of subtreeIds(moving)) excluded.add(id);
  }
  const targets = new Set<number>();
  for (const root of nodes) {
    if (root.kind !== "Personal" && root.kind !== "Team") continue;
    for (const id of subtreeIds(root)) if (!excluded.has(id)) targets.add(id);
  }
  return targets;
}
