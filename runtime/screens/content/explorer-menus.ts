/**
 * The row menus of the explorer: the allowed actions (explorer-actions.ts) as menu items whose
 * choice opens a dialog, navigates, or runs a call at once (favourite, duplicate, restore).
 */
import type { TFunction } from "i18next";
import type { MenuItem } from "../../components/menu/menu.tsx";
import type { ContentApi } from "./content-api.ts";
import type { ObjectBody } from "./content-types.ts";
import { folderActions, objectActions } from "./explorer-actions.ts";
import type { ObjectLinks } from "./explorer-area.ts";
import type { ExplorerChange, ExplorerDialog } from "./explorer-dialog-types.ts";
import type { TreeNode } from "./folder-tree.ts";

/** What the menus act through. */
export interface MenuContext {
  t: TFunction;
  api: ContentApi;
  canWrite: boolean;
  linksOf: (item: ObjectBody) => ObjectLinks;
  navigate: (to: string) => void;
  openFolder: (node: TreeNode) => void;
  showDetails: (recId: number) => void;
  openDialog: (dialog: ExplorerDialog) => void;
  /** Runs a call at once; its change is reported like a dialog's. */
  run: (call: () => Promise<unknown>, change: ExplorerChange) => void;
}

const LABELS: Record<string, string> = {
  view: "Explorer_Open",
  edit: "Explorer_Edit",
  details: "Explorer_ShowDetails",
  favourite: "Explorer_AddFavourite",
  unfavourite: "Explorer_RemoveFavourite",
  rename: "Explorer_Rename",
  duplicate: "Explorer_Duplicate",
  move: "Explorer_MoveToFolder",
  share: "Explorer_Share",
  delete: "Explorer_Delete",
  restore: "Explorer_Restore",
  purge: "Explorer_Purge",
  open: "Explorer_Open",
};

/** The menu of an object row. */
export function objectMenu(context: MenuContext, item: ObjectBody): MenuItem[] {
  const { t, api } = context;
  const links = context.linksOf(item);
  const name = item.Name;
  const target = { kind: "object", item } as const;
  return objectActions({ canWrite: context.canWrite, item, links }).map((action) => {
    const select = (): void => {
      switch (action) {
        case "view":
          if (links.view) context.navigate(links.view);
          return;
        case "edit":
          if (links.edit) context.navigate(links.edit);
          return;
        case "details":
          context.showDetails(item.RecId);
          return;
        case "favourite":
        case "unfavourite": {
          const on = action === "favourite";
          context.run(() => api.favourite(item.RecId, on), {
            tree: false,
            messageKey: on ? "Explorer_Favourited" : "Explorer_Unfavourited",
            values: { name },
          });
          return;
        }
        case "duplicate":
          context.run(() => api.duplicate(item.RecId), {
            tree: false,
            messageKey: "Explorer_Duplicated",
            values: { name },
          });
          return;
        case "restore":
          context.run(() => api.restoreObject(item.RecId), {
            tree: false,
            messageKey: "Explorer_Restored",
            values: { name },
          });
          return;
        case "share":
          context.openDialog({ kind: "share", item });
          return;
        case "rename":
        case "move":
        case "delete":
        case "purge":
          context.openDialog({ kind: action, target });
          return;
      }
    };
    return { id: action, label: t(LABELS[action] as string), onSelect: select };
  });
}

/** The menu of a folder row. */
export function folderMenu(context: MenuContext, node: TreeNode): MenuItem[] {
  const { t, api } = context;
  const target = { kind: "folder", node } as const;
  return folderActions({ canWrite: context.canWrite, node }).map((action) => {
    const select = (): void => {
      switch (action) {
        case "open":
          context.openFolder(node);
          return;
        case "restore":
          context.run(() => api.restoreFolder(node.id), {
            tree: true,
            messageKey: "Explorer_Restored",
            values: { name: node.name },
          });
          return;
        default:
          context.openDialog({ kind: action, target });
          return;
      }
    };
    return { id: action, label: t(LABELS[action] as string), onSelect: select };
  });
}
