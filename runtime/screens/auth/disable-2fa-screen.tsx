/**
 * /disable2fa (§2.1) for a user who lost the authenticator. Without a token: e-mail and password
 * (and the domain for an address of several accounts) ask for a mail link. With the link's `token`
 * (read once, removed from the URL): one confirming click turns two-factor sign-in off — a click
 * rather than on arrival, so a mail scanner opening the link changes nothing.
 */
import { type FormEvent as ReactFormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { EmailField } from "../../components/fields/email-field.tsx";
import { PasswordField } from "../../components/fields/password-field.tsx";
import { TextField } from "../../components/fields/text-field.tsx";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { postSession } from "../../session/sign-in.ts";
import { AuthLinks, AuthOutcome, AuthPage, FormAlert, SubmitButton } from "./auth-page.tsx";
import { domainValidator, loginPath, readQueryDomain } from "./auth-rules.ts";
import { INVALID_CREDENTIALS_CODE, INVALID_TOKEN_CODE } from "./auth-errors.ts";
import { formAlert } from "./form-state.ts";
import { useAuthForm, useQueryToken } from "./use-auth-form.ts";

type Mode = "confirm" | "disabled" | "request" | "requested";

const REQUEST_FIELDS = ["email", "password", "domain"] as const;
const NO_FIELDS: readonly never[] = [];

function RequestForm({ domain, onDone }: { domain: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { state, dispatch, controls, bind } = useAuthForm(REQUEST_FIELDS, {
    email: "",
    password: "",
    domain: domain ?? "",
  });
  const busy = state.status === "submitting";
  const onSubmit = (event: ReactFormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void controls.submit(
      async () => {
        const typedDomain = state.values.domain.trim();
        await postSession("disableTwoFactorRequest", {
          email: state.values.email.trim(),
          password: state.values.password,
          ...(typedDomain ? { domain: typedDomain } : {}),
        });
        dispatch({ type: "done" });
        onDone();
      },
      (failure) => (failure?.code === INVALID_CREDENTIALS_CODE ? ["password"] : []),
    );
  };
  return (
    <form className="auth-form" noValidate aria-busy={busy} onSubmit={onSubmit}>
      <p className="auth-text">{t("Disable2fa_RequestIntro")}</p>
      <FormAlert failure={formAlert(state)} ref={controls.alertRef} />
      <EmailField
        uid="disable-2fa-email"
        label={t("Auth_Email")}
        autoComplete="username"
        required
        {...bind("email")}
      />
      <PasswordField
        uid="disable-2fa-password"
        label={t("Auth_Password")}
        autoComplete="current-password"
        required
        {...bind("password")}
      />
      <TextField
        uid="disable-2fa-domain"
        label={t("Auth_DomainOptional")}
        help={t("Auth_DomainOptionalHelp")}
        autoComplete="organization"
        validators={[domainValidator]}
        {...bind("domain")}
      />
      <SubmitButton busy={busy} labelKey="Disable2fa_RequestSubmit" busyKey="Auth_Sending" />
    </form>
  );
}

function ConfirmForm(props: { token: string; onDone: () => void; onRequestNewLink: () => void }) {
  const { t } = useTranslation();
  const { state, dispatch, controls } = useAuthForm(NO_FIELDS, {});
  const busy = state.status === "submitting";
  const alert = formAlert(state);
  const onSubmit = (event: ReactFormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void controls.submit(async () => {
      await postSession("disableTwoFactor", { token: props.token });
      dispatch({ type: "done" });
      props.onDone();
    });
  };
  return (
    <form className="auth-form" noValidate aria-busy={busy} onSubmit={onSubmit}>
      <p className="auth-text">{t("Disable2fa_ConfirmIntro")}</p>
      <FormAlert failure={alert} ref={controls.alertRef} />
      {alert?.code === INVALID_TOKEN_CODE ? (
        <div className="auth-row">
          <button type="button" className="auth-link-button" onClick={props.onRequestNewLink}>
            {t("Auth_RequestNewLink")}
          </button>
        </div>
      ) : null}
      <SubmitButton busy={busy} labelKey="Disable2fa_Confirm" busyKey="Auth_Saving" />
    </form>
  );
}

/** The disable two-factor authentication screen. */
export default function Disable2faScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const link = useQueryToken();
  const [domain] = useState(() => readQueryDomain(location.search));
  const [mode, setMode] = useState<Mode>(link.token ? "confirm" : "request");
  const signIn = { to: loginPath(domain), labelKey: "Auth_BackToSignIn" };

  if (mode === "confirm" && link.token) {
    return (
      <AuthPage titleKey="PageTitle_Disable2fa" stepKey={mode}>
        <ConfirmForm
          token={link.token}
          onDone={() => setMode("disabled")}
          onRequestNewLink={() => setMode("request")}
        />
        <AuthLinks labelKey="Auth_MoreOptions" links={[signIn]} />
      </AuthPage>
    );
  }
  if (mode === "disabled" || mode === "requested") {
    const done = mode === "disabled";
    return (
      <AuthPage titleKey={done ? "PageTitle_Disable2fa" : "Auth_CheckEmailTitle"} stepKey={mode}>
        <AuthOutcome
          messageKey={done ? "Disable2fa_Done" : "Disable2fa_CheckEmail"}
          tone={done ? "success" : "info"}
        />
        <AuthLinks
          labelKey="Auth_NextSteps"
          links={[done ? { ...signIn, labelKey: "Auth_SignIn" } : signIn]}
        />
      </AuthPage>
    );
  }
  return (
    <AuthPage titleKey="PageTitle_Disable2fa" stepKey={mode}>
      {link.present && !link.token ? (
        <p className="auth-text auth-text--muted">{t("Auth_LinkMalformed")}</p>
      ) : null}
      <RequestForm domain={domain} onDone={() => setMode("requested")} />
      <AuthLinks labelKey="Auth_MoreOptions" links={[signIn]} />
    </AuthPage>
  );
}
