/**
 * /upgrade (§4.1 step 11, §6): the feature is not included in the subscription. Names the object
 * type when it is a known one, then links to the subscription screen for users holding
 * BillingAndSubscription, or asks the others to contact the account owner.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { sessionStore } from "../../session/session-store.ts";
import { useStore } from "../../state/create-store.ts";
import { AuthLinks, AuthPage, useCurrentManifest } from "../auth/auth-page.tsx";
import { featureObjectTypes, SUBSCRIPTION_PATH, upgradeView } from "./public-texts.ts";

export default function UpgradeScreen(_props: ScreenProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const manifest = useCurrentManifest();
  const profile = useStore(sessionStore, (s) => s.profile);
  const knownObjectTypes = useMemo(() => featureObjectTypes(manifest.permissions.features), [manifest]);
  const view = upgradeView({
    search: location.search,
    knownObjectTypes,
    hasText: (key) => i18n.exists(key),
    profile,
  });
  return (
    <AuthPage titleKey="PageTitle_Upgrade" product={false}>
      <p className="auth-text">
        {view.objectTypeKey
          ? t("Upgrade_TypeNotIncluded", { objectType: t(view.objectTypeKey) })
          : t("Upgrade_NotIncluded")}
      </p>
      {view.canManageSubscription ? null : <p className="auth-text">{t("Upgrade_ContactOwner")}</p>}
      <AuthLinks
        labelKey="Auth_NextSteps"
        links={[
          ...(view.canManageSubscription
            ? [{ to: SUBSCRIPTION_PATH, labelKey: "Upgrade_ViewSubscription" }]
            : []),
          { to: "/", labelKey: "Auth_BackHome" },
        ]}
      />
    </AuthPage>
  );
}
