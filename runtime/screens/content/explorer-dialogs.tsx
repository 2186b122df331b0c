/**
 * The explorer's open dialog and the calls it makes: create a folder or an object, rename, move,
 * delete to Deleted (with confirmation), purge for good, share with teams, upload files. A success
 * closes the dialog and reports what to reload; a failure stays in the dialog (§8 text).
 */
import { useTranslation } from "react-i18next";
import type { ContentApi } from "./content-api.ts";
import { FOLDER_NAME_MAX_CHARS, OBJECT_NAME_MAX_CHARS } from "./content-limits.ts";
import type { ExplorerChange, ExplorerDialog } from "./explorer-dialog-types.ts";
import { targetName } from "./explorer-dialog-types.ts";
import type { TreeNode } from "./folder-tree.ts";
import { MoveDialog } from "./move-dialog.tsx";
import { ConfirmDialog, NameDialog } from "./name-dialog.tsx";
import { ShareDialog } from "./share-dialog.tsx";
import { UploadDialog } from "./upload-dialog.tsx";

/** Props of ExplorerDialogs. */
export interface ExplorerDialogsProps {
  dialog: ExplorerDialog | null;
  api: ContentApi;
  tree: TreeNode[];
  onClose: () => void;
  onDone: (change: ExplorerChange) => void;
  returnFocus: () => HTMLElement | null;
}

/** Renders the open dialog, if any. */
export function ExplorerDialogs({ dialog, api, tree, onClose, onDone, returnFocus }: ExplorerDialogsProps) {
  const { t } = useTranslation();
  if (!dialog) return null;
  const common = { onCancel: onClose, returnFocus };
  switch (dialog.kind) {
    case "createFolder":
      return (
        <NameDialog
          {...common}
          title={t("Explorer_NewFolderTitle")}
          submitLabel={t("Content_Create")}
          initialName=""
          maxChars={FOLDER_NAME_MAX_CHARS}
          onSave={async (name) => {
            await api.createFolder(name, dialog.parentId);
            onDone({ tree: true, messageKey: "Explorer_FolderCreated", values: { name } });
          }}
        />
      );
    case "createObject": {
      const type = t(`ObjectType_${dialog.type}`);
      return (
        <NameDialog
          {...common}
          title={t("Explorer_NewObjectTitle", { type })}
          submitLabel={t("Content_Create")}
          initialName=""
          maxChars={OBJECT_NAME_MAX_CHARS}
          onSave={async (name) => {
            await api.createObject({
              Type: dialog.type,
              Name: name,
              ...(dialog.folderId !== null && { FolderRecId: dialog.folderId }),
            });
            onDone({ tree: false, messageKey: "Explorer_ObjectCreated", values: { name, type } });
          }}
        />
      );
    }
    case "rename": {
      const { target } = dialog;
      return (
        <NameDialog
          {...common}
          title={t("Explorer_RenameTitle", { name: targetName(target) })}
          submitLabel={t("Explorer_Rename")}
          initialName={targetName(target)}
          maxChars={target.kind === "folder" ? FOLDER_NAME_MAX_CHARS : OBJECT_NAME_MAX_CHARS}
          onSave={async (name) => {
            if (target.kind === "folder") await api.renameFolder(target.node.id, name);
            else await api.updateObject(target.item.RecId, { Name: name });
            onDone({ tree: target.kind === "folder", messageKey: "Explorer_Renamed", values: { name } });
          }}
        />
      );
    }
    case "move": {
      const { target } = dialog;
      return (
        <MoveDialog
          {...common}
          target={target}
          tree={tree}
          onMove={async (folderId) => {
            if (target.kind === "folder") await api.moveFolder(target.node.id, folderId);
            else await api.moveObject(target.item.RecId, folderId);
            onDone({
              tree: target.kind === "folder",
              messageKey: "Explorer_Moved",
              values: { name: targetName(target) },
            });
          }}
        />
      );
    }
    case "delete":
    case "purge": {
      const { target } = dialog;
      const purge = dialog.kind === "purge";
      const name = targetName(target);
      const kind = target.kind === "folder" ? "Folder" : "Object";
      return (
        <ConfirmDialog
          {...common}
          title={t(purge ? "Explorer_PurgeTitle" : "Explorer_DeleteTitle", { name })}
          text={t(`Explorer_${purge ? "Purge" : "Delete"}${kind}Text`, { name })}
          confirmLabel={t(purge ? "Explorer_Purge" : "Explorer_Delete")}
          danger
          onConfirm={async () => {
            if (target.kind === "folder") {
              await (purge ? api.purgeFolder(target.node.id) : api.deleteFolder(target.node.id));
            } else {
              await (purge ? api.purgeObject(target.item.RecId) : api.deleteObject(target.item.RecId));
            }
            onDone({
              tree: target.kind === "folder",
              messageKey: purge ? "Explorer_Purged" : "Explorer_Deleted",
              values: { name },
            });
          }}
        />
      );
    }
    case "share":
      return (
        <ShareDialog
          {...common}
          item={dialog.item}
          api={api}
          onSaved={(changes) =>
            onDone({
              tree: false,
              messageKey:
                changes.share.length + changes.unshare.length > 0
                  ? "Explorer_SharesSaved"
                  : "Explorer_SharesUnchanged",
              values: { name: dialog.item.Name },
            })
          }
        />
      );
    case "upload":
      return (
        <UploadDialog
          {...common}
          folderId={dialog.folderId}
          onUploaded={(count) =>
            onDone({ tree: false, messageKey: "Explorer_Uploaded", values: { total: count } })
          }
        />
      );
  }
}
