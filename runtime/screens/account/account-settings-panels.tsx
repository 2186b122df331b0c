/**
 * The tab panels of /accountsettings (§2.2 Account): the fields of the selected tab — general (company
 * name, help links; domain, kind and plan read-only), branding (logos, §6 logo style and title, the
 * shell's brand colours with their preview; white label read-only), security (2FA policy) and
 * embedding (the frame-ancestors allow-list).
 */
import { useTranslation } from "react-i18next";
import {
  ACCOUNT_NAME_MAX_LENGTH,
  type AccountSettings,
  MENU_TITLE_MAX_LENGTH,
} from "../../../schemas/payloads/account-settings.ts";
import { Checkbox } from "../../components/fields/checkbox.tsx";
import { TextField } from "../../components/fields/text-field.tsx";
import { Select } from "../../components/select/select.tsx";
import { REQUIRED_MESSAGE } from "../../forms/validation.ts";
import { AccountBrandEditor } from "./account-brand-editor.tsx";
import { AccountLogoEditor } from "./account-logo-editor.tsx";
import {
  type ACCOUNT_SETTINGS_TABS,
  type AccountSettingsForm,
  customTitleRequired,
  MENU_LOGO_STYLES,
  MENU_TITLE_TYPES,
  TWO_FACTOR_POLICIES,
} from "./account-settings-model.ts";
import { EmbeddingOriginsEditor } from "./embedding-origins-editor.tsx";

/** Props of the panel: the tab, the form and what changes it. */
export interface SettingsPanelProps {
  tab: (typeof ACCOUNT_SETTINGS_TABS)[number];
  form: AccountSettingsForm;
  settings: AccountSettings;
  readOnly: boolean;
  /** A save was refused by the §5 rules: empty required fields show their error. */
  showErrors: boolean;
  /** Saves refused for a brand colour under WCAG AA (each new one shows and focuses the refusal). */
  brandRefusals: number;
  onChange: (patch: Partial<AccountSettingsForm>) => void;
  onLogoChanged: (settings: AccountSettings) => void;
}

/** The selected tab's fields. */
export function SettingsPanel({
  tab,
  form,
  settings,
  readOnly,
  showErrors,
  brandRefusals,
  onChange,
  onLogoChanged,
}: SettingsPanelProps) {
  const { t } = useTranslation();
  const required = (value: string) => (showErrors && value.trim() === "" ? REQUIRED_MESSAGE : undefined);
  const readOnlyRows = (rows: Array<[string, string]>) => (
    <dl className="work-fields">
      {rows.map(([key, value]) => (
        <div key={key} className="work-fields__pair">
          <dt>{t(key)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );

  return (
    <div className="work-panel work-form">
      {tab === "general" ? (
        <>
          <TextField
            uid="account-name"
            label={t("AccountSettings_Name")}
            value={form.Name}
            required
            maxLength={ACCOUNT_NAME_MAX_LENGTH}
            readOnly={readOnly}
            error={required(form.Name)}
            onChange={(Name) => onChange({ Name })}
          />
          <Checkbox
            uid="account-help-links"
            label={t("AccountSettings_ShowHelpLinks")}
            checked={form.ShowHelpLinks}
            disabled={readOnly}
            onChange={(ShowHelpLinks) => onChange({ ShowHelpLinks })}
          />
          {readOnlyRows([
            ["AccountSettings_Domain", settings.Domain],
            ["AccountSettings_DomainType", settings.DomainType],
            ["AccountSettings_Subscription", settings.SubscriptionType],
          ])}
        </>
      ) : null}
      {tab === "branding" ? (
        <>
          <AccountLogoEditor settings={settings} readOnly={readOnly} onChanged={onLogoChanged} />
          <Select
            uid="account-logo-style"
            label={t("AccountSettings_MenuLogoStyle")}
            value={form.MenuLogoStyle}
            readOnly={readOnly}
            options={MENU_LOGO_STYLES.map((value) => ({
              value,
              label: t(`AccountSettings_LogoStyle_${value}`),
            }))}
            onChange={(value) => onChange({ MenuLogoStyle: value as AccountSettingsForm["MenuLogoStyle"] })}
          />
          <Select
            uid="account-title-type"
            label={t("AccountSettings_MenuTitle")}
            value={form.MenuDisplayTitleType}
            readOnly={readOnly}
            options={MENU_TITLE_TYPES.map((value) => ({
              value,
              label: t(`AccountSettings_TitleType_${value}`),
            }))}
            onChange={(value) =>
              onChange({ MenuDisplayTitleType: value as AccountSettingsForm["MenuDisplayTitleType"] })
            }
          />
          {customTitleRequired(form) ? (
            <TextField
              uid="account-custom-title"
              label={t("AccountSettings_CustomTitle")}
              value={form.MenuTitle}
              required
              maxLength={MENU_TITLE_MAX_LENGTH}
              readOnly={readOnly}
              error={required(form.MenuTitle)}
              onChange={(MenuTitle) => onChange({ MenuTitle })}
            />
          ) : null}
          {readOnlyRows([
            ["AccountSettings_WhiteLabel", settings.IsWhiteLabel ? t("Work_Yes") : t("Work_No")],
          ])}
          <AccountBrandEditor
            form={form}
            title={previewTitle(form)}
            readOnly={readOnly}
            refusedSaves={brandRefusals}
            onChange={onChange}
          />
        </>
      ) : null}
      {tab === "security" ? (
        <Select
          uid="account-two-factor"
          label={t("AccountSettings_TwoFactor")}
          value={form.TwoFactorAuthenticationPolicy}
          readOnly={readOnly}
          options={TWO_FACTOR_POLICIES.map((value) => ({
            value,
            label: t(`AccountSettings_TwoFactor_${value}`),
          }))}
          onChange={(value) =>
            onChange({
              TwoFactorAuthenticationPolicy: value as AccountSettingsForm["TwoFactorAuthenticationPolicy"],
            })
          }
        />
      ) : null}
      {tab === "embedding" ? (
        <EmbeddingOriginsEditor
          origins={form.EmbeddingOrigins}
          readOnly={readOnly}
          onChange={(EmbeddingOrigins) => onChange({ EmbeddingOrigins })}
        />
      ) : null}
    </div>
  );
}

/** §6: the title the top bar would show for the form — the company name, the custom title, or none. */
function previewTitle(form: AccountSettingsForm): string {
  if (form.MenuDisplayTitleType === "None") return "";
  if (form.MenuDisplayTitleType === "Custom" && form.MenuTitle.trim()) return form.MenuTitle.trim();
  return form.Name.trim();
}
