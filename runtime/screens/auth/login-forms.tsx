/**
 * The two steps of the sign-in form as views: credentials (e-mail, password, the domain on demand)
 * and the one-time code. State and submission live in the login screen (login-state.ts).
 */
import type { FormEvent as ReactFormEvent } from "react";
import { useTranslation } from "react-i18next";
import { EmailField } from "../../components/fields/email-field.tsx";
import { PasswordField } from "../../components/fields/password-field.tsx";
import { TextField } from "../../components/fields/text-field.tsx";
import { FormAlert, SubmitButton } from "./auth-page.tsx";
import { codeValidator, domainValidator } from "./auth-rules.ts";
import { fieldError, formAlert } from "./form-state.ts";
import type { LoginField, LoginState } from "./login-state.ts";
import type { FormControls } from "./use-auth-form.ts";

/** What both steps receive. */
export interface LoginStepProps {
  state: LoginState;
  controls: FormControls<LoginField>;
  onEdit: (field: LoginField, value: string) => void;
  onSubmit: () => void;
}

/** The DOM id of the domain field (the toggle controls it). */
export const LOGIN_DOMAIN_ID = "login-domain";

function submitHandler(onSubmit: () => void) {
  return (event: ReactFormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
}

/** The credentials step. */
export function CredentialsForm(props: LoginStepProps & { onToggleDomain: () => void }) {
  const { t } = useTranslation();
  const { state, controls, onEdit } = props;
  const busy = state.status === "submitting";
  return (
    <form className="auth-form" noValidate aria-busy={busy} onSubmit={submitHandler(props.onSubmit)}>
      <FormAlert failure={formAlert(state)} ref={controls.alertRef} />
      <EmailField
        uid="login-email"
        label={t("Auth_Email")}
        autoComplete="username"
        required
        value={state.values.email}
        onChange={(value) => onEdit("email", value)}
        error={fieldError(state, "email")}
        ref={controls.fieldRef("email")}
      />
      <PasswordField
        uid="login-password"
        label={t("Auth_Password")}
        autoComplete="current-password"
        required
        value={state.values.password}
        onChange={(value) => onEdit("password", value)}
        error={fieldError(state, "password")}
        ref={controls.fieldRef("password")}
      />
      {state.showDomain ? (
        <TextField
          uid={LOGIN_DOMAIN_ID}
          label={t("Auth_Domain")}
          help={t("Login_DomainHelp")}
          autoComplete="organization"
          required
          validators={[domainValidator]}
          value={state.values.domain}
          onChange={(value) => onEdit("domain", value)}
          error={fieldError(state, "domain")}
          ref={controls.fieldRef("domain")}
        />
      ) : null}
      <div className="auth-row">
        <button
          type="button"
          className="auth-link-button"
          aria-expanded={state.showDomain}
          aria-controls={state.showDomain ? LOGIN_DOMAIN_ID : undefined}
          onClick={props.onToggleDomain}
        >
          {t("Login_AnotherAccount")}
        </button>
      </div>
      <SubmitButton busy={busy} labelKey="Login_Submit" busyKey="Login_Submitting" />
    </form>
  );
}

/** The one-time code step (RFC 6238 codes from an authenticator app). */
export function TwoFactorForm(props: LoginStepProps & { onBack: () => void }) {
  const { t } = useTranslation();
  const { state, controls, onEdit } = props;
  const busy = state.status === "submitting";
  return (
    <form className="auth-form" noValidate aria-busy={busy} onSubmit={submitHandler(props.onSubmit)}>
      <p className="auth-text">{t("Login_TwoFactorIntro")}</p>
      <FormAlert failure={formAlert(state)} ref={controls.alertRef} />
      <TextField
        uid="login-code"
        label={t("Login_Code")}
        help={t("Login_CodeHelp")}
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        validators={[codeValidator]}
        value={state.values.code}
        onChange={(value) => onEdit("code", value)}
        error={fieldError(state, "code")}
        ref={controls.fieldRef("code")}
      />
      <SubmitButton busy={busy} labelKey="Login_Verify" busyKey="Login_Verifying" />
      <div className="auth-row">
        <button type="button" className="auth-link-button" onClick={props.onBack} disabled={busy}>
          {t("Login_Back")}
        </button>
      </div>
    </form>
  );
}
