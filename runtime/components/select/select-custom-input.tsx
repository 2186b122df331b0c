import type { RefObject } from "react";
import { useTranslation } from "react-i18next";

/** Props of the custom value input of an open Select. */
export interface SelectCustomInputProps {
  inputRef: RefObject<HTMLInputElement | null>;
  text: string;
  /** The last attempt was refused (empty, or the custom validation returned false). */
  refused: boolean;
  onText: (text: string) => void;
  /** Enter: try to add the typed value. */
  onCommit: () => void;
  /** Escape: cancel the custom value (§5). */
  onCancel: () => void;
}

/** The input shown while a Select is adding a custom value (§4.5). */
export function SelectCustomInput(props: SelectCustomInputProps) {
  const { t } = useTranslation();
  return (
    <div className="kit-select__custom">
      <input
        ref={props.inputRef}
        className="kit-input"
        aria-label={t("Select_CustomValueLabel")}
        placeholder={t("Select_CustomValueLabel")}
        aria-invalid={props.refused || undefined}
        value={props.text}
        onChange={(event) => props.onText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") props.onCommit();
          else if (event.key === "Escape") props.onCancel();
          else return;
          event.preventDefault();
          event.stopPropagation();
        }}
      />
    </div>
  );
}
