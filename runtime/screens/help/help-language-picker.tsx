/**
 * Help mode's language choice (all seven languages, switchable without a reload): help mode has no
 * user menu and no My Settings, so its visitors pick the language here. The choice is the page's
 * language cookie (§4.2, §9: 90 days), so it holds on later visits; the help content follows it
 * (help-page-screen.tsx asks for the index and articles in the page's language).
 */
import { type ChangeEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { UNKNOWN_FAILURE_KEY } from "../../http/api-error.ts";
import { isLanguage, switchLanguage } from "../../i18n/i18n.ts";
import { showBanner } from "../../state/banner-store.ts";
import { useManifest } from "../../state/manifest-context.tsx";

/** The language select of the help page's header. */
export function HelpLanguagePicker() {
  const { t, i18n } = useTranslation();
  const { languages } = useManifest().shell;
  const id = useId();
  const current = isLanguage(i18n.language) ? i18n.language : languages.default;
  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    const { value } = event.target;
    if (!isLanguage(value) || value === current) return;
    switchLanguage(value, languages.cookieName).catch(() =>
      showBanner({ kind: "error", textKey: UNKNOWN_FAILURE_KEY }),
    );
  };
  return (
    <div className="help-language">
      <label htmlFor={id} className="help-language__label">
        {t("Field_Language")}
      </label>
      <select id={id} className="help-language__select" value={current} onChange={choose}>
        {/* The shell manifest's languages, each in its own name (as My Settings offers them). */}
        {languages.available.map(({ code, nativeName }) => (
          <option key={code} value={code} lang={code}>
            {nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
