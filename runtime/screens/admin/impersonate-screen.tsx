/**
 * The `impersonateUser` renderer (/admin/users/impersonate/{id}, §2.4, §4.1 step 4): staff with Write
 * on the Users module get a single-use token for the user from the upstream and the user's session
 * opens in a new window at `/?it=<token>`. When the browser blocks that window, a button opens it
 * from a click. Without Write nothing is asked (§6).
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorBannerText } from "../../http/api-error.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import {
  impersonationWindowUrl,
  mayImpersonate,
  requestImpersonationToken,
} from "../../session/impersonation.ts";
import { sessionStore } from "../../session/session-store.ts";
import { useStore } from "../../state/create-store.ts";
import "./admin.css";

/** Where the screen leads back to. */
const USERS_PATH = "/admin/users";

/** What the screen shows. */
type Step =
  | { kind: "denied" }
  | { kind: "requesting" }
  | { kind: "opened" }
  | { kind: "blocked"; url: string }
  | { kind: "failed"; textKey: string };

/** Opens the impersonation window; false when the browser blocked it. */
function openWindow(url: string): boolean {
  const opened = window.open(url, "_blank");
  if (!opened) return false;
  // The new window needs nothing from this one.
  opened.opener = null;
  return true;
}

export default function ImpersonateScreen({ route, params }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const profile = useStore(sessionStore, (s) => s.profile);
  const recId = params.impersonate ?? "";
  const allowed = mayImpersonate(profile, route, recId);
  const [step, setStep] = useState<Step>(allowed ? { kind: "requesting" } : { kind: "denied" });
  const asked = useRef<string | null>(null);
  const titleId = useId();

  useEffect(() => {
    if (!allowed || asked.current === recId) return;
    // One token per visit: a re-render must not issue (and audit) another.
    asked.current = recId;
    setStep({ kind: "requesting" });
    requestImpersonationToken(recId).then(
      (token) => {
        const url = impersonationWindowUrl(token);
        setStep(openWindow(url) ? { kind: "opened" } : { kind: "blocked", url });
      },
      (error: unknown) => {
        const text = errorBannerText(error, (key) => i18n.exists(key));
        if (text) setStep({ kind: "failed", textKey: text.key });
      },
    );
  }, [allowed, recId, i18n]);

  return (
    <section className="admin-impersonate" aria-labelledby={titleId}>
      <h1 id={titleId}>{t(route.titleKey ?? "PageTitle_AdminUserImpersonate")}</h1>
      {step.kind === "denied" ? <p role="alert">{t("AdminImpersonate_Denied")}</p> : null}
      {step.kind === "requesting" ? <p role="status">{t("AdminImpersonate_Requesting")}</p> : null}
      {step.kind === "opened" ? (
        <div role="status">
          <p>{t("AdminImpersonate_Opened")}</p>
          <p>{t("AdminImpersonate_SharedSession")}</p>
        </div>
      ) : null}
      {step.kind === "failed" ? <p role="alert">{t(step.textKey)}</p> : null}
      {step.kind === "blocked" ? (
        <div role="alert">
          <p>{t("AdminImpersonate_Blocked")}</p>
          <button
            type="button"
            className="kit-button kit-button--primary"
            onClick={() => {
              if (openWindow(step.url)) setStep({ kind: "opened" });
            }}
          >
            {t("AdminImpersonate_OpenWindow")}
          </button>
        </div>
      ) : null}
      <p>
        <Link to={USERS_PATH}>{t("AdminImpersonate_BackToUsers")}</Link>
      </p>
    </section>
  );
}
