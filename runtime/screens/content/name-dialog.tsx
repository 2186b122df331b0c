/**
 * The dialogs asking for a name (new folder, new object, rename) and for a confirmation (delete to
 * Deleted, purge for good). Names follow §5 required and the upstream's limits; a refusal from the
 * server (NameTaken, §8) shows in the dialog, which stays open.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/fields/text-field.tsx";
import { ModalDialog } from "../../components/modal-dialog/modal-dialog.tsx";
import { errorMessage } from "./content-feedback.ts";
import { DialogButtons } from "./dialog-buttons.tsx";
import { checkName } from "./editor-state.ts";

/** Props of a NameDialog. */
export interface NameDialogProps {
  title: string;
  submitLabel: string;
  initialName: string;
  maxChars: number;
  /** Saves the trimmed name; a rejection keeps the dialog open with its message. */
  onSave: (name: string) => Promise<void>;
  onCancel: () => void;
  returnFocus?: () => HTMLElement | null;
}

/** Asks for a name and saves it. */
export function NameDialog(props: NameDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const problem = checkName(name, props.maxChars);
    if (problem) {
      setError(t(problem.key, problem.values));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await props.onSave(name.trim());
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };
  return (
    <ModalDialog
      title={props.title}
      onSubmit={() => void save()}
      onClose={props.onCancel}
      closeButton={false}
      busy={busy}
      error={null}
      footer={<DialogButtons onCancel={props.onCancel} submitLabel={props.submitLabel} busy={busy} />}
      returnFocus={props.returnFocus}
    >
      <TextField
        uid="content-name"
        label={t("Content_Name")}
        value={name}
        onChange={(value) => {
          setName(value);
          setError(null);
        }}
        required
        maxLength={props.maxChars}
        autoFocus
        error={error}
      />
    </ModalDialog>
  );
}

/** Props of a ConfirmDialog. */
export interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
  returnFocus?: () => HTMLElement | null;
}

/** Asks before an action; a failure keeps the dialog open with its message. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };
  return (
    <ModalDialog
      title={props.title}
      description={<p>{props.text}</p>}
      onSubmit={() => void confirm()}
      onClose={props.onCancel}
      closeButton={false}
      busy={busy}
      error={error}
      footer={
        <DialogButtons
          onCancel={props.onCancel}
          submitLabel={props.confirmLabel}
          danger={props.danger}
          busy={busy}
        />
      }
      returnFocus={props.returnFocus}
    />
  );
}
