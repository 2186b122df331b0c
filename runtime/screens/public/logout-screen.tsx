/**
 * /logout (§2.2, §4.2): signs out as soon as it opens, showing the progress, then /loggedout. When the
 * gateway could not be reached the session may still be alive, so the page says so and offers to
 * try again rather than pretending. /logout?ws=0 (the server ended the session) keeps the saved
 * redirect for the next sign-in.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { signOut } from "../../session/sign-in.ts";
import { AuthLinks, AuthPage } from "../auth/auth-page.tsx";
import { endedByServer } from "./public-texts.ts";

export default function LogoutScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [keepRedirect] = useState(() => endedByServer(location.search));
  const [failed, setFailed] = useState(false);
  const running = useRef(false);
  const retry = useRef<HTMLButtonElement>(null);

  const run = useCallback(() => {
    if (running.current) return;
    running.current = true;
    setFailed(false);
    signOut(navigate, { keepRedirect })
      .catch(() => setFailed(true))
      .finally(() => {
        running.current = false;
      });
  }, [navigate, keepRedirect]);

  // Signs out once, on arrival; later attempts are the user's (Try again).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);
  useEffect(() => {
    if (failed) retry.current?.focus();
  }, [failed]);

  return (
    <AuthPage titleKey="PageTitle_Logout" stepKey={failed ? "failed" : "running"}>
      {failed ? (
        <>
          <div role="alert" className="auth-alert">
            <p className="auth-alert__text">{t("Logout_Failed")}</p>
          </div>
          <div className="auth-row">
            <button ref={retry} type="button" className="kit-button kit-button--primary" onClick={run}>
              {t("Logout_TryAgain")}
            </button>
          </div>
          <AuthLinks labelKey="Auth_NextSteps" links={[{ to: "/", labelKey: "Auth_BackHome" }]} />
        </>
      ) : (
        <div className="auth-progress" role="status" aria-busy="true">
          <span className="auth-progress__spinner" aria-hidden="true" />
          <span>{t("Logout_InProgress")}</span>
        </div>
      )}
    </AuthPage>
  );
}
