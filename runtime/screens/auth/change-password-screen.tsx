/**
 * /changepassword (§2.1): a signed-in user changes the password (current one, new one twice). The
 * route is public, so the page asks for the session itself; a visitor is offered to sign in first
 * and comes back here afterwards (the remembered target of §4.1 step 1).
 */
import { type FormEvent as ReactFormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PasswordField } from "../../components/fields/password-field.tsx";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { attemptLogin, sessionStore } from "../../session/session-store.ts";
import { postSession } from "../../session/sign-in.ts";
import { useStore } from "../../state/create-store.ts";
import { AuthLinks, AuthOutcome, AuthPage, FormAlert, SubmitButton } from "./auth-page.tsx";
import { formAlert, matches, PASSWORDS_DIFFER_KEY } from "./form-state.ts";
import { useAuthForm } from "./use-auth-form.ts";

/** This page's path, remembered when the visitor goes to sign in first. */
export const CHANGE_PASSWORD_PATH = "/changepassword";

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { state, dispatch, controls, bind } = useAuthForm(FIELDS, {
    currentPassword: "",
    newPassword: "",
    confirmPassword: "",
  });
  const busy = state.status === "submitting";
  const onSubmit = (event: ReactFormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void controls.submit(async () => {
      await postSession("changePassword", {
        currentPassword: state.values.currentPassword,
        newPassword: state.values.newPassword,
      });
      dispatch({ type: "done" });
      onDone();
    });
  };
  return (
    <form className="auth-form" noValidate aria-busy={busy} onSubmit={onSubmit}>
      <FormAlert failure={formAlert(state)} ref={controls.alertRef} />
      <PasswordField
        uid="change-password-current"
        label={t("ChangePassword_Current")}
        autoComplete="current-password"
        required
        {...bind("currentPassword")}
      />
      <PasswordField
        uid="change-password-new"
        label={t("Auth_NewPassword")}
        help={t("Auth_NewPasswordHelp")}
        autoComplete="new-password"
        required
        {...bind("newPassword")}
      />
      <PasswordField
        uid="change-password-confirm"
        label={t("Auth_ConfirmPassword")}
        autoComplete="new-password"
        required
        validators={[matches(() => state.values.newPassword, PASSWORDS_DIFFER_KEY)]}
        {...bind("confirmPassword")}
      />
      <SubmitButton busy={busy} labelKey="ChangePassword_Submit" busyKey="Auth_Saving" />
    </form>
  );
}

export default function ChangePasswordScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const status = useStore(sessionStore, (s) => s.status);
  const [done, setDone] = useState(false);
  useEffect(() => {
    // A public route is shown without asking for the session (§4.1 step 7); this page needs it.
    if (sessionStore.get().status === "unknown") void attemptLogin();
  }, []);

  if (status === "unknown" || status === "pending") {
    return (
      <AuthPage titleKey="PageTitle_ChangePassword" stepKey="checking">
        <div className="auth-progress" role="status" aria-busy="true">
          <span className="auth-progress__spinner" aria-hidden="true" />
          <span>{t("Auth_CheckingSession")}</span>
        </div>
      </AuthPage>
    );
  }
  if (status !== "authenticated") {
    const rememberThisPage = () =>
      sessionStore.update((s) => {
        s.redirectAfterLogin = CHANGE_PASSWORD_PATH;
      });
    return (
      <AuthPage titleKey="PageTitle_ChangePassword" stepKey="signedOut">
        <AuthOutcome messageKey="ChangePassword_SignInFirst" tone="info" />
        <AuthLinks
          labelKey="Auth_NextSteps"
          links={[{ to: "/login", labelKey: "Auth_SignIn", onClick: rememberThisPage }]}
        />
      </AuthPage>
    );
  }
  if (done) {
    return (
      <AuthPage titleKey="PageTitle_ChangePassword" stepKey="done">
        <AuthOutcome messageKey="ChangePassword_Done" />
        <AuthLinks labelKey="Auth_NextSteps" links={[{ to: "/", labelKey: "Auth_Continue" }]} />
      </AuthPage>
    );
  }
  return (
    <AuthPage titleKey="PageTitle_ChangePassword" stepKey="form">
      <ChangePasswordForm onDone={() => setDone(true)} />
    </AuthPage>
  );
}
