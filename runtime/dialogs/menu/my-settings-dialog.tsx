/**
 * My Settings (§2.5, §3 client preferences): the interface language among the
 * seven (switched live and kept in the language cookie, §4.2), the theme
 * (light, dark, sync; contrast where offered) and style (rounded, square),
 * previewed live and saved through PUT /User/Interface (§7) — with the
 * language, which login then starts in (§4.2; not while impersonating, whose
 * language stays in the impersonation cookie); closing without
 * saving puts the previous choices back. Users who must set up two-factor
 * authentication find the set-up here (§4.2).
 */
import i18next from "i18next";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Checkbox } from "../../components/fields/checkbox.tsx";
import { Select } from "../../components/select/select.tsx";
import { reportError } from "../../http/report-error.ts";
import { useSubmit } from "../../http/use-api.ts";
import { isLanguage, type Language, switchLanguage } from "../../i18n/i18n.ts";
import { languageCookieName } from "../../i18n/language-cookie.ts";
import { sessionStore } from "../../session/session-store.ts";
import { showBanner } from "../../state/banner-store.ts";
import { useStore } from "../../state/create-store.ts";
import { useManifest } from "../../state/manifest-context.tsx";
import {
  effectivePreferences,
  preferencesStore,
  resetPreferences,
  setPreferences,
} from "../../theme/preferences-store.ts";
import { STORED_THEME_VALUES, THEME_STYLE_VALUES } from "../../theme/resolve-theme.ts";
import { ChoiceGroup } from "../choice-group.tsx";
import { useDialogLocked } from "../dialog-context.ts";
import { DialogButton, DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { languageToStore, saveInterfacePreferences } from "../interface-preferences.ts";
import { TwoFactorSetup } from "./two-factor-setup.tsx";

export function MySettingsDialog({ close }: DialogProps) {
  const { t, i18n } = useTranslation();
  const { shell } = useManifest();
  const user = useStore(sessionStore, (s) => s.config?.User ?? null);
  const preferences = useStore(preferencesStore);
  const effective = effectivePreferences(preferences, shell.theme);
  const locked = useDialogLocked();
  const formId = useId();
  const { busy, submit } = useSubmit();
  // What to put back when the dialog closes without saving.
  const before = useRef({ preferences: preferencesStore.get(), language: i18n.language });
  const saved = useRef(false);
  const cookieName = languageCookieName(shell.languages, user?.Impersonating === true);

  const cookie = useRef(cookieName);
  cookie.current = cookieName;
  // Only on unmount: a language switch must not count as closing.
  useEffect(
    () => () => {
      if (saved.current) return;
      resetPreferences(before.current.preferences);
      const language = before.current.language;
      if (isLanguage(language) && language !== i18next.language) {
        switchLanguage(language, cookie.current).catch(reportError);
      }
    },
    [],
  );

  const chooseLanguage = (value: unknown) => {
    if (!isLanguage(value)) return;
    // §4.2: the language switches live and is remembered in the language cookie.
    switchLanguage(value as Language, cookieName).catch(reportError);
  };

  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const done = await submit(async () => {
      await saveInterfacePreferences({
        languageCode: languageToStore(i18next.language, user?.Impersonating === true),
      });
      return true;
    });
    if (!done) return;
    saved.current = true;
    showBanner({ kind: "success", textKey: "MySettings_Saved" });
    close(true);
  };

  return (
    <DialogFrame
      busy={busy}
      footer={
        <>
          <DialogCloseButton />
          <DialogButton variant="primary" form={formId} busy={busy}>
            {t("Dialog_Save")}
          </DialogButton>
        </>
      }
    >
      <form id={formId} className="dialog-form" onSubmit={onSubmit}>
        <Select
          uid="MySettings_Language"
          label={t("MySettings_Language")}
          options={shell.languages.available.map((l) => ({ label: l.nativeName, value: l.code }))}
          value={i18n.language}
          onChange={chooseLanguage}
          disabled={locked}
        />
        <ChoiceGroup
          legend={t("MySettings_Theme")}
          options={STORED_THEME_VALUES.map((value) => ({ value, label: t(`MySettings_Theme_${value}`) }))}
          value={effective.theme}
          onChange={(theme) => setPreferences({ theme })}
        />
        {shell.theme.contrastOffered ? (
          <Checkbox
            uid="MySettings_Contrast"
            label={t("MySettings_Contrast")}
            checked={effective.contrast}
            onChange={(contrast) => setPreferences({ contrast })}
            disabled={locked}
          />
        ) : null}
        <ChoiceGroup
          legend={t("MySettings_Style")}
          options={THEME_STYLE_VALUES.map((value) => ({ value, label: t(`MySettings_Style_${value}`) }))}
          value={effective.themeStyle}
          onChange={(themeStyle) => setPreferences({ themeStyle })}
        />
      </form>
      {user?.MustSetup2FA ? <TwoFactorSetup /> : null}
    </DialogFrame>
  );
}
