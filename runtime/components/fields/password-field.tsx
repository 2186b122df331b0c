import { useState } from "react";
import { useTranslation } from "react-i18next";
import { passwordDisplay } from "../../forms/password-mask.ts";
import type { TextFieldProps } from "./text-field.tsx";
import { TextField } from "./text-field.tsx";

/** Props of a PasswordField: a TextField without a type. */
export type PasswordFieldProps = Omit<
  TextFieldProps,
  "type" | "email" | "multiline" | "endAdornment" | "displayValue"
>;

/**
 * A labelled password input (§4.5 revealed or hidden, toggled by a labelled button) that shows a stored
 * secret — only asterisks, longer than four characters — as an eight-asterisk placeholder (§5).
 */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const display = passwordDisplay(props.value, props.placeholder);
  const toggle = (
    <button
      type="button"
      className="kit-input-button"
      aria-pressed={revealed}
      aria-controls={props.uid}
      disabled={props.disabled}
      onClick={() => setRevealed((shown) => !shown)}
    >
      {revealed ? t("Field_HidePassword") : t("Field_ShowPassword")}
    </button>
  );
  return (
    <TextField
      autoComplete="current-password"
      {...props}
      displayValue={display.value}
      placeholder={display.placeholder}
      type={revealed ? "text" : "password"}
      endAdornment={toggle}
    />
  );
}
