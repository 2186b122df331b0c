/**
 * The simple dialog (§2.5 registry): a message with an OK button, for legacy
 * pages and code that only need to tell the user something. Programmatic
 * openers pass `messageKey` (a text key) and optional `messageParams`; opened
 * by path alone it shows its title and a generic message.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { DialogButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";

const TEXT_KEY = /^[A-Za-z][A-Za-z0-9_.]*$/;

export function SimpleDialog({ props, close }: DialogProps) {
  const { t } = useTranslation();
  const textId = useId();
  const key =
    typeof props.messageKey === "string" && TEXT_KEY.test(props.messageKey) ? props.messageKey : null;
  const params =
    props.messageParams && typeof props.messageParams === "object"
      ? (props.messageParams as Record<string, string | number>)
      : {};
  return (
    <DialogFrame
      size="s"
      describedBy={textId}
      footer={
        <DialogButton variant="secondary" onClick={() => close(true)}>
          {t("Dialog_Ok")}
        </DialogButton>
      }
    >
      <p id={textId}>{t(key ?? "SimpleDialog_NoMessage", params)}</p>
    </DialogFrame>
  );
}
