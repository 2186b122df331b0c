/**
 * /resetpassword (§2.1). Opened from the mail link (`?token=`, read once and removed from the URL):
 * choose a new password. Opened without a token ("Forgot password?" on the sign-in page): ask for the
 * link by e-mail, then the "check your e-mail" state — the same whether the address exists or not.
 */
import { type FormEvent as ReactFormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { EmailField } from "../../components/fields/email-field.tsx";
import { TextField } from "../../components/fields/text-field.tsx";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { postSession } from "../../session/sign-in.ts";
import { AuthLinks, AuthOutcome, AuthPage, FormAlert, SubmitButton } from "./auth-page.tsx";
import { domainValidator, loginPath, readQueryDomain } from "./auth-rules.ts";
import { formAlert } from "./form-state.ts";
import { SetPasswordForm } from "./set-password-form.tsx";
import { useAuthForm, useQueryToken } from "./use-auth-form.ts";

type Mode = "choose" | "chosen" | "request" | "requested";

const FIELDS = ["email", "domain"] as const;

/** Asks for a reset link: the e-mail, and the domain for an address used in several accounts. */
function ForgotPasswordForm({ domain, onDone }: { domain: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { state, dispatch, controls, bind } = useAuthForm(FIELDS, { email: "", domain: domain ?? "" });
  const busy = state.status === "submitting";
  const onSubmit = (event: ReactFormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void controls.submit(async () => {
      const typedDomain = state.values.domain.trim();
      await postSession("forgotPassword", {
        email: state.values.email.trim(),
        ...(typedDomain ? { domain: typedDomain } : {}),
      });
      dispatch({ type: "done" });
      onDone();
    });
  };
  return (
    <form className="auth-form" noValidate aria-busy={busy} onSubmit={onSubmit}>
      <p className="auth-text">{t("ForgotPassword_Intro")}</p>
      <FormAlert failure={formAlert(state)} ref={controls.alertRef} />
      <EmailField
        uid="forgot-password-email"
        label={t("Auth_Email")}
        autoComplete="username"
        required
        {...bind("email")}
      />
      <TextField
        uid="forgot-password-domain"
        label={t("Auth_DomainOptional")}
        help={t("Auth_DomainOptionalHelp")}
        autoComplete="organization"
        validators={[domainValidator]}
        {...bind("domain")}
      />
      <SubmitButton busy={busy} labelKey="ForgotPassword_Submit" busyKey="Auth_Sending" />
    </form>
  );
}

export default function ResetPasswordScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const link = useQueryToken();
  const [domain] = useState(() => readQueryDomain(location.search));
  const [mode, setMode] = useState<Mode>(link.token ? "choose" : "request");
  const signIn = { to: loginPath(domain), labelKey: "Auth_BackToSignIn" };

  if (mode === "choose" && link.token) {
    return (
      <AuthPage titleKey="ResetPassword_Title" stepKey={mode}>
        <SetPasswordForm
          token={link.token}
          uid="reset-password"
          submitKey="ResetPassword_Submit"
          busyKey="Auth_Saving"
          onDone={() => setMode("chosen")}
          onRequestNewLink={() => setMode("request")}
        />
        <AuthLinks labelKey="Auth_MoreOptions" links={[signIn]} />
      </AuthPage>
    );
  }
  if (mode === "chosen") {
    return (
      <AuthPage titleKey="ResetPassword_Title" stepKey={mode}>
        <AuthOutcome messageKey="ResetPassword_Done" />
        <AuthLinks labelKey="Auth_NextSteps" links={[{ ...signIn, labelKey: "Auth_SignIn" }]} />
      </AuthPage>
    );
  }
  if (mode === "requested") {
    return (
      <AuthPage titleKey="Auth_CheckEmailTitle" stepKey={mode}>
        <AuthOutcome messageKey="ForgotPassword_CheckEmail" />
        <AuthLinks labelKey="Auth_NextSteps" links={[signIn]} />
      </AuthPage>
    );
  }
  return (
    <AuthPage titleKey="ForgotPassword_Title" stepKey={mode}>
      {link.present && mode === "request" && !link.token ? (
        <p className="auth-text auth-text--muted">{t("Auth_LinkMalformed")}</p>
      ) : null}
      <ForgotPasswordForm domain={domain} onDone={() => setMode("requested")} />
      <AuthLinks
        labelKey="Auth_MoreOptions"
        links={[signIn, { to: "/forgotdomain", labelKey: "Login_ForgotDomain" }]}
      />
    </AuthPage>
  );
}
