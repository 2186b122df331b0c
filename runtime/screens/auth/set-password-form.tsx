/**
 * Choosing a password with a mail link's token (reset password, invited user): the new password
 * twice, POST /gw/session/reset-password. An expired or used link offers to ask for a new one.
 */
import type { FormEvent as ReactFormEvent } from "react";
import { useTranslation } from "react-i18next";
import { PasswordField } from "../../components/fields/password-field.tsx";
import { postSession } from "../../session/sign-in.ts";
import { FormAlert, SubmitButton } from "./auth-page.tsx";
import { INVALID_TOKEN_CODE } from "./auth-errors.ts";
import { formAlert, matches, PASSWORDS_DIFFER_KEY } from "./form-state.ts";
import { useAuthForm } from "./use-auth-form.ts";

const FIELDS = ["newPassword", "confirmPassword"] as const;

export interface SetPasswordFormProps {
  token: string;
  /** Id prefix of the fields (one form per page, but two pages use it). */
  uid: string;
  submitKey: string;
  busyKey: string;
  onDone: () => void;
  /** Shown with an expired link: switch to asking for a new one. */
  onRequestNewLink: () => void;
}

/** New password and its confirmation. */
export function SetPasswordForm(props: SetPasswordFormProps) {
  const { t } = useTranslation();
  const { state, dispatch, controls, bind } = useAuthForm(FIELDS, { newPassword: "", confirmPassword: "" });
  const busy = state.status === "submitting";
  const onSubmit = (event: ReactFormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void controls.submit(async () => {
      await postSession("resetPassword", { token: props.token, password: state.values.newPassword });
      dispatch({ type: "done" });
      props.onDone();
    });
  };
  const alert = formAlert(state);
  return (
    <form className="auth-form" noValidate aria-busy={busy} onSubmit={onSubmit}>
      <FormAlert failure={alert} ref={controls.alertRef} />
      {alert?.code === INVALID_TOKEN_CODE ? (
        <div className="auth-row">
          <button type="button" className="auth-link-button" onClick={props.onRequestNewLink}>
            {t("Auth_RequestNewLink")}
          </button>
        </div>
      ) : null}
      <PasswordField
        uid={`${props.uid}-new`}
        label={t("Auth_NewPassword")}
        help={t("Auth_NewPasswordHelp")}
        autoComplete="new-password"
        required
        {...bind("newPassword")}
      />
      <PasswordField
        uid={`${props.uid}-confirm`}
        label={t("Auth_ConfirmPassword")}
        autoComplete="new-password"
        required
        validators={[matches(() => state.values.newPassword, PASSWORDS_DIFFER_KEY)]}
        {...bind("confirmPassword")}
      />
      <SubmitButton busy={busy} labelKey={props.submitKey} busyKey={props.busyKey} />
    </form>
  );
}
