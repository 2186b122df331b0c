/**
 * /maintenance (§1): the shell manifest's maintenance flag is on. Title and message are the
 * manifest's keys; "Try again" loads the page anew, so a lifted flag is seen in a fresh manifest.
 */
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { AuthLinks, AuthPage, useCurrentManifest } from "../auth/auth-page.tsx";

export default function MaintenanceScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const { maintenance } = useCurrentManifest().shell;
  return (
    <AuthPage titleKey={maintenance.titleKey}>
      <p className="auth-text">{t(maintenance.messageKey)}</p>
      <AuthLinks
        labelKey="Auth_NextSteps"
        links={[{ to: "/", labelKey: "Maintenance_TryAgain", reloadDocument: true }]}
      />
    </AuthPage>
  );
}
