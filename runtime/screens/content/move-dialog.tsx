/**
 * Move to a folder (folder picker dialog): the Personal and Team trees, with the folders the target
 * may not go to (itself, its subtree, its current folder) disabled; the choice is confirmed with Move.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../components/modal-dialog/modal-dialog.tsx";
import { errorMessage } from "./content-feedback.ts";
import { DialogButtons } from "./dialog-buttons.tsx";
import { type ExplorerTarget, targetName } from "./explorer-dialog-types.ts";
import { moveTargets, type TreeNode } from "./folder-tree.ts";
import { FolderTreeView } from "./folder-tree-view.tsx";

/** Props of a MoveDialog. */
export interface MoveDialogProps {
  target: ExplorerTarget;
  tree: TreeNode[];
  onMove: (folderId: number) => Promise<void>;
  onCancel: () => void;
  returnFocus?: () => HTMLElement | null;
}

/** The folder the target is in now (not a useful destination). */
function currentFolderOf(target: ExplorerTarget): number | null {
  return target.kind === "object" ? target.item.FolderRecId : target.node.parentId;
}

/** Picks the destination folder and moves the target there. */
export function MoveDialog(props: MoveDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const roots = useMemo(
    () => props.tree.filter((node) => node.kind === "Personal" || node.kind === "Team"),
    [props.tree],
  );
  const allowed = useMemo(() => {
    const targets = moveTargets(props.tree, props.target.kind === "folder" ? props.target.node.id : null);
    const current = currentFolderOf(props.target);
    if (current !== null) targets.delete(current);
    return targets;
  }, [props.tree, props.target]);

  const move = async () => {
    if (chosen === null) {
      setError(t("Explorer_MoveChooseFolder"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await props.onMove(chosen);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      title={t("Explorer_MoveTitle", { name: targetName(props.target) })}
      description={<p>{t("Explorer_MoveText")}</p>}
      onSubmit={() => void move()}
      onClose={props.onCancel}
      closeButton={false}
      busy={busy}
      error={error}
      footer={<DialogButtons onCancel={props.onCancel} submitLabel={t("Explorer_Move")} busy={busy} />}
      size="wide"
      returnFocus={props.returnFocus}
    >
      <div className="content-dialog__picker">
        <FolderTreeView
          nodes={roots}
          label={t("Explorer_DestinationFolder")}
          selectedId={chosen}
          mode="pick"
          isDisabled={(node) => !allowed.has(node.id)}
          onActivate={(node) => {
            setChosen(node.id);
            setError(null);
          }}
        />
      </div>
    </ModalDialog>
  );
}
