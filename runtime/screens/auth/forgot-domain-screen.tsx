/**
 * /forgotdomain (§2.1): the service mails the domains an e-mail address can sign in to. The answer
 * is the same whether the address exists or not, so the page only says to check the inbox.
 */
import { type FormEvent as ReactFormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmailField } from "../../components/fields/email-field.tsx";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { postSession } from "../../session/sign-in.ts";
import { AuthLinks, AuthOutcome, AuthPage, FormAlert, SubmitButton } from "./auth-page.tsx";
import { formAlert } from "./form-state.ts";
import { useAuthForm } from "./use-auth-form.ts";

const FIELDS = ["email"] as const;

export default function ForgotDomainScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const { state, dispatch, controls, bind } = useAuthForm(FIELDS, { email: "" });
  const busy = state.status === "submitting";
  const signIn = { to: "/login", labelKey: "Auth_BackToSignIn" };

  if (sent) {
    return (
      <AuthPage titleKey="Auth_CheckEmailTitle" stepKey="sent">
        <AuthOutcome messageKey="ForgotDomain_CheckEmail" />
        <AuthLinks labelKey="Auth_NextSteps" links={[signIn]} />
      </AuthPage>
    );
  }
  const onSubmit = (event: ReactFormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void controls.submit(async () => {
      await postSession("forgotDomain", { email: state.values.email.trim() });
      dispatch({ type: "done" });
      setSent(true);
    });
  };
  return (
    <AuthPage titleKey="ForgotDomain_Title" stepKey="form">
      <form className="auth-form" noValidate aria-busy={busy} onSubmit={onSubmit}>
        <p className="auth-text">{t("ForgotDomain_Intro")}</p>
        <FormAlert failure={formAlert(state)} ref={controls.alertRef} />
        <EmailField
          uid="forgot-domain-email"
          label={t("Auth_Email")}
          autoComplete="email"
          required
          {...bind("email")}
        />
        <SubmitButton busy={busy} labelKey="ForgotDomain_Submit" busyKey="Auth_Sending" />
      </form>
      <AuthLinks labelKey="Auth_MoreOptions" links={[signIn]} />
    </AuthPage>
  );
}
