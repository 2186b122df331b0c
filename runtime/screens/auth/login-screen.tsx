/**
 * /login (§2.1): e-mail and password — plus the domain when the user asks for another account, when
 * the mail link names one (`?domain=`), or when the service answers DomainRequired — then the
 * one-time code when the account uses two-factor sign-in. Nothing is remembered in the browser; a
 * completed sign-in goes to the remembered target (§4.1 step 1) or home.
 */
import { useCallback, useEffect, useReducer, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { completeSignIn, type LoginAnswer, postSession } from "../../session/sign-in.ts";
import { sessionLoadFailure } from "./auth-errors.ts";
import { type AuthLink, AuthLinks, AuthPage, useCurrentManifest } from "./auth-page.tsx";
import { readQueryDomain } from "./auth-rules.ts";
import { CredentialsForm, TwoFactorForm } from "./login-forms.tsx";
import {
  initialLogin,
  type LoginField,
  loginBody,
  loginFocusAfter,
  loginReducer,
  normalizedCode,
} from "./login-state.ts";
import { useFormControls } from "./use-auth-form.ts";

const CREDENTIAL_FIELDS: readonly LoginField[] = ["email", "password", "domain"];
const CODE_FIELDS: readonly LoginField[] = ["code"];

/** The sign-in screen. */
export default function LoginScreen(_props: ScreenProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const { shell } = useCurrentManifest();
  const [state, dispatch] = useReducer(loginReducer, readQueryDomain(location.search), initialLogin);
  const twoFactor = state.step === "twoFactor";
  const controls = useFormControls<LoginField>({
    fields: twoFactor ? CODE_FIELDS : CREDENTIAL_FIELDS,
    dispatch,
    failure: state.failure,
    focusOnFailure: loginFocusAfter,
  });
  const { focus } = controls;

  // The code field takes the focus when the second step opens; back in the first, the password.
  const previousStep = useRef(state.step);
  useEffect(() => {
    if (previousStep.current === state.step) return;
    previousStep.current = state.step;
    focus(state.step === "twoFactor" ? "code" : "password");
  }, [state.step, focus]);

  // A domain field opened on request takes the focus (one opened by an error is focused as its field).
  const domainRequested = useRef(false);
  useEffect(() => {
    if (state.showDomain && domainRequested.current) focus("domain");
    domainRequested.current = false;
  }, [state.showDomain, focus]);

  const finish = useCallback(async () => {
    if (!(await completeSignIn(navigate))) dispatch({ type: "failed", failure: sessionLoadFailure() });
  }, [navigate]);

  const onEdit = useCallback(
    (field: LoginField, value: string) => dispatch({ type: "edit", field, value }),
    [],
  );

  const submitCredentials = () =>
    controls.submit(async () => {
      const answer = await postSession<LoginAnswer>("login", loginBody(state));
      if (answer?.twoFactorRequired) dispatch({ type: "twoFactorRequired" });
      else await finish();
    });

  const submitCode = () =>
    controls.submit(async () => {
      await postSession("twoFactor", { code: normalizedCode(state.values.code) });
      await finish();
    });

  const links: AuthLink[] = twoFactor
    ? [{ to: "/disable2fa", labelKey: "Login_LostAuthenticator" }]
    : [
        { to: "/resetpassword", labelKey: "Login_ForgotPassword" },
        { to: "/forgotdomain", labelKey: "Login_ForgotDomain" },
        ...(shell.signupAllowed ? [{ to: "/signup", labelKey: "Login_Signup" }] : []),
      ];

  return (
    <AuthPage titleKey={twoFactor ? "Login_TwoFactorTitle" : "Login_Title"} manageFocus>
      {twoFactor ? (
        <TwoFactorForm
          state={state}
          controls={controls}
          onEdit={onEdit}
          onSubmit={submitCode}
          onBack={() => dispatch({ type: "back" })}
        />
      ) : (
        <CredentialsForm
          state={state}
          controls={controls}
          onEdit={onEdit}
          onSubmit={submitCredentials}
          onToggleDomain={() => {
            domainRequested.current = !state.showDomain;
            dispatch({ type: "toggleDomain" });
          }}
        />
      )}
      <AuthLinks labelKey="Auth_MoreOptions" links={links} />
    </AuthPage>
  );
}
