import { useTranslation } from "react-i18next";
import type { DialogProps } from "./dialog-props.ts";
import { DialogCloseButton, DialogFrame } from "./dialog-frame.tsx";

/** The visible fallback for a dialog kind nobody registered: says which, never an empty dialog. */
export function UnknownDialog({ kind }: DialogProps & { kind: string }) {
  const { t } = useTranslation();
  return (
    <DialogFrame footer={<DialogCloseButton labelKey="Dialog_Close" />}>
      <p role="alert">{t("Dialog_UnknownKind", { kind })}</p>
    </DialogFrame>
  );
}

/** Shown when a dialog's code could not be loaded (e.g. the network dropped). */
export function DialogLoadFailed() {
  const { t } = useTranslation();
  return (
    <DialogFrame footer={<DialogCloseButton labelKey="Dialog_Close" />}>
      <p role="alert">{t("Dialog_LoadFailed")}</p>
    </DialogFrame>
  );
}
