/**
 * /signup (§2.1, only when the configuration allows it — the guard sends everyone else to /login):
 * a new account with its owner. The gateway signs the owner in, so the page then completes the
 * sign-in like /login does. The interface language goes along when it is one of the UI languages.
 */
import type { FormEvent as ReactFormEvent } from "react";
import { useTranslation } from "react-i18next";
import { EmailField } from "../../components/fields/email-field.tsx";
import { PasswordField } from "../../components/fields/password-field.tsx";
import { TextField } from "../../components/fields/text-field.tsx";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { useNavigate } from "react-router";
import { completeSignIn, postSession } from "../../session/sign-in.ts";
import { sessionLoadFailure } from "./auth-errors.ts";
import { AuthLinks, AuthPage, FormAlert, SubmitButton } from "./auth-page.tsx";
import { newDomainValidator, SIGNUP_FIELDS, signupBody } from "./auth-rules.ts";
import { formAlert } from "./form-state.ts";
import { useAuthForm } from "./use-auth-form.ts";

export default function SignupScreen(_props: ScreenProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { state, dispatch, controls, bind } = useAuthForm(SIGNUP_FIELDS, {
    fullName: "",
    email: "",
    password: "",
    accountName: "",
    domain: "",
  });
  const busy = state.status === "submitting";
  const onSubmit = (event: ReactFormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void controls.submit(async () => {
      await postSession("signup", signupBody(state.values, i18n.language));
      if (!(await completeSignIn(navigate))) dispatch({ type: "failed", failure: sessionLoadFailure() });
    });
  };
  return (
    <AuthPage titleKey="Signup_Title">
      <form className="auth-form" noValidate aria-busy={busy} onSubmit={onSubmit}>
        <FormAlert failure={formAlert(state)} ref={controls.alertRef} />
        <TextField
          uid="signup-full-name"
          label={t("Signup_FullName")}
          autoComplete="name"
          required
          {...bind("fullName")}
        />
        <EmailField
          uid="signup-email"
          label={t("Auth_Email")}
          autoComplete="email"
          required
          {...bind("email")}
        />
        <PasswordField
          uid="signup-password"
          label={t("Auth_Password")}
          help={t("Auth_NewPasswordHelp")}
          autoComplete="new-password"
          required
          {...bind("password")}
        />
        <TextField
          uid="signup-account-name"
          label={t("Signup_AccountName")}
          autoComplete="organization"
          required
          {...bind("accountName")}
        />
        <TextField
          uid="signup-domain"
          label={t("Auth_Domain")}
          help={t("Signup_DomainHelp")}
          required
          validators={[newDomainValidator]}
          {...bind("domain")}
        />
        <SubmitButton busy={busy} labelKey="Signup_Submit" busyKey="Signup_Submitting" />
      </form>
      <AuthLinks labelKey="Auth_MoreOptions" links={[{ to: "/login", labelKey: "Signup_HaveAccount" }]} />
    </AuthPage>
  );
}
