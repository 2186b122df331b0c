/**
 * The account logos on the branding tab (§3 AccountLogoUID, §6 logo rules): the logo the top bar
 * shows, read with the §7 logo call, and for the primary and the menu logo an upload (a PNG, JPEG,
 * GIF or WebP image of at most 512 KB, sent as every §7 upload) and a remove button. A logo change
 * applies at once; the rest of the form keeps its unsaved edits.
 */
import { useTranslation } from "react-i18next";
import type { AccountSettings } from "../../../schemas/payloads/account-settings.ts";
import { FileUpload } from "../../components/file-upload/file-upload.tsx";
import { apiRequest, apiUrl } from "../../http/api-client.ts";
import { reportError, reportSuccess } from "../../http/report-error.ts";
import { runChange } from "../../http/use-api.ts";

/** Largest logo the upstream stores (server/upstream/account/logo-routes.ts). */
export const ACCOUNT_LOGO_MAX_BYTES = 512 * 1024;
/** The image types the upstream stores, by extension (§5 allowed-extension list). */
export const ACCOUNT_LOGO_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "webp"] as const;

const KINDS = [
  { kind: "Primary", isSet: (s: AccountSettings) => s.PrimaryLogoIsSet },
  { kind: "Menu", isSet: (s: AccountSettings) => s.MenuLogoIsSet },
] as const;

/** Props: the saved settings, whether changes are allowed, and what to do with the new settings. */
export interface AccountLogoEditorProps {
  settings: AccountSettings;
  readOnly: boolean;
  onChanged: (settings: AccountSettings) => void;
}

/** The logo preview and the upload and remove controls. */
export function AccountLogoEditor({ settings, readOnly, onChanged }: AccountLogoEditorProps) {
  const { t } = useTranslation();
  const changed = (answer: unknown, textKey: string) => {
    onChanged(answer as AccountSettings);
    reportSuccess(textKey);
  };
  const remove = async (kind: string) => {
    const answer = await runChange(() =>
      apiRequest<AccountSettings>(`Account/Settings/Logo/${kind}`, { method: "DELETE" }),
    );
    if (answer) changed(answer, "AccountSettings_LogoRemoved");
  };

  return (
    <div className="account-logos">
      {settings.LogoUID ? (
        <img
          className="account-logo"
          src={apiUrl("webservices", `account/logo/${encodeURIComponent(settings.LogoUID)}`)}
          alt={t("AccountSettings_LogoAlt", { name: settings.Name })}
        />
      ) : (
        <p className="work-muted">{t("AccountSettings_NoLogo")}</p>
      )}
      {KINDS.map(({ kind, isSet }) => (
        <div key={kind} className="account-logos__kind">
          <p>
            {t(`AccountSettings_Logo_${kind}`)}:{" "}
            {isSet(settings) ? t("AccountSettings_LogoSet") : t("AccountSettings_LogoNotSet")}
          </p>
          {readOnly ? null : (
            <>
              <FileUpload
                uid={`account-logo-${kind.toLowerCase()}`}
                label={t(`AccountSettings_LogoUpload_${kind}`)}
                help={t("AccountSettings_LogoHelp")}
                rules={{
                  extensions: ACCOUNT_LOGO_EXTENSIONS,
                  maxBytes: ACCOUNT_LOGO_MAX_BYTES,
                  imageOnly: true,
                }}
                upload={{ path: `Account/Settings/Logo/${kind}`, method: "PUT" }}
                onDone={(answer) => changed(answer, "AccountSettings_LogoSaved")}
                onFail={reportError}
              />
              {isSet(settings) ? (
                <button type="button" className="kit-button" onClick={() => remove(kind)}>
                  {t(`AccountSettings_LogoRemove_${kind}`)}
                </button>
              ) : null}
            </>
          )}
        </div>
      ))}
    </div>
  );
}
