/**
 * /newaccountuser (§2.1): an invited user chooses a first password with the invitation's `token`
 * (read once, removed from the URL) through POST /gw/session/reset-password, then signs in. Without
 * a usable token the page says so and points to "Forgot password?", which sends a fresh link.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { AuthLinks, AuthOutcome, AuthPage } from "./auth-page.tsx";
import { loginPath, readQueryDomain } from "./auth-rules.ts";
import { SetPasswordForm } from "./set-password-form.tsx";
import { useQueryToken } from "./use-auth-form.ts";

type Mode = "choose" | "chosen" | "invalid";

export default function NewAccountUserScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const link = useQueryToken();
  const [domain] = useState(() => readQueryDomain(location.search));
  const [mode, setMode] = useState<Mode>(link.token ? "choose" : "invalid");
  const signIn = { to: loginPath(domain), labelKey: "Auth_SignIn" };
  const newLink = { to: "/resetpassword", labelKey: "NewAccountUser_RequestNewLink" };

  if (mode === "choose" && link.token) {
    return (
      <AuthPage titleKey="NewAccountUser_Title" stepKey={mode}>
        <p className="auth-text">{t("NewAccountUser_Intro")}</p>
        <SetPasswordForm
          token={link.token}
          uid="new-account-user-password"
          submitKey="NewAccountUser_Submit"
          busyKey="Auth_Saving"
          onDone={() => setMode("chosen")}
          onRequestNewLink={() => setMode("invalid")}
        />
      </AuthPage>
    );
  }
  if (mode === "chosen") {
    return (
      <AuthPage titleKey="NewAccountUser_Title" stepKey={mode}>
        <AuthOutcome messageKey="NewAccountUser_Done" />
        <AuthLinks labelKey="Auth_NextSteps" links={[signIn]} />
      </AuthPage>
    );
  }
  return (
    <AuthPage titleKey="NewAccountUser_Title" stepKey={mode}>
      <AuthOutcome messageKey="NewAccountUser_LinkInvalid" tone="warning" />
      <AuthLinks labelKey="Auth_NextSteps" links={[newLink, signIn]} />
    </AuthPage>
  );
}
