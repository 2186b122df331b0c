/**
 * /accountsettings/{screenTab?} (§2.2 Account): the account's settings from
 * `GET Account/Settings`, edited in one form across the tabs and saved with `PUT Account/Settings`
 * — general (company name, help links; domain and plan read-only), branding (§6 menu logo style and
 * title, the shell's brand colours under WCAG AA; white label read-only, the logo through the §7
 * logo call), security (2FA policy) and embedding (the allow-list behind CSP frame-ancestors).
 * Without AccountSettings rw it is read-only. After a save the top bar shows the change at once (the
 * session is read again, and the theme follows its colours).
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { AccountSettings } from "../../../schemas/payloads/account-settings.ts";
import { showSuccessTooltip } from "../../components/tooltip/success-tooltip.tsx";
import { apiRequest } from "../../http/api-client.ts";
import { reportSuccess } from "../../http/report-error.ts";
import { runChange, useApi } from "../../http/use-api.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { LoadState, ScreenHeader, UnavailableNotice } from "../work/common/list-parts.tsx";
import { SaveActions } from "../work/common/save-actions.tsx";
import { useCanWrite } from "../work/common/use-access.ts";
import { rememberSavedColours } from "./account-brand-editor.tsx";
import {
  ACCOUNT_SETTINGS_TABS,
  type AccountSettingsForm,
  firstInvalidTab,
  formBrandVerdict,
  formFromSettings,
  isFormChanged,
  updateFromForm,
} from "./account-settings-model.ts";
import { SettingsPanel } from "./account-settings-panels.tsx";
import { resolveTab } from "./screen-tabs.ts";
import { ScreenTabs } from "./screen-tabs.tsx";
import { refreshSignedInUser } from "./session-refresh.ts";
import "../work/common/work.css";

export default function AccountSettingsScreen({ route, params }: ScreenProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const loaded = useApi<AccountSettings>("Account/Settings");
  const [saved, setSaved] = useState<AccountSettings | null>(null);
  // A form save starts the form again from the answer; a logo change keeps the form's edits.
  const [generation, setGeneration] = useState(0);
  const settings = saved ?? loaded.data;
  const title = t(route.titleKey ?? "PageTitle_AccountSettings");
  return (
    <section className="work-screen" aria-labelledby={headingId}>
      <ScreenHeader id={headingId} title={title} />
      <LoadState
        loading={loaded.loading}
        error={loaded.error}
        hasData={settings !== null}
        onRetry={loaded.reload}
      >
        {settings ? (
          <SettingsForm
            key={generation}
            settings={settings}
            label={title}
            tab={resolveTab(params.screenTab, ACCOUNT_SETTINGS_TABS)}
            onSaved={(answer) => {
              setSaved(answer);
              setGeneration((n) => n + 1);
            }}
            onLogoChanged={(answer) => {
              setSaved(answer);
              void refreshSignedInUser();
            }}
          />
        ) : null}
      </LoadState>
    </section>
  );
}

function SettingsForm(props: {
  settings: AccountSettings;
  label: string;
  tab: (typeof ACCOUNT_SETTINGS_TABS)[number];
  onSaved: (settings: AccountSettings) => void;
  onLogoChanged: (settings: AccountSettings) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { settings, tab } = props;
  const canWrite = useCanWrite("AccountSettings") && settings.CanEdit;
  const [form, setForm] = useState<AccountSettingsForm>(() => formFromSettings(settings));
  const [showErrors, setShowErrors] = useState(false);
  const [brandRefusals, setBrandRefusals] = useState(0);
  const [busy, setBusy] = useState(false);
  const saveButton = useRef<HTMLButtonElement>(null);
  const change = (patch: Partial<AccountSettingsForm>) => setForm((current) => ({ ...current, ...patch }));
  const readOnly = !canWrite;
  const changed = isFormChanged(form, settings);

  const save = async () => {
    const invalid = firstInvalidTab(form);
    if (invalid) {
      setShowErrors(true);
      // The upstream refuses the same pairs (core/branding/contrast.ts): say which, with their ratios.
      if (!formBrandVerdict(form).ok) setBrandRefusals((n) => n + 1);
      if (invalid !== tab) navigate(`/accountsettings/${invalid}`);
      return;
    }
    setBusy(true);
    const answer = await runChange(() =>
      apiRequest<AccountSettings>("Account/Settings", { method: "PUT", body: updateFromForm(form) }),
    );
    setBusy(false);
    if (!answer) return;
    if (saveButton.current) showSuccessTooltip(saveButton.current, t("AccountSettings_SavedShort"));
    reportSuccess("AccountSettings_Saved");
    await refreshSignedInUser();
    rememberSavedColours(form);
    props.onSaved(answer);
  };

  return (
    <>
      {readOnly ? <UnavailableNotice text={t("AccountSettings_ReadOnly")} /> : null}
      <ScreenTabs
        label={props.label}
        basePath="/accountsettings"
        selected={tab}
        tabs={ACCOUNT_SETTINGS_TABS.map((id) => ({ id, label: t(`AccountSettings_Tab_${id}`) }))}
      >
        <SettingsPanel
          tab={tab}
          form={form}
          settings={settings}
          readOnly={readOnly}
          showErrors={showErrors}
          brandRefusals={brandRefusals}
          onChange={change}
          onLogoChanged={props.onLogoChanged}
        />
      </ScreenTabs>
      {readOnly ? null : (
        <SaveActions
          saveLabel={t("AccountSettings_Save")}
          discardLabel={t("AccountSettings_Reset")}
          changed={changed}
          busy={busy}
          onSave={save}
          onDiscard={() => {
            setForm(formFromSettings(settings));
            setShowErrors(false);
            setBrandRefusals(0);
          }}
          saveButton={saveButton}
        />
      )}
    </>
  );
}
