/** A dialog asking for one name (new role, new team, rename), validated with the §5 required rule. */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/fields/text-field.tsx";
import type { FieldHandle } from "../../../components/fields/use-field-error.ts";
import { ModalDialog } from "../../../components/modal-dialog/modal-dialog.tsx";
import { validateFields } from "../common/validate-fields.ts";

/** Longest role or team name the upstream accepts. */
export const NAME_MAX_LENGTH = 80;

/** Props of a NameDialog; `onSubmit` resolves true when the name was taken (the dialog closes). */
export interface NameDialogProps {
  title: string;
  label: string;
  uid: string;
  initial?: string;
  onSubmit: (name: string) => Promise<boolean>;
  onClose: () => void;
}

/** Asks for a name. */
export function NameDialog(props: NameDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.initial ?? "");
  const [busy, setBusy] = useState(false);
  const field = useRef<FieldHandle>(null);
  return (
    <ModalDialog title={props.title} onClose={props.onClose}>
      <form
        className="work-form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (busy || !validateFields([field])) return;
          setBusy(true);
          const done = await props.onSubmit(name.trim());
          setBusy(false);
          if (done) props.onClose();
        }}
      >
        <TextField
          ref={field}
          uid={props.uid}
          label={props.label}
          value={name}
          onChange={setName}
          required
          maxLength={NAME_MAX_LENGTH}
          autoFocus
        />
        <div className="work-actions work-actions--end">
          <button type="button" className="kit-button" onClick={props.onClose}>
            {t("Work_Cancel")}
          </button>
          <button type="submit" className="kit-button kit-button--primary" disabled={busy}>
            {t("Work_Save")}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
