/**
 * /accountsettings/{screenTab?} (§2.2 Account): the account's settings as the session carries
 * them (§3 User): general (name, domain), branding (white label, menu logo and title) and security
 * (two-factor policy, sign-on). The upstream offers no call to change account settings, so the
 * tabs are read-only and say so.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "../../boot/create-store.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { sessionStore } from "../../session/session-store.ts";
import { ScreenHeader, UnavailableNotice } from "../work/common/list-parts.tsx";
import { resolveTab } from "./screen-tabs.ts";
import { ScreenTabs } from "./screen-tabs.tsx";
import "../work/common/work.css";

/** The tabs of the screen, in order. */
export const ACCOUNT_SETTINGS_TABS = ["general", "branding", "security"] as const;

/** The account settings screen. */
export default function AccountSettingsScreen({ route, params }: ScreenProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const user = useStore(sessionStore, (s) => s.config?.User ?? null);
  const tab = resolveTab(params.screenTab, ACCOUNT_SETTINGS_TABS);
  const yesNo = (value: boolean | undefined) => (value ? t("Work_Yes") : t("Work_No"));
  const rows: Array<[string, string]> = !user
    ? []
    : tab === "general"
      ? [
          ["AccountSettings_Name", user.AccountName ?? "—"],
          ["AccountSettings_Domain", user.Domain ?? "—"],
          ["AccountSettings_DomainType", user.DomainType ?? "—"],
        ]
      : tab === "branding"
        ? [
            ["AccountSettings_WhiteLabel", yesNo(user.AccountIsWhiteLabel)],
            ["AccountSettings_MenuLogo", yesNo(user.AccountMenuLogoIsSet)],
            ["AccountSettings_MenuLogoStyle", user.AccountMenuLogoStyle ?? "—"],
            [
              "AccountSettings_MenuTitle",
              t(`AccountSettings_TitleType_${user.AccountMenuDisplayTitleType ?? "CompanyName"}`),
            ],
            ...(user.AccountMenuDisplayTitleType === "Custom"
              ? ([["AccountSettings_CustomTitle", user.AccountMenuTitle ?? "—"]] as Array<[string, string]>)
              : []),
          ]
        : [
            [
              "AccountSettings_TwoFactor",
              t(`AccountSettings_TwoFactor_${user.AccountTwoFactorAuthenticationPolicy ?? "Disabled"}`),
            ],
            [
              "AccountSettings_SignOn",
              t(`AccountSettings_SignOn_${user.AuthenticationProtocol ?? "Password"}`),
            ],
          ];
  return (
    <section className="work-screen" aria-labelledby={headingId}>
      <ScreenHeader id={headingId} title={t(route.titleKey ?? "PageTitle_AccountSettings")} />
      <UnavailableNotice text={t("AccountSettings_ReadOnlyNotice")} />
      <ScreenTabs
        label={t(route.titleKey ?? "PageTitle_AccountSettings")}
        basePath="/accountsettings"
        selected={tab}
        tabs={ACCOUNT_SETTINGS_TABS.map((id) => ({ id, label: t(`AccountSettings_Tab_${id}`) }))}
      >
        <dl className="work-fields work-panel">
          {rows.map(([key, value]) => (
            <div key={key} className="work-fields__pair">
              <dt>{t(key)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </ScreenTabs>
    </section>
  );
}
