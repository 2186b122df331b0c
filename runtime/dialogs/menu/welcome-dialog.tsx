/**
 * Welcome (§2.5, §4.2): the welcome tutorial, opened after login while due and
 * from the help menu (§6: video tutorials flag and ShowHelpLinks). The
 * tutorials live on the help site; closing the dialog marks the tutorial as
 * seen through PUT /User/Interface (welcomeSeen).
 */
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { reportError } from "../../http/report-error.ts";
import { externalPageUrl } from "../../shell/dropdown-menu-model.ts";
import { useManifest } from "../../state/manifest-context.tsx";
import { DialogButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { savedPreferencesStore, saveInterfacePreferences } from "../interface-preferences.ts";

export function WelcomeDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const { shell } = useManifest();
  const textId = useId();
  const marked = useRef(false);
  const tutorials = externalPageUrl(shell.externalSites, { site: "help", page: "tutorials" });

  // However it closes (button, Escape, navigation), the tutorial counts as seen once.
  useEffect(
    () => () => {
      if (marked.current || savedPreferencesStore.get().saved.welcomeSeen === true) return;
      marked.current = true;
      saveInterfacePreferences({ welcomeSeen: true }).catch(reportError);
    },
    [],
  );

  return (
    <DialogFrame
      describedBy={textId}
      footer={
        <DialogButton variant="primary" onClick={() => close()}>
          {t("Welcome_Start")}
        </DialogButton>
      }
    >
      <div id={textId} className="dialog-form">
        <p>{t("Welcome_Intro")}</p>
        <ol>
          <li>{t("Welcome_Step_Connect")}</li>
          <li>{t("Welcome_Step_Prepare")}</li>
          <li>{t("Welcome_Step_Publish")}</li>
        </ol>
        <p>
          <a href={tutorials} target="_blank" rel="noopener noreferrer">
            {t("Welcome_Tutorials")}
          </a>
        </p>
      </div>
    </DialogFrame>
  );
}
